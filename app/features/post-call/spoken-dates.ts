import type { AnalysisLanguage } from "~/features/analysis/analysis";

/**
 * A date as a caller says it ("3. März", "next Tuesday", "tomorrow",
 * "04/05/2026") made into YYYY-MM-DD, read from the day of the call in the
 * tenant's zone. A date without a year is the one nearest after the call
 * (up to half a year back still counts as this year: "we spoke on March 3").
 * What names no single day ("next week") is null. Pure.
 */
export function resolveSpokenDate(said: string, callDate: Date, timeZone: string, language: AnalysisLanguage): string | null {
  const text = said.trim().toLowerCase().replace(/\s+/g, " ");
  const today = localDay(callDate, timeZone);

  const iso = text.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (iso) return valid(+iso[1]!, +iso[2]!, +iso[3]!);

  const dotted = text.match(/^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})?$/);
  if (dotted) return withYear(+dotted[1]!, +dotted[2]!, dotted[3], today);

  const slashed = text.match(/^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/);
  if (slashed) {
    const [a, b] = [+slashed[1]!, +slashed[2]!];
    // Slashes are month first in English, day first in German; a part above 12 settles it.
    const dayFirst = a > 12 || (b <= 12 && language === "de");
    return dayFirst ? withYear(a, b, slashed[3], today) : withYear(b, a, slashed[3], today);
  }

  const relative = RELATIVE_DAYS.find(([pattern]) => pattern.test(text));
  if (relative) return addDays(today, relative[1]);

  // "tuesday, march 3" / "dienstag, den 3. märz": the calendar date after the weekday decides.
  const calendar = text.replace(WEEKDAY_PREFIX, "").replace(/^,? ?(?:den )?/, "");
  const monthDay = calendar.match(/^([a-zäöü]+)\.? (\d{1,2})(?:st|nd|rd|th)?(?:,? (\d{4}))?$/);
  if (monthDay && monthOf(monthDay[1]!)) return withYear(+monthDay[2]!, monthOf(monthDay[1]!)!, monthDay[3], today);
  const dayMonth = calendar.match(/^(\d{1,2})(?:st|nd|rd|th|\.)? ?(?:of )?([a-zäöü]+)\.?(?: (\d{4}))?$/);
  if (dayMonth && monthOf(dayMonth[2]!)) return withYear(+dayMonth[1]!, monthOf(dayMonth[2]!)!, dayMonth[3], today);

  const weekday = WEEKDAYS.findIndex((names) => names.some((name) => new RegExp(`(?:^| )${name}$`).test(text)));
  if (weekday >= 0) {
    // The next such day after the call ("Tuesday" said on a Tuesday is a week on).
    const ahead = (weekday - today.weekday + 7) % 7 || 7;
    return addDays(today, ahead);
  }
  return null;
}

interface Day {
  year: number;
  month: number;
  day: number;
  /** 0 = Monday. */
  weekday: number;
}

function localDay(date: Date, timeZone: string): Day {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric", weekday: "short" }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    year: +part("year"),
    month: +part("month"),
    day: +part("day"),
    weekday: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(part("weekday")),
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

function valid(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const HALF_YEAR_MS = 183 * 86_400_000;

function withYear(day: number, month: number, year: string | undefined, today: Day): string | null {
  if (year) return valid(year.length === 2 ? 2000 + +year : +year, month, day);
  const thisYear = valid(today.year, month, day);
  if (!thisYear) return null;
  const behind = Date.UTC(today.year, today.month - 1, today.day) - Date.UTC(today.year, month - 1, day);
  return behind > HALF_YEAR_MS ? valid(today.year + 1, month, day) : thisYear;
}

function addDays(today: Day, days: number) {
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

const RELATIVE_DAYS: Array<[RegExp, number]> = [
  [/^(?:the day after tomorrow|übermorgen)$/, 2],
  [/^(?:tomorrow|morgen)$/, 1],
  [/^(?:today|heute)$/, 0],
];

const WEEKDAYS = [
  ["monday", "montag"],
  ["tuesday", "dienstag"],
  ["wednesday", "mittwoch"],
  ["thursday", "donnerstag"],
  ["friday", "freitag"],
  ["saturday", "samstag", "sonnabend"],
  ["sunday", "sonntag"],
];
const WEEKDAY_PREFIX = new RegExp(
  `^(?:(?:next|this|coming|this coming|nächsten|nächster|nächste|kommenden|kommender|diesen|dieser) )?(?:${WEEKDAYS.flat().join("|")})`,
);

const MONTHS: Array<string[]> = [
  ["january", "jan", "januar", "jänner"],
  ["february", "feb", "februar"],
  ["march", "mar", "märz", "maerz", "mär"],
  ["april", "apr"],
  ["may", "mai"],
  ["june", "jun", "juni"],
  ["july", "jul", "juli"],
  ["august", "aug"],
  ["september", "sep", "sept"],
  ["october", "oct", "oktober", "okt"],
  ["november", "nov"],
  ["december", "dec", "dezember", "dez"],
];

function monthOf(word: string): number | null {
  const index = MONTHS.findIndex((names) => names.includes(word));
  return index >= 0 ? index + 1 : null;
}
