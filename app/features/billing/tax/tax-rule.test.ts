import { describe, expect, it } from "vitest";
import { EU_STANDARD_RATES_BP, decideTax, splitGross } from "./tax-rule";

const rates = EU_STANDARD_RATES_BP;

describe("decideTax", () => {
  it("charges German VAT to a buyer in Germany, with or without VAT ID", () => {
    expect(decideTax({ country: "DE", vatId: null, taxExempt: false }, rates)).toEqual({ rateBp: 1900, note: null, rateCountry: "DE" });
    expect(decideTax({ country: "DE", vatId: "DE123456789", taxExempt: false }, rates)).toEqual({ rateBp: 1900, note: null, rateCountry: "DE" });
  });

  it("reverse-charges an EU business with a VAT ID", () => {
    expect(decideTax({ country: "FR", vatId: "FRXX123456789", taxExempt: false }, rates)).toEqual({ rateBp: 0, note: "reverseCharge", rateCountry: null });
  });

  it("charges an EU consumer without VAT ID the rate of their country", () => {
    expect(decideTax({ country: "FR", vatId: null, taxExempt: false }, rates)).toEqual({ rateBp: 2000, note: null, rateCountry: "FR" });
    expect(decideTax({ country: "FI", vatId: null, taxExempt: false }, rates).rateBp).toBe(2550);
  });

  it("charges no German VAT outside the EU", () => {
    expect(decideTax({ country: "CH", vatId: null, taxExempt: false }, rates)).toEqual({ rateBp: 0, note: "notTaxableInGermany", rateCountry: null });
    expect(decideTax({ country: "US", vatId: "anything", taxExempt: false }, rates).note).toBe("notTaxableInGermany");
  });

  it("charges nothing to a tax-exempt buyer, even in Germany", () => {
    expect(decideTax({ country: "DE", vatId: null, taxExempt: true }, rates)).toEqual({ rateBp: 0, note: "taxExempt", rateCountry: null });
  });

  it("uses the configured rates, not the seed", () => {
    expect(decideTax({ country: "DE", vatId: null, taxExempt: false }, { ...rates, DE: 1600 }).rateBp).toBe(1600);
  });

  it("refuses to guess a rate that is not configured", () => {
    expect(() => decideTax({ country: "AT", vatId: null, taxExempt: false }, { DE: 1900 })).toThrow(/AT/);
  });

  it("seeds all 27 member states", () => {
    expect(Object.keys(rates)).toHaveLength(27);
  });
});

describe("splitGross", () => {
  it("takes 19 % out of a gross price so net + tax = gross", () => {
    expect(splitGross(4_900, 1900)).toEqual({ netCents: 4_118, taxCents: 782, grossCents: 4_900 });
    expect(splitGross(11_900, 1900)).toEqual({ netCents: 10_000, taxCents: 1_900, grossCents: 11_900 });
  });

  it("leaves the whole amount net at 0 %", () => {
    expect(splitGross(4_900, 0)).toEqual({ netCents: 4_900, taxCents: 0, grossCents: 4_900 });
  });

  it("handles a fractional rate", () => {
    const split = splitGross(12_550, 2550);
    expect(split).toEqual({ netCents: 10_000, taxCents: 2_550, grossCents: 12_550 });
  });
});
