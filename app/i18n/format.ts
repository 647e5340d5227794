/**
 * Money, numbers, dates and times in the user's language: en writes 1,234.56
 * and 12-hour times, de writes 1.234,56 and 24-hour times. Every screen formats
 * through here so that two figures on one page never disagree in style.
 */
const locales = { en: "en-US", de: "de-DE" } as const;
export const localeFor = (language: string) => locales[language as keyof typeof locales] ?? locales.en;

// Building an Intl formatter costs about a millisecond, using one microseconds; tables and charts format hundreds of cells.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}) {
  const locale = localeFor(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions = {}) {
  const locale = localeFor(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

export function formatMoney(cents: number, currency: string, language: string) {
  return numberFormat(language, { style: "currency", currency }).format(cents / 100);
}

/** A percentage already scaled to 0–100 (a success rate), one decimal at most: "87.5 %", "87,5 %". */
export function formatRate(percent: number, language: string) {
  return `${numberFormat(language, { maximumFractionDigits: 1 }).format(percent)} %`;
}

/** A success rate, or "—" when there is none (no syncs yet: issue 27). */
export function formatSuccessRate(percent: number | null, language: string) {
  return percent === null ? "—" : formatRate(percent, language);
}

export function formatNumber(value: number, language: string) {
  return numberFormat(language).format(value);
}

export function formatDate(iso: string, language: string, timeZone?: string) {
  return dateTimeFormat(language, { dateStyle: "medium", timeZone }).format(new Date(iso));
}

// A list page formats a date-time per row, and the same rows again on the next request; formatting one costs tens of microseconds.
const formattedDateTimes = new Map<string, string>();

export function formatDateTime(iso: string, language: string, timeZone?: string) {
  const key = `${language}|${timeZone ?? ""}|${iso}`;
  let text = formattedDateTimes.get(key);
  if (text === undefined) {
    text = dateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
    if (formattedDateTimes.size >= 5_000) formattedDateTimes.clear();
    formattedDateTimes.set(key, text);
  }
  return text;
}

/** A time of day in the same style as formatDateTime's (en 12:33 AM, de 00:33); with seconds for a clock that ticks, such as "Last updated". */
export function formatTime(iso: string, language: string, timeZone?: string, { seconds = false }: { seconds?: boolean } = {}) {
  return dateTimeFormat(language, { timeStyle: seconds ? "medium" : "short", timeZone }).format(new Date(iso));
}

const NBSP = "\u00a0";

/**
 * A wall-clock time of day given as "HH:mm" (a calling window's bounds, opening hours), in the user's
 * style: en 9:00 AM, de 09:00. It belongs to no date or zone, so it is formatted as that time in UTC.
 * A value that is not "HH:mm" is shown as given.
 */
export function formatClockTimeOfDay(hhmm: string, language: string) {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!match) return hhmm;
  const minuteOfDay = Number(match[1]) * 60 + Number(match[2]);
  // Non-breaking: a window "9:00 AM–5:00 PM" must not wrap between "5:00" and "PM".
  return dateTimeFormat(language, { timeStyle: "short", timeZone: "UTC" })
    .format(new Date(Date.UTC(1970, 0, 1, 0, minuteOfDay)))
    .replace(/\s/g, NBSP);
}

/**
 * Minutes in the locale's number format with its unit (en 28 min, 2,500 min;
 * de 28 Min., 2.500 Min.): one style for call time totals, table cells and
 * plan quotas alike, so they can be compared at a glance.
 */
export function formatMinutes(minutes: number, language: string) {
  // A non-breaking space: in a narrow card "132 Min." must not break into "132" over "Min.".
  return numberFormat(language, { style: "unit", unit: "minute", unitDisplay: "short", maximumFractionDigits: 0 }).format(minutes).replace(/\s/g, NBSP);
}

/** Call time in whole minutes; a little call time is "< 1 min" rather than a "0 min" that would read as none. */
export function formatCallMinutes(seconds: number, language: string) {
  if (seconds > 0 && seconds < 30) return `<${NBSP}${formatMinutes(1, language)}`;
  return formatMinutes(Math.max(0, Math.round(seconds / 60)), language);
}
