/**
 * Dates and instants as a client sends them (the API's query strings and
 * bodies), read strictly. `Date.parse` takes far more than ISO 8601: extended
 * years such as "-271821-04-20" (whose instant cannot be shifted by a zone
 * offset without a RangeError) and days that do not exist ("2026-02-30", which
 * it rolls over into March). Only real calendar days in the years
 * MIN_YEAR..MAX_YEAR are taken, so every instant read here can be formatted,
 * offset and compared as an ISO string.
 */
export const MIN_YEAR = 1970;
export const MAX_YEAR = 9999;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:[zZ]|([+-])(\d{2}):?(\d{2}))$/;

function isCalendarDay(year: number, month: number, day: number) {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** "YYYY-MM-DD" when it names a real day in range, else null. */
export function readCalendarDay(value: string): string | null {
  const match = DAY.exec(value);
  if (!match) return null;
  return isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3])) ? value : null;
}

/** An ISO 8601 date-time with its zone (Z or ±hh:mm) on a real day and clock, as a UTC ISO string; else null. */
export function readZonedInstant(value: string): string | null {
  const match = INSTANT.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = "0", , offsetHours = "0", offsetMinutes = "0"] = match;
  if (!isCalendarDay(Number(year), Number(month), Number(day))) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59 || Number(offsetHours) > 23 || Number(offsetMinutes) > 59) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return null;
  const instant = new Date(ms);
  // An offset can carry the first or last day of the range across a year boundary.
  if (instant.getUTCFullYear() < MIN_YEAR || instant.getUTCFullYear() > MAX_YEAR) return null;
  return instant.toISOString();
}
