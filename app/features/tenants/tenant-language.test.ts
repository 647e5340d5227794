import { describe, expect, it } from "vitest";
import { tenantLanguage } from "./tenant-language";

describe("an organisation's language", () => {
  it("is German for German-speaking countries and English elsewhere", () => {
    expect(tenantLanguage({ country: "DE", timeZone: "America/Toronto" })).toBe("de");
    expect(tenantLanguage({ country: "at", timeZone: "UTC" })).toBe("de");
    expect(tenantLanguage({ country: "CA", timeZone: "Europe/Berlin" })).toBe("en");
  });

  it("follows the time zone when the country is not known", () => {
    expect(tenantLanguage({ country: null, timeZone: "Europe/Vienna" })).toBe("de");
    expect(tenantLanguage({ country: null, timeZone: "Europe/Paris" })).toBe("en");
  });
});
