import { ChartDataTable } from "~/components/ui/chart-data-table";
import { CHART } from "~/features/call-center/calls-chart";
import { chartScale } from "~/lib/format/chart-scale";
import { useTranslation } from "~/i18n/react";
import type { Granularity } from "~/lib/dates/chart-periods";
import type { LocalDate } from "~/lib/dates/date-ranges";
import { formatDaySpan, periodLabel, periodTitle } from "~/lib/format/local-dates";

const MAX_X_LABELS = 10;
const HEIGHT = 200;

export interface SeriesPoint {
  key: string;
  firstDay: LocalDate;
  lastDay: LocalDate;
  value: number;
}

/**
 * One figure of /analytics per chart period as bars, drawn on the server as
 * SVG on the overview chart's frame and scale (app/features/call-center/calls-chart.tsx),
 * so it is there without JavaScript. One image to assistive technology with
 * a spoken summary; the numbers follow in a visually hidden table.
 */
export function SeriesChart({
  title,
  points,
  granularity,
  language,
  format,
  total,
  testId,
}: {
  title: string;
  points: SeriesPoint[];
  granularity: Granularity;
  language: string;
  format: (value: number) => string;
  total: number;
  testId: string;
}) {
  const { t } = useTranslation("platform");
  const first = points[0];
  const last = points.at(-1);
  const span = first && last ? formatDaySpan(first.firstDay, last.lastDay, language) : "";
  const summary = t("analytics.chartSummary", { title, span, total: format(total) });
  const height = HEIGHT;
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = height - CHART.top - CHART.bottom;
  const { top, step } = chartScale(Math.max(0, ...points.map((point) => point.value)));
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const band = points.length > 0 ? plotWidth / points.length : plotWidth;
  const labelEvery = Math.max(1, Math.ceil(points.length / MAX_X_LABELS));
  const yOf = (value: number) => CHART.top + plotHeight - (value / top) * plotHeight;
  return (
    <figure className="min-w-0 space-y-2">
      <figcaption className="text-sm text-slate-600 dark:text-slate-300">
        <span className="font-medium text-slate-900 dark:text-slate-100">{title}</span> · {format(total)}
      </figcaption>
      <svg role="img" aria-label={summary} viewBox={`0 0 ${CHART.width} ${height}`} className="h-auto w-full" data-testid={testId}>
        <title>{title}</title>
        <desc>{summary}</desc>
        <g className="text-[11px]">
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={CHART.left}
                x2={CHART.width - CHART.right}
                y1={yOf(tick)}
                y2={yOf(tick)}
                className="stroke-slate-200 dark:stroke-slate-700"
                strokeWidth={1}
              />
              <text x={CHART.left - 6} y={yOf(tick)} textAnchor="end" dominantBaseline="middle" className="fill-slate-600 dark:fill-slate-300">
                {format(tick)}
              </text>
            </g>
          ))}
          {points.map((point, index) => (
            <g key={point.key} data-period={point.key}>
              {point.value > 0 ? (
                <rect
                  x={CHART.left + index * band + band * 0.15}
                  y={yOf(point.value)}
                  width={band * 0.7}
                  height={CHART.top + plotHeight - yOf(point.value)}
                  className="fill-sky-600 dark:fill-sky-400"
                >
                  <title>{`${periodLabel(point, granularity, language)}: ${format(point.value)}`}</title>
                </rect>
              ) : null}
              {index % labelEvery === 0 ? (
                <text
                  x={CHART.left + index * band + band / 2}
                  y={height - CHART.bottom + 18}
                  textAnchor="middle"
                  className="fill-slate-600 dark:fill-slate-300"
                >
                  {periodLabel(point, granularity, language)}
                </text>
              ) : null}
            </g>
          ))}
          <line
            x1={CHART.left}
            x2={CHART.width - CHART.right}
            y1={CHART.top + plotHeight}
            y2={CHART.top + plotHeight}
            className="stroke-slate-400 dark:stroke-slate-500"
            strokeWidth={1}
          />
        </g>
      </svg>
      <ChartDataTable
        caption={t("analytics.tableCaption", { title, span })}
        columns={[t(`analytics.period.${granularity}`), title]}
        rows={points.map((point) => ({ key: point.key, header: periodTitle(point, granularity, language), cells: [format(point.value)] }))}
      />
    </figure>
  );
}
