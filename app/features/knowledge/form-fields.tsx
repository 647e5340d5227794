import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import { FieldErrors, inputClass } from "~/components/ui/field";

/**
 * A textarea and a select laid out like TextField (label, hint, errors as
 * translation keys of the knowledge namespace), with the same ids so label,
 * hint and errors hang together before hydration.
 */

function describedBy(id: string, hasError: boolean, hasHint: boolean, extra?: string) {
  return [hasError ? `${id}-error` : null, hasHint ? `${id}-hint` : null, extra ?? null].filter(Boolean).join(" ") || undefined;
}

function Hint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
      {children}
    </p>
  );
}

export function TextareaField({
  label,
  errors,
  hint,
  textareaProps,
  describedById,
  children,
}: {
  label: string;
  errors?: string[];
  hint?: ReactNode;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { key?: string };
  /** Another element that describes the field, such as a character counter. */
  describedById?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("knowledge");
  const { key, ...rest } = textareaProps;
  const id = rest.id ?? rest.name ?? "";
  const hasError = Boolean(errors?.length);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        key={key}
        {...rest}
        id={id}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(id, hasError, Boolean(hint), describedById)}
        className={cn(inputClass, "font-[inherit] leading-relaxed", rest.className)}
      />
      <Hint id={id}>{hint}</Hint>
      {children}
      <FieldErrors id={`${id}-error`} errors={errors} t={t} />
    </div>
  );
}

export function SelectField({
  label,
  errors,
  hint,
  selectProps,
  placeholder,
  options,
  children,
}: {
  label: string;
  errors?: string[];
  hint?: ReactNode;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { key?: string };
  /** The empty first option that stands for "not chosen yet". */
  placeholder?: string;
  options: Array<{ value: string; label: string }>;
  children?: ReactNode;
}) {
  const { t } = useTranslation("knowledge");
  const { key, ...rest } = selectProps;
  const id = rest.id ?? rest.name ?? "";
  const hasError = Boolean(errors?.length);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select key={key} {...rest} id={id} aria-invalid={hasError || undefined} aria-describedby={describedBy(id, hasError, Boolean(hint))} className={cn(inputClass, rest.className)}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Hint id={id}>{hint}</Hint>
      {children}
      <FieldErrors id={`${id}-error`} errors={errors} t={t} />
    </div>
  );
}
