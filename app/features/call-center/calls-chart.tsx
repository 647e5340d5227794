import { BarChartSvg, ChartLegend } from "~/components/ui/bar-chart";
import { ChartDataTable } from "~/components/ui/chart-data-table";
import { useTranslation } from "~/i18n/react";
import { formatNumber } from "~/i18n/format";
import { formatDaySpan, periodLabel, periodTitle } from "~/lib/format/local-dates";
import { formatFigure } from "./format";
import type { Granularity } from "~/lib/dates/chart-periods";
import { FIGURE_KEYS, type PeriodFigures } from "./kpis";

/**
 * The overview chart: inbound and outbound calls per period as grouped bars,
 * drawn on the server as SVG so it is there without JavaScript. The SVG is one
 * image to assistive technology (role="img" with a spoken summary); the exact
 * numbers follow in a visually hidden table.
 */
export const CHART = { width: 720, height: 260, top: 12, right: 12, bottom: 36, left: 48 } as const;

export interface CallsChartProps {
  periods: PeriodFigures[];
  granularity: Granularity;
  language: string;
}

export function CallsChart({ periods, granularity, language }: CallsChartProps) {
  const { t } = useTranslation("calls");
  const number = (value: number) => formatNumber(value, language);

  const first = periods[0];
  const last = periods[periods.length - 1];
  const span = first && last ? formatDaySpan(first.firstDay, last.lastDay, language) : "";
  const inbound = periods.reduce((sum, p) => sum + p.inbound, 0);
  const outbound = periods.reduce((sum, p) => sum + p.outbound, 0);
  const busiest = periods.reduce<PeriodFigures | null>((best, p) => (p.inbound + p.outbound > (best ? best.inbound + best.outbound : 0) ? p : best), null);

  const title = t(`chart.title.${granularity}`);
  const summary = [
    t("chart.summary", { span, inbound: number(inbound), outbound: number(outbound) }),
    busiest
      ? t(`chart.busiest.${granularity}`, {
          period: periodTitle(busiest, granularity, language),
          count: busiest.inbound + busiest.outbound,
          formatted: number(busiest.inbound + busiest.outbound),
        })
      : t("chart.noCalls"),
  ].join(" ");

  return (
    <figure className="space-y-3">
      <figcaption className="text-sm text-slate-600 dark:text-slate-300">
        <span className="font-medium text-slate-900 dark:text-slate-100">{title}</span> · {span}
        {granularity !== "day" ? <> · {t(`chart.bucketNote.${granularity}`)}</> : null}
      </figcaption>
      <ChartLegend
        items={[
          { label: t("figures.inbound"), swatchClassName: "bg-sky-600 dark:bg-sky-400" },
          { label: t("figures.outbound"), swatchClassName: "bg-amber-500 dark:bg-amber-300" },
        ]}
      />
      <BarChartSvg
        frame={CHART}
        title={title}
        summary={summary}
        layout="grouped"
        formatTick={number}
        data-testid="calls-chart"
        bands={periods.map((period) => {
          const label = periodLabel(period, granularity, language);
          return {
            key: period.key,
            label,
            bars: [
              {
                value: period.inbound,
                className: "fill-sky-600 dark:fill-sky-400",
                series: "inbound",
                title: `${label}: ${t("chart.barInbound", { count: period.inbound, formatted: number(period.inbound) })}`,
              },
              {
                value: period.outbound,
                className: "fill-amber-500 dark:fill-amber-300",
                series: "outbound",
                title: `${label}: ${t("chart.barOutbound", { count: period.outbound, formatted: number(period.outbound) })}`,
              },
            ],
          };
        })}
      />
      <PeriodTable periods={periods} granularity={granularity} language={language} span={span} />
    </figure>
  );
}

/** The chart's numbers for screen readers, period by period, with every figure (not only the two drawn). */
function PeriodTable({ periods, granularity, language, span }: CallsChartProps & { span: string }) {
  const { t } = useTranslation("calls");
  return (
    <ChartDataTable
      data-testid="calls-chart-table"
      caption={t(`chart.tableCaption.${granularity}`, { span })}
      columns={[t(`chart.periodColumn.${granularity}`), ...FIGURE_KEYS.map((column) => t(`figures.${column}`))]}
      rows={periods.map((period) => ({
        key: period.key,
        header: periodTitle(period, granularity, language),
        cells: FIGURE_KEYS.map((column) => formatFigure(period, column, language)),
      }))}
    />
  );
}
