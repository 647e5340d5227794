import { describe, expect, it } from "vitest";
import { daysOf, localDateOf, resolveDateRange, startOfLocalDay } from "./date-ranges";

describe("date ranges in the tenant's time zone", () => {
  it("starts a Toronto day at local midnight in winter and summer", () => {
    expect(startOfLocalDay({ year: 2026, month: 1, day: 15 }, "America/Toronto").toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(startOfLocalDay({ year: 2026, month: 7, day: 15 }, "America/Toronto").toISOString()).toBe("2026-07-15T04:00:00.000Z");
  });

  it("handles the days daylight saving starts and ends", () => {
    // Berlin: clocks go forward on 2026-03-29 and back on 2026-10-25; midnight itself is unaffected.
    expect(startOfLocalDay({ year: 2026, month: 3, day: 29 }, "Europe/Berlin").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfLocalDay({ year: 2026, month: 3, day: 30 }, "Europe/Berlin").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(startOfLocalDay({ year: 2026, month: 10, day: 26 }, "Europe/Berlin").toISOString()).toBe("2026-10-25T23:00:00.000Z");
  });

  it("puts a late-evening UTC instant on the previous local day west of Greenwich", () => {
    expect(localDateOf(new Date("2026-11-21T03:00:00Z"), "America/Toronto")).toEqual({ year: 2026, month: 11, day: 20 });
  });

  const now = new Date("2026-11-21T15:00:00Z"); // a Saturday, 10:00 in Toronto

  it.each([
    ["today", "2026-11-21T05:00:00.000Z", "2026-11-22T05:00:00.000Z"],
    ["yesterday", "2026-11-20T05:00:00.000Z", "2026-11-21T05:00:00.000Z"],
    ["last-7-days", "2026-11-15T05:00:00.000Z", "2026-11-22T05:00:00.000Z"],
    ["month-to-date", "2026-11-01T04:00:00.000Z", "2026-11-22T05:00:00.000Z"],
    ["quarter-to-date", "2026-10-01T04:00:00.000Z", "2026-11-22T05:00:00.000Z"],
    ["year-to-date", "2026-01-01T05:00:00.000Z", "2026-11-22T05:00:00.000Z"],
    ["last-3-months", "2026-08-22T04:00:00.000Z", "2026-11-22T05:00:00.000Z"],
    ["last-12-months", "2025-11-22T05:00:00.000Z", "2026-11-22T05:00:00.000Z"],
  ] as const)("%s", (key, start, end) => {
    const range = resolveDateRange(key, "America/Toronto", now);
    expect([range.startUtc, range.endUtc]).toEqual([start, end]);
  });

  it("lists every day of a range", () => {
    const days = daysOf(resolveDateRange("last-7-days", "America/Toronto", now));
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({ year: 2026, month: 11, day: 15 });
    expect(daysOf(resolveDateRange("year-to-date", "America/Toronto", now))).toHaveLength(325);
  });
});
