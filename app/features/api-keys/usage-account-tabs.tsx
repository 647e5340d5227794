import { useTranslation } from "~/i18n/react";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Panel } from "~/components/ui/panel";
import { formatNumber } from "~/i18n/format";

export interface UsageRow {
  day: string;
  keyId: string;
  keyName: string;
  keyPrefix: string;
  endpoint: string;
  requests: number;
  errors: number;
  /** Upper bound of the p95's histogram bucket in ms; null without requests; Infinity above the last bound. */
  p95Ms: number | null;
}

/** The usage tab: requests per key, endpoint and UTC day over the last 30 days. */
export function UsageTab({ rows, from, to }: { rows: UsageRow[]; from: string; to: string }) {
  const { t, i18n } = useTranslation("api");
  const number = (value: number) => formatNumber(value, i18n.language);
  const p95 = (ms: number | null) => (ms === null ? "–" : Number.isFinite(ms) ? t("usage.atMost", { ms: number(ms) }) : t("usage.over", { ms: number(2500) }));
  const columns: Array<DataColumn<UsageRow>> = [
    { id: "day", header: t("usage.day"), rowHeader: true, primary: true, cell: (row) => <time dateTime={row.day}>{row.day}</time> },
    { id: "key", header: t("usage.key"), truncate: true, cell: (row) => <span title={`${row.keyName} (${row.keyPrefix}…)`}>{row.keyName}</span> },
    { id: "endpoint", header: t("usage.endpoint"), cell: (row) => <code className="break-all font-mono text-xs">{row.endpoint}</code> },
    { id: "requests", header: t("usage.requests"), cell: (row) => number(row.requests) },
    { id: "errors", header: t("usage.errors"), cell: (row) => number(row.errors) },
    { id: "p95", header: t("usage.p95"), cell: (row) => p95(row.p95Ms) },
  ];
  return (
    <Panel className="p-0">
      <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold dark:border-slate-800">{t("usage.title", { from, to })}</h2>
      {rows.length === 0 ? (
        <EmptyState data-testid="no-api-usage" title={t("usage.empty")} className="border-0" />
      ) : (
        <div className="max-sm:p-3">
          <DataTable
            data-testid="api-usage"
            caption={t("usage.caption")}
            columns={columns}
            rows={rows}
            rowKey={(row) => `${row.day} ${row.keyId} ${row.endpoint}`}
          />
        </div>
      )}
    </Panel>
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
