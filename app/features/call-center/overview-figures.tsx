import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import { Panel } from "~/components/ui/panel";
import { DATE_RANGES, type DateRangeKey } from "~/features/calls/date-ranges";
import { formatNumber } from "~/i18n/format";
import { CallsChart } from "./calls-chart";
import { formatDaySpan } from "./format";
import { FIGURE_KEYS, figureHref, figureValue, type CallFigures, type Granularity, type PeriodFigures } from "./kpis";

export interface CallFiguresView {
  rangeKey: DateRangeKey;
  firstDay: PeriodFigures["firstDay"];
  lastDay: PeriodFigures["lastDay"];
  granularity: Granularity;
  total: CallFigures;
  periods: PeriodFigures[];
}

/** The call figures of /overview: range picker, one card per KPI (each a link to the calls it counts) and the chart. */
export function CallFiguresSection({ figures, language }: { figures: CallFiguresView; language: string }) {
  const { t } = useTranslation("calls");
  const span = formatDaySpan(figures.firstDay, figures.lastDay, language);
  return (
    <Panel title={t("overview.title")}>
      <div className="space-y-5">
        <RangePicker current={figures.rangeKey} />
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="figures-span">
          {t("overview.span", { range: t(`ranges.${figures.rangeKey}`), span })}
        </p>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7" data-testid="figure-cards">
          {FIGURE_KEYS.map((key) => {
            const value = formatNumber(figureValue(figures.total, key), language);
            return (
              <li key={key}>
                <Link
                  to={figureHref(key, figures.rangeKey)}
                  data-figure={key}
                  className="block h-full rounded-md border border-slate-200 p-3 hover:border-slate-400 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 dark:border-slate-700 dark:hover:border-slate-500 dark:hover:bg-slate-800"
                >
                  <span className="block text-xs uppercase tracking-wide text-slate-600 dark:text-slate-300">{t(`figures.${key}`)}</span>
                  <span className="mt-1 block text-2xl font-semibold tabular-nums">{value}</span>
                  <span className="sr-only">{t("overview.showCalls")}</span>
                </Link>
              </li>
            );
          })}
        </ul>
        <CallsChart periods={figures.periods} granularity={figures.granularity} language={language} />
      </div>
    </Panel>
  );
}

/** Plain links, one per range: a bookmarkable URL and no JavaScript needed. */
function RangePicker({ current }: { current: DateRangeKey }) {
  const { t } = useTranslation("calls");
  return (
    <nav aria-label={t("overview.rangeLabel")}>
      <ul className="flex flex-wrap gap-2">
        {DATE_RANGES.map((range) => (
          <li key={range}>
            <Link
              to={`/overview?range=${range}`}
              aria-current={range === current ? "page" : undefined}
              preventScrollReset
              className={cn(
                "inline-block rounded-md px-3 py-1.5 text-sm",
                range === current ? "bg-primary-button text-primary-button-text" : "border border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800",
              )}
            >
              {t(`ranges.${range}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
