import { localPartsAt, offsetMinutesAt } from "./zoned-time";

/**
 * The overview's date ranges (docs/product/navigation.md#overview-date-ranges), counted in the tenant's time
 * zone: a "day" starts at local midnight, also across daylight-saving changes.
 * Ranges are half-open [start, end) in UTC ISO strings, ready for SQL on the
 * ISO-8601 text timestamps.
 */
export const DATE_RANGES = [
  "today",
  "yesterday",
  "last-7-days",
  "last-3-months",
  "last-12-months",
  "month-to-date",
  "quarter-to-date",
  "year-to-date",
] as const;
export type DateRangeKey = (typeof DATE_RANGES)[number];
export const DEFAULT_DATE_RANGE: DateRangeKey = "last-7-days";

export function isDateRangeKey(value: unknown): value is DateRangeKey {
  return typeof value === "string" && (DATE_RANGES as readonly string[]).includes(value);
}

export interface LocalDate {
  year: number;
  month: number; // 1-12
  day: number;
}

/** The calendar date an instant falls on in a time zone. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  const { year, month, day } = localPartsAt(instant, timeZone);
  return { year, month, day };
}

/** The UTC instant of local midnight starting a calendar date in a zone. */
export function startOfLocalDay({ year, month, day }: LocalDate, timeZone: string): Date {
  const naive = Date.UTC(year, month - 1, day);
  let result = naive - offsetMinutesAt(naive, timeZone) * 60_000;
  // The offset at the guessed instant can differ from the offset at local midnight when a DST change lies between.
  const corrected = naive - offsetMinutesAt(result, timeZone) * 60_000;
  if (corrected !== result) result = corrected;
  return new Date(result);
}

/** Calendar arithmetic on local dates (month overflow normalises like Date.UTC does). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function addMonths(date: LocalDate, months: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: Math.min(date.day, lastDay) };
}

export const localDateKey = ({ year, month, day }: LocalDate) => `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

export interface ResolvedRange {
  key: DateRangeKey;
  /** First local day in the range. */
  firstDay: LocalDate;
  /** Last local day in the range (inclusive). */
  lastDay: LocalDate;
  startUtc: string;
  endUtc: string;
}

export function resolveDateRange(key: DateRangeKey, timeZone: string, now: Date = new Date()): ResolvedRange {
  const today = localDateOf(now, timeZone);
  let firstDay: LocalDate;
  let lastDay = today;
  switch (key) {
    case "today":
      firstDay = today;
      break;
    case "yesterday":
      firstDay = lastDay = addDays(today, -1);
      break;
    case "last-7-days":
      firstDay = addDays(today, -6);
      break;
    case "last-3-months":
      firstDay = addDays(addMonths(today, -3), 1);
      break;
    case "last-12-months":
      firstDay = addDays(addMonths(today, -12), 1);
      break;
    case "month-to-date":
      firstDay = { ...today, day: 1 };
      break;
    case "quarter-to-date":
      firstDay = { year: today.year, month: Math.floor((today.month - 1) / 3) * 3 + 1, day: 1 };
      break;
    case "year-to-date":
      firstDay = { year: today.year, month: 1, day: 1 };
      break;
  }
  return {
    key,
    firstDay,
    lastDay,
    startUtc: startOfLocalDay(firstDay, timeZone).toISOString(),
    endUtc: startOfLocalDay(addDays(lastDay, 1), timeZone).toISOString(),
  };
}

/** Every local day of a range, in order (for per-date charts). */
export function daysOf(range: Pick<ResolvedRange, "firstDay" | "lastDay">): LocalDate[] {
  const days: LocalDate[] = [];
  for (let day = range.firstDay; localDateKey(day) <= localDateKey(range.lastDay); day = addDays(day, 1)) days.push(day);
  return days;
}
