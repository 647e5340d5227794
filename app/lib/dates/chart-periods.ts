import { addDays, daysOf, localDateKey, startOfLocalDay, type LocalDate, type ResolvedRange } from "./date-ranges";

/**
 * The periods a chart of a date range counts in: days, ISO weeks or calendar
 * months of the tenant's time zone. The call overview, billing usage and
 * scheduling insights draw their charts on these.
 */
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
