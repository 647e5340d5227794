import { formatMoney } from "~/i18n/format";
import { formatLocalDate } from "~/lib/format/local-dates";

/** A calendar day ("2026-05-04") in the reader's language, as formatDate writes dates, without a time zone shift: "May 4, 2026", "04.05.2026". */
export function formatDay(day: string, language: string) {
  const [year, month, date] = day.split("-").map(Number);
  return formatLocalDate({ year: year!, month: month!, day: date! }, language, { dateStyle: "medium" });
}

/** Totals per currency, "$12,500.00 · €300.00"; nothing at all is zero in `fallbackCurrency`. */
export function formatTotals(totals: Array<{ currency: string; valueMinor: number }>, language: string, fallbackCurrency: string) {
  if (totals.length === 0) return formatMoney(0, fallbackCurrency, language);
  return totals.map((total) => formatMoney(total.valueMinor, total.currency, language)).join(" · ");
}
