import { useTranslation } from "~/i18n/react";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Panel } from "~/components/ui/panel";
import { formatNumber } from "~/i18n/format";
import { Link } from "@remix-run/react";
import { FilterDate, FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { Pagination } from "~/components/ui/pagination";
import { useP95Label } from "./dashboard-tab";
import { API_USAGE_PATH, hasUsageFilters, USAGE_STATUS_CLASSES, usageCsvHref, usageHref, type UsageParams } from "./usage-params";

export interface UsageRow {
  day: string;
  keyId: string;
  keyName: string;
  keyPrefix: string;
  endpoint: string;
  requests: number;
  errors: number;
  /** Upper bound of the p95's histogram bucket in ms; null without requests; -1 above the last bound (toWireP95). */
  p95Ms: number | null;
}

export interface UsageChoices {
  keys: Array<{ id: string; name: string; prefix: string }>;
  endpoints: string[];
}

/**
 * The usage tab: requests per key, endpoint and UTC day, filtered in the URL
 * (key, endpoint, day range, status class) and exported as CSV with the same filters.
 */
export function UsageTab({ rows, params, choices, pageCount }: { rows: UsageRow[]; params: UsageParams; choices: UsageChoices; pageCount: number }) {
  const { t, i18n } = useTranslation("api");
  const number = (value: number) => formatNumber(value, i18n.language);
  const p95 = useP95Label();
  const columns: Array<DataColumn<UsageRow>> = [
    { id: "day", header: t("usage.day"), rowHeader: true, primary: true, cell: (row) => <time dateTime={row.day}>{row.day}</time> },
    { id: "key", header: t("usage.key"), truncate: true, cell: (row) => <span title={`${row.keyName} (${row.keyPrefix}…)`}>{row.keyName}</span> },
    { id: "endpoint", header: t("usage.endpoint"), cell: (row) => <code className="break-all font-mono text-xs">{row.endpoint}</code> },
    { id: "requests", header: t("usage.requests"), cell: (row) => number(row.requests) },
    { id: "errors", header: t("usage.errors"), cell: (row) => number(row.errors) },
    { id: "p95", header: t("usage.p95"), cell: (row) => p95(row.p95Ms) },
  ];
  const filtered = hasUsageFilters(params);
  return (
    <div className="space-y-4">
      <FilterForm action={API_USAGE_PATH} label={t("usage.filters.label")} submitLabel={t("usage.filters.submit")} hidden={[["tab", "usage"]]}>
        <FilterSelect
          id="usage-key"
          name="key"
          label={t("usage.filters.key")}
          value={params.key}
          anyLabel={t("usage.filters.anyKey")}
          options={choices.keys.map((key) => ({ value: key.id, label: `${key.name} (${key.prefix}…)` }))}
        />
        <FilterSelect
          id="usage-endpoint"
          name="endpoint"
          label={t("usage.filters.endpoint")}
          value={params.endpoint}
          anyLabel={t("usage.filters.anyEndpoint")}
          options={choices.endpoints.map((endpoint) => ({ value: endpoint, label: endpoint }))}
        />
        <FilterSelect
          id="usage-status"
          name="status"
          label={t("usage.filters.status")}
          value={params.status}
          anyLabel={t("usage.filters.anyStatus")}
          options={USAGE_STATUS_CLASSES.map((status) => ({ value: status, label: t(`usage.statusClass.${status}`) }))}
        />
        <FilterDate id="usage-from" name="from" label={t("usage.filters.from")} value={params.from} />
        <FilterDate id="usage-to" name="to" label={t("usage.filters.to")} value={params.to} />
      </FilterForm>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {/* A file download: a plain link, so the router does not try to render it as a page. */}
        <a href={usageCsvHref(params)} className="underline" data-testid="api-usage-csv" download>
          {t("usage.csv")}
        </a>
        {filtered ? (
          <Link to={usageHref({ ...params, key: null, endpoint: null, status: null, page: 1 })} className="underline">
            {t("usage.filters.clear")}
          </Link>
        ) : null}
      </p>
      <Panel className="p-0">
        <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold dark:border-slate-800">
          {t("usage.title", { from: params.from, to: params.to })}
        </h2>
        {rows.length === 0 ? (
          <EmptyState data-testid="no-api-usage" title={filtered ? t("usage.emptyFiltered") : t("usage.empty")} className="border-0" />
        ) : (
          <div className="max-sm:p-3">
            <DataTable
              data-testid="api-usage"
              caption={t("usage.caption")}
              columns={columns}
              rows={rows}
              rowKey={(row) => `${row.day} ${row.keyId} ${row.endpoint}`}
              rowData={(row) => ({ "data-endpoint": row.endpoint, "data-key": row.keyId })}
            />
            {pageCount > 1 ? (
              <div className="p-4">
                <Pagination page={params.page} pageCount={pageCount} label={t("usage.pagination")} href={(page) => usageHref({ ...params, page })} />
              </div>
            ) : null}
          </div>
        )}
      </Panel>
    </div>
  );
}

export interface AccountLimits {
  planName: string | null;
  rateLimitPerMinute: number;
  phoneNumberLimit: number | null;
  agentLimit: number | null;
  includedMinutes: number | null;
}

/** The account tab: the plan's limits, the API's rate limit first. */
export function AccountTab({ limits }: { limits: AccountLimits }) {
  const { t, i18n } = useTranslation("api");
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <Panel title={limits.planName ? t("account.plan", { plan: limits.planName }) : t("account.noPlan")}>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2" data-testid="api-account">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t("account.rateLimit")}</dt>
          <dd className="text-lg font-semibold">
            {t("account.perMinute", { count: limits.rateLimitPerMinute, formatted: number(limits.rateLimitPerMinute) })}
          </dd>
        </div>
        {limits.includedMinutes !== null ? (
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-300">{t("account.includedMinutes")}</dt>
            <dd className="text-lg font-semibold">{number(limits.includedMinutes)}</dd>
          </div>
        ) : null}
        {limits.phoneNumberLimit !== null ? (
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-300">{t("account.phoneNumbers")}</dt>
            <dd className="text-lg font-semibold">{number(limits.phoneNumberLimit)}</dd>
          </div>
        ) : null}
        {limits.agentLimit !== null ? (
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-300">{t("account.agents")}</dt>
            <dd className="text-lg font-semibold">{number(limits.agentLimit)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{t("account.rateLimitHint")}</p>
    </Panel>
  );
}
