/**
 * The ten primary colours of spec section 3. Only Default (#2f94ff) is given by
 * the spec; the others are the named colours their names point at.
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

export function isPaletteName(value: unknown): value is PaletteName {
  return PALETTE.some((p) => p.name === value);
}

export function paletteEntry(name: string) {
  return PALETTE.find((p) => p.name === name) ?? PALETTE[0];
}

type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const value = hex.replace("#", "");
  const full = value.length === 3 ? value.split("").map((c) => c + c).join("") : value;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Euclidean distance in RGB space. */
export function colourDistance(a: Rgb, b: Rgb) {
  return Math.sqrt((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2);
}

/** Spec section 9: black text when the colour is within 35 of white, else white. */
export function buttonTextColour(hex: string): Rgb {
  return colourDistance(hexToRgb(hex), [255, 255, 255]) < 35 ? [0, 0, 0] : [255, 255, 255];
}

/** Spec section 9: the dark variant is darkened by 0.5, i.e. HSL lightness halved. */
export function darken(hex: string, amount = 0.5): Rgb {
  const [r, g, b] = hexToRgb(hex).map((v) => v / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  let h = 0;
  let s = 0;
  const l = (max + min) / 2;
  if (max !== min) {
    const d = max - min;
    s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
    h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    h /= 6;
  }
  return hslToRgb(h, s, l * (1 - amount));
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  if (s === 0) {
    const v = Math.round(l * 255);
    return [v, v, v];
  }
  const hue = (p: number, q: number, t: number) => {
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  return [hue(p, q, h + 1 / 3), hue(p, q, h), hue(p, q, h - 1 / 3)].map((v) => Math.round(v * 255)) as Rgb;
}

function relativeLuminance([r, g, b]: Rgb) {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio between two colours (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb) {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const rgbToHex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;

/**
 * The filled-button colours. The text colour follows the spec's rule; the
 * background starts at the palette colour and is darkened (by the spec's 0.5
 * step) until the pair reaches WCAG AA's 4.5:1, so text on a button stays
 * readable with every palette colour (white on #2f94ff alone is only 3:1).
 */
export function buttonColours(hex: string): { background: Rgb; text: Rgb } {
  const text = buttonTextColour(hex);
  let background = hexToRgb(hex);
  for (let step = 0; step < 6 && contrastRatio(background, text) < 4.5; step++) background = darken(rgbToHex(background));
  return { background, text };
}

/** The CSS variables Tailwind's `primary` colours read (space-separated RGB for alpha support). */
export function paletteCssVariables(name: string) {
  const entry = paletteEntry(name);
  const rgb = (c: Rgb) => c.join(" ");
  const button = buttonColours(entry.main);
  return {
    "--color-primary": rgb(hexToRgb(entry.main)),
    "--color-primary-button": rgb(button.background),
    "--color-primary-button-text": rgb(button.text),
    "--color-primary-dark": rgb(darken(entry.main)),
    "--color-primary-contrast": rgb(buttonTextColour(entry.main)),
    "--gradient-primary": `linear-gradient(135deg, ${entry.gradient[0]}, ${entry.gradient[1]})`,
  };
}
