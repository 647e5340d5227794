import { describe, expect, it } from "vitest";
import { periodsOf } from "~/lib/dates/chart-periods";
import { emptyFigures, figureHref, fillPeriods, totalOf } from "./kpis";

const TORONTO = "America/Toronto";

describe("figures", () => {
  it("fills periods without calls with zeros and adds up the total", () => {
    const periods = periodsOf({ firstDay: { year: 2026, month: 3, day: 1 }, lastDay: { year: 2026, month: 3, day: 3 } }, "day", TORONTO);
    const filled = fillPeriods(periods, [{ index: 1, ...emptyFigures(), inbound: 2, missed: 1, durationSeconds: 95 }]);
    expect(filled.map((p) => p.inbound)).toEqual([0, 2, 0]);
    expect(filled[1]).toMatchObject({ key: "2026-03-02", missed: 1, durationSeconds: 95 });
    expect(totalOf(filled)).toEqual({ ...emptyFigures(), inbound: 2, missed: 1, durationSeconds: 95 });
  });

  it("links each figure to the recordings list filtered to it", () => {
    expect(figureHref("inbound", "today")).toBe("/recordings?direction=inbound&range=today");
    expect(figureHref("outbound", "yesterday")).toBe("/recordings?direction=outbound&range=yesterday");
    expect(figureHref("missed", "last-7-days")).toBe("/recordings?status=missed&range=last-7-days");
    expect(figureHref("voicemail", "last-7-days")).toBe("/recordings?status=voicemail&range=last-7-days");
    expect(figureHref("completed", "year-to-date")).toBe("/recordings?status=ended&range=year-to-date");
    expect(figureHref("escalated", "last-3-months")).toBe("/recordings?escalated=1&range=last-3-months");
    expect(figureHref("minutes", "month-to-date")).toBe("/recordings?range=month-to-date");
  });
});
