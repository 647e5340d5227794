import { AsYouType, parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * The one phone module of the app (spec section 5). Every screen that reads,
 * stores or shows a phone number goes through these functions; libphonenumber-js
 * does what it is good at (international formatting and plausibility), the
 * spec's own rules decide normalisation.
 */

/** Spec section 9: phone lengths 10 to 15 digits. */
export const MIN_PHONE_DIGITS = 10;
export const MAX_PHONE_DIGITS = 15;

const digitsOf = (value: string) => value.replace(/\D/g, "");

/**
 * Whether the number was written with a leading plus. Spreadsheet-safe CSV
 * exports (ours too: /contacts/export.csv writes '+1 (416) 555-0101) put an
 * apostrophe before a cell that starts with + so it is not read as a formula;
 * that apostrophe is not part of the number, so an export re-imports as it was.
 */
const typedWithPlus = (value: string) => value.trim().replace(/^'/, "").trimStart().startsWith("+");

/**
 * To E.164: digits only; 10 digits are North American and get +1; 11 digits
 * starting with 1, or 12 to 15 digits, get a plus; a value typed with + and
 * 10 to 15 digits is kept; anything else is invalid. The rules apply in that
 * order, so "+49 30 123456" (ten digits) becomes +1 4930123456, as the spec says.
 */
export function toE164(input: string): string | null {
  const digits = digitsOf(input);
  if (digits.length === 10) return `+1${digits}`;
  if ((digits.length === 11 && digits.startsWith("1")) || (digits.length >= 12 && digits.length <= MAX_PHONE_DIGITS)) return `+${digits}`;
  if (typedWithPlus(input) && digits.length >= MIN_PHONE_DIGITS && digits.length <= MAX_PHONE_DIGITS) return `+${digits}`;
  return null;
}

/**
 * libphonenumber's reading of an E.164 number, when it reads exactly those
 * digits. It drops a trunk prefix typed after the country code ("+44 020…"
 * is +44 20…); a number it reads differently from how we would store it is
 * not one it vouches for.
 */
function parseExactly(e164: string) {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed && parsed.number === e164 ? parsed : undefined;
}

/**
 * North American area codes start with 2 to 9. libphonenumber only checks
 * the length of +1 numbers (its stricter check also refuses the spec's own
 * example, 555 123 4567), so a German number typed the national way,
 * "030 1234567", would pass as +1 030… and be stored as somebody else's.
 */
const NORTH_AMERICAN_AREA_CODE = /^\+1[2-9]/;

/**
 * A number is valid when it normalises to E.164, libphonenumber accepts
 * exactly that number as possible for its country, and a +1 number has an
 * area code North America can have.
 */
export function isValidPhoneNumber(input: string): boolean {
  const e164 = toE164(input);
  if (!e164) return false;
  // libphonenumber only checks a +1 number's length, which toE164 has already fixed at ten digits; skipping its
  // parse (about 40 µs) is what keeps the import preview of 100,000 North American rows within seconds.
  if (e164.startsWith("+1")) return e164.length === 12 && NORTH_AMERICAN_AREA_CODE.test(e164);
  return parseExactly(e164)?.isPossible() ?? false;
}

/** Anything but digits, spaces and a leading plus means somebody already formatted it. */
const ALREADY_FORMATTED = /[^\d\s+]/;

const northAmerican = (tenDigits: string) => `(${tenDigits.slice(0, 3)}) ${tenDigits.slice(3, 6)}-${tenDigits.slice(6)}`;

/**
 * For reading: 10 digits as (xxx) xxx-xxxx, 11 digits starting with 1 as
 * +1 (xxx) xxx-xxxx, other international numbers in libphonenumber's
 * international format, already formatted strings unchanged.
 */
export function formatPhoneForDisplay(value: string | null | undefined): string {
  if (!value) return "";
  if (ALREADY_FORMATTED.test(value.trim())) return value;
  const digits = digitsOf(value);
  if (digits.length === 10) return northAmerican(digits);
  if (digits.length === 11 && digits.startsWith("1")) return `+1 ${northAmerican(digits.slice(1))}`;
  // Only when libphonenumber keeps every digit: a display that drops one would save as another number.
  const parsed = parseExactly(`+${digits}`);
  return parsed?.isPossible() ? parsed.formatInternational() : value;
}

/**
 * While typing (spec: users only enter digits): up to 10 digits get
 * progressive parentheses ("(416) 55"); beyond 10 digits the number is
 * international and gets a plus: 11 digits starting with 1 as the display
 * shows them, +1 (xxx) xxx-xxxx, others grouped as libphonenumber groups
 * them. A plus the person typed is kept while the number is still short
 * ("+44 7…" does not lose its plus at the first digit); at exactly ten
 * digits it gives way to the brackets, because ten digits are North
 * American whatever comes before them (rule 2 of toE164), and the field
 * should show the number that will be saved. More than 15 digits are cut
 * off, as a length limit on the input would.
 */
export function formatPhoneAsTyped(input: string): string {
  const digits = digitsOf(input).slice(0, MAX_PHONE_DIGITS);
  const typedPlus = input.trimStart().startsWith("+");
  if (digits.length === 0) return typedPlus ? "+" : "";
  if (digits.length > 10) {
    if (digits.length === 11 && digits.startsWith("1")) return `+1 ${northAmerican(digits.slice(1))}`;
    return new AsYouType().input(`+${digits}`);
  }
  if (digits.length === 10) return northAmerican(digits);
  if (typedPlus) return `+${digits}`;
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return northAmerican(digits);
}

/** The ISO country of an E.164 number, when libphonenumber can tell. */
export function countryOfPhone(e164: string): string | null {
  return parsePhoneNumberFromString(e164)?.country ?? null;
}
