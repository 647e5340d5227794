/**
 * VAT identification numbers checked by format only (no VIES lookup): the
 * country prefix and the national pattern the EU's VIES service documents for
 * each member state. A format check catches typos at the field; whether the
 * number is registered is not checked here (docs/decisions/0056-tax-invoices.md).
 */

/** EU member states by ISO 3166-1 alpha-2 code (Greece's VAT prefix is "EL"). */
export const EU_COUNTRIES = [
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
] as const;
export type EuCountry = (typeof EU_COUNTRIES)[number];

export function isEuCountry(country: string): country is EuCountry {
  return (EU_COUNTRIES as readonly string[]).includes(country);
}

/** The national part after the prefix, per country. */
const VAT_PATTERNS: Record<EuCountry, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  GR: /^\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** The prefix a VAT ID of this country starts with. */
export function vatPrefix(country: EuCountry) {
  return country === "GR" ? "EL" : country;
}

/** Upper case without spaces, dots and dashes, as people type them ("DE 123.456.789"). */
export function normalizeVatId(value: string) {
  return value.toUpperCase().replace(/[\s.-]/g, "");
}

export type VatIdCheck = { ok: true; vatId: string } | { ok: false; reason: "notEu" | "prefix" | "format" };

/** Checks a VAT ID against the buyer's country: it must carry that country's prefix and pattern. */
export function checkVatId(country: string, value: string): VatIdCheck {
  if (!isEuCountry(country)) return { ok: false, reason: "notEu" };
  const vatId = normalizeVatId(value);
  const prefix = vatPrefix(country);
  if (!vatId.startsWith(prefix)) return { ok: false, reason: "prefix" };
  return VAT_PATTERNS[country].test(vatId.slice(prefix.length)) ? { ok: true, vatId } : { ok: false, reason: "format" };
}
