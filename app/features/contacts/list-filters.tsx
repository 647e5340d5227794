import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button";
import { FilterSelect, SearchField } from "~/components/ui/filter-fields";
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
        <SearchField
          id="contacts-q"
          label={t("search.label")}
          placeholder={t("search.placeholder")}
          hint={t("search.hint")}
          defaultValue={params.q}
          inputRef={searchInput}
        />
        <FilterSelect
          id="contacts-list"
          name="list"
          label={t("filters.list")}
          value={params.list}
          anyLabel={t("filters.allLists")}
          options={data.lists.map((list) => ({ value: list.id, label: list.name }))}
        />
        <FilterSelect
          id="contacts-opted-out"
          name="optedOut"
          label={t("filters.optedOut")}
          value={params.optedOut}
          anyLabel={t("filters.optedOutAny")}
          options={OPT_OUT_FILTERS.map((value) => ({ value, label: t(`filters.optedOutValues.${value}`) }))}
        />
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
