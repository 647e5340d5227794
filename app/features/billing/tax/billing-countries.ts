import { EU_COUNTRIES } from "./vat-id";

/** The countries the billing details form offers: the EU (their VAT IDs are checked), then common others (no EU VAT: "not taxable in Germany"). Zod-free, so the form can import it (docs/decisions/0015). */
export const BILLING_COUNTRIES = [...EU_COUNTRIES, "AU", "BR", "CA", "CH", "GB", "IN", "IS", "JP", "LI", "NO", "TR", "UA", "US"] as const;
