import { Link } from "@remix-run/react";
import { ChartDataTable } from "~/components/ui/chart-data-table";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { inputClass } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { Stat } from "~/components/ui/stat";
import { formatDate, formatDateTime, formatNumber, formatSuccessRate } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { countTicks } from "~/lib/format/chart-scale";
import { integrationPaths } from "./paths";

export interface HubAnalyticsData {
  crm: string | null;
  crmNames: string[];
  range: { from: string; to: string };
  summary: {
    totalIntegrations: number;
    activeIntegrations: number;
    totalRequests: number;
    successRate: number | null;
    totalSyncs: number;
    successfulSyncs: number;
  };
  aggregate: { crmCount: number; totalRecordsSynced: number; totalSyncs: number; successfulSyncs: number };
  topIntegrations: Array<{ id: string; crmName: string; status: string; requests: number; successRate: number | null; syncs: number }>;
  recentActivity: Array<{
    id: string;
    crm_name: string;
    kind: string;
    source: string;
    target: string;
    outcome: string;
    response_status: number | null;
    created_at: string;
  }>;
  series: Array<{ day: string; success: number; failed: number }>;
}

const CHART = { width: 720, height: 220, left: 40, right: 8, top: 10, bottom: 28 };

function RequestsChart({ series }: { series: HubAnalyticsData["series"] }) {
  const { t, i18n } = useTranslation("integrations");
  const { top, ticks } = countTicks(Math.max(0, ...series.map((day) => day.success + day.failed)));
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const band = series.length ? plotWidth / series.length : plotWidth;
  const heightOf = (value: number) => (value / top) * plotHeight;
  const labelEvery = Math.max(1, Math.ceil(series.length / 7));
  const total = series.reduce((sum, day) => sum + day.success + day.failed, 0);
  const dayLabel = (day: string) => formatDate(`${day}T12:00:00.000Z`, i18n.language, "UTC");
  return (
    <figure>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-label={t("analytics.chartSummary", { value: formatNumber(total, i18n.language) })}
        className="h-auto w-full"
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={CHART.left}
              x2={CHART.width - CHART.right}
              y1={CHART.top + plotHeight - heightOf(tick)}
              y2={CHART.top + plotHeight - heightOf(tick)}
              className="stroke-slate-200 dark:stroke-slate-700"
            />
            <text
              x={CHART.left - 6}
              y={CHART.top + plotHeight - heightOf(tick) + 4}
              textAnchor="end"
              className="fill-slate-500 text-[11px] dark:fill-slate-400"
            >
              {formatNumber(tick, i18n.language)}
            </text>
          </g>
        ))}
        {series.map((day, index) => {
          const x = CHART.left + index * band + band * 0.15;
          const width = Math.max(1, band * 0.7);
          const successHeight = heightOf(day.success);
          const failedHeight = heightOf(day.failed);
          const base = CHART.top + plotHeight;
          return (
            <g key={day.day}>
              {successHeight > 0 ? <rect x={x} width={width} y={base - successHeight} height={successHeight} className="fill-primary-button" /> : null}
              {failedHeight > 0 ? <rect x={x} width={width} y={base - successHeight - failedHeight} height={failedHeight} className="fill-amber-500" /> : null}
              {index % labelEvery === 0 ? (
                <text x={x + width / 2} y={CHART.height - 8} textAnchor="middle" className="fill-slate-500 text-[11px] dark:fill-slate-400">
                  {dayLabel(day.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {/* The legend is the figure's caption, so it comes first or last: the hidden data table sits before it. */}
      <ChartDataTable
        caption={t("analytics.chartTitle")}
        columns={[t("analytics.day"), t("analytics.succeeded"), t("analytics.failed")]}
        rows={series.map((day) => ({ key: day.day, header: dayLabel(day.day), cells: [day.success, day.failed] }))}
      />
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-slate-600 dark:text-slate-300">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-sm bg-primary-button" />
          {t("analytics.succeeded")}
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-sm bg-amber-500" />
          {t("analytics.failed")}
        </span>
      </figcaption>
    </figure>
  );
}

/** The analytics tab: filters in the URL (crm, from, to), the summary, the sync statistics, a chart, the top integrations and recent activity. */
export function HubAnalytics({ data, timeZone }: { data: HubAnalyticsData; timeZone: string }) {
  const { t, i18n } = useTranslation("integrations");
  const number = (value: number) => formatNumber(value, i18n.language);
  const percent = (value: number | null) => formatSuccessRate(value, i18n.language);
  const topColumns: Array<DataColumn<HubAnalyticsData["topIntegrations"][number]>> = [
    {
      id: "name",
      header: t("active.name"),
      primary: true,
      rowHeader: true,
      cell: (row) => (
        <Link to={integrationPaths.page(row.id)} className="font-medium text-primary-dark underline dark:text-primary">
          {row.crmName}
        </Link>
      ),
    },
    { id: "requests", header: t("analytics.requests"), align: "end", cell: (row) => number(row.requests) },
    { id: "rate", header: t("stats.successRate"), align: "end", cell: (row) => percent(row.successRate) },
  ];
  const recentColumns: Array<DataColumn<HubAnalyticsData["recentActivity"][number]>> = [
    {
      id: "when",
      header: t("logs.when"),
      primary: true,
      cell: (row) => (
        <Link to={integrationPaths.log(row.id)} className="text-primary-dark underline dark:text-primary">
          {formatDateTime(row.created_at, i18n.language, timeZone)}
        </Link>
      ),
    },
    { id: "to", header: t("logs.to"), truncate: true, cell: (row) => row.target },
    { id: "from", header: t("logs.from"), truncate: true, cell: (row) => row.source },
    {
      id: "status",
      header: t("logs.status"),
      cell: (row) => (row.response_status ? `${row.response_status} · ${t(`outcomes.${row.outcome}`)}` : t(`outcomes.${row.outcome}`)),
    },
  ];
  return (
    <div className="space-y-6" data-testid="hub-analytics">
      <FilterForm action="/integrations-hub" label={t("analytics.filters")} hidden={[["tab", "analytics"]]} submitLabel={t("library.apply")}>
        <FilterSelect
          id="analytics-crm"
          name="crm"
          label={t("analytics.crm")}
          value={data.crm}
          anyLabel={t("analytics.allCrms")}
          options={data.crmNames.map((name) => ({ value: name, label: name }))}
        />
        <div className="space-y-1">
          <label htmlFor="analytics-from" className="block text-sm font-medium">
            {t("analytics.from")}
          </label>
          <input id="analytics-from" name="from" type="date" defaultValue={data.range.from} className={inputClass} />
        </div>
        <div className="space-y-1">
          <label htmlFor="analytics-to" className="block text-sm font-medium">
            {t("analytics.to")}
          </label>
          <input id="analytics-to" name="to" type="date" defaultValue={data.range.to} className={inputClass} />
        </div>
      </FilterForm>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="analytics-summary">
        <Stat label={t("analytics.totalIntegrations")} value={number(data.summary.totalIntegrations)} data-stat="total-integrations" />
        <Stat label={t("analytics.activeIntegrations")} value={number(data.summary.activeIntegrations)} data-stat="active-integrations" />
        <Stat label={t("analytics.totalRequests")} value={number(data.summary.totalRequests)} data-stat="total-requests" />
        <Stat
          label={t("stats.successRate")}
          value={percent(data.summary.successRate)}
          note={t("analytics.syncsNote", {
            count: data.summary.totalSyncs,
            successful: number(data.summary.successfulSyncs),
            total: number(data.summary.totalSyncs),
          })}
          data-stat="success-rate"
        />
      </div>
      <Panel title={t("analytics.chartTitle")}>
        <RequestsChart series={data.series} />
      </Panel>
      <div className="grid gap-6 xl:grid-cols-2">
        <Panel title={t("analytics.top")}>
          {data.topIntegrations.length ? (
            <DataTable caption={t("analytics.top")} columns={topColumns} rows={data.topIntegrations} rowKey={(row) => row.id} />
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t("analytics.noIntegrations")}</p>
          )}
        </Panel>
        <Panel title={t("analytics.aggregate")}>
          <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-6 gap-y-2 text-sm" data-testid="aggregate-sync">
            <dt>{t("analytics.crmCount")}</dt>
            <dd className="text-right tabular-nums">{number(data.aggregate.crmCount)}</dd>
            <dt>{t("analytics.totalRecordsSynced")}</dt>
            <dd className="text-right tabular-nums">{number(data.aggregate.totalRecordsSynced)}</dd>
            <dt>{t("analytics.totalSyncs")}</dt>
            <dd className="text-right tabular-nums">{number(data.aggregate.totalSyncs)}</dd>
            <dt>{t("analytics.successfulSyncs")}</dt>
            <dd className="text-right tabular-nums">{number(data.aggregate.successfulSyncs)}</dd>
          </dl>
        </Panel>
      </div>
      <Panel
        title={t("analytics.recent")}
        actions={
          <Link to={integrationPaths.logs()} className="text-sm text-primary-dark underline dark:text-primary">
            {t("analytics.allLogs")}
          </Link>
        }
      >
        {data.recentActivity.length ? (
          <DataTable caption={t("analytics.recent")} columns={recentColumns} rows={data.recentActivity} rowKey={(row) => row.id} />
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t("analytics.noActivity")}</p>
        )}
      </Panel>
    </div>
  );
}
