import { parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * To E.164 as spec section 5 describes: digits only; 10 digits are North
 * American and get +1; 11 digits starting with 1, or 12 to 15 digits, get a
 * plus; a value typed with + and 10 to 15 digits is kept; anything else is
 * invalid. The contacts issue extends this module with display and typing formats.
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
