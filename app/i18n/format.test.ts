import { describe, expect, it } from "vitest";
import { dateTimeFormat, formatCallMinutes, formatClockTimeOfDay, formatDateTime, formatMinutes, formatSuccessRate, formatTime, numberFormat } from "./format";

describe("times follow the user's language", () => {
  const lateAtNight = "2026-03-10T04:39:53.000Z"; // 00:39:53 in Toronto

  it("writes English times on the 12-hour clock and German ones on the 24-hour clock, with seconds when asked", () => {
    expect(formatTime(lateAtNight, "en", "America/Toronto", { seconds: true })).toMatch(/^12:39:53\sAM$/);
    expect(formatTime(lateAtNight, "de", "America/Toronto", { seconds: true })).toBe("00:39:53");
    expect(formatTime(lateAtNight, "en", "America/Toronto")).toMatch(/^12:39\sAM$/);
    expect(formatTime(lateAtNight, "de", "America/Toronto")).toBe("00:39");
  });

  it("uses the same clock as the date-times beside it", () => {
    // "Last updated" and a call's start on one page must not mix 00:39 with 12:39 AM.
    expect(formatDateTime(lateAtNight, "en", "America/Toronto")).toMatch(/12:39\sAM$/);
    expect(formatDateTime(lateAtNight, "de", "America/Toronto")).toMatch(/ 00:39$/);
  });

  it("falls back to English for a language it does not know", () => {
    expect(formatTime(lateAtNight, "fr", "America/Toronto")).toMatch(/^12:39\sAM$/);
  });
});

describe("call minutes", () => {
  it("are whole minutes with the unit, in the locale's number format", () => {
    expect(formatCallMinutes(1704, "en")).toBe("28\u00a0min");
    expect(formatCallMinutes(1704, "de")).toBe("28\u00a0Min.");
    expect(formatCallMinutes(150_000, "en")).toBe("2,500\u00a0min");
    expect(formatCallMinutes(150_000, "de")).toBe("2.500\u00a0Min.");
  });

  it("round to the nearest minute, say a few seconds are under a minute and never go below zero", () => {
    expect(formatCallMinutes(89, "en")).toBe("1\u00a0min");
    expect(formatCallMinutes(90, "en")).toBe("2\u00a0min");
    expect(formatCallMinutes(0, "en")).toBe("0\u00a0min");
    expect(formatCallMinutes(12, "en")).toBe("<\u00a01\u00a0min");
    expect(formatCallMinutes(12, "de")).toBe("<\u00a01\u00a0Min.");
    expect(formatCallMinutes(-5, "en")).toBe("0\u00a0min");
  });

  it("match a quota given in minutes", () => {
    expect(formatMinutes(2500, "en")).toBe("2,500\u00a0min");
    expect(formatMinutes(500, "de")).toBe("500\u00a0Min.");
  });
});

describe("formatters", () => {
  it("are built once per language and options", () => {
    expect(numberFormat("de", { maximumFractionDigits: 1 })).toBe(numberFormat("de", { maximumFractionDigits: 1 }));
    expect(numberFormat("de")).not.toBe(numberFormat("en"));
    expect(dateTimeFormat("en", { timeStyle: "short", timeZone: "UTC" })).toBe(dateTimeFormat("en", { timeStyle: "short", timeZone: "UTC" }));
    expect(dateTimeFormat("en", { timeStyle: "short", timeZone: "UTC" })).not.toBe(dateTimeFormat("en", { timeStyle: "short", timeZone: "Europe/Berlin" }));
  });
});

describe("times of day without a date (a calling window)", () => {
  it("are written on the user's clock: 12-hour in English, 24-hour in German", () => {
    expect(formatClockTimeOfDay("09:00", "en")).toMatch(/^9:00\sAM$/);
    expect(formatClockTimeOfDay("17:00", "en")).toMatch(/^5:00\sPM$/);
    expect(formatClockTimeOfDay("00:00", "en")).toMatch(/^12:00\sAM$/);
    expect(formatClockTimeOfDay("09:00", "de")).toBe("09:00");
    expect(formatClockTimeOfDay("17:30", "de")).toBe("17:30");
  });

  it("do not shift with the time zone of the machine or the tenant", () => {
    expect(formatClockTimeOfDay("23:59", "de")).toBe("23:59");
    expect(formatClockTimeOfDay("23:59", "en")).toMatch(/^11:59\sPM$/);
  });

  it("never break between the time and AM/PM", () => {
    expect(formatClockTimeOfDay("17:00", "en")).toBe("5:00\u00a0PM");
  });

  it("leave a value that is not a time as it is", () => {
    expect(formatClockTimeOfDay("soon", "en")).toBe("soon");
  });
});

describe("formatSuccessRate", () => {
  it("reads — with no syncs and a percentage otherwise", () => {
    expect(formatSuccessRate(null, "en")).toBe("—");
    expect(formatSuccessRate(null, "de")).toBe("—");
    expect(formatSuccessRate(75, "en")).toBe("75 %");
    expect(formatSuccessRate(0, "de")).toBe("0 %");
  });
});
