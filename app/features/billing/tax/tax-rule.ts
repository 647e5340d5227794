import { isEuCountry } from "./vat-id";

/**
 * Which VAT an invoice carries, for a seller in Germany selling electronically
 * supplied services (docs/decisions/0056-tax-invoices.md):
 * - tax-exempt buyer → 0 % with the exemption note;
 * - buyer in Germany → the German rate;
 * - buyer elsewhere in the EU with a VAT ID (valid by format) → 0 %, reverse charge;
 * - EU consumer without VAT ID → the buyer country's rate (one-stop shop rule for e-services);
 * - buyer outside the EU → 0 %, not taxable in Germany.
 * Rates are basis points (1900 = 19 %), so 25.5 % (Finland) is exact.
 */

/** Standard rates of the EU member states, the seed of the tax_rates table. */
export const EU_STANDARD_RATES_BP: Record<string, number> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2200,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 1900,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

export type TaxNote = "reverseCharge" | "notTaxableInGermany" | "taxExempt" | null;

export interface TaxBuyer {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Checked by format already (vat-id.ts); null when the buyer has none. */
  vatId: string | null;
  taxExempt: boolean;
}

export interface TaxDecision {
  rateBp: number;
  note: TaxNote;
  /** The country whose rate applies (null when no VAT is charged). */
  rateCountry: string | null;
}

export const SELLER_COUNTRY = "DE";

export function decideTax(buyer: TaxBuyer, ratesBp: Record<string, number>, sellerCountry = SELLER_COUNTRY): TaxDecision {
  const rateOf = (country: string) => {
    const rate = ratesBp[country];
    if (rate === undefined) throw new Error(`No tax rate configured for ${country}`);
    return rate;
  };
  if (buyer.taxExempt) return { rateBp: 0, note: "taxExempt", rateCountry: null };
  if (buyer.country === sellerCountry) return { rateBp: rateOf(sellerCountry), note: null, rateCountry: sellerCountry };
  if (isEuCountry(buyer.country)) {
    if (buyer.vatId) return { rateBp: 0, note: "reverseCharge", rateCountry: null };
    return { rateBp: rateOf(buyer.country), note: null, rateCountry: buyer.country };
  }
  return { rateBp: 0, note: "notTaxableInGermany", rateCountry: null };
}

export interface TaxAmounts {
  netCents: number;
  taxCents: number;
  grossCents: number;
}

/**
 * Prices are gross (decision 0056): the charged amount stays what the ledger
 * holds, and the tax is taken out of it. Rounded half up to the cent; net is
 * what remains, so net + tax always equals the amount charged.
 */
export function splitGross(grossCents: number, rateBp: number): TaxAmounts {
  const taxCents = rateBp === 0 ? 0 : Math.round((grossCents * rateBp) / (10_000 + rateBp));
  return { netCents: grossCents - taxCents, taxCents, grossCents };
}

/** "19 %", "25.5 %" (the caller formats the number by language). */
export function ratePercent(rateBp: number) {
  return rateBp / 100;
}
