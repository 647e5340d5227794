import { describe, expect, it } from "vitest";
import { formatHoursText, parseHoursText, readWeeklyHours, weeklyMinutes, DEFAULT_WEEKLY_HOURS } from "./working-hours";

describe("working hours as typed", () => {
  it("reads ranges with any dash and separator, sorted, and an empty day as a day off", () => {
    expect(parseHoursText("13:00–17:00; 9:00 - 12:00")).toEqual({
      windows: [
        { start: "09:00", end: "12:00" },
        { start: "13:00", end: "17:00" },
      ],
    });
    expect(parseHoursText("  ")).toEqual({ windows: [] });
    expect(parseHoursText("18:00-24:00")).toEqual({ windows: [{ start: "18:00", end: "24:00" }] });
  });

  it("names what is wrong", () => {
    expect(parseHoursText("9-17")).toEqual({ problem: "hoursFormat" });
    expect(parseHoursText("09:00-25:00")).toEqual({ problem: "hoursFormat" });
    expect(parseHoursText("17:00-09:00")).toEqual({ problem: "hoursOrder" });
    expect(parseHoursText("09:00-12:00, 11:00-13:00")).toEqual({ problem: "hoursOverlap" });
    expect(parseHoursText("1:00-2:00,3:00-4:00,5:00-6:00,7:00-8:00,9:00-10:00")).toEqual({ problem: "hoursTooMany" });
    expect(parseHoursText("24:00-24:00")).toEqual({ problem: "hoursFormat" });
  });

  it("writes back what it read, and reads stored JSON leniently", () => {
    const parsed = parseHoursText("09:00-12:00, 13:00-17:00");
    expect("windows" in parsed && formatHoursText(parsed.windows)).toBe("09:00–12:00, 13:00–17:00");
    expect(readWeeklyHours("not json")).toEqual({});
    expect(readWeeklyHours(JSON.stringify({ 1: [{ start: "09:00", end: "10:00" }], 9: [] }))).toEqual({ 1: [{ start: "09:00", end: "10:00" }] });
    expect(weeklyMinutes(DEFAULT_WEEKLY_HOURS)).toBe(40 * 60);
  });
});
