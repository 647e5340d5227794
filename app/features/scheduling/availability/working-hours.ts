import type { IsoWeekday, WorkingWindow } from "./slots";

/**
 * Working hours as people write them: "09:00-12:00, 13:00-17:00" for a day,
 * empty for a day off. One text field per weekday works without JavaScript
 * and reads back exactly as typed in. Stored as JSON by ISO weekday.
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

export type HoursProblem = "hoursFormat" | "hoursOrder" | "hoursOverlap" | "hoursTooMany";

const CLOCK = /^([01]?\d|2[0-3]):([0-5]\d)$|^24:00$/;

function minutesOf(clock: string) {
  if (clock === "24:00") return 1440;
  const [hours, minutes] = clock.split(":").map(Number);
  return hours! * 60 + minutes!;
}

const pad = (clock: string) => (clock.length === 4 ? `0${clock}` : clock);

/** "9:00 - 12:00, 13:00–17:00" → windows, sorted; "" → [] (a day off). Dashes of any kind, commas or semicolons between ranges. */
export function parseHoursText(text: string): { windows: WorkingWindow[] } | { problem: HoursProblem } {
  const trimmed = text.trim();
  if (!trimmed) return { windows: [] };
  const parts = trimmed
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length > MAX_WINDOWS_PER_DAY) return { problem: "hoursTooMany" };
  const windows: WorkingWindow[] = [];
  for (const part of parts) {
    const match = /^(\S+)\s*[-–—]\s*(\S+)$/.exec(part);
    if (!match || !CLOCK.test(match[1]!) || !CLOCK.test(match[2]!) || match[1] === "24:00") return { problem: "hoursFormat" };
    const window = { start: pad(match[1]!), end: pad(match[2]!) };
    if (minutesOf(window.end) <= minutesOf(window.start)) return { problem: "hoursOrder" };
    windows.push(window);
  }
  windows.sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
  for (let i = 1; i < windows.length; i++) if (minutesOf(windows[i]!.start) < minutesOf(windows[i - 1]!.end)) return { problem: "hoursOverlap" };
  return { windows };
}

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
