import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { ChartDataTable } from "~/components/ui/chart-data-table";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Panel } from "~/components/ui/panel";
import { Stat } from "~/components/ui/stat";
import { BarChartSvg, ChartLegend } from "~/components/ui/bar-chart";
import { formatNumber, formatRate } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { Granularity } from "~/lib/dates/chart-periods";
import { DATE_RANGES, type DateRangeKey, type LocalDate } from "~/lib/dates/date-ranges";
import { formatDaySpan, periodLabel, periodTitle } from "~/lib/format/local-dates";
import { dashboardHref } from "./usage-params";

/**
 * The dashboard tab of /api-access: requests per day (or week or month over
 * long ranges, like the overview), error rate and p95 latency per endpoint,
 * over one of the overview's ranges in UTC days. The chart is SVG drawn on the
 * server (the layout of the overview's, app/features/call-center/calls-chart.tsx),
 * with its numbers in a visually hidden table.
 */
export interface ApiPeriod {
  key: string;
  firstDay: LocalDate;
  lastDay: LocalDate;
  requests: number;
  errors: number;
}

export interface ApiEndpointFigures {
  endpoint: string;
  requests: number;
  errors: number;
  errorRate: number | null;
  p95Ms: number | null;
}

export interface ApiDashboardView {
  rangeKey: DateRangeKey;
  firstDay: LocalDate;
  lastDay: LocalDate;
  granularity: Granularity;
  periods: ApiPeriod[];
  total: { requests: number; errors: number; errorRate: number | null; p95Ms: number | null };
  endpoints: ApiEndpointFigures[];
}

/** "≤ 250 ms", "> 2,500 ms" or "–": the p95 as the bucket bound it falls under (docs/product/api-access.md#usage). */
export function useP95Label() {
  const { t, i18n } = useTranslation("api");
  // JSON carries Infinity as null; the loaders send the open bucket as -1 (see toWireP95).
  return (ms: number | null) =>
    ms === null ? "–" : ms < 0 ? t("usage.over", { ms: formatNumber(2500, i18n.language) }) : t("usage.atMost", { ms: formatNumber(ms, i18n.language) });
}

/** Infinity does not survive JSON: the open last bucket travels as -1. */
export const toWireP95 = (ms: number | null) => (ms === null ? null : Number.isFinite(ms) ? ms : -1);

export function DashboardTab({ view }: { view: ApiDashboardView }) {
  const { t, i18n } = useTranslation("api");
  const language = i18n.language;
  const number = (value: number) => formatNumber(value, language);
  const rate = (value: number | null) => (value === null ? "–" : formatRate(value * 100, language));
  const p95 = useP95Label();
  const span = formatDaySpan(view.firstDay, view.lastDay, language);
  const columns: Array<DataColumn<ApiEndpointFigures>> = [
    {
      id: "endpoint",
      header: t("usage.endpoint"),
      rowHeader: true,
      primary: true,
      className: "whitespace-normal",
      cell: (row) => <code className="break-all font-mono text-xs">{row.endpoint}</code>,
    },
    { id: "requests", header: t("usage.requests"), cell: (row) => number(row.requests) },
    { id: "errorRate", header: t("dashboard.errorRate"), cell: (row) => rate(row.errorRate) },
    { id: "p95", header: t("usage.p95"), cell: (row) => p95(row.p95Ms) },
  ];
  return (
    <div className="space-y-6">
      <Panel title={t("dashboard.title")}>
        <div className="space-y-5">
          <nav aria-label={t("dashboard.rangeLabel")}>
            <ul className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
              {DATE_RANGES.map((range) => (
                <li key={range}>
                  <Link
                    to={dashboardHref(range)}
                    aria-current={range === view.rangeKey ? "page" : undefined}
                    preventScrollReset
                    className={buttonClass(range === view.rangeKey ? "primary" : "secondary", "w-full shadow-none sm:w-auto", "sm")}
                  >
                    {t(`ranges.${range}`, { ns: "calls" })}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="api-dashboard-span">
            {t("dashboard.span", { span })}
          </p>
          <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="api-dashboard-figures">
            <li className="min-w-0">
              <Stat label={t("usage.requests")} value={number(view.total.requests)} data-figure="requests" />
            </li>
            <li className="min-w-0">
              <Stat label={t("usage.errors")} value={number(view.total.errors)} data-figure="errors" />
            </li>
            <li className="min-w-0">
              <Stat label={t("dashboard.errorRate")} value={rate(view.total.errorRate)} data-figure="error-rate" />
            </li>
            <li className="min-w-0">
              <Stat label={t("usage.p95")} value={p95(view.total.p95Ms)} data-figure="p95" />
            </li>
          </ul>
          <RequestsChart view={view} span={span} />
        </div>
      </Panel>
      <Panel className="p-0">
        <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold dark:border-slate-800">{t("dashboard.endpoints")}</h2>
        {view.endpoints.length === 0 ? (
          <EmptyState data-testid="no-api-dashboard" title={t("dashboard.empty")} className="border-0" />
        ) : (
          <div className="max-sm:p-3">
            <DataTable
              data-testid="api-endpoints"
              caption={t("dashboard.endpointsCaption", { span })}
              columns={columns}
              rows={view.endpoints}
              rowKey={(row) => row.endpoint}
            />
          </div>
        )}
      </Panel>
    </div>
  );
}

const CHART = { width: 720, height: 240, top: 12, right: 12, bottom: 36, left: 56 } as const;

/** Requests per period as bars, the errors among them as a darker bar in front; one image to assistive technology. */
function RequestsChart({ view, span }: { view: ApiDashboardView; span: string }) {
  const { t, i18n } = useTranslation("api");
  const language = i18n.language;
  const number = (value: number) => formatNumber(value, language);
  const { periods, granularity } = view;
  const title = t(`dashboard.chartTitle.${granularity}`);
  const summary = t("dashboard.chartSummary", { span, requests: number(view.total.requests), errors: number(view.total.errors) });
  return (
    <figure className="space-y-3">
      <figcaption className="text-sm text-slate-600 dark:text-slate-300">
        <span className="font-medium text-slate-900 dark:text-slate-100">{title}</span> · {span}
      </figcaption>
      <ChartLegend
        items={[
          { label: t("usage.requests"), swatchClassName: "bg-sky-600 dark:bg-sky-400" },
          { label: t("usage.errors"), swatchClassName: "bg-red-600 dark:bg-red-400" },
        ]}
      />
      <BarChartSvg
        frame={CHART}
        title={title}
        summary={summary}
        layout="overlaid"
        formatTick={number}
        data-testid="api-requests-chart"
        bands={periods.map((period) => {
          const label = periodLabel(period, granularity, language);
          return {
            key: period.key,
            label,
            bars: [
              {
                value: period.requests,
                className: "fill-sky-600 dark:fill-sky-400",
                series: "requests",
                title: `${label}: ${t("dashboard.barRequests", { count: period.requests, formatted: number(period.requests) })}`,
              },
              {
                value: period.errors,
                className: "fill-red-600 dark:fill-red-400",
                series: "errors",
                title: `${label}: ${t("dashboard.barErrors", { count: period.errors, formatted: number(period.errors) })}`,
              },
            ],
          };
        })}
      />
      <ChartDataTable
        data-testid="api-requests-table"
        caption={t("dashboard.tableCaption", { span })}
        columns={[t(`dashboard.periodColumn.${granularity}`), t("usage.requests"), t("usage.errors")]}
        rows={periods.map((period) => ({
          key: period.key,
          header: periodTitle(period, granularity, language),
          cells: [number(period.requests), number(period.errors)],
        }))}
      />
    </figure>
  );
}
