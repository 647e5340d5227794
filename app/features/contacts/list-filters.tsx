import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { clearedFilters, CONTACTS_PATH, hasActiveFilters, listHref, OPT_OUT_FILTERS, sortFields, type ContactsListViewData } from "./list-params";

/**
 * The list's GET form: search, list and opt-out filters, with the sort carried
 * as hidden fields. It has no page field, so any new search starts at page 1.
 */
export function ContactsListFilters({ data }: { data: ContactsListViewData }) {
  const { t } = useTranslation("contacts");
  const { params } = data;
  return (
    <div className="space-y-2">
      <FilterForm
        action={CONTACTS_PATH}
        label={t("filters.label")}
        search={{ id: "contacts-q", label: t("search.label"), placeholder: t("search.placeholder"), hint: t("search.hint"), value: params.q }}
        hidden={sortFields(params)}
        submitLabel={t("search.submit")}
      >
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
      </FilterForm>
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
