import { describe, expect, it } from "vitest";
import { granularityFor, periodsOf } from "./chart-periods";
import { resolveDateRange } from "./date-ranges";

const TORONTO = "America/Toronto";
const hours = (period: { startUtc: string; endUtc: string }) => (Date.parse(period.endUtc) - Date.parse(period.startUtc)) / 3_600_000;

describe("granularity of the overview chart", () => {
  const now = new Date("2026-11-21T15:00:00Z");
  it.each([
    ["today", "day"],
    ["last-7-days", "day"],
    ["month-to-date", "day"],
    ["quarter-to-date", "day"], // Oct 1 – Nov 21: 52 days
    ["last-3-months", "week"],
    ["year-to-date", "month"],
    ["last-12-months", "month"],
  ] as const)("%s is counted per %s", (key, expected) => {
    expect(granularityFor(resolveDateRange(key, TORONTO, now))).toBe(expected);
  });

  it("switches to weeks just past 62 days", () => {
    expect(granularityFor({ firstDay: { year: 2026, month: 1, day: 1 }, lastDay: { year: 2026, month: 3, day: 3 } })).toBe("day"); // 62 days
    expect(granularityFor({ firstDay: { year: 2026, month: 1, day: 1 }, lastDay: { year: 2026, month: 3, day: 4 } })).toBe("week");
  });
});

describe("periods of a range", () => {
  it("gives one period per local day, starting at local midnight", () => {
    const range = resolveDateRange("last-7-days", TORONTO, new Date("2026-11-21T15:00:00Z"));
    const periods = periodsOf(range, "day", TORONTO);
    expect(periods.map((p) => p.key)).toEqual(["2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"]);
    expect(periods[0]!.startUtc).toBe("2026-11-15T05:00:00.000Z");
    expect(periods[6]!.endUtc).toBe(range.endUtc);
    // Contiguous: each period ends where the next begins.
    for (let i = 1; i < periods.length; i++) expect(periods[i]!.startUtc).toBe(periods[i - 1]!.endUtc);
  });

  it("makes the daylight-saving days 23 and 25 hours long", () => {
    const spring = periodsOf({ firstDay: { year: 2026, month: 3, day: 7 }, lastDay: { year: 2026, month: 3, day: 9 } }, "day", TORONTO);
    expect(spring.map(hours)).toEqual([24, 23, 24]);
    expect(spring[1]).toMatchObject({ startUtc: "2026-03-08T05:00:00.000Z", endUtc: "2026-03-09T04:00:00.000Z" });
    const autumn = periodsOf({ firstDay: { year: 2026, month: 10, day: 31 }, lastDay: { year: 2026, month: 11, day: 2 } }, "day", TORONTO);
    expect(autumn.map(hours)).toEqual([24, 25, 24]);
  });

  it("handles zones with a half-hour offset", () => {
    const [day] = periodsOf({ firstDay: { year: 2026, month: 5, day: 4 }, lastDay: { year: 2026, month: 5, day: 4 } }, "day", "Asia/Kolkata");
    expect(day).toMatchObject({ startUtc: "2026-05-03T18:30:00.000Z", endUtc: "2026-05-04T18:30:00.000Z" });
  });

  it("aligns weeks to Monday and clips the first and last week to the range", () => {
    // 2026-08-22 is a Saturday; 2026-11-21 is a Saturday.
    const range = resolveDateRange("last-3-months", TORONTO, new Date("2026-11-21T15:00:00Z"));
    const weeks = periodsOf(range, "week", TORONTO);
    expect(weeks[0]).toMatchObject({ key: "2026-08-22", firstDay: { year: 2026, month: 8, day: 22 }, lastDay: { year: 2026, month: 8, day: 23 } });
    expect(weeks[1]).toMatchObject({ key: "2026-08-24", lastDay: { year: 2026, month: 8, day: 30 } });
    expect(weeks[weeks.length - 1]).toMatchObject({ key: "2026-11-16", lastDay: { year: 2026, month: 11, day: 21 } });
    expect(weeks[0]!.startUtc).toBe(range.startUtc);
    expect(weeks[weeks.length - 1]!.endUtc).toBe(range.endUtc);
    expect(weeks).toHaveLength(14);
  });

  it("gives calendar months, the first one partial", () => {
    const range = resolveDateRange("last-12-months", TORONTO, new Date("2026-11-21T15:00:00Z"));
    const months = periodsOf(range, "month", TORONTO);
    expect(months.map((m) => m.key)).toEqual([
      "2025-11-22",
      "2025-12-01",
      "2026-01-01",
      "2026-02-01",
      "2026-03-01",
      "2026-04-01",
      "2026-05-01",
      "2026-06-01",
      "2026-07-01",
      "2026-08-01",
      "2026-09-01",
      "2026-10-01",
      "2026-11-01",
    ]);
    expect(months[1]).toMatchObject({ lastDay: { year: 2025, month: 12, day: 31 }, endUtc: "2026-01-01T05:00:00.000Z" });
  });
});
