import { describe, expect, it } from "vitest";
import { formatDayRanges, formatHoursText, pairsToShow, parseDayRanges, readWeeklyHours, weeklyMinutes, DEFAULT_WEEKLY_HOURS } from "./working-hours";

describe("stored working hours", () => {
  it("reads stored JSON leniently and writes windows as one line", () => {
    expect(readWeeklyHours("not json")).toEqual({});
    expect(readWeeklyHours(JSON.stringify({ 1: [{ start: "09:00", end: "10:00" }], 9: [] }))).toEqual({ 1: [{ start: "09:00", end: "10:00" }] });
    expect(
      formatHoursText([
        { start: "09:00", end: "12:00" },
        { start: "13:00", end: "17:00" },
      ]),
    ).toBe("09:00–12:00, 13:00–17:00");
    expect(weeklyMinutes(DEFAULT_WEEKLY_HOURS)).toBe(40 * 60);
  });
});

describe("working hours as from/to time pairs", () => {
  const pair = (from: string, to: string) => ({ from, to });

  it("reads a worked day's pairs as sorted windows, skipping empty spares", () => {
    expect(parseDayRanges({ works: true, pairs: [pair("13:00", "17:00"), pair("", ""), pair("09:00", "12:00")] })).toEqual({
      windows: [
        { start: "09:00", end: "12:00" },
        { start: "13:00", end: "17:00" },
      ],
    });
    // Touching is not overlapping: the slot engine joins them (slots.ts).
    expect(parseDayRanges({ works: true, pairs: [pair("09:00", "12:00"), pair("12:00", "13:00")] })).toHaveProperty("windows.length", 2);
    expect(parseDayRanges({ works: true, pairs: [pair("9:05", "17:30")] })).toEqual({ windows: [{ start: "09:05", end: "17:30" }] });
  });

  it("takes an end of 00:00 as midnight and shows a stored midnight as 00:00", () => {
    expect(parseDayRanges({ works: true, pairs: [pair("18:00", "00:00")] })).toEqual({ windows: [{ start: "18:00", end: "24:00" }] });
    expect(parseDayRanges({ works: true, pairs: [pair("00:00", "06:00")] })).toEqual({ windows: [{ start: "00:00", end: "06:00" }] });
    expect(formatDayRanges([{ start: "18:00", end: "24:00" }])).toEqual({ works: true, pairs: [pair("18:00", "00:00")] });
    expect(formatDayRanges(undefined)).toEqual({ works: false, pairs: [] });
  });

  it("gives a day that is not worked no windows, whatever its times say", () => {
    expect(parseDayRanges({ works: false, pairs: [pair("17:00", "09:00")] })).toEqual({ windows: [] });
  });

  it("puts each problem on the field that caused it", () => {
    expect(parseDayRanges({ works: true, pairs: [pair("17:00", "09:00")] })).toEqual({ problems: [{ index: 0, field: "to", problem: "hoursOrder" }] });
    expect(parseDayRanges({ works: true, pairs: [pair("09:00", "09:00")] })).toEqual({ problems: [{ index: 0, field: "to", problem: "hoursOrder" }] });
    expect(parseDayRanges({ works: true, pairs: [pair("9am", "25:00")] })).toEqual({
      problems: [
        { index: 0, field: "from", problem: "timeFormat" },
        { index: 0, field: "to", problem: "timeFormat" },
      ],
    });
    expect(parseDayRanges({ works: true, pairs: [pair("24:00", "00:00")] })).toEqual({ problems: [{ index: 0, field: "from", problem: "timeFormat" }] });
    expect(parseDayRanges({ works: true, pairs: [pair("09:00", ""), pair("", "14:00")] })).toEqual({
      problems: [
        { index: 0, field: "to", problem: "hoursIncomplete" },
        { index: 1, field: "from", problem: "hoursIncomplete" },
      ],
    });
    expect(parseDayRanges({ works: true, pairs: [pair("", "")] })).toEqual({ problems: [{ index: 0, field: "from", problem: "hoursNeedRange" }] });
  });

  it("blames the range that starts later for an overlap, in whatever order they were entered", () => {
    expect(parseDayRanges({ works: true, pairs: [pair("11:00", "13:00"), pair("09:00", "12:00")] })).toEqual({
      problems: [{ index: 0, field: "from", problem: "hoursOverlap" }],
    });
    expect(parseDayRanges({ works: true, pairs: [pair("08:00", "18:00"), pair("09:00", "10:00"), pair("12:00", "13:00")] })).toEqual({
      problems: [
        { index: 1, field: "from", problem: "hoursOverlap" },
        { index: 2, field: "from", problem: "hoursOverlap" },
      ],
    });
  });

  it("shows what is filled plus one spare pair, at most four", () => {
    expect(pairsToShow([])).toBe(1);
    expect(pairsToShow([0])).toBe(2);
    expect(pairsToShow([0, 2])).toBe(4);
    expect(pairsToShow([0, 1, 2, 3])).toBe(4);
  });

  it("round-trips stored windows through the form's pairs", () => {
    const stored = [
      { start: "09:00", end: "12:00" },
      { start: "13:00", end: "24:00" },
    ];
    expect(parseDayRanges(formatDayRanges(stored))).toEqual({ windows: stored });
  });
});
