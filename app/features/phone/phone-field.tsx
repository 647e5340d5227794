import { useRef, useState, type ChangeEvent, type FocusEvent, type InputHTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import { TextField } from "~/components/ui/field";
import { isValidPhoneNumber } from "./phone";
import { editKindOf, reformatTypedPhone } from "./typing";

type PhoneStatus = "valid" | "invalid" | null;

/**
 * Every input where a person types a phone number: a tel input with the
 * spec's help card on the accepted formats beside it. Without JavaScript it
 * is a plain tel input and the server normalises what was typed. With
 * JavaScript it formats as the person types (spec section 5, typing format)
 * and says live whether the format is valid (spec: onboarding phone step).
 * The indicator appears only once the person has typed, so the server's
 * HTML and the first browser render are the same.
 */
export function PhoneField({
  label,
  errors,
  namespace,
  hint,
  inputProps,
}: {
  label: string;
  errors?: string[];
  namespace?: string;
  hint?: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string };
}) {
  const { t } = useTranslation("phone");
  const [status, setStatus] = useState<PhoneStatus>(null);
  // What the input held before the current keystroke; the browser's event only carries what it holds after.
  const previousValue = useRef("");
  const { onChange, onFocus } = inputProps;
  // A parent that controls the value decides what it shows; only an uncontrolled input is reformatted in place.
  const controlled = inputProps.value !== undefined;
  const statusId = `${inputProps.id ?? inputProps.name ?? "phone"}-format`;

  function rememberValue(event: FocusEvent<HTMLInputElement>) {
    previousValue.current = event.currentTarget.value;
    onFocus?.(event);
  }

  function formatWhileTyping(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    if (!controlled) {
      const typed = reformatTypedPhone({
        value: input.value,
        caret: input.selectionStart ?? input.value.length,
        previous: previousValue.current,
        kind: editKindOf((event.nativeEvent as InputEvent).inputType),
      });
      if (typed.value !== input.value) input.value = typed.value;
      // Moving the caret of an input that is not focused (autofill) could pull focus to it.
      if (input.ownerDocument.activeElement === input) input.setSelectionRange(typed.caret, typed.caret);
      previousValue.current = typed.value;
    }
    setStatus(input.value.trim() === "" ? null : isValidPhoneNumber(input.value) ? "valid" : "invalid");
    onChange?.(event);
  }

  return (
    <TextField
      label={label}
      errors={errors}
      namespace={namespace}
      hint={hint}
      inputProps={{ type: "tel", autoComplete: "tel", inputMode: "tel", ...inputProps, onChange: formatWhileTyping, onFocus: rememberValue }}
    >
      <p
        id={statusId}
        aria-live="polite"
        data-testid="phone-format-status"
        className={cn("text-xs font-medium", status === "valid" ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400")}
      >
        {status ? (
          <>
            <span aria-hidden="true">{status === "valid" ? "✓ " : "✗ "}</span>
            {t(status === "valid" ? "indicator.valid" : "indicator.invalid")}
          </>
        ) : null}
      </p>
      <PhoneHelpCard />
    </TextField>
  );
}

/** The help card of spec section 2: a disclosure, so it opens without JavaScript. */
export function PhoneHelpCard() {
  const { t } = useTranslation("phone");
  return (
    <details className="text-xs text-slate-600 dark:text-slate-300">
      <summary className="cursor-pointer select-none text-primary-dark dark:text-primary">{t("help.summary")}</summary>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        <li>{t("help.us")}</li>
        <li>{t("help.international")}</li>
        <li>{t("help.plain")}</li>
      </ul>
    </details>
  );
}
