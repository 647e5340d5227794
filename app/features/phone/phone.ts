import { AsYouType, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import {
  digitsOf,
  INTERNATIONAL_ZEROS,
  isNorthAmericanNumber,
  MAX_PHONE_DIGITS,
  readPhone,
  readsNationalNumbers,
  typedWithPlus,
  withinLength,
} from "./phone-rules";

export { MAX_PHONE_DIGITS, MIN_PHONE_DIGITS, readsNationalNumbers } from "./phone-rules";

/**
 * The one phone module of the app (docs/product/validation.md#phone-numbers, with the deviation of
 * docs/decisions/0009-international-phone-input.md). Every screen that reads,
 * stores or shows a phone number goes through these functions; libphonenumber-js
 * does what it is good at (international and national formats, plausibility),
 * our numbered rules (phone-rules.ts, which a page may run without the
 * library) decide normalisation of everything else. In the browser this
 * module loads only once a phone field is used (phone-check.ts); the numbers
 * a page shows are formatted by the server.
 *
 * How a value is read, by how it starts:
 * - `+` or `00`: international; the digits after it are the whole number (00 is the plus).
 * - a single `0`: a national number of the tenant's country (`defaultCountry`), read by
 *   libphonenumber; North America has no such trunk 0, so there the numbered rules apply.
 * - anything else: the numbered rules (ten digits are North American, and so on).
 */

/**
 * The country whose national numbers libphonenumber reads from a leading 0;
 * null for an unknown code and for North America (+1), where 0 is no trunk
 * prefix and the ten-digit rule is the national form.
 */
const nationalCountry = (country: string | null | undefined) => (readsNationalNumbers(country) ? (country as CountryCode) : null);

/**
 * To E.164. International input (+ or 00) keeps its 10 to 15 digits and is
 * never given a +1; national input with a leading 0 is read in
 * `defaultCountry`; otherwise the numbered rules: 10 digits are North American
 * and get +1; 11 digits starting with 1, or 12 to 15 digits, get a plus;
 * anything else is invalid.
 */
export function toE164(input: string, defaultCountry?: string | null): string | null {
  const reading = readPhone(input, defaultCountry);
  if ("e164" in reading) return reading.e164;
  const e164 = parsePhoneNumberFromString(reading.national, reading.country as CountryCode)?.number;
  return e164 && withinLength(e164.slice(1)) ? e164 : null;
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
 * A number is valid when it normalises to E.164, libphonenumber accepts
 * exactly that number as possible for its country, and a +1 number has an
 * area code North America can have.
 */
export function isValidPhoneNumber(input: string, defaultCountry?: string | null): boolean {
  const e164 = toE164(input, defaultCountry);
  if (!e164) return false;
  // libphonenumber only checks a +1 number's length, which is all this checks too; skipping its parse (about 40 µs)
  // is what keeps the import preview of 100,000 North American rows within seconds.
  if (e164.startsWith("+1")) return isNorthAmericanNumber(e164);
  return parseExactly(e164)?.isPossible() ?? false;
}

/** Anything but digits, spaces and a leading plus means somebody already formatted it. */
const ALREADY_FORMATTED = /[^\d\s+]/;

const northAmerican = (tenDigits: string) => `(${tenDigits.slice(0, 3)}) ${tenDigits.slice(3, 6)}-${tenDigits.slice(6)}`;

/** Whether a value is read as international or national rather than by the numbered rules' digit counts. */
function readByLibphonenumber(value: string, digits: string, defaultCountry: string | null | undefined) {
  return typedWithPlus(value) || digits.startsWith(INTERNATIONAL_ZEROS) || (digits.startsWith("0") && nationalCountry(defaultCountry) !== null);
}

/**
 * For reading: stored E.164 and other international numbers in
 * libphonenumber's international format (+1 numbers as +1 (xxx) xxx-xxxx),
 * ten plain digits as (xxx) xxx-xxxx, already formatted strings unchanged.
 * `defaultCountry` matters only for values not yet normalised (a CSV cell).
 */
export function formatPhoneForDisplay(value: string | null | undefined, defaultCountry?: string | null): string {
  if (!value) return "";
  if (ALREADY_FORMATTED.test(value.trim())) return value;
  const digits = digitsOf(value);
  if (readByLibphonenumber(value, digits, defaultCountry)) {
    const e164 = toE164(value, defaultCountry);
    if (!e164) return value;
    if (e164.length === 12 && e164.startsWith("+1")) return `+1 ${northAmerican(e164.slice(2))}`;
    // Only when libphonenumber keeps every digit: a display that drops one would save as another number.
    const parsed = parseExactly(e164);
    return parsed?.isPossible() ? parsed.formatInternational() : value;
  }
  if (digits.length === 10) return northAmerican(digits);
  if (digits.length === 11 && digits.startsWith("1")) return `+1 ${northAmerican(digits.slice(1))}`;
  const parsed = parseExactly(`+${digits}`);
  return parsed?.isPossible() ? parsed.formatInternational() : value;
}

/** International digits as the field shows them: libphonenumber's grouping, +1 numbers as the display shows them. */
function internationalAsTyped(digits: string) {
  if (digits.length === 11 && digits.startsWith("1")) return `+1 ${northAmerican(digits.slice(1))}`;
  return new AsYouType().input(`+${digits}`);
}

/**
 * While typing. International input (+ or 00) is grouped as libphonenumber
 * groups it, keeping the 00 the person typed ("0049 30 123456"); a national
 * number with a leading 0 as libphonenumber's AsYouType groups it for
 * `defaultCountry` ("030 5550 1234" in Germany); otherwise the typing format
 * of docs/product/validation.md#typing-format: up to 10 digits progressive parentheses ("(416) 55"), beyond 10
 * digits a plus (11 digits starting with 1 as +1 (xxx) xxx-xxxx). More than
 * 15 digits of the number are cut off, as a length limit on the input would.
 * Only digits and a leading plus count, so formatting what this made changes
 * nothing and normalises to the same number.
 */
export function formatPhoneAsTyped(input: string, defaultCountry?: string | null): string {
  const digits = digitsOf(input);
  if (input.trimStart().startsWith("+")) {
    const international = digits.slice(0, MAX_PHONE_DIGITS);
    return international ? internationalAsTyped(international) : "+";
  }
  if (digits.startsWith(INTERNATIONAL_ZEROS)) {
    const international = digits.slice(INTERNATIONAL_ZEROS.length, INTERNATIONAL_ZEROS.length + MAX_PHONE_DIGITS);
    return international ? INTERNATIONAL_ZEROS + internationalAsTyped(international).slice(1) : INTERNATIONAL_ZEROS;
  }
  const capped = digits.slice(0, MAX_PHONE_DIGITS);
  const country = capped.startsWith("0") ? nationalCountry(defaultCountry) : null;
  if (country) return new AsYouType(country).input(capped);
  if (capped.length === 0) return "";
  if (capped.length > 10) return internationalAsTyped(capped);
  if (capped.length === 10) return northAmerican(capped);
  if (capped.length <= 3) return `(${capped}`;
  if (capped.length <= 6) return `(${capped.slice(0, 3)}) ${capped.slice(3)}`;
  return northAmerican(capped);
}

/** The ISO country of an E.164 number, when libphonenumber can tell. */
export function countryOfPhone(e164: string): string | null {
  return parsePhoneNumberFromString(e164)?.country ?? null;
}
