import { describe, expect, it } from "vitest";
import { contrastRatio, darken, hexToRgb, hslToRgb, mix, nearestLightness, rgbToHsl, rgbToHex } from "./colour";

describe("colour", () => {
  it("parses short and long hex", () => {
    expect(hexToRgb("#2f94ff")).toEqual([47, 148, 255]);
    expect(hexToRgb("#fff")).toEqual([255, 255, 255]);
    expect(rgbToHex([47, 148, 255])).toBe("#2f94ff");
  });

  it("round-trips through HSL", () => {
    for (const hex of ["#2f94ff", "#1f1f1f", "#ffff66", "#e75480", "#017987"]) {
      expect(rgbToHex(hslToRgb(rgbToHsl(hexToRgb(hex))))).toBe(hex);
    }
  });

  it("darkens by halving HSL lightness", () => {
    // #2f94ff is hsl(211, 100%, 59%); half the lightness is about 29.6%.
    expect(darken("#2f94ff")).toEqual([0, 73, 151]);
    expect(darken("#ffffff")).toEqual([128, 128, 128]);
    expect(darken("#000000")).toEqual([0, 0, 0]);
  });

  it("computes WCAG contrast", () => {
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrastRatio([255, 255, 255], [255, 255, 255])).toBe(1);
    expect(contrastRatio([255, 255, 255], hexToRgb("#2f94ff"))).toBeCloseTo(3.09, 2);
  });

  it("mixes a translucent colour over a background", () => {
    expect(mix([0, 0, 0], [255, 255, 255], 0.15)).toEqual([217, 217, 217]);
  });

  it("moves only the lightness, and only as far as needed", () => {
    const white: [number, number, number] = [255, 255, 255];
    const adjusted = nearestLightness(hexToRgb("#2f94ff"), (c) => contrastRatio(c, white) >= 4.5);
    expect(contrastRatio(adjusted, white)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(adjusted, white)).toBeLessThan(4.7);
    const [hue, saturation] = rgbToHsl(adjusted);
    const [originalHue, originalSaturation] = rgbToHsl(hexToRgb("#2f94ff"));
    expect(hue).toBeCloseTo(originalHue, 2);
    expect(saturation).toBeCloseTo(originalSaturation, 1);
    // Already fine: unchanged.
    expect(nearestLightness([1, 2, 3], () => true)).toEqual([1, 2, 3]);
  });
});
