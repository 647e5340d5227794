import { localPartsAt } from "./zoned-time";

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
