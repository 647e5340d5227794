import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useTranslation } from "~/i18n/react";
import { selectRequirement } from "~/lib/forms/input-attributes";
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
  errorAction,
  messageValues,
}: {
  label: string;
  errors?: string[];
  hint?: ReactNode;
  namespace?: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string };
  children?: ReactNode;
  /** Values the error messages interpolate (a limit in the user's units, say). */
  messageValues?: Record<string, string | number>;
  /** Shown right under the errors while there are any: a way out of the problem, such as a link to what is in the way. */
  errorAction?: ReactNode;
}) {
  const { key, ...rest } = inputProps;
  return (
    <FieldShell
      label={label}
      errors={errors}
      hint={hint}
      namespace={namespace}
      controlProps={rest}
      messageValues={messageValues}
      errorAction={errorAction}
      extra={children}
    >
      {(control) => <input key={key} {...rest} {...control} className={cn(inputClass, rest.className)} />}
    </FieldShell>
  );
}

/**
 * What every labelled control shares: the label, the control, its hint, what
 * the caller adds under it, the errors and a way out of them. Label, hint and
 * errors hang off the control's id (conform names it: form id + field name),
 * so they work before hydration.
 */
export function FieldShell({
  label,
  errors,
  hint,
  namespace,
  controlProps,
  messageValues,
  errorAction,
  describedBy,
  extra,
  children,
}: {
  label: string;
  errors?: string[];
  hint?: ReactNode;
  namespace?: string;
  controlProps: { id?: string; name?: string };
  messageValues?: Record<string, string | number>;
  errorAction?: ReactNode;
  describedBy?: string;
  extra?: ReactNode;
  children: (control: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const { t } = useTranslation(namespace);
  const wiring = useFieldWiring({ id: controlProps.id, name: controlProps.name, errors, hint });
  const describedByAll = [wiring.describedBy, describedBy].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={wiring.controlId} className="block text-sm font-medium">
        {label}
      </label>
      {children({ id: wiring.controlId, "aria-invalid": wiring.hasError || undefined, "aria-describedby": describedByAll })}
      <FieldHint id={wiring.hintId} hint={hint} />
      {extra}
      <FieldErrors id={wiring.errorId} errors={errors} t={(key) => t(key, messageValues)} />
      {wiring.hasError && errorAction ? <div className="text-sm">{errorAction}</div> : null}
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
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
    >
      {errors.map((error) => (
        <p key={error}>{t(error)}</p>
      ))}
    </div>
  );
}

/** The id, aria and error wiring every field shares: label, hint and errors hang off the control's id so they work before hydration. */
function useFieldWiring({ id, name, errors, hint }: { id?: string; name?: string; errors?: string[]; hint?: ReactNode }) {
  const controlId = id ?? name ?? "";
  const hasError = Boolean(errors?.length);
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hasError ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return { controlId, hasError, errorId, hintId, describedBy };
}

function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <p id={id} className="text-xs text-slate-500 dark:text-slate-400">
      {hint}
    </p>
  ) : null;
}

export function SelectField({
  label,
  errors,
  hint,
  namespace,
  selectProps,
  options,
  messageValues,
  children,
  errorAction,
  describedBy,
}: {
  label: string;
  errors?: string[];
  hint?: ReactNode;
  namespace?: string;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { key?: string };
  options: Array<{ value: string; label: string; disabled?: boolean }>;
  /** Values the error messages interpolate. */
  messageValues?: Record<string, string | number>;
  /** Shown under the select, before the errors: what the choice means, or a way to add a missing option. */
  children?: ReactNode;
  /** Shown right under the errors while there are any: a way out of the problem. */
  errorAction?: ReactNode;
  /** The id of another element that describes the select (a line among the children that follows the choice, say). */
  describedBy?: string;
}) {
  const { key, required, ...rest } = selectProps;
  return (
    <FieldShell
      label={label}
      errors={errors}
      hint={hint}
      namespace={namespace}
      controlProps={rest}
      messageValues={messageValues}
      errorAction={errorAction}
      describedBy={describedBy}
      extra={children}
    >
      {(control) => (
        <select key={key} {...rest} {...selectRequirement(required, options[0]?.value)} {...control} className={cn(inputClass, rest.className)}>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export function TextareaField({
  label,
  errors,
  hint,
  namespace,
  textareaProps,
  children,
  describedBy,
}: {
  label: string;
  errors?: string[];
  hint?: ReactNode;
  namespace?: string;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { key?: string };
  children?: ReactNode;
  /** The id of another element that describes the field (a live character counter among the children, say). */
  describedBy?: string;
}) {
  const { key, ...rest } = textareaProps;
  return (
    <FieldShell label={label} errors={errors} hint={hint} namespace={namespace} controlProps={rest} describedBy={describedBy} extra={children}>
      {(control) => <textarea key={key} {...rest} {...control} className={cn(inputClass, rest.className)} />}
    </FieldShell>
  );
}

export function CheckboxField({
  label,
  errors,
  hint,
  namespace,
  inputProps,
}: {
  label: ReactNode;
  errors?: string[];
  hint?: ReactNode;
  namespace?: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string };
}) {
  const { t } = useTranslation(namespace);
  const { key, ...rest } = inputProps;
  const wiring = useFieldWiring({ id: rest.id, name: rest.name, errors, hint });
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-2">
        <input
          key={key}
          type="checkbox"
          {...rest}
          id={wiring.controlId}
          aria-invalid={wiring.hasError || undefined}
          aria-describedby={wiring.describedBy}
          className={cn("mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-[rgb(var(--color-primary-button))] dark:border-slate-600", rest.className)}
        />
        <label htmlFor={wiring.controlId} className="text-sm">
          {label}
        </label>
      </div>
      <div className="pl-6">
        <FieldHint id={wiring.hintId} hint={hint} />
        <FieldErrors id={wiring.errorId} errors={errors} t={t} />
      </div>
    </div>
  );
}

/** A set of radio buttons in a fieldset; the legend is the question, each option a labelled radio. */
export function RadioGroup({
  legend,
  name,
  options,
  defaultValue,
  errors,
  namespace,
  inline = false,
  onChange,
  idPrefix,
}: {
  legend: string;
  name: string;
  options: Array<{ value: string; label: ReactNode; hint?: ReactNode }>;
  defaultValue?: string;
  errors?: string[];
  namespace?: string;
  inline?: boolean;
  onChange?: (value: string) => void;
  /** What the ids of the options and the error start with (a form library's id for the field); the name if not given. */
  idPrefix?: string;
}) {
  const { t } = useTranslation(namespace);
  const prefix = idPrefix ?? name;
  const errorId = `${prefix}-error`;
  return (
    <fieldset aria-describedby={errors?.length ? errorId : undefined} className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className={cn("gap-x-5 gap-y-2", inline ? "flex flex-wrap" : "grid")}>
        {options.map((option) => {
          const id = `${prefix}-${option.value}`;
          return (
            <div key={option.value} className="flex items-start gap-2">
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                defaultChecked={defaultValue === option.value}
                onChange={onChange ? () => onChange(option.value) : undefined}
                className="mt-0.5 h-4 w-4 shrink-0 accent-[rgb(var(--color-primary-button))]"
              />
              <label htmlFor={id} className="text-sm">
                {option.label}
                {option.hint ? <span className="block text-xs text-slate-500 dark:text-slate-400">{option.hint}</span> : null}
              </label>
            </div>
          );
        })}
      </div>
      <FieldErrors id={errorId} errors={errors} t={t} />
    </fieldset>
  );
}

/** The width every form of the app has, so forms line up from page to page. */
export const formWidthClass = "w-full max-w-2xl";
