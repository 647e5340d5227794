import type { CampaignFrequency } from "~/db/schema";
import { addCalendarDays, addCalendarMonths, zonedTimeToInstant, type LocalDateTime } from "~/lib/dates/zoned-time";

/**
 * Occurrences of a recurring campaign: the wall-clock date and time it was
 * scheduled at, repeated every day, week or month in the tenant's zone. The
 * clock time stays the same across DST changes (09:00 stays 09:00, so the UTC
 * instant moves by an hour); a monthly series on the 31st runs on the last
 * day of shorter months and returns to the 31st when the month has one.
 */
export function occurrence(start: LocalDateTime, frequency: CampaignFrequency, index: number): LocalDateTime {
  switch (frequency) {
    case "daily":
      return addCalendarDays(start, index);
    case "weekly":
      return addCalendarDays(start, index * 7);
    case "monthly":
      return addCalendarMonths(start, index, start.day);
  }
}

const DAY_MS = 86_400_000;
const APPROXIMATE_PERIOD_MS: Record<CampaignFrequency, number> = { daily: DAY_MS, weekly: 7 * DAY_MS, monthly: 28 * DAY_MS };

/**
 * The first occurrence strictly after `after` (or at it, when `inclusive`).
 * Jumps close to the answer first, so a series that started years ago costs
 * a handful of steps, not one per past occurrence.
 */
export function nextOccurrence(start: LocalDateTime, frequency: CampaignFrequency, timeZone: string, after: Date, { inclusive = false } = {}): Date {
  const first = zonedTimeToInstant(start, timeZone).getTime();
  const target = after.getTime();
  const isNext = (instant: number) => (inclusive ? instant >= target : instant > target);
  if (isNext(first)) return new Date(first);
  // A lower bound on the index: periods are at least this long, DST shifts at most a few hours. Back off two to be safe.
  let index = Math.max(0, Math.floor((target - first) / APPROXIMATE_PERIOD_MS[frequency] / (frequency === "monthly" ? 31 / 28 : 1)) - 2);
  for (;;) {
    const instant = zonedTimeToInstant(occurrence(start, frequency, index), timeZone).getTime();
    if (isNext(instant)) return new Date(instant);
    index += 1;
  }
}
