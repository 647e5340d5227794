import { formatDayRanges, WEEKDAYS, type WeeklyHours } from "../availability/working-hours";
import type { IsoWeekday, WorkingWindow } from "../availability/slots";

/**
 * The names and values of the working-hours fields, without zod, so the forms
 * can use them in the browser (staff-schemas.ts holds the schemas, for the actions).
 *
 * A day's hours are flat fields, so the form needs no list handling: a "works" checkbox and
 * MAX_WINDOWS_PER_DAY from/to pairs under one prefix, e.g. day1Works, day1From0, day1To0 for
 * Monday's weekly hours and hoursWorks, hoursFrom0, … for a date exception.
 */
export const worksField = (prefix: string) => `${prefix}Works`;
export const pairField = (prefix: string, side: "from" | "to", index: number) => `${prefix}${side === "from" ? "From" : "To"}${index}`;
export const dayPrefix = (day: IsoWeekday) => `day${day}`;
export const OVERRIDE_PREFIX = "hours";
/** A day's form values for stored windows: a checked box is "on", a midnight end 00:00. */
export function dayFormValues(prefix: string, windows: readonly WorkingWindow[] | undefined): Record<string, string> {
  const ranges = formatDayRanges(windows);
  const values: Record<string, string> = {};
  if (ranges.works) values[worksField(prefix)] = "on";
  ranges.pairs.forEach((pair, index) => {
    values[pairField(prefix, "from", index)] = pair.from;
    values[pairField(prefix, "to", index)] = pair.to;
  });
  return values;
}

/** The form's values for stored hours (the loader's defaults): a checked box is "on", midnight ends 00:00. */
export function weeklyHoursFormValues(hours: WeeklyHours): Record<string, string> {
  return Object.assign({}, ...WEEKDAYS.map((day) => dayFormValues(dayPrefix(day), hours[day]))) as Record<string, string>;
}
