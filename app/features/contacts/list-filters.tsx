import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { useFilterForm } from "~/components/ui/use-filter-form";
import { clearedFilters, CONTACTS_PATH, hasActiveFilters, listHref, OPT_OUT_FILTERS, sortFields, type ContactsListViewData } from "./list-params";

/**
 * The list's GET form: search, list and opt-out filters, with the sort carried
 * as hidden fields. It has no page field, so any new search starts at page 1.
 * useFilterForm adds the debounced search.
 */
export function ContactsListFilters({ data }: { data: ContactsListViewData }) {
  const { t } = useTranslation("contacts");
  const { params } = data;
  const { searchInput, onChange, onSubmit } = useFilterForm({ action: CONTACTS_PATH, q: params.q });

  return (
    <div className="space-y-2">
      <Form
        method="get"
        action={CONTACTS_PATH}
        role="search"
        aria-label={t("filters.label")}
        onChange={onChange}
        onSubmit={onSubmit}
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
