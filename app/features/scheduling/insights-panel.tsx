import { Link } from "@remix-run/react";
import { ChartDataTable } from "~/components/ui/chart-data-table";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { Panel } from "~/components/ui/panel";
import { Stat } from "~/components/ui/stat";
import { periodLabel, periodTitle } from "~/lib/format/local-dates";
import type { Granularity } from "~/lib/dates/chart-periods";
import { DATE_RANGES, type DateRangeKey, type LocalDate } from "~/lib/dates/date-ranges";
import { formatNumber, numberFormat } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { appointmentsHref } from "./booking/appointment-params";
import { colorSwatchClass } from "./event-types/event-type-colors";

export interface InsightRow {
  id: string | null;
  name: string | null;
  color?: string | null;
  booked: number;
  cancelled: number;
  rescheduled: number;
  noShow: number;
  due: number;
}

export interface InsightsView {
  range: { key: DateRangeKey; from: string; to: string };
  granularity: Granularity;
  totals: Omit<InsightRow, "id" | "name" | "color">;
  byHost: InsightRow[];
  byEventType: InsightRow[];
  series: Array<{
    key: string;
    firstDay: LocalDate;
    lastDay: LocalDate;
    booked: number;
    cancelled: number;
    noShow: number;
  }>;
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

function usePercent() {
  const { i18n } = useTranslation();
  const format = numberFormat(i18n.language, {
    style: "percent",
    maximumFractionDigits: 1,
  });
  return (part: number, whole: number) => format.format(share(part, whole));
}

const listBase = {
  when: "all" as const,
  status: null,
  staff: null,
  eventType: null,
  page: 1,
};

export function InsightsPanel({
  view,
  hrefForRange,
  staff,
  eventType,
}: {
  view: InsightsView;
  hrefForRange: (range: DateRangeKey) => string;
  staff: string | null;
  eventType: string | null;
}) {
  const { t, i18n } = useTranslation("scheduling");
  const percent = usePercent();
  const number = (value: number) => formatNumber(value, i18n.language);
  const list = (changes: { status?: "cancelled" | "no-show" | null; staff?: string | null; eventType?: string | null }) =>
    appointmentsHref(
      {
        ...listBase,
        staff,
        eventType,
        from: view.range.from,
        to: view.range.to,
      },
      changes,
    );
  const { totals } = view;
  const columns = (kind: "host" | "type"): Array<DataColumn<InsightRow>> => [
    {
      id: "name",
      header: kind === "host" ? t("insights.host") : t("insights.eventType"),
      primary: true,
      rowHeader: true,
      cell: (row) => (
        <span className="flex min-w-0 items-center gap-2">
          {kind === "type" ? <span aria-hidden="true" className={`h-2.5 w-2.5 shrink-0 rounded-full ${colorSwatchClass(row.color ?? "blue")}`} /> : null}
          <Link to={list(kind === "host" ? { staff: row.id } : { eventType: row.id })} className="break-words text-primary-dark underline dark:text-primary">
            {row.name ?? (kind === "host" ? t("appointments.noHost") : t("insights.deletedType"))}
          </Link>
        </span>
      ),
    },
    {
      id: "booked",
      header: t("insights.booked"),
      align: "end",
      cell: (row) => number(row.booked),
    },
    {
      id: "cancelled",
      header: t("insights.cancelled"),
      align: "end",
      cell: (row) => `${number(row.cancelled)} (${percent(row.cancelled, row.booked)})`,
    },
    {
      id: "rescheduled",
      header: t("insights.rescheduled"),
      align: "end",
      cell: (row) => `${number(row.rescheduled)} (${percent(row.rescheduled, row.booked)})`,
    },
    {
      id: "noShow",
      header: t("insights.noShow"),
      align: "end",
      cell: (row) => `${number(row.noShow)} (${percent(row.noShow, row.due)})`,
    },
  ];
  return (
    <div className="space-y-6">
      <nav aria-label={t("insights.rangeLabel")}>
        <ul className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {DATE_RANGES.map((range) => (
            <li key={range}>
              <Link
                to={hrefForRange(range)}
                aria-current={range === view.range.key ? "page" : undefined}
                className={buttonClass(range === view.range.key ? "primary" : "secondary", "w-full shadow-none sm:w-auto", "sm")}
              >
                {t(`ranges.${range}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label={t("insights.booked")} value={number(totals.booked)} to={list({})} data-testid="insight-booked" />
        <Stat
          label={t("insights.cancelled")}
          value={number(totals.cancelled)}
          note={t("insights.rateOfBooked", {
            rate: percent(totals.cancelled, totals.booked),
          })}
          to={list({ status: "cancelled" })}
          data-testid="insight-cancelled"
        />
        <Stat
          label={t("insights.rescheduled")}
          value={number(totals.rescheduled)}
          note={t("insights.rateOfBooked", {
            rate: percent(totals.rescheduled, totals.booked),
          })}
          to={list({})}
          data-testid="insight-rescheduled"
        />
        <Stat
          label={t("insights.noShow")}
          value={number(totals.noShow)}
          note={t("insights.rateOfDue", {
            rate: percent(totals.noShow, totals.due),
          })}
          to={list({ status: "no-show" })}
          data-testid="insight-no-show"
        />
      </div>
      <Panel title={t(`insights.chartTitle.${view.granularity}`)}>
        <InsightsChart series={view.series} granularity={view.granularity} />
      </Panel>
      <Panel title={t("insights.byHost")}>
        {view.byHost.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("insights.none")}</p>
        ) : (
          <DataTable
            caption={t("insights.byHost")}
            columns={columns("host")}
            rows={view.byHost}
            rowKey={(row) => row.id ?? "none"}
            data-testid="insights-by-host"
          />
        )}
      </Panel>
      <Panel title={t("insights.byEventType")}>
        {view.byEventType.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("insights.none")}</p>
        ) : (
          <DataTable
            caption={t("insights.byEventType")}
            columns={columns("type")}
            rows={view.byEventType}
            rowKey={(row) => row.id ?? "none"}
            data-testid="insights-by-type"
          />
        )}
      </Panel>
    </div>
  );
}

const CHART = {
  width: 720,
  height: 200,
  top: 10,
  right: 8,
  bottom: 28,
  left: 36,
} as const;

/** Appointments per period as stacked bars (kept, missed, cancelled), drawn on the server, the numbers in a table for screen readers. */
function InsightsChart({ series, granularity }: { series: InsightsView["series"]; granularity: Granularity }) {
  const { t, i18n } = useTranslation("scheduling");
  const language = i18n.language;
  const max = Math.max(1, ...series.map((bucket) => bucket.booked + bucket.cancelled + bucket.noShow));
  const top = Math.max(4, Math.ceil(max / 4) * 4);
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const band = series.length ? plotWidth / series.length : plotWidth;
  const heightOf = (value: number) => (value / top) * plotHeight;
  const labelEvery = Math.max(1, Math.ceil(series.length / 8));
  const total = series.reduce((sum, bucket) => sum + bucket.booked + bucket.cancelled + bucket.noShow, 0);
  const parts = [
    {
      key: "booked",
      className: "fill-primary-button",
      legend: "bg-primary-button",
    },
    { key: "noShow", className: "fill-amber-500", legend: "bg-amber-500" },
    {
      key: "cancelled",
      className: "fill-slate-400 dark:fill-slate-500",
      legend: "bg-slate-400 dark:bg-slate-500",
    },
  ] as const;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-label={t("insights.chartSummary", {
          count: total,
          value: formatNumber(total, language),
        })}
        className="h-auto w-full"
      >
        {[0, top / 2, top].map((tick) => (
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
              {formatNumber(tick, language)}
            </text>
          </g>
        ))}
        {series.map((bucket, index) => {
          const x = CHART.left + index * band + band * 0.15;
          const width = Math.max(1, band * 0.7);
          let base = CHART.top + plotHeight;
          return (
            <g key={bucket.key}>
              {parts.map((part) => {
                const height = heightOf(bucket[part.key]);
                base -= height;
                return height > 0 ? <rect key={part.key} x={x} width={width} y={base} height={height} className={part.className} /> : null;
              })}
              {index % labelEvery === 0 ? (
                <text x={x + width / 2} y={CHART.height - 8} textAnchor="middle" className="fill-slate-500 text-[11px] dark:fill-slate-400">
                  {periodLabel(bucket, granularity, language)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {/* The legend is the figure's caption, so it comes first or last: the hidden data table sits before it. */}
      <ChartDataTable
        caption={t(`insights.chartTitle.${granularity}`)}
        columns={[t("insights.period"), t("insights.legend.booked"), t("insights.legend.noShow"), t("insights.legend.cancelled")]}
        rows={series.map((bucket) => ({
          key: bucket.key,
          header: periodTitle(bucket, granularity, language),
          cells: [bucket.booked, bucket.noShow, bucket.cancelled],
        }))}
      />
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-slate-600 dark:text-slate-300">
        {parts.map((part) => (
          <span key={part.key} className="inline-flex items-center gap-1">
            <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-sm ${part.legend}`} />
            {t(`insights.legend.${part.key}`)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
