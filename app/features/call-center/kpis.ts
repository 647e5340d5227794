import { addDays, daysOf, localDateKey, startOfLocalDay, type DateRangeKey, type LocalDate, type ResolvedRange } from "~/features/calls/date-ranges";

/**
 * The call KPIs of spec section 3 (inbound, outbound, missed, voicemail,
 * completed, escalated, call minutes) and the periods the overview chart
 * counts them in. Pure: the SQL lives in kpis.server.ts.
 */
export interface CallFigures {
  inbound: number;
  outbound: number;
  missed: number;
  voicemail: number;
  /** Calls with status `ended`. */
  completed: number;
  escalated: number;
  durationSeconds: number;
}

export const FIGURE_KEYS = ["inbound", "outbound", "missed", "voicemail", "completed", "escalated", "minutes"] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];

export const emptyFigures = (): CallFigures => ({ inbound: 0, outbound: 0, missed: 0, voicemail: 0, completed: 0, escalated: 0, durationSeconds: 0 });

export function addFigures(a: CallFigures, b: CallFigures): CallFigures {
  return {
    inbound: a.inbound + b.inbound,
    outbound: a.outbound + b.outbound,
    missed: a.missed + b.missed,
    voicemail: a.voicemail + b.voicemail,
    completed: a.completed + b.completed,
    escalated: a.escalated + b.escalated,
    durationSeconds: a.durationSeconds + b.durationSeconds,
  };
}

export type Granularity = "day" | "week" | "month";

/** Longer ranges would squeeze a hundred or more bars into the chart; they are shown per week, then per month. */
export const MAX_DAILY_BUCKETS = 62;
export const MAX_WEEKLY_BUCKETS_DAYS = 190;

export function granularityFor(range: Pick<ResolvedRange, "firstDay" | "lastDay">): Granularity {
  const days = daysOf(range).length;
  if (days <= MAX_DAILY_BUCKETS) return "day";
  if (days <= MAX_WEEKLY_BUCKETS_DAYS) return "week";
  return "month";
}

/** One period of the chart: local calendar days [firstDay, lastDay], as the UTC half-open interval they cover. */
export interface Period {
  key: string;
  firstDay: LocalDate;
  lastDay: LocalDate;
  startUtc: string;
  endUtc: string;
}

const weekdayOf = (date: LocalDate) => new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
const before = (a: LocalDate, b: LocalDate) => localDateKey(a) < localDateKey(b);

/** The first day of the period a date falls in: itself, its week's Monday (ISO weeks), or the 1st of its month. */
function periodStart(date: LocalDate, granularity: Granularity): LocalDate {
  if (granularity === "week") return addDays(date, -((weekdayOf(date) + 6) % 7));
  if (granularity === "month") return { ...date, day: 1 };
  return date;
}

function nextPeriodStart(start: LocalDate, granularity: Granularity): LocalDate {
  if (granularity === "week") return addDays(start, 7);
  if (granularity === "month") return start.month === 12 ? { year: start.year + 1, month: 1, day: 1 } : { year: start.year, month: start.month + 1, day: 1 };
  return addDays(start, 1);
}

/**
 * The chart's periods covering a range, in order, clipped to the range (the
 * first week or month may be partial). Boundaries are local midnights turned
 * into UTC instants, so a day that gains or loses an hour to daylight saving
 * is 23 or 25 hours long and no call lands on the wrong date.
 */
export function periodsOf(range: Pick<ResolvedRange, "firstDay" | "lastDay">, granularity: Granularity, timeZone: string): Period[] {
  const periods: Period[] = [];
  const end = addDays(range.lastDay, 1);
  for (let start = periodStart(range.firstDay, granularity); before(start, end); start = nextPeriodStart(start, granularity)) {
    const next = nextPeriodStart(start, granularity);
    const firstDay = before(start, range.firstDay) ? range.firstDay : start;
    const stop = before(next, end) ? next : end;
    periods.push({
      key: localDateKey(firstDay),
      firstDay,
      lastDay: addDays(stop, -1),
      startUtc: startOfLocalDay(firstDay, timeZone).toISOString(),
      endUtc: startOfLocalDay(stop, timeZone).toISOString(),
    });
  }
  return periods;
}

/** A chart period with its counts. */
export interface PeriodFigures extends CallFigures {
  key: string;
  firstDay: LocalDate;
  lastDay: LocalDate;
}

/** Lays counted rows (by period index) onto every period, so periods without calls still show as zero. */
export function fillPeriods(periods: Period[], counted: Array<{ index: number } & CallFigures>): PeriodFigures[] {
  const byIndex = new Map(counted.map((row) => [row.index, row]));
  return periods.map((period, index) => {
    const row = byIndex.get(index);
    const figures = row ? { ...emptyFigures(), ...pickFigures(row) } : emptyFigures();
    return { key: period.key, firstDay: period.firstDay, lastDay: period.lastDay, ...figures };
  });
}

function pickFigures(row: CallFigures): CallFigures {
  return {
    inbound: Number(row.inbound) || 0,
    outbound: Number(row.outbound) || 0,
    missed: Number(row.missed) || 0,
    voicemail: Number(row.voicemail) || 0,
    completed: Number(row.completed) || 0,
    escalated: Number(row.escalated) || 0,
    durationSeconds: Number(row.durationSeconds) || 0,
  };
}

export const totalOf = (periods: CallFigures[]) => periods.reduce<CallFigures>((sum, period) => addFigures(sum, pickFigures(period)), emptyFigures());

/** Where a figure card leads: the recordings list filtered to exactly the calls it counts. */
export function figureHref(key: FigureKey, range: DateRangeKey) {
  const params = new URLSearchParams();
  if (key === "inbound" || key === "outbound") params.set("direction", key);
  if (key === "missed" || key === "voicemail") params.set("status", key);
  if (key === "completed") params.set("status", "ended");
  if (key === "escalated") params.set("escalated", "1");
  params.set("range", range);
  return `/recordings?${params.toString()}`;
}
