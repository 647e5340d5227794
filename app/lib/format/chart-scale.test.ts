import { describe, expect, it } from "vitest";
import { chartScale } from "./chart-scale";

describe("chartScale", () => {
  it("rounds the axis up to whole, round steps", () => {
    expect(chartScale(0)).toEqual({ top: 4, step: 1 });
    expect(chartScale(4)).toEqual({ top: 4, step: 1 });
    expect(chartScale(173)).toEqual({ top: 200, step: 50 });
    expect(chartScale(2)).toEqual({ top: 2, step: 1 });
    expect(chartScale(1234)).toEqual({ top: 1500, step: 500 });
  });
});
