import { ChartDataTable } from "~/components/ui/chart-data-table";
import { CHART } from "~/features/call-center/calls-chart";
import { BarChartSvg } from "~/components/ui/bar-chart";
import { useTranslation } from "~/i18n/react";
import type { Granularity } from "~/lib/dates/chart-periods";
import type { LocalDate } from "~/lib/dates/date-ranges";
import { formatDaySpan, periodLabel, periodTitle } from "~/lib/format/local-dates";

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
  return (
    <figure className="min-w-0 space-y-2">
      <figcaption className="text-sm text-slate-600 dark:text-slate-300">
        <span className="font-medium text-slate-900 dark:text-slate-100">{title}</span> · {format(total)}
      </figcaption>
      <BarChartSvg
        frame={{ ...CHART, height: HEIGHT }}
        title={title}
        summary={summary}
        layout="overlaid"
        formatTick={format}
        className="h-auto w-full"
        data-testid={testId}
        bands={points.map((point) => {
          const label = periodLabel(point, granularity, language);
          return {
            key: point.key,
            label,
            bars: [{ value: point.value, className: "fill-sky-600 dark:fill-sky-400", title: `${label}: ${format(point.value)}` }],
          };
        })}
      />
      <ChartDataTable
        caption={t("analytics.tableCaption", { title, span })}
        columns={[t(`analytics.period.${granularity}`), title]}
        rows={points.map((point) => ({ key: point.key, header: periodTitle(point, granularity, language), cells: [format(point.value)] }))}
      />
    </figure>
  );
}
