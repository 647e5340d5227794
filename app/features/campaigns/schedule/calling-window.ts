import { addCalendarDays, isoWeekday, localPartsAt, zonedTimeToInstant } from "~/lib/dates/zoned-time";

/**
 * When a campaign may call someone: on the listed weekdays, from start to
 * end (end excluded), on the clock of the person called. A contact whose
 * number names a zone is judged in that zone; everyone else in the tenant's.
 */
export interface CallingWindow {
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  days: readonly number[];
  /** Minutes after local midnight. */
  startMinute: number;
  endMinute: number;
}

export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export function isWithinCallingWindow(instant: Date | number, timeZone: string, window: CallingWindow) {
  const local = localPartsAt(instant, timeZone);
  return window.days.includes(local.weekday) && local.minuteOfDay >= window.startMinute && local.minuteOfDay < window.endMinute;
}

/**
 * The first instant after `after` at which the window opens in the zone, or
 * null when it never does (no weekday). A week and a day are enough to meet
 * every listed weekday; the start is read on the local calendar, so a DST
 * change moves the instant, not the local time.
 */
export function nextWindowOpening(after: Date | number, timeZone: string, window: CallingWindow): Date | null {
  if (window.days.length === 0) return null;
  const from = typeof after === "number" ? after : after.getTime();
  const today = localPartsAt(from, timeZone);
  const start = { hour: Math.floor(window.startMinute / 60), minute: window.startMinute % 60 };
  for (let offset = 0; offset <= 8; offset += 1) {
    const day = addCalendarDays({ ...today, ...start }, offset);
    if (!window.days.includes(isoWeekday(day.year, day.month, day.day))) continue;
    const opening = zonedTimeToInstant(day, timeZone);
    if (opening.getTime() > from) return opening;
  }
  return null;
}

/** The zone a contact is called in. */
export const contactTimeZone = (contactZone: string | null, tenantZone: string) => contactZone ?? tenantZone;

/** The stored weekday list ("[1,2,3]"), tolerant of anything odd in it. */
export function parseWindowDays(json: string): number[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return [...new Set(value.filter((day): day is number => Number.isInteger(day) && day >= 1 && day <= 7))].sort((a, b) => a - b);
  } catch {
    return [];
  }
}
