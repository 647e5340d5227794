import { describe, expect, it } from "vitest";
import { matchesTaxRateFilter, rateToInput, ratesOnDay, taxRateFormSchema, utcDay } from "./tax-rates";

describe("ratesOnDay", () => {
  const seeded = { DE: 1900, FI: 2550 };
  const changes = [
    { country: "DE", rateBp: 1600, effectiveFrom: "2026-07-01" },
    { country: "DE", rateBp: 1900, effectiveFrom: "2027-01-01" },
    { country: "FI", rateBp: 2400, effectiveFrom: "2027-01-01" },
    { country: "US", rateBp: 800, effectiveFrom: "2020-01-01" },
  ];

  it("keeps the seeded rate before any change", () => {
    expect(ratesOnDay(seeded, changes, "2026-06-30")).toEqual({ DE: 1900, FI: 2550 });
  });

  it("takes a change from its own day on, the latest one winning whatever the order", () => {
    expect(ratesOnDay(seeded, changes, "2026-07-01")).toEqual({ DE: 1600, FI: 2550 });
    expect(ratesOnDay(seeded, [...changes].reverse(), "2027-01-01")).toEqual({ DE: 1900, FI: 2400 });
  });

  it("ignores a country without a seeded rate (not an EU member)", () => {
    expect(ratesOnDay(seeded, changes, "2030-01-01")).not.toHaveProperty("US");
  });

  it("reads the UTC day of an instant", () => {
    expect(utcDay("2026-11-29T23:30:00.000Z")).toBe("2026-11-29");
  });
});

describe("taxRateFormSchema", () => {
  const parse = (rate: string, effectiveFrom: string, language = "en") => taxRateFormSchema(language, "2026-11-29").safeParse({ rate, effectiveFrom });
  const messages = (result: ReturnType<typeof parse>) => (result.success ? [] : result.error.issues.map((issue) => issue.message));

  it("reads a percentage with up to two decimals in the user's language as basis points", () => {
    expect(parse("19", "2026-11-29")).toMatchObject({ success: true, data: { rate: 1900, effectiveFrom: "2026-11-29" } });
    expect(parse("25,5", "2027-01-01", "de")).toMatchObject({ success: true, data: { rate: 2550 } });
    expect(parse("7.75 %", "2027-01-01")).toMatchObject({ success: true, data: { rate: 775 } });
    expect(parse("0", "2027-01-01")).toMatchObject({ success: true, data: { rate: 0 } });
    expect(parse("100", "2027-01-01")).toMatchObject({ success: true, data: { rate: 10_000 } });
  });

  it("refuses rates outside 0–100, with more than two decimals, or not numbers", () => {
    expect(messages(parse("100.01", "2027-01-01"))).toEqual(["taxRates.validation.rateTooHigh"]);
    expect(messages(parse("19.125", "2027-01-01"))).toEqual(["taxRates.validation.rateTooPrecise"]);
    expect(messages(parse("-5", "2027-01-01"))).toEqual(["taxRates.validation.rateInvalid"]);
    expect(messages(parse("abc", "2027-01-01"))).toEqual(["taxRates.validation.rateInvalid"]);
    expect(messages(parse("", "2027-01-01"))).toEqual(["taxRates.validation.rateRequired"]);
  });

  it("refuses a day in the past or not on the calendar", () => {
    expect(messages(parse("19", "2026-11-28"))).toEqual(["taxRates.validation.dayPast"]);
    expect(messages(parse("19", "2027-02-30"))).toContain("taxRates.validation.dayInvalid");
    expect(messages(parse("19", ""))).toContain("taxRates.validation.dayInvalid");
  });

  it("shows a rate back for editing in the user's decimal mark", () => {
    expect(rateToInput(2550, "de")).toBe("25,5");
    expect(rateToInput(1900, "en")).toBe("19");
    expect(rateToInput(775, "en")).toBe("7.75");
  });
});

describe("matchesTaxRateFilter", () => {
  const germany = { country: "DE", upcoming: [] };
  const finland = { country: "FI", upcoming: [{ rateBp: 2400, effectiveFrom: "2027-01-01" }] };

  it("matches a country's code or a part of its name in the reader's language", () => {
    expect(matchesTaxRateFilter(germany, "Deutschland", { q: "de", show: null })).toBe(true);
    expect(matchesTaxRateFilter(germany, "Deutschland", { q: "deutsch", show: null })).toBe(true);
    expect(matchesTaxRateFilter(finland, "Finnland", { q: "deutsch", show: null })).toBe(false);
    expect(matchesTaxRateFilter(finland, "Finland", { q: "", show: null })).toBe(true);
  });

  it("keeps only countries with a change to come when asked", () => {
    expect(matchesTaxRateFilter(germany, "Germany", { q: "", show: "scheduled" })).toBe(false);
    expect(matchesTaxRateFilter(finland, "Finland", { q: "", show: "scheduled" })).toBe(true);
  });
});
