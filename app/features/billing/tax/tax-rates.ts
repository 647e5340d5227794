import { z } from "zod";
import { numberFormat } from "~/i18n/format";
import { parseAmountToCents } from "~/lib/format/amounts";

/**
 * Tax rates set on screen (/products/tax-rates, docs/decisions/0066-tax-rates-on-screen.md):
 * a country's rate from a UTC day on. Pure, so the rule and the form are unit-tested.
 */

export const TAX_RATE_MAX_BP = 10_000;

export interface TaxRateChange {
  country: string;
  rateBp: number;
  /** YYYY-MM-DD (UTC). */
  effectiveFrom: string;
}

/** The UTC day of an ISO instant: "2026-11-29T23:30:00.000Z" → "2026-11-29". */
export function utcDay(iso: string) {
  return iso.slice(0, 10);
}

/**
 * The rates in force on `day`: each country's latest change from that day or
 * before, else its seeded rate (tax_rates). A change for a country that has no
 * seeded rate is not an EU member's and changes nothing (decideTax needs
 * rates only for the seller's country and EU members).
 */
export function ratesOnDay(seeded: Record<string, number>, changes: readonly TaxRateChange[], day: string): Record<string, number> {
  const rates = { ...seeded };
  const since: Record<string, string> = {};
  for (const change of changes) {
    if (!(change.country in seeded) || change.effectiveFrom > day) continue;
    const current = since[change.country];
    if (current !== undefined && current >= change.effectiveFrom) continue;
    since[change.country] = change.effectiveFrom;
    rates[change.country] = change.rateBp;
  }
  return rates;
}

/** A rate as the form shows it for editing: 1900 → "19", 2550 → "25.5" / "25,5". */
export function rateToInput(rateBp: number, language: string) {
  const text = String(rateBp / 100);
  return language.startsWith("de") ? text.replace(".", ",") : text;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(value: string) {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The rate form: a percentage from 0 to 100 with at most two decimals, typed
 * in the user's language ("25.5" / "25,5"), kept in basis points; the day it
 * takes effect, today (UTC) or later, so a change never reaches back past
 * invoices already issued under the old rate. Messages are keys of the
 * platform namespace.
 */
export function taxRateFormSchema(language: string, today: string) {
  return z.object({
    rate: z.string({ required_error: "taxRates.validation.rateRequired" }).transform((text, ctx) => {
      const parsed = parseAmountToCents(text.replace(/%/g, ""), language);
      if ("problem" in parsed) {
        const problem = { amountRequired: "rateRequired", amountInvalid: "rateInvalid", amountTooPrecise: "rateTooPrecise" }[parsed.problem];
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `taxRates.validation.${problem}` });
        return z.NEVER;
      }
      if (parsed.cents > TAX_RATE_MAX_BP) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "taxRates.validation.rateTooHigh" });
        return z.NEVER;
      }
      return parsed.cents;
    }),
    effectiveFrom: z
      .string({ required_error: "taxRates.validation.dayRequired" })
      .trim()
      .refine(isCalendarDay, "taxRates.validation.dayInvalid")
      .refine((day) => day >= today, "taxRates.validation.dayPast"),
  });
}
export type TaxRateFormValues = z.output<ReturnType<typeof taxRateFormSchema>>;

/** The list's URL contract: ?q= (a country's code or name in the reader's language) and ?show=scheduled (countries with a change to come). */
export const TAX_RATE_SHOW = ["scheduled"] as const;

export function matchesTaxRateFilter(
  row: { country: string; upcoming: readonly unknown[] },
  countryName: string,
  { q, show }: { q: string; show: (typeof TAX_RATE_SHOW)[number] | null },
) {
  if (show === "scheduled" && row.upcoming.length === 0) return false;
  if (!q) return true;
  const term = q.toLocaleLowerCase();
  return row.country.toLowerCase() === term || countryName.toLocaleLowerCase().includes(term);
}

/** A rate in basis points as the reader's language writes a percentage: "25.5 %", "25,5 %", "7.75 %". */
export function formatTaxRate(rateBp: number, language: string) {
  return `${numberFormat(language, { maximumFractionDigits: 2 }).format(rateBp / 100)} %`;
}
