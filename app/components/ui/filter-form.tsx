import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "./button";
import { SearchField } from "./filter-fields";
import { useFilterForm } from "./use-filter-form";

/**
 * The GET form above every list: a search box, the list's filter selects
 * (children), the other state of the view as hidden fields, and an Apply
 * button. Without JavaScript Apply submits it; with it the search submits
 * itself 300 ms after typing stops and a select as soon as it changes. It
 * carries no page field, so any new search starts at page 1.
 */
export function FilterForm({
  action,
  label,
  search,
  hidden = [],
  submitLabel,
  children,
  secondRow,
}: {
  /** The list's path; the form keeps the user on it. */
  action: string;
  /** The accessible name of the search landmark. */
  label: string;
  /** The search box; a list that is only filtered (no text to search) leaves it out. */
  search?: { id: string; label: string; placeholder: string; hint: string; value: string };
  /** Sort and filters the form does not show, as [name, value] pairs. */
  hidden?: Array<[string, string]>;
  submitLabel: string;
  /** The filter fields (FilterSelect), between the search box and Apply. */
  children?: ReactNode;
  /**
   * More filter fields on a row of their own, with Apply at its end: a list
   * with many filters (users management's sign-up days) keeps one form and
   * one Apply instead of squeezing the search box to nothing beside them.
   */
  secondRow?: ReactNode;
}) {
  const { searchInput, onChange, onSubmit } = useFilterForm({ action, q: search?.value ?? "" });
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      onChange={onChange}
      onSubmit={onSubmit}
      className={
        search
          ? "grid gap-3 sm:grid-cols-2 sm:items-end lg:grid-cols-[minmax(0,2fr)_repeat(auto-fit,minmax(10rem,1fr))]"
          : // Fields share the row (9 to 14 rem each), so five filters and Apply fit on one line at 1366 px instead of wrapping one field under the others.
            "grid gap-3 sm:flex sm:flex-wrap sm:items-end sm:[&>div]:min-w-36 sm:[&>div]:max-w-56 sm:[&>div]:flex-1"
      }
    >
      {search ? (
        <div className="sm:col-span-2 lg:col-span-1">
          <SearchField
            id={search.id}
            label={search.label}
            placeholder={search.placeholder}
            hint={search.hint}
            defaultValue={search.value}
            inputRef={searchInput}
          />
        </div>
      ) : null}
      {children}
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {secondRow ? (
        <div className="grid gap-3 sm:col-span-full sm:flex sm:flex-wrap sm:items-end sm:[&>div]:w-56">
          {secondRow}
          <button type="submit" className={buttonClass("secondary", "sm:min-h-10 sm:self-end")}>
            {submitLabel}
          </button>
        </div>
      ) : (
        <button type="submit" className={buttonClass("secondary", "sm:min-h-10 sm:justify-self-start lg:justify-self-stretch")}>
          {submitLabel}
        </button>
      )}
    </Form>
  );
}
