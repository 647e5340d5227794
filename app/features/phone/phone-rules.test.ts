import { getCountries, getCountryCallingCode } from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import { toE164 } from "./phone";
import { isValidPhoneNumber as checkedOnEitherSide, toE164 as normalisedOnEitherSide } from "./phone-check";
import { readPhone, readsNationalNumbers } from "./phone-rules";

describe("readsNationalNumbers (without the library)", () => {
  it("knows exactly the countries libphonenumber-js reads national numbers of: all it knows but +1", () => {
    const national = getCountries().filter((country) => getCountryCallingCode(country) !== "1");
    expect(getCountries().filter((country) => readsNationalNumbers(country))).toEqual(national);
    // Countries the library does not know, and none at all, have no national numbers either.
    for (const unknown of ["AQ", "ZZ", "de", "", null, undefined]) expect(readsNationalNumbers(unknown)).toBe(false);
  });
});

describe("readPhone", () => {
  it("reads as toE164 does, except that a national number is left to the library", () => {
    for (const [input, country] of [
      ["(416) 555-0101", "US"],
      ["+44 20 7946 0018", "DE"],
      ["0044 20 7946 0018", "DE"],
      ["447911123456", "US"],
      ["12345", "US"],
      ["030 1234567", "US"],
    ] as const) {
      expect(readPhone(input, country)).toEqual({ e164: toE164(input, country) });
    }
    expect(readPhone("030 5550 1234", "DE")).toEqual({ national: "03055501234", country: "DE" });
  });
});

describe("phone-check on the server", () => {
  it("is the whole library: what only libphonenumber refuses is refused", () => {
    // Fifteen digits after the plus, but no country has the calling code 999.
    expect(checkedOnEitherSide("+999 123 456 789 012")).toBe(false);
    expect(checkedOnEitherSide("030 5550 1234", "DE")).toBe(true);
    expect(normalisedOnEitherSide("030 5550 1234", "DE")).toBe("+493055501234");
  });
});
