import type { IsoWeekday, WorkingWindow } from "./slots";

/**
 * Working hours, stored as JSON by ISO weekday: `{ "1": [{ "start": "09:00", "end": "12:00" }, …] }`,
 * an absent or empty day a day off, an end of "24:00" midnight. The staff page enters them as
 * from/to time pairs per day, for the weekly hours and for a date exception alike (issue 27:
 * parseDayRanges / formatDayRanges): HH:MM, each range ends after it starts, the ranges of a
 * day do not overlap, at most MAX_WINDOWS_PER_DAY of them. (Until issue 27 they were typed as
 * text, "09:00-12:00, 13:00-17:00"; the stored JSON did not change.)
 */
export const WEEKDAYS: readonly IsoWeekday[] = [1, 2, 3, 4, 5, 6, 7];
export type WeeklyHours = Partial<Record<IsoWeekday, WorkingWindow[]>>;

export const DEFAULT_WEEKLY_HOURS: WeeklyHours = {
  1: [{ start: "09:00", end: "17:00" }],
  2: [{ start: "09:00", end: "17:00" }],
  3: [{ start: "09:00", end: "17:00" }],
  4: [{ start: "09:00", end: "17:00" }],
  5: [{ start: "09:00", end: "17:00" }],
};

/** At most this many ranges a day: a split shift, a lunch break, an evening slot. */
export const MAX_WINDOWS_PER_DAY = 4;

const CLOCK = /^([01]?\d|2[0-3]):([0-5]\d)$|^24:00$/;

function minutesOf(clock: string) {
  if (clock === "24:00") return 1440;
  const [hours, minutes] = clock.split(":").map(Number);
  return hours! * 60 + minutes!;
}

const pad = (clock: string) => (clock.length === 4 ? `0${clock}` : clock);

/** Windows as one line of text for a table cell: "09:00–12:00, 13:00–17:00". */
export function formatHoursText(windows: readonly WorkingWindow[] | undefined) {
  return (windows ?? []).map((window) => `${window.start}–${window.end}`).join(", ");
}

function isWindow(value: unknown): value is WorkingWindow {
  return Boolean(value) && typeof value === "object" && typeof (value as WorkingWindow).start === "string" && typeof (value as WorkingWindow).end === "string";
}

/** The stored JSON, read leniently: anything unreadable is no hours rather than a broken page. */
export function readWeeklyHours(json: string | null | undefined): WeeklyHours {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== "object") return {};
    const hours: WeeklyHours = {};
    for (const day of WEEKDAYS) {
      const windows = (value as Record<string, unknown>)[String(day)];
      if (Array.isArray(windows)) hours[day] = windows.filter(isWindow);
    }
    return hours;
  } catch {
    return {};
  }
}

export function readWindows(json: string | null | undefined): WorkingWindow[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter(isWindow) : [];
  } catch {
    return [];
  }
}

/** Hours in a week, for a summary line ("40 h a week"). */
export function weeklyMinutes(hours: WeeklyHours) {
  return WEEKDAYS.reduce((total, day) => total + (hours[day] ?? []).reduce((sum, window) => sum + minutesOf(window.end) - minutesOf(window.start), 0), 0);
}

/* ---- from/to time pairs (the staff form's time inputs) ---- */

/** One from/to pair as a form holds it: "HH:MM" from an `<input type="time">`, "" when left empty. */
export interface TimePair {
  from: string;
  to: string;
}

/** A day as the form shows it: whether the person works that day, and its ranges in order. */
export interface DayRanges {
  works: boolean;
  pairs: TimePair[];
}

/** Which field of which pair a problem belongs to, so the form shows it there. */
export interface PairProblem {
  index: number;
  field: "from" | "to";
  problem: "timeFormat" | "hoursIncomplete" | "hoursOrder" | "hoursOverlap" | "hoursNeedRange";
}

/**
 * A time input cannot show 24:00 (its range ends at 23:59), so an end of midnight is
 * entered and shown as 00:00: "18:00 to 00:00" is the evening until midnight. A start
 * of 00:00 stays the start of the day.
 */
export const MIDNIGHT_END = "24:00";

/**
 * A day's pairs → its working windows, or each problem at its field. A day that is
 * not worked has no windows, whatever its pairs say (they are kept in the form only).
 * A pair left empty on both sides is a spare and is skipped; a half-filled one is a
 * problem at its empty side. Windows come back sorted by start.
 */
export function parseDayRanges(day: DayRanges): { windows: WorkingWindow[] } | { problems: PairProblem[] } {
  if (!day.works) return { windows: [] };
  const problems: PairProblem[] = [];
  const entered: Array<{ index: number; window: WorkingWindow }> = [];
  day.pairs.forEach((pair, index) => {
    const from = pair.from.trim();
    const to = pair.to.trim();
    if (!from && !to) return;
    if (!from || !to) {
      problems.push({ index, field: from ? "to" : "from", problem: "hoursIncomplete" });
      return;
    }
    const badFrom = !CLOCK.test(from) || from === MIDNIGHT_END;
    const badTo = !CLOCK.test(to);
    if (badFrom) problems.push({ index, field: "from", problem: "timeFormat" });
    if (badTo) problems.push({ index, field: "to", problem: "timeFormat" });
    if (badFrom || badTo) return;
    const window = { start: pad(from), end: pad(to) === "00:00" ? MIDNIGHT_END : pad(to) };
    if (minutesOf(window.end) <= minutesOf(window.start)) {
      problems.push({ index, field: "to", problem: "hoursOrder" });
      return;
    }
    entered.push({ index, window });
  });
  if (problems.length === 0 && entered.length === 0) return { problems: [{ index: 0, field: "from", problem: "hoursNeedRange" }] };
  // The range that starts later is the one that runs into the other: its start is where to look.
  const byStart = [...entered].sort((a, b) => minutesOf(a.window.start) - minutesOf(b.window.start) || a.index - b.index);
  let latestEnd = -1;
  for (const { index, window } of byStart) {
    if (minutesOf(window.start) < latestEnd) problems.push({ index, field: "from", problem: "hoursOverlap" });
    latestEnd = Math.max(latestEnd, minutesOf(window.end));
  }
  if (problems.length) return { problems: problems.sort((a, b) => a.index - b.index || (a.field === "from" ? -1 : 1)) };
  return { windows: byStart.map((entry) => entry.window) };
}

/** Stored windows → the form's day: worked when it has any, midnight ends as 00:00. */
export function formatDayRanges(windows: readonly WorkingWindow[] | undefined): DayRanges {
  const pairs = (windows ?? []).map((window) => ({ from: window.start, to: window.end === MIDNIGHT_END ? "00:00" : window.end }));
  return { works: pairs.length > 0, pairs };
}

/**
 * How many pairs a day shows without JavaScript: those holding anything typed or
 * stored, plus one empty spare to add a range by submitting, at most MAX_WINDOWS_PER_DAY.
 * `filled` is the index of every pair with something in it.
 */
export function pairsToShow(filled: readonly number[]) {
  const highest = filled.length ? Math.max(...filled) : -1;
  return Math.min(MAX_WINDOWS_PER_DAY, highest + 2);
}
