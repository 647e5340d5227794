import { Form, Link, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { clearedFilters, CONTACTS_PATH, hasActiveFilters, listHref, OPT_OUT_FILTERS, SEARCH_DEBOUNCE_MS, sortFields, type ContactsListViewData } from "./list-params";

/**
 * The list's GET form: search, list and opt-out filters, with the sort carried
 * as hidden fields. It has no page field, so any new search starts at page 1.
 * Without JavaScript the Apply button submits it; with JavaScript the search
 * submits itself 300 ms after typing stops (replacing the history entry, so
 * Back does not step through every letter) and a select submits at once.
 */
export function ContactsListFilters({ data }: { data: ContactsListViewData }) {
  const { t } = useTranslation("contacts");
  const { params } = data;
  const submit = useSubmit();
  const searchInput = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  // A link (clear filters, a list on the side, Back) can change the search; show it, unless the user is typing in the box.
  useEffect(() => {
    const input = searchInput.current;
    if (input && document.activeElement !== input && input.value !== params.q) input.value = params.q;
  }, [params.q]);

  const submitForm = useCallback(
    (form: HTMLFormElement, replace: boolean) => {
      clearTimeout(timer.current);
      // Empty fields mean "any"; leaving them out keeps the URL as short as the links the list makes itself.
      const fields = new FormData(form);
      for (const [name, value] of [...fields.entries()]) if (value === "") fields.delete(name);
      submit(fields, { method: "get", action: CONTACTS_PATH, replace, preventScrollReset: true });
    },
    [submit],
  );

  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const target: EventTarget = event.target;
    if (target === searchInput.current) {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => submitForm(form, true), SEARCH_DEBOUNCE_MS);
    } else if (target instanceof HTMLSelectElement) {
      submitForm(form, false);
    }
  }

  return (
    <div className="space-y-2">
      <Form
        method="get"
        action={CONTACTS_PATH}
        role="search"
        aria-label={t("filters.label")}
        onChange={onChange}
        onSubmit={() => clearTimeout(timer.current)}
        className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
      >
        <div className="space-y-1">
          <label htmlFor="contacts-q" className="block text-sm font-medium">
            {t("search.label")}
          </label>
          <input
            ref={searchInput}
            id="contacts-q"
            type="search"
            name="q"
            defaultValue={params.q}
            placeholder={t("search.placeholder")}
            aria-describedby="contacts-q-hint"
            autoComplete="off"
            className={inputClass}
          />
          <p id="contacts-q-hint" className="sr-only">
            {t("search.hint")}
          </p>
        </div>
        <div className="space-y-1">
          <label htmlFor="contacts-list" className="block text-sm font-medium">
            {t("filters.list")}
          </label>
          <select key={params.list ?? ""} id="contacts-list" name="list" defaultValue={params.list ?? ""} className={inputClass}>
            <option value="">{t("filters.allLists")}</option>
            {data.lists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="contacts-opted-out" className="block text-sm font-medium">
            {t("filters.optedOut")}
          </label>
          <select key={params.optedOut ?? ""} id="contacts-opted-out" name="optedOut" defaultValue={params.optedOut ?? ""} className={inputClass}>
            <option value="">{t("filters.optedOutAny")}</option>
            {OPT_OUT_FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(`filters.optedOutValues.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {sortFields(params).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={buttonClass("secondary")}>
          {t("search.submit")}
        </button>
      </Form>
      {hasActiveFilters(params) ? (
        <p className="text-sm">
          <Link to={listHref(clearedFilters(params))} className="underline">
            {t("filters.clear")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
