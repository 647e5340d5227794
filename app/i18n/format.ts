/** Money, numbers and dates in the user's language (de: 1.234,56 €-style grouping; en: 1,234.56). */
const locales = { en: "en-US", de: "de-DE" } as const;
const localeFor = (language: string) => locales[language as keyof typeof locales] ?? locales.en;

export function formatMoney(cents: number, currency: string, language: string) {
  return new Intl.NumberFormat(localeFor(language), { style: "currency", currency }).format(cents / 100);
}

export function formatNumber(value: number, language: string) {
  return new Intl.NumberFormat(localeFor(language)).format(value);
}

export function formatDate(iso: string, language: string, timeZone?: string) {
  return new Intl.DateTimeFormat(localeFor(language), { dateStyle: "medium", timeZone }).format(new Date(iso));
}

export function formatDateTime(iso: string, language: string, timeZone?: string) {
  return new Intl.DateTimeFormat(localeFor(language), { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
}
