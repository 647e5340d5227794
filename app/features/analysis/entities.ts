import { toE164 } from "~/features/phone/phone";
import type { AnalysisAmount, AnalysisEntities } from "./analysis";
import { normaliseText } from "./text";

/**
 * Emails, phone numbers, dates and amounts mentioned in a transcript, found by
 * regular expressions in English and German notation. Each kind is taken out
 * of the text once found (emails, then dates, then phone numbers, then
 * amounts), so "2026-03-04 10" can never come back as a phone number.
 */
export function extractEntities(text: string): AnalysisEntities {
  let rest = normaliseText(text);
  // Masks what was found with as many "#" as it had characters, so later offsets stay valid; one pass, however long the transcript.
  const take = (spans: Span[]) => {
    let masked = "";
    let from = 0;
    for (const span of spans) {
      masked += rest.slice(from, span.start) + "#".repeat(span.end - span.start);
      from = span.end;
    }
    rest = masked + rest.slice(from);
    return spans;
  };
  const emails = take(findSpans(rest, [EMAIL])).map((span) => span.text.toLowerCase());
  const dates = take(findSpans(rest, DATE_PATTERNS).filter((span) => isPlausibleDate(span.text))).map((span) => span.text);
  const phoneNumbers = take(findSpans(rest, [PHONE]).filter((span) => isPhoneNumber(span, rest))).map((span) => normalisePhoneNumber(span.text));
  const amounts = findSpans(rest, AMOUNT_PATTERNS).map(toAmount);
  return {
    emails: unique(emails),
    phoneNumbers: unique(phoneNumbers),
    dates: uniqueBy(dates, (date) => date.toLowerCase()),
    amounts: uniqueBy(amounts, (amount) => `${amount.value}|${amount.currency ?? ""}`),
  };
}

interface Span {
  start: number;
  end: number;
  text: string;
  groups: Record<string, string | undefined>;
}

/** All matches of the patterns; where two overlap the one that starts first (then the longer one) wins. */
function findSpans(text: string, patterns: RegExp[]): Span[] {
  const all: Span[] = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      all.push({ start: match.index, end: match.index + match[0].length, text: match[0], groups: { ...match.groups } });
    }
  }
  all.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Span[] = [];
  for (const span of all) if (span.start >= (kept[kept.length - 1]?.end ?? 0)) kept.push(span);
  return kept;
}

const unique = (values: string[]) => [...new Set(values)];
function uniqueBy<T>(values: T[], key: (value: T) => string) {
  const seen = new Set<string>();
  return values.filter((value) => !seen.has(key(value)) && seen.add(key(value)));
}

// ---- Emails ----

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

// ---- Dates ----

const NOT_AFTER_DIGIT = "(?<![\\p{N}.,/-])";
const NOT_BEFORE_DIGIT = "(?![\\p{N}])";
const END_OF_WORD = "(?![\\p{L}])";
const EN_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec";
const DE_MONTHS =
  "januar|jänner|februar|märz|maerz|april|mai|juni|juli|august|september|oktober|november|dezember|jan|feb|mär|apr|jun|jul|aug|sept|sep|okt|nov|dez";
const EN_DAY = "\\d{1,2}(?:st|nd|rd|th)?";
const EN_MONTH_DAY = `(?:${EN_MONTHS})\\.? ${EN_DAY}(?:,? \\d{4})?`;
const EN_DAY_MONTH = `${EN_DAY} (?:of )?(?:${EN_MONTHS})\\.?(?: \\d{4})?`;
const DE_DAY_MONTH = `\\d{1,2}\\. ?(?:${DE_MONTHS})\\.?(?: \\d{4})?`;
const EN_WEEKDAY = "(?:(?:next|this|coming|last|this coming) )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)";
const DE_WEEKDAY =
  "(?:(?:nächsten|nächster|nächste|kommenden|kommender|diesen|dieser|letzten|übernächsten) )?(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag)";
const pattern = (source: string, flags = "giu") => new RegExp(source, flags);

const DATE_PATTERNS = [
  pattern(`${NOT_AFTER_DIGIT}\\d{4}-\\d{2}-\\d{2}${NOT_BEFORE_DIGIT}`),
  pattern(`${NOT_AFTER_DIGIT}\\d{1,2}\\.\\d{1,2}\\.(?:\\d{4}|\\d{2})?${NOT_BEFORE_DIGIT}`),
  pattern(`${NOT_AFTER_DIGIT}\\d{1,2}/\\d{1,2}/(?:\\d{4}|\\d{2})${NOT_BEFORE_DIGIT}`),
  // A weekday may lead a calendar date: "Tuesday, March 3", "Dienstag, den 3. März".
  pattern(`(?<![\\p{L}])${EN_WEEKDAY}(?:,? (?:${EN_MONTH_DAY}|${EN_DAY_MONTH}))?${END_OF_WORD}`),
  pattern(`(?<![\\p{L}])${DE_WEEKDAY}(?:,? (?:den )?${DE_DAY_MONTH})?${END_OF_WORD}`),
  pattern(`(?<![\\p{L}])(?:${EN_MONTH_DAY})${NOT_BEFORE_DIGIT}`),
  pattern(`(?<![\\p{L}\\p{N}])(?:${EN_DAY_MONTH})${END_OF_WORD}`),
  pattern(`${NOT_AFTER_DIGIT}(?:${DE_DAY_MONTH})${END_OF_WORD}`),
  pattern("(?<![\\p{L}])(?:the day after tomorrow|tomorrow|next week|übermorgen|nächste woche|nächster woche)(?![\\p{L}])"),
  // Lower-case "morgen" is tomorrow; "Guten Morgen" is a greeting, so this one is case-sensitive.
  pattern("(?<![\\p{L}])morgen(?![\\p{L}])", "gu"),
];

/** Numeric dates must name a real day and month: "3.50." is a price, not a date. */
function isPlausibleDate(text: string) {
  const iso = text.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (iso) return inRange(iso[2], 12) && inRange(iso[3], 31);
  const dotted = text.match(/^(\d{1,2})\.(\d{1,2})\./);
  if (dotted) return inRange(dotted[1], 31) && inRange(dotted[2], 12);
  const slashed = text.match(/^(\d{1,2})\/(\d{1,2})\//);
  if (slashed) return inRange(slashed[1], 31) && inRange(slashed[2], 31) && (inRange(slashed[1], 12) || inRange(slashed[2], 12));
  return true;
}

const inRange = (value: string | undefined, max: number) => Number(value) >= 1 && Number(value) <= max;

// ---- Phone numbers ----

// Digits in groups separated by single spaces, dashes, dots or slashes, with an optional + and bracketed area code.
const PHONE = /(?<![\p{L}\p{N}+#.,])(?:\+ ?)?(?:\(\d{1,5}\) ?|\d)(?:[ \-./]?(?:\(\d{1,5}\) ?|\d)){7,}(?![\p{N}])/gu;
// Long numbers right after these words are order, customer or account numbers, not phone numbers.
const REFERENCE_BEFORE =
  /(?:order|invoice|reference|account|customer|ticket|case|tracking|contract|iban|bestell|rechnungs|kunden|vertrags|auftrags|referenz|sendungs|konto|vorgangs)[\p{L}-]*(?: (?:number|no\.?|nr\.?|nummer|#))? ?(?:is|ist|lautet)?:? ?#?$/iu;

function isPhoneNumber(span: Span, text: string) {
  const digits = span.text.replace(/\D/g, "").length;
  if (digits < 10 || digits > 15) return false;
  return !REFERENCE_BEFORE.test(text.slice(Math.max(0, span.start - 30), span.start));
}

/**
 * E.164 where the number says enough: an international number (+ or 00) or a
 * North American one. A national number with a leading 0 (German "030 …")
 * keeps its written form, since its country is not known.
 */
export function normalisePhoneNumber(raw: string) {
  const written = raw.trim();
  // "+49 (0)30 …": the bracketed 0 is dialled only from inside the country.
  const compact = written.replace(/\(0\)/g, "").replace(/[^\d+]/g, "");
  if (compact.startsWith("00")) return toE164(`+${compact.slice(2)}`) ?? written;
  if (compact.startsWith("+")) return toE164(compact) ?? written;
  if (compact.startsWith("0")) return written;
  return toE164(compact) ?? written;
}

// ---- Amounts ----

const NUMBER = "(?<number>\\d{1,3}(?:[.,\\u00a0\\u202f]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?)(?![\\p{N}])";
const PREFIX_CURRENCY = "(?<prefix>US\\$|CA\\$|\\$|€|£|EUR|USD|GBP|CHF|CAD)";
const SUFFIX_CURRENCY = "(?<suffix>€|\\$|£|EUR|USD|GBP|CHF|CAD|euros?|dollars?|pounds?|pfund|franken|francs?)";
const AMOUNT_PATTERNS = [
  pattern(`(?<![\\p{L}\\p{N}])${PREFIX_CURRENCY}[ \\u00a0]?${NUMBER}`),
  pattern(`(?<![\\p{N}.,])${NUMBER}[ \\u00a0]?${SUFFIX_CURRENCY}(?![\\p{L}])`),
];

const CURRENCIES: Array<[RegExp, string]> = [
  [/^(?:us\$|\$|usd|dollars?)$/i, "USD"],
  [/^(?:ca\$|cad)$/i, "CAD"],
  [/^(?:€|eur|euros?)$/i, "EUR"],
  [/^(?:£|gbp|pounds?|pfund)$/i, "GBP"],
  [/^(?:chf|franken|francs?)$/i, "CHF"],
];

function toAmount(span: Span): AnalysisAmount {
  const symbol = span.groups.prefix ?? span.groups.suffix ?? "";
  const currency = CURRENCIES.find(([test]) => test.test(symbol))?.[1];
  return { value: parseAmount(span.groups.number ?? ""), ...(currency ? { currency } : {}), text: span.text };
}

/**
 * "1,250.50" and "1.250,50" are both 1250.5: when both marks appear the later
 * one is the decimal mark; a single mark followed by exactly three digits
 * groups thousands, otherwise it is the decimal mark.
 */
export function parseAmount(text: string) {
  const compact = text.replace(/[\u00a0\u202f]/g, "");
  const marks = compact.match(/[.,]/g) ?? [];
  if (marks.length === 0) return Number(compact);
  const last = compact.lastIndexOf(marks[marks.length - 1]!);
  const hasBoth = new Set(marks).size > 1;
  const decimalDigits = compact.length - last - 1;
  const lastIsDecimal = hasBoth || (marks.length === 1 && decimalDigits !== 3);
  if (!lastIsDecimal) return Number(compact.replace(/[.,]/g, ""));
  return Number(`${compact.slice(0, last).replace(/[.,]/g, "")}.${compact.slice(last + 1)}`);
}
