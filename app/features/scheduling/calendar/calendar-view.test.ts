import { describe, expect, it } from "vitest";
import { calendarHref, laneLayout, parseCalendarParams, shiftDate, visibleDays, visibleHours } from "./calendar-view";

describe("the calendar's days", () => {
  it("shows Monday to Sunday for a week, whole weeks for a month", () => {
    expect(visibleDays("week", "2026-11-26")).toEqual(["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]);
    const november = visibleDays("month", "2026-11-15");
    expect(november[0]).toBe("2026-10-26");
    expect(november.at(-1)).toBe("2026-12-06");
    expect(november.length % 7).toBe(0);
    expect(visibleDays("day", "2026-03-29")).toEqual(["2026-03-29"]);
  });

  it("pages by a day, a week or a month, across year ends and short months", () => {
    expect(shiftDate("day", "2026-12-31", 1)).toBe("2027-01-01");
    expect(shiftDate("week", "2026-03-26", 1)).toBe("2026-04-02");
    expect(shiftDate("month", "2026-01-31", 1)).toBe("2026-02-01");
    expect(shiftDate("month", "2026-01-15", -1)).toBe("2025-12-01");
  });

  it("reads the URL leniently and writes it canonically", () => {
    expect(parseCalendarParams(new URLSearchParams("view=year&date=2026-02-30&staff=u1"))).toEqual({ view: "week", date: null, staff: "u1" });
    expect(calendarHref({ view: "week", date: null, staff: null }, { view: "month", date: "2026-11-01" })).toBe("/calendar?view=month&date=2026-11-01");
  });
});

describe("overlapping entries", () => {
  it("share lanes by cluster, and a lane is reused once free", () => {
    const placed = laneLayout([
      { id: "a", startMinute: 540, endMinute: 600 },
      { id: "b", startMinute: 570, endMinute: 630 },
      { id: "c", startMinute: 600, endMinute: 660 },
      { id: "d", startMinute: 720, endMinute: 750 },
    ]);
    const by = Object.fromEntries(placed.map((item) => [item.id, [item.lane, item.lanes]]));
    expect(by).toEqual({ a: [0, 2], b: [1, 2], c: [0, 2], d: [0, 1] });
  });

  it("widens the hours to hold early and late entries", () => {
    expect(visibleHours([{ id: "x", startMinute: 6 * 60 + 30, endMinute: 21 * 60 }])).toEqual({ from: 6, to: 21 });
    expect(visibleHours([])).toEqual({ from: 7, to: 19 });
  });
});
