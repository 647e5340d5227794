import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BLACK, contrastRatio, hexToRgb, rgbToHsl, WHITE } from "./colour";
import { activeNavItemColours, PALETTE, paletteCssVariables, paletteEntry, SURFACES, swatchBackground, textColourOn, themeColours, THEMES } from "./palette";

const everyEntryAndMode = PALETTE.flatMap((entry) => THEMES.map((theme) => [entry.name, theme] as const));

describe("palette", () => {
  it("has the ten documented colours with Default #2f94ff first", () => {
    expect(PALETTE.map((p) => p.name)).toEqual([
      "Default",
      "BlackKnight",
      "WhitePrince",
      "GreenLime",
      "YellowLaserLemon",
      "BlueLagoon",
      "RedVermilion",
      "OrangeTangerine",
      "PinkQueen",
      "PurpleMajorelle",
    ]);
    expect(PALETTE[0].main).toBe("#2f94ff");
  });

  it("falls back to Default for an unknown name", () => {
    expect(paletteEntry("Chartreuse").name).toBe("Default");
    expect(themeColours("Chartreuse", "light")).toEqual(themeColours("Default", "light"));
  });

  it("puts white text on a colour unless white stays under 3:1 there", () => {
    expect(textColourOn(hexToRgb("#2f94ff"))).toEqual(WHITE);
    expect(textColourOn(hexToRgb("#1f1f1f"))).toEqual(WHITE);
    expect(textColourOn(hexToRgb("#f5f5f5"))).toEqual(BLACK);
    // The original distance-to-white rule (docs/decisions/0010-palette-contrast.md) gave these white text at 1.1 and 2.1:1.
    expect(textColourOn(hexToRgb("#ffff66"))).toEqual(BLACK);
    expect(textColourOn(hexToRgb("#32cd32"))).toEqual(BLACK);
  });
});

describe.each(everyEntryAndMode)("%s in %s mode", (name, theme) => {
  const surfaces = SURFACES[theme];
  const colours = themeColours(name, theme);

  it("draws primary buttons that stand out from the page and cards, with readable text", () => {
    expect(contrastRatio(colours.button, surfaces.page)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(colours.button, surfaces.card)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(colours.buttonText, colours.button)).toBeGreaterThanOrEqual(4.5);
  });

  it("marks the active sidebar item visibly, with a readable label", () => {
    const active = activeNavItemColours(name, theme);
    expect(contrastRatio(active.marker, surfaces.sidebar)).toBeGreaterThanOrEqual(3);
    // AAA, so the active label never reads fainter than the inactive ones around it.
    expect(contrastRatio(active.text, active.background)).toBeGreaterThanOrEqual(7);
  });

  it("keeps links and the logo readable", () => {
    const linkText = theme === "dark" ? colours.primary : colours.primaryDark;
    expect(contrastRatio(linkText, surfaces.page)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(linkText, surfaces.card)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colours.primaryContrast, colours.primary)).toBeGreaterThanOrEqual(3);
  });

  it("keeps the hue of the colour chosen", () => {
    const [hue, saturation] = rgbToHsl(hexToRgb(paletteEntry(name).main));
    for (const colour of [colours.primary, colours.button]) {
      const [adjustedHue, adjustedSaturation] = rgbToHsl(colour);
      if (saturation > 0.05) expect(Math.abs(adjustedHue - hue)).toBeLessThan(0.02);
      expect(Math.abs(adjustedSaturation - saturation)).toBeLessThan(0.1);
    }
  });
});

describe("adjustments", () => {
  it("leaves a colour that already passes as it is", () => {
    expect(themeColours("BlueLagoon", "light").button).toEqual(hexToRgb("#017987"));
    expect(themeColours("WhitePrince", "dark").button).toEqual(hexToRgb("#f5f5f5"));
    expect(themeColours("YellowLaserLemon", "dark").button).toEqual(hexToRgb("#ffff66"));
  });

  it("gives White Prince in light mode a grey button with white text, not the disabled look of black on light grey", () => {
    const { button, buttonText } = themeColours("WhitePrince", "light");
    expect(buttonText).toEqual(WHITE);
    expect(contrastRatio(button, WHITE)).toBeGreaterThanOrEqual(4.5);
    // A hue keeps the text its palette colour calls for.
    expect(themeColours("YellowLaserLemon", "light").buttonText).toEqual(BLACK);
  });

  it("darkens Default's buttons only as far as white text needs, not to the navy of the plain 0.5 step", () => {
    const { button } = themeColours("Default", "light");
    expect(contrastRatio(button, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(button, WHITE)).toBeLessThan(4.8);
  });

  it("keeps the 0.5 dark variant where it is readable", () => {
    expect(themeColours("Default", "light").primaryDark).toEqual([0, 73, 151]);
  });

  it("shows the colours really used in the profile swatch", () => {
    expect(swatchBackground("Default", "light")).toBe(
      `linear-gradient(135deg, rgb(${themeColours("Default", "light").button.join(" ")}), rgb(${themeColours("Default", "light").primary.join(" ")}))`,
    );
    expect(swatchBackground("WhitePrince", "light")).not.toBe(swatchBackground("WhitePrince", "dark"));
  });

  it("exposes both modes as space-separated RGB variables", () => {
    const variables = paletteCssVariables("Default");
    const light = themeColours("Default", "light");
    const dark = themeColours("Default", "dark");
    expect(variables).toMatchObject({
      "--palette-light-primary-button": light.button.join(" "),
      "--palette-dark-primary-button": dark.button.join(" "),
      "--palette-light-primary-dark": "0 73 151",
      "--palette-light-primary-button-text": "255 255 255",
      "--palette-dark-primary": dark.primary.join(" "),
    });
  });
});

describe("the Default palette in tailwind.css", () => {
  it("equals what the root loader sets on <html>, so the error page (no loader data) keeps the same colours", () => {
    const css = fs.readFileSync(path.join(__dirname, "../../tailwind.css"), "utf8");
    for (const [name, value] of Object.entries(paletteCssVariables("Default"))) {
      expect(css).toContain(`  ${name}: ${value};\n`);
    }
  });
});
