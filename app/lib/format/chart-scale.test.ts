import { describe, expect, it } from "vitest";
import { chartScale, countTicks } from "./chart-scale";

describe("chartScale", () => {
  it("rounds the axis up to whole, round steps", () => {
    expect(chartScale(0)).toEqual({ top: 4, step: 1 });
    expect(chartScale(4)).toEqual({ top: 4, step: 1 });
    expect(chartScale(173)).toEqual({ top: 200, step: 50 });
    expect(chartScale(2)).toEqual({ top: 2, step: 1 });
    expect(chartScale(1234)).toEqual({ top: 1500, step: 500 });
  });
});

describe("countTicks", () => {
  it("gives whole, distinct ticks for small counts (issue 27: no 1, 1, 0)", () => {
    expect(countTicks(1)).toEqual({ top: 1, ticks: [0, 1] });
    expect(countTicks(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(countTicks(0).ticks).toEqual([0, 1, 2, 3, 4]);
    for (const max of [1, 2, 3, 5, 7, 9, 13, 99, 173]) {
      const { ticks, top } = countTicks(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(new Set(ticks).size).toBe(ticks.length);
      expect(top).toBeGreaterThanOrEqual(max);
    }
  });
});
