import { ChartDataTable } from "~/components/ui/chart-data-table";
import { formatNumber, formatRate, numberFormat } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { Granularity } from "~/lib/dates/chart-periods";
import { formatDaySpan, periodLabel, periodTitle } from "~/lib/format/local-dates";
import type { PeriodRatings, RatingFigures } from "./csat";

/**
 * CSAT and the average rating per period, drawn on the server as SVG so they
 * are there without JavaScript (like the call overview's chart,
 * app/features/call-center/calls-chart.tsx). Two small charts on one time
 * axis rather than one with two scales: a percentage and a 1–5 mean read
 * wrongly against each other's gridlines. A period without ratings has no
 * bar and breaks the line, so no gap passes for "nobody was happy". Each SVG
 * is one image to assistive technology with a spoken summary; the numbers
 * follow in a visually hidden table.
 */
const CHART = { width: 720, height: 180, top: 10, right: 12, bottom: 30, left: 48 } as const;
const MAX_X_LABELS = 10;
const CSAT_TICKS = [0, 25, 50, 75, 100];
const AVERAGE_TICKS = [1, 2, 3, 4, 5];

export function formatAverage(value: number, language: string) {
  return numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

export function FeedbackChart({
  periods,
  granularity,
  total,
  language,
}: {
  periods: PeriodRatings[];
  granularity: Granularity;
  total: Pick<RatingFigures, "rated" | "csat" | "average">;
  language: string;
}) {
  const { t } = useTranslation("feedback");
  const first = periods[0];
  const last = periods[periods.length - 1];
  const span = first && last ? formatDaySpan(first.firstDay, last.lastDay, language) : "";
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const band = periods.length > 0 ? plotWidth / periods.length : plotWidth;
  const labelEvery = Math.max(1, Math.ceil(periods.length / MAX_X_LABELS));
  const baseline = CHART.top + plotHeight;
  const xCentre = (index: number) => CHART.left + index * band + band / 2;
  const csatY = (value: number) => baseline - (value / 100) * plotHeight;
  const averageY = (value: number) => baseline - ((value - 1) / 4) * plotHeight;

  const summary =
    total.rated === 0
      ? t("chart.noRatings", { span })
      : t("chart.summary", {
          span,
          count: total.rated,
          formatted: formatNumber(total.rated, language),
          csat: formatRate(total.csat ?? 0, language),
          average: formatAverage(total.average ?? 0, language),
        });

  const axis = (ticks: number[], y: (value: number) => number, label: (value: number) => string) => (
    <>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={CHART.left} x2={CHART.width - CHART.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200 dark:stroke-slate-700" strokeWidth={1} />
          <text x={CHART.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle" className="fill-slate-600 dark:fill-slate-300">
            {label(tick)}
          </text>
        </g>
      ))}
      {periods.map((period, index) =>
        index % labelEvery === 0 ? (
          <text key={period.key} x={xCentre(index)} y={CHART.height - CHART.bottom + 18} textAnchor="middle" className="fill-slate-600 dark:fill-slate-300">
            {periodLabel(period, granularity, language)}
          </text>
        ) : null,
      )}
      <line x1={CHART.left} x2={CHART.width - CHART.right} y1={baseline} y2={baseline} className="stroke-slate-400 dark:stroke-slate-500" strokeWidth={1} />
    </>
  );

  // The line runs through consecutive periods that have ratings; an empty period ends one run and the next starts a new one.
  const runs: Array<Array<{ x: number; y: number }>> = [];
  periods.forEach((period, index) => {
    if (period.average === null) {
      runs.push([]);
      return;
    }
    if (runs.length === 0) runs.push([]);
    runs[runs.length - 1]!.push({ x: xCentre(index), y: averageY(period.average) });
  });

  const csatTitle = t("chart.csatTitle");
  const averageTitle = t("chart.averageTitle");
  return (
    <figure className="space-y-3">
      <figcaption className="text-sm text-slate-600 dark:text-slate-300">
        {span}
        {granularity !== "day" ? <> · {t(`chart.bucketNote.${granularity}`)}</> : null}
      </figcaption>
      <div className="grid gap-4 xl:grid-cols-2">
        <div className="min-w-0 space-y-1">
          <h3 className="text-sm font-medium">{csatTitle}</h3>
          <svg
            role="img"
            aria-label={`${csatTitle}. ${summary}`}
            viewBox={`0 0 ${CHART.width} ${CHART.height}`}
            className="h-auto w-full"
            data-testid="csat-chart"
          >
            <title>{csatTitle}</title>
            <desc>{summary}</desc>
            <g className="text-[11px]">
              {axis(CSAT_TICKS, csatY, (value) => formatRate(value, language))}
              {periods.map((period, index) =>
                period.csat === null ? null : (
                  <rect
                    key={period.key}
                    data-period={period.key}
                    x={CHART.left + index * band + band * 0.15}
                    y={csatY(period.csat)}
                    width={band * 0.7}
                    height={Math.max(1, baseline - csatY(period.csat))}
                    className="fill-emerald-600 dark:fill-emerald-400"
                  >
                    <title>{`${periodTitle(period, granularity, language)}: ${formatRate(period.csat, language)}`}</title>
                  </rect>
                ),
              )}
            </g>
          </svg>
        </div>
        <div className="min-w-0 space-y-1">
          <h3 className="text-sm font-medium">{averageTitle}</h3>
          <svg
            role="img"
            aria-label={`${averageTitle}. ${summary}`}
            viewBox={`0 0 ${CHART.width} ${CHART.height}`}
            className="h-auto w-full"
            data-testid="average-chart"
          >
            <title>{averageTitle}</title>
            <desc>{summary}</desc>
            <g className="text-[11px]">
              {axis(AVERAGE_TICKS, averageY, (value) => formatNumber(value, language))}
              {runs
                .filter((run) => run.length > 1)
                .map((run, index) => (
                  <polyline
                    key={index}
                    points={run.map((point) => `${point.x},${point.y}`).join(" ")}
                    fill="none"
                    strokeWidth={2}
                    className="stroke-sky-600 dark:stroke-sky-400"
                  />
                ))}
              {periods.map((period, index) =>
                period.average === null ? null : (
                  <circle
                    key={period.key}
                    data-period={period.key}
                    cx={xCentre(index)}
                    cy={averageY(period.average)}
                    r={3.5}
                    className="fill-sky-600 dark:fill-sky-400"
                  >
                    <title>{`${periodTitle(period, granularity, language)}: ${formatAverage(period.average, language)}`}</title>
                  </circle>
                ),
              )}
            </g>
          </svg>
        </div>
      </div>
      <ChartDataTable
        data-testid="feedback-chart-table"
        caption={t(`chart.tableCaption.${granularity}`, { span })}
        columns={[t(`chart.periodColumn.${granularity}`), t("figures.ratings"), t("figures.csat"), t("figures.average")]}
        rows={periods.map((period) => ({
          key: period.key,
          header: periodTitle(period, granularity, language),
          cells: [
            formatNumber(period.rated, language),
            period.csat === null ? t("chart.none") : formatRate(period.csat, language),
            period.average === null ? t("chart.none") : formatAverage(period.average, language),
          ],
        }))}
      />
    </figure>
  );
}
