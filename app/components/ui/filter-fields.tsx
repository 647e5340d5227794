import type { Ref } from "react";
import { cn } from "./cn";
import { inputClass } from "./field";

/**
 * Every control of a filter row is one height: a date input is taller than a
 * select in Chromium, and with the row aligned at the bottom its label then
 * sat higher than its neighbours'.
 */
const filterControlClass = cn(inputClass, "h-10");

/** The search box of a list's GET filter form, with a hint for screen readers. */
export function SearchField({
  id,
  label,
  placeholder,
  hint,
  defaultValue,
  inputRef,
}: {
  id: string;
  label: string;
  placeholder: string;
  hint: string;
  defaultValue: string;
  inputRef: Ref<HTMLInputElement>;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        name="q"
        defaultValue={defaultValue}
        placeholder={placeholder}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        className={filterControlClass}
      />
      <p id={`${id}-hint`} className="sr-only">
        {hint}
      </p>
    </div>
  );
}

/**
 * A labelled select of a list's filter form; the empty option means "any".
 * Keyed by its value so a link that changes the filter resets what is shown.
 */
export function FilterSelect({
  id,
  name,
  label,
  value,
  anyLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string | null;
  anyLabel: string;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select key={value ?? ""} id={id} name={name} defaultValue={value ?? ""} className={filterControlClass}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled calendar-day field of a list's filter form (a date input; the URL holds YYYY-MM-DD). */
export function FilterDate({ id, name, label, value }: { id: string; name: string; label: string; value: string | null }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input key={value ?? ""} id={id} name={name} type="date" defaultValue={value ?? ""} className={filterControlClass} />
    </div>
  );
}
