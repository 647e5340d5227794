import { dateTimeFormat, formatDateTime, numberFormat } from "~/i18n/format";

/**
 * Caller details and extracted data as a person reads them. Voice platforms
 * send both as free-form JSON (`callbackTime: "2026-11-24T10:15"`,
 * `confirmed: false`, `language: "de"`); this turns each field into a label
 * in words (translated where the field is known) and a value in the user's
 * language: dates and times in their format and the tenant's time zone,
 * Yes/No, grouped numbers, language names, phone numbers for display, and
 * nested objects and lists as nested entries. Pure: the page passes in the
 * language, zone, translated labels and the phone formatter.
 */

export type DataValue =
  | { kind: "text"; text: string; /** Machine-readable date or date-time for <time>. */ dateTime?: string }
  | { kind: "list"; items: DataValue[] }
  | { kind: "entries"; entries: DataEntry[] };

export interface DataEntry {
  /** The field's name as the platform sent it. */
  key: string;
  label: string;
  value: DataValue;
}

export interface DataPresentation {
  language: string;
  timeZone: string;
  /** Translated labels of the fields we know, by camelCase name ("callbackTime"). */
  labels: Record<string, string>;
  yes: string;
  no: string;
  formatPhone?: (value: string) => string;
}

/** Levels of nesting shown as entries; anything deeper is shown as compact JSON, so a runaway payload cannot flood the page. */
export const MAX_DEPTH = 3;

const ACRONYMS = new Set(["id", "url", "iban", "bic", "vat", "crm", "sms", "api", "faq", "ip", "utc"]);
/** Numbers in these fields are identifiers or years: 2026 and 90210 without a thousands separator. */
const IDENTIFIER_WORDS = new Set(["id", "year", "zip", "postcode", "code", "number", "no"]);
const LANGUAGE_WORDS = new Set(["language", "lang", "locale"]);
const PHONE_WORDS = new Set(["phone", "mobile", "telephone", "tel", "fax", "cell"]);

/** "callbackTime", "callback_time" and "Callback-Time" → ["callback", "time"]. */
export function keyWords(key: string): string[] {
  return key
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, "$1 $2")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/** The name a known field's label is stored under: "callback_time" → "callbackTime". */
export function canonicalKey(key: string) {
  return keyWords(key)
    .map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join("");
}

/** A field we have no translation for, in words: "contractId" → "Contract ID", "lead_score" → "Lead score". */
export function humanizeKey(key: string) {
  const words = keyWords(key).map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word));
  const text = words.join(" ");
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : key;
}

export function labelFor(key: string, labels: Record<string, string>) {
  return labels[canonicalKey(key)] ?? humanizeKey(key);
}

function isEmpty(value: unknown) {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.every(isEmpty);
  if (typeof value === "object") return Object.values(value).every(isEmpty);
  return false;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A wall-clock time without a zone ("2026-11-24T10:15"): the platform means the tenant's local time, so it is shown as it stands. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
/** An instant ("2026-11-24T09:15:00Z", "…+01:00"): shown in the tenant's time zone. */
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const E164 = /^\+[1-9]\d{6,14}$/;
const PHONE_LIKE = /^\+?[\d\s().-]{7,}$/;
const LANGUAGE_TAG = /^[a-z]{2,3}(?:[-_][a-z\d]{2,8})*$/i;

/** A date from its parts, or null when they name no real day (2026-02-30). */
function utcDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0) {
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
  return real ? date : null;
}

function dateText(value: string, presentation: DataPresentation): DataValue | null {
  const { language, timeZone } = presentation;
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) {
    const date = utcDate(Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3]));
    return date ? { kind: "text", text: dateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(date), dateTime: value } : null;
  }
  const local = LOCAL_DATE_TIME.exec(value);
  if (local) {
    const [, year, month, day, hour, minute, second] = local.map(Number) as number[];
    const date = utcDate(year!, month!, day!, hour!, minute!, Number.isNaN(second) ? 0 : second!);
    return date
      ? {
          kind: "text",
          text: dateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(date),
          dateTime: value.replace(" ", "T"),
        }
      : null;
  }
  if (INSTANT.test(value) && !Number.isNaN(Date.parse(value.replace(" ", "T")))) {
    return { kind: "text", text: formatDateTime(value.replace(" ", "T"), language, timeZone), dateTime: value.replace(" ", "T") };
  }
  return null;
}

const languageNames = new Map<string, Intl.DisplayNames>();

/** "de" → "German" (en) or "Deutsch" (de); a code Intl does not know stays as it was sent. */
export function languageName(code: string, language: string) {
  if (!LANGUAGE_TAG.test(code)) return code;
  let names = languageNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: "language", fallback: "none" });
    languageNames.set(language, names);
  }
  try {
    const name = names.of(code.replace(/_/g, "-"));
    return name ? name.charAt(0).toLocaleUpperCase(language) + name.slice(1) : code;
  } catch {
    return code;
  }
}

function stringValue(value: string, words: string[], presentation: DataPresentation): DataValue {
  const text = value.trim();
  const last = words.at(-1) ?? "";
  if (LANGUAGE_WORDS.has(last)) return { kind: "text", text: languageName(text, presentation.language) };
  const date = dateText(text, presentation);
  if (date) return date;
  const phoneField = words.some((word) => PHONE_WORDS.has(word)) || last === "number";
  if (presentation.formatPhone && (E164.test(text) || (phoneField && PHONE_LIKE.test(text))))
    return { kind: "text", text: presentation.formatPhone(text) || text };
  return { kind: "text", text };
}

function numberValue(value: number, words: string[], presentation: DataPresentation): DataValue {
  if (IDENTIFIER_WORDS.has(words.at(-1) ?? "")) return { kind: "text", text: String(value) };
  return { kind: "text", text: numberFormat(presentation.language, { maximumFractionDigits: 2 }).format(value) };
}

function describeValue(value: unknown, words: string[], presentation: DataPresentation, depth: number): DataValue {
  if (typeof value === "boolean") return { kind: "text", text: value ? presentation.yes : presentation.no };
  if (typeof value === "number") return numberValue(value, words, presentation);
  if (typeof value === "string") return stringValue(value, words, presentation);
  if (depth >= MAX_DEPTH) return { kind: "text", text: JSON.stringify(value) };
  if (Array.isArray(value))
    return { kind: "list", items: value.filter((item) => !isEmpty(item)).map((item) => describeValue(item, words, presentation, depth + 1)) };
  if (value && typeof value === "object") return { kind: "entries", entries: describeEntries(value as Record<string, unknown>, presentation, depth + 1) };
  return { kind: "text", text: String(value) };
}

function describeEntries(object: Record<string, unknown>, presentation: DataPresentation, depth: number): DataEntry[] {
  return Object.entries(object)
    .filter(([, value]) => !isEmpty(value))
    .map(([key, value]) => ({ key, label: labelFor(key, presentation.labels), value: describeValue(value, keyWords(key), presentation, depth) }));
}

/** The fields of a JSON object for display, in the order the platform sent them; anything but an object has none. Empty fields are left out. */
export function describeData(data: unknown, presentation: DataPresentation): DataEntry[] {
  if (!data || typeof data !== "object" || Array.isArray(data)) return [];
  return describeEntries(data as Record<string, unknown>, presentation, 0);
}
