import { describe, expect, it } from "vitest";
import { buttonColours, buttonTextColour, contrastRatio, colourDistance, darken, hexToRgb, paletteCssVariables, PALETTE, paletteEntry } from "./palette";

describe("palette", () => {
  it("has the spec's ten colours with Default #2f94ff first", () => {
    expect(PALETTE.map((p) => p.name)).toEqual([
      "Default", "BlackKnight", "WhitePrince", "GreenLime", "YellowLaserLemon", "BlueLagoon", "RedVermilion", "OrangeTangerine", "PinkQueen", "PurpleMajorelle",
    ]);
    expect(PALETTE[0].main).toBe("#2f94ff");
  });

  it("falls back to Default for an unknown name", () => {
    expect(paletteEntry("Chartreuse").name).toBe("Default");
  });

  it("parses short and long hex", () => {
    expect(hexToRgb("#2f94ff")).toEqual([47, 148, 255]);
    expect(hexToRgb("#fff")).toEqual([255, 255, 255]);
  });

  it("uses black button text only within distance 35 of white", () => {
    expect(colourDistance(hexToRgb("#f5f5f5"), [255, 255, 255])).toBeLessThan(35);
    expect(buttonTextColour("#f5f5f5")).toEqual([0, 0, 0]);
    // #e0e0e0 is 55 away from white: white text, as the spec's rule says.
    expect(buttonTextColour("#e0e0e0")).toEqual([255, 255, 255]);
    expect(buttonTextColour("#2f94ff")).toEqual([255, 255, 255]);
  });

  it("darkens by halving HSL lightness", () => {
    // #2f94ff is hsl(211, 100%, 59%); half the lightness is about 29.6%.
    expect(darken("#2f94ff")).toEqual([0, 73, 151]);
    expect(darken("#ffffff")).toEqual([128, 128, 128]);
    expect(darken("#000000")).toEqual([0, 0, 0]);
  });

  it("darkens a button background until its text reaches 4.5:1, for every palette colour", () => {
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrastRatio([255, 255, 255], hexToRgb("#2f94ff"))).toBeLessThan(4.5);
    expect(buttonColours("#2f94ff")).toEqual({ background: [0, 73, 151], text: [255, 255, 255] });
    for (const entry of PALETTE) {
      const { background, text } = buttonColours(entry.main);
      expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5);
    }
    // Already readable: left as it is.
    expect(buttonColours("#f5f5f5").background).toEqual([245, 245, 245]);
  });

  it("exposes the colours as space-separated RGB variables", () => {
    expect(paletteCssVariables("Default")).toMatchObject({
      "--color-primary": "47 148 255",
      "--color-primary-dark": "0 73 151",
      "--color-primary-contrast": "255 255 255",
    });
  });
});
