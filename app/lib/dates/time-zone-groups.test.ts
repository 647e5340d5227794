import { describe, expect, it } from "vitest";
import { groupTimeZones, matchTimeZones } from "./time-zone-groups";

describe("groupTimeZones", () => {
  it("groups by region in a fixed order, zones without a region last", () => {
    expect(groupTimeZones(["UTC", "America/New_York", "Europe/Berlin", "America/Toronto", "Etc/GMT+2", "Asia/Tokyo"])).toEqual([
      { region: "Europe", zones: ["Europe/Berlin"] },
      { region: "America", zones: ["America/New_York", "America/Toronto"] },
      { region: "Asia", zones: ["Asia/Tokyo"] },
      { region: "other", zones: ["UTC", "Etc/GMT+2"] },
    ]);
  });

  it("keeps every zone the runtime knows, each once", () => {
    const zones = Intl.supportedValuesOf("timeZone");
    const grouped = groupTimeZones(zones).flatMap((group) => group.zones);
    expect(grouped.sort()).toEqual([...zones].sort());
  });
});

describe("matchTimeZones", () => {
  it("finds zones by any words of their name, ignoring case and underscores", () => {
    const zones = ["America/New_York", "Europe/Berlin", "America/Argentina/Buenos_Aires"];
    expect(matchTimeZones(zones, "new york")).toEqual(["America/New_York"]);
    expect(matchTimeZones(zones, "BERL")).toEqual(["Europe/Berlin"]);
    expect(matchTimeZones(zones, "america aires")).toEqual(["America/Argentina/Buenos_Aires"]);
    expect(matchTimeZones(zones, " ")).toEqual(zones);
  });
});
