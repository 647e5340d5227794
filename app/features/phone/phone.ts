import { AsYouType, parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * The one phone module of the app (spec section 5). Every screen that reads,
 * stores or shows a phone number goes through these functions; libphonenumber-js
 * does what it is good at (international formatting and plausibility), the
 * spec's own rules decide normalisation.
 */

/**
 * To E.164: digits only; 10 digits are North American and get +1; 11 digits
 * starting with 1, or 12 to 15 digits, get a plus; a value typed with + and
 * 10 to 15 digits is kept; anything else is invalid.
 */
export function toE164(input: string): string | null {
  const digits = input.replace(/\D/g, "");
  if (digits.length === 10) return `+1${digits}`;
  if ((digits.length === 11 && digits.startsWith("1")) || (digits.length >= 12 && digits.length <= 15)) return `+${digits}`;
  if (input.trim().startsWith("+") && digits.length >= 10 && digits.length <= 15) return `+${digits}`;
  return null;
}

/** A number is valid when it normalises to E.164 and libphonenumber accepts it as a possible number. */
export function isValidPhoneNumber(input: string): boolean {
  const e164 = toE164(input);
  if (!e164) return false;
  const parsed = parsePhoneNumberFromString(e164);
  return parsed?.isPossible() ?? false;
}

/** Anything but digits, spaces and a leading plus means somebody already formatted it. */
const ALREADY_FORMATTED = /[^\d\s+]/;

/**
 * For reading: 10 digits as (xxx) xxx-xxxx, 11 digits starting with 1 as
 * +1 (xxx) xxx-xxxx, other international numbers in libphonenumber's
 * international format, already formatted strings unchanged.
 */
export function formatPhoneForDisplay(value: string | null | undefined): string {
  if (!value) return "";
  if (ALREADY_FORMATTED.test(value.trim())) return value;
  const digits = value.replace(/\D/g, "");
  if (digits.length === 10) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+1 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed?.isPossible() ? parsed.formatInternational() : value;
}

/**
 * While typing: up to 10 digits get progressive parentheses ("(416) 55");
 * beyond 10 digits the number is international and gets a plus, grouped as
 * libphonenumber groups it.
 */
export function formatPhoneAsTyped(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 15);
  if (digits.length === 0) return "";
  if (digits.length > 10) return new AsYouType().input(`+${digits}`);
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The ISO country of an E.164 number, when libphonenumber can tell. */
export function countryOfPhone(e164: string): string | null {
  return parsePhoneNumberFromString(e164)?.country ?? null;
}
