import { describe, expect, it } from "vitest";
import { DEFAULT_TENANT_TIME_ZONE, ianaTimeZone, initialTimeZone } from "./initial-time-zone.server";

describe("ianaTimeZone", () => {
  it.each(["Europe/Berlin", "America/Vancouver", "America/Argentina/Buenos_Aires", "Asia/Kolkata", "UTC"])("accepts %s", (zone) => {
    expect(ianaTimeZone(zone)).toBe(zone);
  });

  it.each([
    ["an unknown name", "Mars/Olympus_Mons"],
    ["a UTC offset", "+01:00"],
    ["a name in the wrong case", "europe/berlin"],
    ["an empty value", ""],
    ["a path", "../../etc/passwd"],
    ["markup", "<script>"],
    ["a very long value", `Europe/${"B".repeat(80)}`],
    ["a missing field", null],
  ])("refuses %s", (_label, value) => {
    expect(ianaTimeZone(value)).toBeNull();
  });
});

describe("initialTimeZone", () => {
  it("takes the zone the number names, whatever the browser says", () => {
    expect(initialTimeZone("+49301234567", "America/Vancouver")).toBe("Europe/Berlin");
    expect(initialTimeZone("+14165550199", "Europe/Berlin")).toBe("America/Toronto");
    expect(initialTimeZone("+447700900123", null)).toBe("Europe/London");
  });

  it("takes the browser's zone when the number spans several", () => {
    expect(initialTimeZone("+18005550199", "America/Vancouver")).toBe("America/Vancouver");
  });

  it("falls back to the default when the number spans zones and the browser sent none or nonsense", () => {
    expect(initialTimeZone("+18005550199", "")).toBe(DEFAULT_TENANT_TIME_ZONE);
    expect(initialTimeZone("+18005550199", "Nowhere/Special")).toBe(DEFAULT_TENANT_TIME_ZONE);
    expect(initialTimeZone(null, undefined)).toBe(DEFAULT_TENANT_TIME_ZONE);
  });
});
