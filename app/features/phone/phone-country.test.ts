import { describe, expect, it } from "vitest";
import { countryOfAcceptLanguage, countryOfTimeZone, registrationPhoneCountry, tenantPhoneCountry } from "./phone-country";

describe("countryOfTimeZone", () => {
  it("names the country of a zone, from the generated tz table", () => {
    expect(countryOfTimeZone("America/Toronto")).toBe("CA");
    expect(countryOfTimeZone("America/New_York")).toBe("US");
    expect(countryOfTimeZone("Europe/Berlin")).toBe("DE");
    expect(countryOfTimeZone("Europe/London")).toBe("GB");
    expect(countryOfTimeZone("Europe/Paris")).toBe("FR");
    expect(countryOfTimeZone("Europe/Zurich")).toBe("CH");
  });

  it("knows the old names browsers still report, in the country they name", () => {
    expect(countryOfTimeZone("Asia/Calcutta")).toBe("IN");
    expect(countryOfTimeZone("Europe/Kiev")).toBe("UA");
    expect(countryOfTimeZone("America/Montreal")).toBe("CA");
    expect(countryOfTimeZone("US/Eastern")).toBe("US");
    // tzdata links these to a zone of another country that keeps the same time.
    expect(countryOfTimeZone("Iceland")).toBe("IS");
    expect(countryOfTimeZone("Africa/Asmera")).toBe("ER");
  });

  it("has no country for UTC, an unknown zone or none", () => {
    expect(countryOfTimeZone("Etc/UTC")).toBeNull();
    expect(countryOfTimeZone("UTC")).toBeNull();
    expect(countryOfTimeZone("Mars/Olympus")).toBeNull();
    expect(countryOfTimeZone("")).toBeNull();
    expect(countryOfTimeZone(null)).toBeNull();
  });

  it("covers every geographic zone the runtime knows", () => {
    const zones = Intl.supportedValuesOf("timeZone").filter((zone) => zone.includes("/") && !zone.startsWith("Etc/"));
    expect(zones.filter((zone) => countryOfTimeZone(zone) === null)).toEqual([]);
  });
});

describe("tenantPhoneCountry", () => {
  it("is the tenant's own country, else its time zone's, else US", () => {
    expect(tenantPhoneCountry({ country: "DE", timeZone: "America/Toronto" })).toBe("DE");
    expect(tenantPhoneCountry({ country: null, timeZone: "America/Toronto" })).toBe("CA");
    expect(tenantPhoneCountry({ country: null, timeZone: "Europe/Berlin" })).toBe("DE");
    expect(tenantPhoneCountry({ country: null, timeZone: "Etc/UTC" })).toBe("US");
    expect(tenantPhoneCountry({ country: null, timeZone: null })).toBe("US");
  });

  it("passes over a stored value that is no ISO code", () => {
    expect(tenantPhoneCountry({ country: "de", timeZone: "Europe/Paris" })).toBe("FR");
    expect(tenantPhoneCountry({ country: "", timeZone: "Europe/Paris" })).toBe("FR");
    expect(tenantPhoneCountry({ country: "DEU", timeZone: "Europe/Paris" })).toBe("FR");
  });
});

describe("registration's country (Accept-Language)", () => {
  it("is the country of the browser's first language: its region, or the language's own country when it names none", () => {
    expect(countryOfAcceptLanguage("de-DE,de;q=0.9,en-US;q=0.8")).toBe("DE");
    expect(countryOfAcceptLanguage("fr-fr")).toBe("FR");
    expect(countryOfAcceptLanguage("zh-Hant-TW")).toBe("TW");
    // Issue 22, item 18: a German browser sends "de,en-US;q=0.7"; its user is German, not American.
    expect(countryOfAcceptLanguage("de,en-US;q=0.7")).toBe("DE");
    expect(countryOfAcceptLanguage("de,en-GB;q=0.8")).toBe("DE");
    expect(countryOfAcceptLanguage("de, en")).toBe("DE");
    expect(countryOfAcceptLanguage("pl,en;q=0.5")).toBe("PL");
    expect(countryOfAcceptLanguage("en")).toBe("US");
    expect(countryOfAcceptLanguage("*")).toBeNull();
    expect(countryOfAcceptLanguage("*,de;q=0.5")).toBe("DE");
    expect(countryOfAcceptLanguage("x-klingon, qq")).toBeNull();
    expect(countryOfAcceptLanguage(null)).toBeNull();
  });

  it("falls back to US", () => {
    expect(registrationPhoneCountry("de-AT")).toBe("AT");
    expect(registrationPhoneCountry("de")).toBe("DE");
    expect(registrationPhoneCountry("")).toBe("US");
    expect(registrationPhoneCountry(undefined)).toBe("US");
  });
});
