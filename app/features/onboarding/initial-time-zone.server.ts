import { timeZoneForPhone } from "~/features/phone/time-zone.server";

/** The zone a new organisation gets when neither its phone number nor the browser tells one (every tenant's zone before). */
export const DEFAULT_TENANT_TIME_ZONE = "America/Toronto";

/** The shape of an IANA name: "UTC", "Europe/Berlin", "America/Argentina/Buenos_Aires". */
const IANA_NAME = /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z][A-Za-z0-9_+-]*){0,2}$/;

let knownZones: Set<string> | undefined;

/**
 * The value when it names a real IANA zone, else null. The browser's field
 * is the user's to edit, so it is checked twice: Intl must accept the name,
 * and what Intl makes of it must be a zone of its database; that refuses
 * offsets ("+01:00") and anything Intl would only read leniently.
 */
export function ianaTimeZone(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 64 || !IANA_NAME.test(value)) return null;
  knownZones ??= new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
  try {
    return knownZones.has(new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The first time zone of a new organisation: the registrant's phone number
 * tells it when its prefix names one zone (or several that keep the same
 * time); for a number that spans zones (a North American toll-free number)
 * the browser's zone, which the registration form sends when scripts run;
 * without either, the default.
 */
export function initialTimeZone(e164: string | null, browserTimeZone: unknown): string {
  return (e164 ? timeZoneForPhone(e164) : null) ?? ianaTimeZone(browserTimeZone) ?? DEFAULT_TENANT_TIME_ZONE;
}
