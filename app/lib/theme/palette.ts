import { BLACK, contrastRatio, darken, hexToRgb, mix, nearestLightness, rgbToHsl, WHITE, type Rgb } from "./colour";
import type { Theme } from "./theme";

/**
 * The ten primary colours (docs/product/records.md#palette). Only Default's colour
 * (#2f94ff) is given; the others are the named colours their names point at.
 */
export const PALETTE = [
  { name: "Default", main: "#2f94ff", gradient: ["#2f94ff", "#7cc0ff"] },
  { name: "BlackKnight", main: "#1f1f1f", gradient: ["#000000", "#434343"] },
  { name: "WhitePrince", main: "#f5f5f5", gradient: ["#ffffff", "#e6e6e6"] },
  { name: "GreenLime", main: "#32cd32", gradient: ["#32cd32", "#a8e063"] },
  { name: "YellowLaserLemon", main: "#ffff66", gradient: ["#ffff66", "#ffd200"] },
  { name: "BlueLagoon", main: "#017987", gradient: ["#017987", "#2bc0e4"] },
  { name: "RedVermilion", main: "#e34234", gradient: ["#e34234", "#ff7e5f"] },
  { name: "OrangeTangerine", main: "#f28500", gradient: ["#f28500", "#ffb347"] },
  { name: "PinkQueen", main: "#e75480", gradient: ["#e75480", "#ffafbd"] },
  { name: "PurpleMajorelle", main: "#6050dc", gradient: ["#6050dc", "#a18cd1"] },
] as const;

export type PaletteName = (typeof PALETTE)[number]["name"];
export const DEFAULT_PALETTE: PaletteName = "Default";
export const THEMES: readonly Theme[] = ["light", "dark"];

export function isPaletteName(value: unknown): value is PaletteName {
  return PALETTE.some((p) => p.name === value);
}

export function paletteEntry(name: string) {
  return PALETTE.find((p) => p.name === name) ?? PALETTE[0];
}

/**
 * What the palette colours are drawn on. Mirrors the classes that paint them:
 * the body (`bg-slate-50` / `dark:bg-slate-950`), cards and the sidebar
 * (`bg-white` / `dark:bg-slate-900`).
 */
export const SURFACES: Record<Theme, { page: Rgb; card: Rgb; sidebar: Rgb }> = {
  light: { page: [248, 250, 252], card: [255, 255, 255], sidebar: [255, 255, 255] },
  dark: { page: [2, 6, 23], card: [15, 23, 42], sidebar: [15, 23, 42] },
};

/** The opacity of the active nav item's tint: the sidebar's `bg-primary/15`. */
export const ACTIVE_ITEM_TINT = 0.15;

/** WCAG 2.1 AA: 4.5:1 for text, 3:1 for the shapes that carry meaning (1.4.11). */
export const TEXT_CONTRAST = 4.5;
export const SHAPE_CONTRAST = 3;
/**
 * The active sidebar label is held to AAA (7:1): at 4.5:1 a grey one (White
 * Prince) looked fainter than the inactive labels around it, i.e. disabled.
 */
export const ACTIVE_LABEL_CONTRAST = 7;

/**
 * White text unless white on the colour stays under 3:1, then black. The
 * original rule (black only within distance 35 of white) left yellow, lime and
 * orange with white text at 1.1 to 2.9:1, which could only be rescued by
 * darkening them to olive and brown (docs/decisions/0010-palette-contrast.md).
 */
export function textColourOn(colour: Rgb): Rgb {
  return contrastRatio(colour, WHITE) < SHAPE_CONTRAST ? BLACK : WHITE;
}

export interface ThemeColours {
  /** Focus rings, the logo, the active nav item's marker; in dark mode also link text. */
  primary: Rgb;
  /** Icons drawn on `primary` (the logo's bars). */
  primaryContrast: Rgb;
  /** The accent as text on the mode's surfaces: links and the active nav item's label. */
  primaryDark: Rgb;
  /** Filled (primary) buttons, the current page in pagination, selected tabs. */
  button: Rgb;
  buttonText: Rgb;
}

const reaches =
  (minimum: number, ...backgrounds: Rgb[]) =>
  (colour: Rgb) =>
    backgrounds.every((background) => contrastRatio(colour, background) >= minimum);

function deriveThemeColours(name: string, theme: Theme): ThemeColours {
  const main = hexToRgb(paletteEntry(name).main);
  const { page, card, sidebar } = SURFACES[theme];
  // In dark mode `primary` is also link text (`dark:text-primary`), so it has to be readable as text.
  const primary = nearestLightness(main, reaches(theme === "dark" ? TEXT_CONTRAST : SHAPE_CONTRAST, page, card, sidebar));
  const activeBackground = mix(primary, sidebar, ACTIVE_ITEM_TINT);
  const primaryDark =
    theme === "dark"
      ? primary
      : nearestLightness(
          darken(paletteEntry(name).main),
          (colour) => reaches(TEXT_CONTRAST, page, card)(colour) && reaches(ACTIVE_LABEL_CONTRAST, activeBackground)(colour),
        );
  // A grey fill with black text is how a disabled button looks, so a grey that has to be darkened (White Prince
  // in light mode) takes the text its new shade calls for; a hue keeps the text its palette colour calls for
  // (yellow stays yellow with black text rather than turning olive under white).
  const isGrey = rgbToHsl(main)[1] < 0.1;
  const textFor = (colour: Rgb) => textColourOn(isGrey ? colour : main);
  const button = nearestLightness(main, (colour) => reaches(TEXT_CONTRAST, textFor(colour))(colour) && reaches(SHAPE_CONTRAST, page, card)(colour));
  return { primary, primaryContrast: textColourOn(primary), primaryDark, button, buttonText: textFor(button) };
}

const derived = new Map<string, ThemeColours>();

/**
 * The colours a palette entry is drawn with in one mode: the palette colour
 * moved only as far in lightness as it must be for the contrast it needs
 * against the mode's backgrounds, so it still reads as the colour chosen.
 */
export function themeColours(name: string, theme: Theme): ThemeColours {
  const key = `${paletteEntry(name).name}:${theme}`;
  let colours = derived.get(key);
  if (!colours) {
    colours = deriveThemeColours(name, theme);
    derived.set(key, colours);
  }
  return colours;
}

/**
 * The active sidebar item as the sidebar paints it: a `bg-primary/15` tint, a
 * marker bar in `primary`, the label in `primary-dark` (white in dark mode).
 */
export function activeNavItemColours(name: string, theme: Theme) {
  const colours = themeColours(name, theme);
  return {
    marker: colours.primary,
    background: mix(colours.primary, SURFACES[theme].sidebar, ACTIVE_ITEM_TINT),
    text: theme === "dark" ? WHITE : colours.primaryDark,
  };
}

/** The profile's swatch: the button colour running into the accent, i.e. what the user will see. */
export function swatchBackground(name: string, theme: Theme) {
  const { button, primary } = themeColours(name, theme);
  return `linear-gradient(135deg, rgb(${button.join(" ")}), rgb(${primary.join(" ")}))`;
}

/**
 * The variables app/tailwind.css turns into Tailwind's `primary` colours, for
 * both modes: `.dark` picks the dark set, so any subtree in dark mode gets it.
 * Space-separated RGB so Tailwind can add alpha.
 */
export function paletteCssVariables(name: string) {
  const rgb = (c: Rgb) => c.join(" ");
  const variables: Record<string, string> = {};
  for (const theme of THEMES) {
    const colours = themeColours(name, theme);
    variables[`--palette-${theme}-primary`] = rgb(colours.primary);
    variables[`--palette-${theme}-primary-contrast`] = rgb(colours.primaryContrast);
    variables[`--palette-${theme}-primary-dark`] = rgb(colours.primaryDark);
    variables[`--palette-${theme}-primary-button`] = rgb(colours.button);
    variables[`--palette-${theme}-primary-button-text`] = rgb(colours.buttonText);
  }
  const { gradient } = paletteEntry(name);
  variables["--gradient-primary"] = `linear-gradient(135deg, ${gradient[0]}, ${gradient[1]})`;
  return variables;
}
