import { describe, expect, it } from "vitest";
import { timeZoneForPhone, timeZonesForPhone } from "./time-zone.server";

describe("timeZonesForPhone", () => {
  it("names the zone of a number's most specific known prefix", () => {
    expect(timeZonesForPhone("+14165550101")).toEqual(["America/Toronto"]);
    expect(timeZonesForPhone("+12125550101")).toEqual(["America/New_York"]);
    expect(timeZonesForPhone("+4930123456789")).toEqual(["Europe/Berlin"]);
  });

  it("falls back to shorter prefixes, down to the whole country", () => {
    // 555 is not a real area code: only the North American country code is known, with all its zones.
    const zones = timeZonesForPhone("+15551234567");
    expect(zones).toContain("America/Toronto");
    expect(zones).toContain("America/Los_Angeles");
    expect(zones.length).toBeGreaterThan(10);
  });

  it("knows nothing of a country code that does not exist", () => {
    expect(timeZonesForPhone("+999123456789")).toEqual([]);
    expect(timeZonesForPhone("")).toEqual([]);
  });
});

describe("timeZoneForPhone", () => {
  it("is the zone when the number tells exactly one", () => {
    expect(timeZoneForPhone("+14165550101")).toBe("America/Toronto");
    expect(timeZoneForPhone("+13105550101")).toBe("America/Los_Angeles");
    expect(timeZoneForPhone("+4930123456789")).toBe("Europe/Berlin");
    expect(timeZoneForPhone("+33612345678")).toBe("Europe/Paris");
    // Spain's area codes tell the Canary Islands, an hour behind, from the mainland.
    expect(timeZoneForPhone("+34922123456")).toBe("Atlantic/Canary");
    expect(timeZoneForPhone("+34912345678")).toBe("Europe/Madrid");
    // Russia spans eleven zones, but a Moscow mobile prefix names one.
    expect(timeZonesForPhone("+70001234567").length).toBeGreaterThan(1);
    expect(timeZoneForPhone("+79161234567")).toBe("Europe/Moscow");
  });

  it("is null when the number could be in zones with different clocks", () => {
    // Toll-free and fictional North American numbers, and a prefix shared by several Australian states, span several offsets.
    expect(timeZoneForPhone("+18005550101")).toBeNull();
    expect(timeZoneForPhone("+15551234567")).toBeNull();
    expect(timeZoneForPhone("+61812345678")).toBeNull();
    expect(timeZonesForPhone("+61812345678")).toContain("Australia/Perth");
    expect(timeZonesForPhone("+61812345678")).toContain("Australia/Adelaide");
  });

  it("is one zone when all the named zones keep the same time", () => {
    // The United Kingdom's numbers name London, Guernsey, Jersey and the Isle of Man; Italy's Rome and the Vatican.
    expect(timeZonesForPhone("+447911123456").length).toBeGreaterThan(1);
    expect(timeZoneForPhone("+447911123456")).toBe("Europe/London");
    expect(timeZonesForPhone("+393123456789")).toEqual(["Europe/Rome", "Europe/Vatican"]);
    expect(timeZoneForPhone("+393123456789")).toBe("Europe/Rome");
    expect(timeZoneForPhone("+4791234567")).toBe("Europe/Oslo");
  });

  it("is null for a number no country has", () => {
    expect(timeZoneForPhone("+999123456789")).toBeNull();
  });
});
