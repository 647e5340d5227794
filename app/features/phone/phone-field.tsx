import { useRef, useState, type ChangeEvent, type FocusEvent, type InputHTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/components/ui/cn";
import { TextField } from "~/components/ui/field";
import { loadedPhoneLibrary, loadPhoneLibrary } from "./phone-check";
import { readsNationalNumbers } from "./phone-rules";

type PhoneStatus = "valid" | "invalid" | null;

type PhoneLibrary = Awaited<ReturnType<typeof loadPhoneLibrary>>;

const ignore = () => {};

/**
 * Every input where a person types a phone number: a tel input with the
 * help card on the accepted formats (docs/product/validation.md#help-card) beside it. Without JavaScript it
 * is a plain tel input and the server normalises what was typed. With
 * JavaScript it formats as the person types (docs/product/validation.md#typing-format)
 * and says live whether the format is valid (docs/product/validation.md#phone-messages).
 * The indicator appears only once the person has typed, so the server's
 * HTML and the first browser render are the same. Formatting and judging
 * need libphonenumber-js, which the page loads when the field is first
 * focused (or typed in), not with its scripts; a keystroke that comes before
 * it is formatted as soon as it has arrived. The indicator shows only while the field
 * has no error: one message per problem, and the error (the form's own
 * validation, which runs again as the person types, or the server's) is
 * the one that says what is wrong.
 *
 * `country` is the tenant's (gate.tenant.country): a number typed with a
 * leading 0 is formatted and judged as a national number of it, as the
 * server will read it.
 */
export function PhoneField({
  label,
  errors,
  namespace,
  hint,
  country,
  errorAction,
  inputProps,
}: {
  label: string;
  errors?: string[];
  namespace?: string;
  hint?: ReactNode;
  country?: string | null;
  /** A way out of the error, right under it (the contact that already has the number). */
  errorAction?: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string };
}) {
  const { t } = useTranslation("phone");
  const [status, setStatus] = useState<PhoneStatus>(null);
  // What the input held before the current keystroke; the browser's event only carries what it holds after.
  const previousValue = useRef("");
  // Whether the plus of what the field last showed was the formatter's (see TypedPhone.autoPlus).
  const autoPlus = useRef(false);
  const { onChange, onFocus } = inputProps;
  // A parent that controls the value decides what it shows; only an uncontrolled input is reformatted in place.
  const controlled = inputProps.value !== undefined;
  const statusId = `${inputProps.id ?? inputProps.name ?? "phone"}-format`;

  function rememberValue(event: FocusEvent<HTMLInputElement>) {
    // A value put there by anything but our formatting (the page, a form reset) has its plus typed.
    if (event.currentTarget.value !== previousValue.current) autoPlus.current = false;
    previousValue.current = event.currentTarget.value;
    loadPhoneLibrary().catch(ignore);
    onFocus?.(event);
  }

  function formatWhileTyping(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const kind = (event.nativeEvent as InputEvent).inputType;
    const library = loadedPhoneLibrary();
    if (library) reformat(input, kind, library);
    // Without the library the field stays as typed; the server formats and judges it anyway.
    else loadPhoneLibrary().then((loaded) => reformat(input, kind, loaded), ignore);
    onChange?.(event);
  }

  function reformat(input: HTMLInputElement, inputType: string, library: PhoneLibrary) {
    if (!controlled) {
      const typed = library.reformatTypedPhone({
        value: input.value,
        caret: input.selectionStart ?? input.value.length,
        previous: previousValue.current,
        kind: library.editKindOf(inputType),
        country,
        autoPlus: autoPlus.current,
      });
      if (typed.value !== input.value) input.value = typed.value;
      // Moving the caret of an input that is not focused (autofill) could pull focus to it.
      if (input.ownerDocument.activeElement === input) input.setSelectionRange(typed.caret, typed.caret);
      previousValue.current = typed.value;
      autoPlus.current = typed.autoPlus ?? false;
    }
    setStatus(input.value.trim() === "" ? null : library.isValidPhoneNumber(input.value, country) ? "valid" : "invalid");
  }

  const shownStatus = errors?.length ? null : status;

  return (
    <TextField
      label={label}
      errors={errors}
      namespace={namespace}
      hint={hint}
      errorAction={errorAction}
      inputProps={{ type: "tel", autoComplete: "tel", inputMode: "tel", ...inputProps, onChange: formatWhileTyping, onFocus: rememberValue }}
    >
      <p
        id={statusId}
        aria-live="polite"
        data-testid="phone-format-status"
        className={cn("text-xs font-medium", shownStatus === "valid" ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400")}
      >
        {shownStatus ? (
          <>
            <span aria-hidden="true">{shownStatus === "valid" ? "✓ " : "✗ "}</span>
            {t(shownStatus === "valid" ? "indicator.valid" : "indicator.invalid")}
          </>
        ) : null}
      </p>
      <PhoneHelpCard country={country} />
    </TextField>
  );
}

/**
 * The help card (docs/product/validation.md#help-card; a disclosure, so it opens without
 * JavaScript), with the two ways of typing our decision 0009 adds: + or 00
 * for international numbers, and a leading 0 for the tenant's own country
 * where that country has national numbers.
 */
export function PhoneHelpCard({ country }: { country?: string | null }) {
  const { t, i18n } = useTranslation("phone");
  const nationalCountry = country && readsNationalNumbers(country) ? countryName(country, i18n.language) : null;
  return (
    <details className="text-xs text-slate-600 dark:text-slate-300">
      <summary className="cursor-pointer select-none text-primary-dark dark:text-primary">{t("help.summary")}</summary>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        <li>{t("help.us")}</li>
        <li>{t("help.international")}</li>
        <li>{t("help.plain")}</li>
        <li>{t("help.plusOrZeros")}</li>
        {nationalCountry ? <li>{t("help.national", { country: nationalCountry })}</li> : null}
      </ul>
    </details>
  );
}

/** "Germany", "Deutschland": the country's name in the page's language, or its code where the runtime has no names. */
function countryName(country: string, language: string) {
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(country) ?? country;
  } catch {
    return country;
  }
}
