import type { InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "~/components/ui/field";

/**
 * Every input where a person types a phone number: a tel input with the
 * spec's help card on the accepted formats beside it. (Issue 4 brief: the
 * phone helper owns this file and may enhance it — typing format, live
 * indicator — without changing the props.)
 */
export function PhoneField({
  label,
  errors,
  namespace,
  inputProps,
}: {
  label: string;
  errors?: string[];
  namespace?: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string };
}) {
  return (
    <TextField label={label} errors={errors} namespace={namespace} inputProps={{ type: "tel", autoComplete: "tel", inputMode: "tel", ...inputProps }}>
      <PhoneHelpCard />
    </TextField>
  );
}

/** The help card of spec section 2: a disclosure, so it opens without JavaScript. */
export function PhoneHelpCard() {
  const { t } = useTranslation("phone");
  return (
    <details className="text-xs text-slate-600 dark:text-slate-300">
      <summary className="cursor-pointer select-none text-primary">{t("help.summary")}</summary>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        <li>{t("help.us")}</li>
        <li>{t("help.international")}</li>
        <li>{t("help.plain")}</li>
      </ul>
    </details>
  );
}
