import { dateTimeFormat } from "~/i18n/format";
import type { Granularity } from "~/lib/dates/chart-periods";
import type { LocalDate } from "~/lib/dates/date-ranges";

/**
 * Calendar dates and chart periods in the user's language, for the charts of
 * the call overview, billing usage and scheduling insights.
 */

/** A calendar date (no instant, so no zone shift): noon UTC of that date formatted in UTC. */
export function formatLocalDate(date: LocalDate, language: string, options: Intl.DateTimeFormatOptions) {
  return dateTimeFormat(language, { ...options, timeZone: "UTC" }).format(new Date(Date.UTC(date.year, date.month - 1, date.day, 12)));
}

/** A chart period's axis label: "Mar 5" for a day or the first day of a week, "Mar 26" for a month. */
export function periodLabel(period: { firstDay: LocalDate }, granularity: Granularity, language: string) {
  if (granularity === "month") return formatLocalDate(period.firstDay, language, { month: "short", year: "2-digit" });
  return formatLocalDate(period.firstDay, language, { month: "short", day: "numeric" });
}

/** A chart period in full, for the data table: "Thu, Mar 5, 2026", or the span of days a week or month covers. */
export function periodTitle(period: { firstDay: LocalDate; lastDay: LocalDate }, granularity: Granularity, language: string) {
  if (granularity === "day") return formatLocalDate(period.firstDay, language, { weekday: "short", year: "numeric", month: "short", day: "numeric" });
  return formatDaySpan(period.firstDay, period.lastDay, language);
}

/**
 * A span of local days, "Mar 1, 2026 – Mar 7, 2026", or one date when it is a single day.
 * Not Intl's formatRange: its spacing differs between ICU versions (Node's and the
 * browser's), and this text is rendered on both sides of hydration.
 */
export function formatDaySpan(first: LocalDate, last: LocalDate, language: string) {
  const format = dateTimeFormat(language, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
  const a = new Date(Date.UTC(first.year, first.month - 1, first.day, 12));
  const b = new Date(Date.UTC(last.year, last.month - 1, last.day, 12));
  return a.getTime() === b.getTime() ? format.format(a) : `${format.format(a)} – ${format.format(b)}`;
}
