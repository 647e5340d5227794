import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "./cn";

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-primary dark:border-slate-600 dark:bg-slate-900 aria-[invalid=true]:border-red-500";

/**
 * A labelled input with its error underneath. `errors` are translation keys
 * (from the shared zod schema) and are translated in the given namespace.
 */
export function TextField({
  label,
  errors,
  hint,
  namespace,
  inputProps,
  children,
}: {
  label: string;
  errors?: string[];
  hint?: ReactNode;
  namespace?: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string };
  children?: ReactNode;
}) {
  const { t } = useTranslation(namespace);
  const { key, ...rest } = inputProps;
  // conform names the input (form id + field name); label, hint and errors hang off that id so they work before hydration.
  const id = rest.id ?? rest.name;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const hasError = Boolean(errors?.length);
  const describedBy = [hasError ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input key={key} {...rest} id={id} aria-invalid={hasError || undefined} aria-describedby={describedBy} className={cn(inputClass, rest.className)} />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldErrors id={errorId} errors={errors} namespace={namespace} t={t} />
    </div>
  );
}

export function FieldErrors({ id, errors, t }: { id?: string; errors?: string[]; namespace?: string; t: (key: string) => string }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="space-y-0.5 text-sm text-red-600 dark:text-red-400">
      {errors.map((error) => (
        <li key={error}>{t(error)}</li>
      ))}
    </ul>
  );
}

/** An error for the whole form, such as "invalid email or password". */
export function FormErrors({ errors, namespace }: { errors?: string[]; namespace?: string }) {
  const { t } = useTranslation(namespace);
  if (!errors?.length) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300">
      {errors.map((error) => (
        <p key={error}>{t(error)}</p>
      ))}
    </div>
  );
}
