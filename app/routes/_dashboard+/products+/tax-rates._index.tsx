import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Badge } from "~/components/ui/badge";
import { DataTable } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { ListPanel } from "~/components/ui/list-panel";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { requireSuperAdmin } from "~/features/access/super-admin.server";
import { formatTaxRate, matchesTaxRateFilter, TAX_RATE_SHOW } from "~/features/billing/tax/tax-rates";
import { listTaxRates, type TaxRateRow } from "~/features/billing/tax/tax-rates.server";
import { ProductsTabs } from "~/features/products/products-tabs";
import { formatDate, formatNumber } from "~/i18n/format";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { oneOf, readParams, searchTerm } from "~/lib/url-params/url-params";

export const handle: I18nHandle = { i18n: ["platform"] };

const PATH = "/products/tax-rates";
const PARAMS = { q: searchTerm({ maxLength: 60 }), show: oneOf(TAX_RATE_SHOW) };

type Row = TaxRateRow & { name: string };

/**
 * /products/tax-rates: the VAT rate each EU country's invoices charge
 * (super admin; docs/decisions/0066-tax-rates-on-screen.md), the rate in
 * force today and any change to come. ?q= searches code and name, ?show=scheduled
 * keeps the countries with a change to come.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request, "products");
  const [t, language] = await Promise.all([getTranslator(request, "platform"), getLanguage(request)]);
  const params = readParams(new URL(request.url).searchParams, PARAMS);
  const names = new Intl.DisplayNames([language], { type: "region" });
  const all: Row[] = (await listTaxRates()).map((row) => ({ ...row, name: names.of(row.country) ?? row.country }));
  const rows = all.filter((row) => matchesTaxRateFilter(row, row.name, params)).sort((a, b) => a.name.localeCompare(b.name, language));
  return { title: t("taxRates.title"), params, rows, total: all.length };
}

export const meta = titleFromLoader;

export default function TaxRatesPage() {
  const { t, i18n } = useTranslation("platform");
  const { params, rows, total } = useLoaderData<typeof loader>();
  const language = i18n.language;
  const filtered = Boolean(params.q || params.show);
  // Days are UTC days (a rate takes effect at 00:00 UTC), so they are shown in UTC too.
  const day = (value: string) => formatDate(`${value}T00:00:00.000Z`, language, "UTC");
  return (
    <div className="space-y-4">
      <PageHeader title={t("taxRates.title")} description={t("taxRates.intro")} />
      <ProductsTabs active="tax-rates" />
      <FilterForm
        action={PATH}
        label={t("taxRates.filters.label")}
        submitLabel={t("taxRates.filters.submit")}
        search={{
          id: "tax-rates-search",
          label: t("taxRates.filters.search"),
          placeholder: t("taxRates.filters.searchPlaceholder"),
          hint: t("taxRates.filters.searchHint"),
          value: params.q,
        }}
      >
        <FilterSelect
          id="tax-rates-show"
          name="show"
          label={t("taxRates.filters.show")}
          value={params.show}
          anyLabel={t("taxRates.filters.all")}
          options={[{ value: "scheduled", label: t("taxRates.filters.scheduled") }]}
        />
      </FilterForm>
      {filtered ? (
        <p className="text-sm">
          <Link to={PATH} className="underline">
            {t("taxRates.filters.clear")}
          </Link>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <Panel>
          <EmptyState heading={2} title={filtered ? t("taxRates.emptyFiltered") : t("taxRates.empty")} data-testid="tax-rates-empty" />
        </Panel>
      ) : (
        <ListPanel summary={t("taxRates.count", { count: rows.length, formatted: formatNumber(rows.length, language), total: formatNumber(total, language) })}>
          <DataTable<Row>
            caption={t("taxRates.caption")}
            data-testid="tax-rates-table"
            rows={rows}
            rowKey={(row) => row.country}
            rowData={(row) => ({ "data-country": row.country })}
            columns={[
              {
                id: "country",
                header: t("taxRates.columns.country"),
                primary: true,
                rowHeader: true,
                className: "whitespace-normal",
                cell: (row) => (
                  <Link to={`${PATH}/${row.country}`} className="font-medium underline">
                    {row.name} <span className="text-slate-600 dark:text-slate-300">({row.country})</span>
                  </Link>
                ),
              },
              {
                id: "rate",
                header: t("taxRates.columns.rate"),
                align: "end",
                cell: (row) => <span data-testid="tax-rate">{formatTaxRate(row.rateBp, language)}</span>,
              },
              {
                id: "since",
                header: t("taxRates.columns.since"),
                cell: (row) => (row.since ? <time dateTime={row.since}>{day(row.since)}</time> : t("taxRates.seeded")),
              },
              {
                id: "upcoming",
                header: t("taxRates.columns.upcoming"),
                className: "whitespace-normal",
                cell: (row) =>
                  row.upcoming.length === 0 ? (
                    "—"
                  ) : (
                    <ul className="space-y-1">
                      {row.upcoming.map((change) => (
                        <li key={change.effectiveFrom}>
                          <Badge tone="info">{t("taxRates.upcoming", { rate: formatTaxRate(change.rateBp, language), day: day(change.effectiveFrom) })}</Badge>
                        </li>
                      ))}
                    </ul>
                  ),
              },
            ]}
          />
        </ListPanel>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
