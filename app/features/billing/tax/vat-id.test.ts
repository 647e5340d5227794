import { describe, expect, it } from "vitest";
import { EU_COUNTRIES, checkVatId, isEuCountry, normalizeVatId } from "./vat-id";

describe("checkVatId", () => {
  it("accepts a German VAT ID: DE and nine digits, however it was typed", () => {
    expect(checkVatId("DE", "DE123456789")).toEqual({ ok: true, vatId: "DE123456789" });
    expect(checkVatId("DE", "de 123.456-789")).toEqual({ ok: true, vatId: "DE123456789" });
  });

  it("rejects a German VAT ID with too few or too many digits", () => {
    expect(checkVatId("DE", "DE12345678")).toEqual({ ok: false, reason: "format" });
    expect(checkVatId("DE", "DE1234567890")).toEqual({ ok: false, reason: "format" });
    expect(checkVatId("DE", "DE12345678X")).toEqual({ ok: false, reason: "format" });
  });

  it("wants the buyer country's prefix", () => {
    expect(checkVatId("DE", "FR12345678901")).toEqual({ ok: false, reason: "prefix" });
    expect(checkVatId("AT", "123456789")).toEqual({ ok: false, reason: "prefix" });
  });

  it("uses EL for Greece", () => {
    expect(checkVatId("GR", "EL123456789").ok).toBe(true);
    expect(checkVatId("GR", "GR123456789")).toEqual({ ok: false, reason: "prefix" });
  });

  it.each([
    ["AT", "ATU12345678"],
    ["BE", "BE0123456789"],
    ["FR", "FRXX123456789"],
    ["NL", "NL123456789B01"],
    ["ES", "ESX1234567X"],
    ["IE", "IE1234567WA"],
    ["IT", "IT12345678901"],
    ["PL", "PL1234567890"],
    ["SE", "SE123456789012"],
    ["CY", "CY12345678X"],
  ])("accepts %s format %s", (country, vatId) => {
    expect(checkVatId(country, vatId)).toEqual({ ok: true, vatId });
  });

  it.each([
    ["AT", "AT12345678"],
    ["BE", "BE2123456789"],
    ["NL", "NL123456789C01"],
    ["IT", "IT1234567890"],
  ])("rejects %s format %s", (country, vatId) => {
    expect(checkVatId(country, vatId)).toEqual({ ok: false, reason: "format" });
  });

  it("has no EU format for a country outside the EU", () => {
    expect(checkVatId("CH", "CHE123456789")).toEqual({ ok: false, reason: "notEu" });
    expect(checkVatId("GB", "GB123456789")).toEqual({ ok: false, reason: "notEu" });
  });

  it("knows the 27 member states", () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    expect(isEuCountry("DE")).toBe(true);
    expect(isEuCountry("CH")).toBe(false);
    expect(normalizeVatId(" nl 1234.567-89 b01 ")).toBe("NL123456789B01");
  });
});
