import { parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * The forms a call may carry a contact's number in. Calls keep the numbers
 * as the voice platform sent them (app/features/calls/call-row.ts): E.164 from
 * Vapi and Retell, but a platform of a tenant's own may send the digits
 * without the plus, with 00, or the national form of the tenant's country
 * ("030 1234567" as 0301234567). Matching these exact forms keeps the
 * lookup on the calls' number indexes (migration 0024); a number stored with
 * spaces or dashes is not found (docs/product/contact-center.md says so).
 */
export function callNumberForms(e164: string, tenantCountry: string): string[] {
  const digits = e164.replace(/^\+/, "");
  const forms = new Set([e164, digits, `00${digits}`]);
  const parsed = parsePhoneNumberFromString(e164);
  if (parsed && parsed.country === tenantCountry) {
    const national = String(parsed.nationalNumber);
    forms.add(national);
    // North America has no trunk 0 (app/features/phone/phone.ts); elsewhere the national form starts with one.
    if (parsed.countryCallingCode !== "1") forms.add(`0${national}`);
  }
  return [...forms];
}
