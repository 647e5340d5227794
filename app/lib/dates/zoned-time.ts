/**
 * Wall-clock time in an IANA zone, computed with Intl only: the zone rules
 * (DST changes, historic offsets) come from the runtime's ICU data, never
 * from offsets written here. Campaign schedules are typed as wall-clock
 * times ("2026-03-08T02:30" in America/Toronto) and calling windows are
 * wall-clock hours in each contact's zone; both meet UTC instants here.
 */

export interface LocalDateTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export interface LocalParts extends LocalDateTime {
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Minutes after local midnight. */
  minuteOfDay: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows the zone (an unknown zone makes Intl throw). */
export function isKnownTimeZone(timeZone: string) {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

const MINUTE = 60_000;
const DAY = 86_400_000;

function wallClockOf(instant: number, timeZone: string) {
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") values[part.type] = Number(part.value);
  }
  return { year: values.year!, month: values.month!, day: values.day!, hour: values.hour!, minute: values.minute!, second: values.second! };
}

/** The zone's offset from UTC at an instant, in minutes (Toronto in winter: -300). */
export function offsetMinutesAt(instant: number, timeZone: string) {
  const wall = wallClockOf(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / MINUTE);
}

/** ISO weekday of a calendar date (1 = Monday). */
export function isoWeekday(year: number, month: number, day: number) {
  const sundayBased = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return sundayBased === 0 ? 7 : sundayBased;
}

/** The wall clock in a zone at an instant. */
export function localPartsAt(instant: Date | number, timeZone: string): LocalParts {
  const wall = wallClockOf(typeof instant === "number" ? instant : instant.getTime(), timeZone);
  return {
    year: wall.year,
    month: wall.month,
    day: wall.day,
    hour: wall.hour,
    minute: wall.minute,
    weekday: isoWeekday(wall.year, wall.month, wall.day),
    minuteOfDay: wall.hour * 60 + wall.minute,
  };
}

const sameWallClock = (a: LocalDateTime, b: LocalDateTime) =>
  a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;

/**
 * The instant a wall-clock time names in a zone. Like Temporal's
 * "compatible" disambiguation: a time that occurs twice (the autumn hour)
 * is the earlier instant; a time that does not exist (the spring gap) moves
 * forward by the length of the gap (02:30 on a 02:00→03:00 day is 03:30).
 */
export function zonedTimeToInstant(local: LocalDateTime, timeZone: string): Date {
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const before = offsetMinutesAt(asUtc - DAY, timeZone);
  const after = offsetMinutesAt(asUtc + DAY, timeZone);
  const candidates = [...new Set([asUtc - before * MINUTE, asUtc - after * MINUTE])].sort((a, b) => a - b);
  const matching = candidates.filter((candidate) => sameWallClock(localPartsAt(candidate, timeZone), local));
  if (matching.length > 0) return new Date(matching[0]!);
  // In the gap: read the wall clock with the offset in force before the change, which lands after it.
  return new Date(asUtc - before * MINUTE);
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "2026-12-01T09:30" (what a datetime-local input sends) → its parts, or null when it is not a real date and time. */
export function parseLocalDateTime(value: string): LocalDateTime | null {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute };
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

export function formatLocalDateTime(local: LocalDateTime) {
  return `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}`;
}

/** The wall clock of an instant in a zone, as a datetime-local value. */
export function instantToLocalInput(instant: Date | number, timeZone: string) {
  return formatLocalDateTime(localPartsAt(instant, timeZone));
}

export function daysInMonth(year: number, month: number) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A calendar date moved by whole days (no time zone involved: calendar arithmetic). */
export function addCalendarDays(local: LocalDateTime, days: number): LocalDateTime {
  const date = new Date(Date.UTC(local.year, local.month - 1, local.day + days));
  return { ...local, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** A calendar date moved by whole months, keeping `day` where the month has it and clamping to its last day otherwise. */
export function addCalendarMonths(local: LocalDateTime, months: number, day = local.day): LocalDateTime {
  const index = local.year * 12 + (local.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { ...local, year, month, day: Math.min(day, daysInMonth(year, month)) };
}

/** "HH:mm" → minutes after midnight, or null. */
export function parseClockTime(value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** Minutes after midnight → "HH:mm" (1440, the end of the day, is "24:00"). */
export function formatClockTime(minuteOfDay: number) {
  return `${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}`;
}
