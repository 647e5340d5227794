import { ZONES_BY_COUNTRY } from "./zone-countries";

/**
 * The country in which a tenant's national phone numbers (typed with a
 * leading 0) are read: the tenant's own setting, else the country of its
 * time zone, else the United States, where the ten-digit rule comes
 * from (docs/product/validation.md#phone-numbers, docs/decisions/0009-international-phone-input.md).
 */
export const DEFAULT_PHONE_COUNTRY = "US";

const COUNTRY_CODE = /^[A-Z]{2}$/;

/** An ISO 3166 alpha-2 code as stored: two upper-case letters. */
export const isCountryCode = (value: string | null | undefined): value is string => typeof value === "string" && COUNTRY_CODE.test(value);

let countryByZone: Map<string, string> | undefined;

/** The country of an IANA time zone (a zone several countries share: its principal one); null for Etc/UTC and the unknown. */
export function countryOfTimeZone(timeZone: string | null | undefined): string | null {
  if (!timeZone) return null;
  countryByZone ??= new Map(Object.entries(ZONES_BY_COUNTRY).flatMap(([country, zones]) => zones.split(" ").map((zone) => [zone, country] as const)));
  return countryByZone.get(timeZone) ?? null;
}

export function tenantPhoneCountry(tenant: { country: string | null; timeZone: string | null }): string {
  if (isCountryCode(tenant.country)) return tenant.country;
  return countryOfTimeZone(tenant.timeZone) ?? DEFAULT_PHONE_COUNTRY;
}

/**
 * The country of the browser's first language in an Accept-Language header:
 * its region when it names one ("de-DE,de;q=0.9" → DE), else the country the
 * language is most used in, by CLDR's likely subtags (Intl.Locale#maximize:
 * "de" → DE, "en" → US, "pl" → PL). Entries are in the browser's order of
 * preference; a wildcard or an unknown tag passes to the next. A German
 * browser sends "de,en-US;q=0.7": taking the first entry that names a region
 * read its user as American and every "030 …" as a US number (issue 22, item 18).
 */
export function countryOfAcceptLanguage(header: string | null | undefined): string | null {
  for (const entry of (header ?? "").split(",")) {
    const tag = entry.split(";")[0]?.trim() ?? "";
    if (!tag || tag === "*") continue;
    const region = tag.split(/[-_]/).find((part, index) => index > 0 && /^[A-Za-z]{2}$/.test(part));
    if (region) return region.toUpperCase();
    const likely = likelyRegion(tag);
    if (likely) return likely;
  }
  return null;
}

function likelyRegion(tag: string): string | null {
  try {
    const region = new Intl.Locale(tag.replace(/_/g, "-")).maximize().region;
    return region && /^[A-Z]{2}$/.test(region) ? region : null;
  } catch {
    return null;
  }
}

/**
 * Before there is a tenant (registration), the registrant's own country as
 * the browser's languages tell it, else the default: international numbers
 * (+ or 00) never depend on it.
 */
export function registrationPhoneCountry(acceptLanguage: string | null | undefined): string {
  return countryOfAcceptLanguage(acceptLanguage) ?? DEFAULT_PHONE_COUNTRY;
}
