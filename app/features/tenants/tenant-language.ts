import type { Language } from "~/i18n/config";

const GERMAN_SPEAKING = new Set(["DE", "AT", "CH", "LI", "LU"]);

/**
 * The organisation's own language, for what it receives without a request
 * to take one from (mail from the job runner) and for documents that must
 * read the same whoever opens them (invoices): German for a German-speaking
 * country (or, without one, such a time zone), else English.
 */
export function tenantLanguage({ country, timeZone }: { country: string | null; timeZone: string }): Language {
  if (country) return GERMAN_SPEAKING.has(country.toUpperCase()) ? "de" : "en";
  return /^Europe\/(Berlin|Vienna|Zurich|Busingen|Vaduz|Luxembourg)$/.test(timeZone) ? "de" : "en";
}
