import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Panel } from "~/components/ui/panel";
import { Stat } from "~/components/ui/stat";
import { DATE_RANGES, type DateRangeKey, type LocalDate } from "~/lib/dates/date-ranges";
import { formatDate, formatMoney, formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { periodLabel } from "~/lib/format/local-dates";
import type { Granularity } from "~/lib/dates/chart-periods";
import { billingHref } from "../billing-tabs";

interface Cost {
  currency: string;
  telephony: number;
  speechToText: number;
  llm: number;
  textToSpeech: number;
  total: number;
}

interface UsageRow {
  key: string;
  calls: number;
  minutes: number;
  cost: Cost | null;
  named?: boolean;
  overageMinutes?: number;
  overageCents?: number;
  firstDay?: LocalDate;
  lastDay?: LocalDate;
}

export interface UsagePanelProps {
  rangeKey: DateRangeKey;
  granularity: Granularity;
  firstDay: LocalDate;
  lastDay: LocalDate;
  currency: string | null;
  otherCurrencies: Cost[];
  overageCentsPerMinute: number;
  days: UsageRow[];
  campaigns: UsageRow[];
  agents: UsageRow[];
  totals: UsageRow;
  period: {
    planName: string;
    includedMinutes: number;
    usedMinutes: number;
    includedMinutesLeft: number;
    overageMinutes: number;
    bookedOverageCents: number;
    periodStart: string;
    periodEnd: string;
  } | null;
  billingCurrency: string;
  timeZone: string;
}

const TOTAL_KEY = "__total";

/** tab=usage: call minutes and reported costs per day, campaign and agent, the plan's included minutes and the overage charged. */
export function UsagePanel(props: UsagePanelProps) {
  const { t, i18n } = useTranslation("billing");
  const language = i18n.language;
  const number = (value: number) => formatNumber(value, language);
  const { period } = props;
  return (
    <div className="space-y-6">
      <nav aria-label={t("usage.rangeLabel")}>
        <ul className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {DATE_RANGES.map((range) => (
            <li key={range}>
              <Link
                to={billingHref("usage", { range })}
                aria-current={range === props.rangeKey ? "page" : undefined}
                preventScrollReset
                className={buttonClass(range === props.rangeKey ? "primary" : "secondary", "w-full shadow-none sm:w-auto", "sm")}
              >
                {t(`ranges.${range}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {period ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="usage-period">
          <Stat
            label={t("usage.included", { plan: period.planName })}
            value={t("usage.includedValue", { used: number(period.usedMinutes - period.overageMinutes), included: number(period.includedMinutes) })}
            note={t("usage.periodEnds", { date: formatDate(period.periodEnd, language, props.timeZone), left: number(period.includedMinutesLeft) })}
          />
          <Stat
            label={t("usage.overage")}
            value={t("usage.minutesValue", { minutes: number(period.overageMinutes) })}
            note={t("usage.overageNote", {
              charged: formatMoney(period.bookedOverageCents, props.billingCurrency, language),
              rate: formatMoney(props.overageCentsPerMinute, props.billingCurrency, language),
            })}
          />
          <Stat
            label={t("usage.rangeMinutes")}
            value={t("usage.minutesValue", { minutes: number(props.totals.minutes) })}
            note={t("usage.rangeCalls", { count: props.totals.calls, formatted: number(props.totals.calls) })}
          />
        </div>
      ) : null}
      <Panel title={t(`usage.per.${props.granularity}`)}>
        <div className="space-y-4">
          <UsageChart days={props.days} language={language} granularity={props.granularity} />
          <UsageTable {...props} kind="day" rows={props.days} />
        </div>
      </Panel>
      <div className="grid items-start gap-6 2xl:grid-cols-2">
        <Panel title={t("usage.perCampaign")}>
          {props.campaigns.length === 0 ? <EmptyState title={t("usage.noCalls")} /> : <UsageTable {...props} kind="campaign" rows={props.campaigns} />}
        </Panel>
        <Panel title={t("usage.perAgent")}>
          {props.agents.length === 0 ? <EmptyState title={t("usage.noCalls")} /> : <UsageTable {...props} kind="agent" rows={props.agents} />}
        </Panel>
      </div>
      {props.otherCurrencies.length > 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="other-currencies">
          {t("usage.otherCurrencies", { list: props.otherCurrencies.map((cost) => formatMoney(cost.total, cost.currency, language)).join(", ") })}
        </p>
      ) : null}
      <p className="text-xs text-slate-500 dark:text-slate-400">{t("usage.costsNote")}</p>
    </div>
  );
}

function UsageTable({
  kind,
  rows,
  totals,
  currency,
  billingCurrency,
  granularity,
}: UsagePanelProps & { kind: "day" | "campaign" | "agent"; rows: UsageRow[] }) {
  const { t, i18n } = useTranslation("billing");
  const language = i18n.language;
  const money = (cents: number | undefined) => (currency && cents !== undefined ? formatMoney(cents, currency, language) : "–");
  const label = (row: UsageRow) => {
    if (row.key === TOTAL_KEY) return <strong>{t("usage.total")}</strong>;
    if (kind === "day" && row.firstDay && row.lastDay)
      return <span className="whitespace-nowrap">{shortPeriod(row.firstDay, row.lastDay, granularity, language)}</span>;
    return row.named === false ? (
      <span className="text-slate-500 dark:text-slate-400">{t(kind === "campaign" ? "usage.noCampaign" : "usage.noAgent")}</span>
    ) : (
      row.key
    );
  };
  const columns: Array<DataColumn<UsageRow>> = [
    { id: "what", header: t(`usage.columns.${kind === "day" ? granularity : kind}`), primary: true, rowHeader: true, truncate: kind !== "day", cell: label },
    { id: "calls", header: t("usage.columns.calls"), align: "end", cell: (row) => formatNumber(row.calls, language) },
    { id: "minutes", header: t("usage.columns.minutes"), align: "end", cell: (row) => formatNumber(row.minutes, language) },
    ...(kind !== "agent" && (totals.overageMinutes ?? 0) > 0
      ? [
          {
            id: "overage",
            header: t("usage.columns.overage"),
            align: "end" as const,
            cell: (row: UsageRow) =>
              row.overageCents ? `${formatNumber(row.overageMinutes ?? 0, language)} · ${formatMoney(row.overageCents, billingCurrency, language)}` : "–",
          },
        ]
      : []),
    ...(currency
      ? (["telephony", "speechToText", "llm", "textToSpeech", "total"] as const).map((part) => ({
          id: part,
          header: t(`usage.columns.${part}`),
          align: "end" as const,
          // A phone shows the total; the parts are for a wider screen.
          className: part === "total" ? undefined : "max-sm:hidden",
          cell: (row: UsageRow) => (
            <span className={part === "total" ? "font-medium tabular-nums" : "tabular-nums"}>{money(row.cost?.[part] ?? (row.calls > 0 ? 0 : undefined))}</span>
          ),
        }))
      : []),
  ];
  return (
    <DataTable
      caption={t(`usage.caption.${kind === "day" ? granularity : kind}`)}
      columns={columns}
      rows={[...(kind === "day" ? [...rows].reverse() : rows), { ...totals, key: TOTAL_KEY }]}
      rowKey={(row) => `${kind}-${row.key}-${row.named === false ? "none" : "named"}`}
      rowData={(row) => ({ "data-usage-row": row.key === TOTAL_KEY ? "total" : row.key })}
      data-testid={`usage-${kind}-table`}
    />
  );
}

const CHART = { width: 720, height: 200, top: 10, right: 8, bottom: 28, left: 44 } as const;

/** Minutes per day as bars, the part beyond the plan in amber; drawn on the server (SVG), with the numbers in a hidden table for screen readers. */
function UsageChart({ days, language, granularity }: { days: UsageRow[]; language: string; granularity: Granularity }) {
  const { t } = useTranslation("billing");
  const max = Math.max(1, ...days.map((day) => day.minutes));
  const step = 10 ** Math.floor(Math.log10(max));
  const top = Math.ceil(max / step) * step;
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const band = days.length ? plotWidth / days.length : plotWidth;
  const yOf = (value: number) => CHART.top + plotHeight - (value / top) * plotHeight;
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  const total = days.reduce((sum, day) => sum + day.minutes, 0);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-label={t(`usage.chartSummary.${granularity}`, { minutes: formatNumber(total, language), count: days.length })}
        className="h-auto w-full"
      >
        {[0, top / 2, top].map((tick) => (
          <g key={tick}>
            <line x1={CHART.left} x2={CHART.width - CHART.right} y1={yOf(tick)} y2={yOf(tick)} className="stroke-slate-200 dark:stroke-slate-700" />
            <text x={CHART.left - 6} y={yOf(tick) + 4} textAnchor="end" className="fill-slate-500 text-[11px] dark:fill-slate-400">
              {formatNumber(tick, language)}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const x = CHART.left + index * band + band * 0.15;
          const width = Math.max(1, band * 0.7);
          const overage = Math.min(day.overageMinutes ?? 0, day.minutes);
          return (
            <g key={day.key}>
              <rect x={x} width={width} y={yOf(day.minutes)} height={CHART.top + plotHeight - yOf(day.minutes)} className="fill-primary-button" />
              {overage > 0 ? <rect x={x} width={width} y={yOf(day.minutes)} height={(overage / top) * plotHeight} className="fill-amber-500" /> : null}
              {index % labelEvery === 0 ? (
                <text x={x + width / 2} y={CHART.height - 8} textAnchor="middle" className="fill-slate-500 text-[11px] dark:fill-slate-400">
                  {day.firstDay ? periodLabel({ firstDay: day.firstDay }, granularity, language) : day.key}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-slate-600 dark:text-slate-300">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-sm bg-primary-button" />
          {t("usage.legendIncluded")}
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-sm bg-amber-500" />
          {t("usage.legendOverage")}
        </span>
      </figcaption>
    </figure>
  );
}

/** A table row's period, short enough for a column: "Nov 16 – 22" for a week, "Nov 2026" for a month, "Mon, Nov 23" for a day. */
function shortPeriod(first: LocalDate, last: LocalDate, granularity: Granularity, language: string) {
  const at = (day: LocalDate) => new Date(Date.UTC(day.year, day.month - 1, day.day, 12));
  if (granularity === "month") return new Intl.DateTimeFormat(language, { month: "short", year: "numeric", timeZone: "UTC" }).format(at(first));
  if (granularity === "day") return new Intl.DateTimeFormat(language, { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }).format(at(first));
  // Not formatRange: the browser's ICU and Node's may join a range differently, and the page must hydrate to the same text.
  const format = new Intl.DateTimeFormat(language, { month: "short", day: "numeric", timeZone: "UTC" });
  return `${format.format(at(first))} – ${format.format(at(last))}`;
}
