import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { buttonClass } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { Stat } from "~/components/ui/stat";
import { DATE_RANGES, type DateRangeKey } from "~/lib/dates/date-ranges";
import { CallsChart } from "./calls-chart";
import { formatDaySpan } from "~/lib/format/local-dates";
import { formatFigure } from "./format";
import type { Granularity } from "~/lib/dates/chart-periods";
import { FIGURE_KEYS, figureHref, type CallFigures, type PeriodFigures } from "./kpis";

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
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7" data-testid="figure-cards" data-tour="overview-figures">
          {FIGURE_KEYS.map((key) => {
            const value = formatFigure(figures.total, key, language);
            return (
              <li key={key} className="min-w-0">
                {/* A seventh of a laptop row is narrow: less padding and a smaller figure, so "1.704 Min." fits beside its German label. */}
                <Stat
                  to={figureHref(key, figures.rangeKey)}
                  data-figure={key}
                  className="h-full p-3 shadow-none"
                  label={t(`figures.${key}`)}
                  value={<span className="text-xl">{value}</span>}
                  note={<span className="sr-only">{t("overview.showCalls")}</span>}
                />
              </li>
            );
          })}
        </ul>
        <CallsChart periods={figures.periods} granularity={figures.granularity} language={language} />
      </div>
    </Panel>
  );
}

/** Plain links, one per range: a bookmarkable URL and no JavaScript needed. Also /analytics's (`path`), same ranges and param. */
export function RangePicker({ current, path = "/overview" }: { current: DateRangeKey; path?: string }) {
  const { t } = useTranslation("calls");
  return (
    <nav aria-label={t("overview.rangeLabel")} data-tour="overview-ranges">
      {/* Two to a row on a phone, so the eight ranges take four short rows instead of eight. */}
      <ul className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {DATE_RANGES.map((range) => (
          <li key={range}>
            <Link
              to={`${path}?range=${range}`}
              aria-current={range === current ? "page" : undefined}
              preventScrollReset
              className={buttonClass(range === current ? "primary" : "secondary", "w-full shadow-none sm:w-auto", "sm")}
            >
              {t(`ranges.${range}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
