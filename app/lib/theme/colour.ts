export type Rgb = [number, number, number];
type Hsl = [number, number, number];

export const WHITE: Rgb = [255, 255, 255];
export const BLACK: Rgb = [0, 0, 0];

export function hexToRgb(hex: string): Rgb {
  const value = hex.replace("#", "");
  const full =
    value.length === 3
      ? value
          .split("")
          .map((c) => c + c)
          .join("")
      : value;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const rgbToHex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;

export function rgbToHsl([red, green, blue]: Rgb): Hsl {
  const [r, g, b] = [red / 255, green / 255, blue / 255];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h / 6, s, l];
}

export function hslToRgb([h, s, l]: Hsl): Rgb {
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

/** The dark variant is darkened by 0.5, i.e. HSL lightness halved (docs/product/constants.md#theme-and-palette). */
export function darken(hex: string, amount = 0.5): Rgb {
  const [h, s, l] = rgbToHsl(hexToRgb(hex));
  return hslToRgb([h, s, l * (1 - amount)]);
}

/**
 * The colour with the same hue and saturation whose lightness is closest to
 * the original and passes `accept`, so an adjusted colour still reads as the
 * one chosen. Falls back to black or white (the ends of the scale) when none does.
 */
export function nearestLightness(colour: Rgb, accept: (candidate: Rgb) => boolean): Rgb {
  const [h, s, l] = rgbToHsl(colour);
  if (accept(colour)) return colour;
  const step = 1 / 400;
  for (let offset = step; offset <= 1; offset += step) {
    for (const candidateLightness of [l - offset, l + offset]) {
      if (candidateLightness < 0 || candidateLightness > 1) continue;
      const candidate = hslToRgb([h, s, candidateLightness]);
      if (accept(candidate)) return candidate;
    }
  }
  return accept(BLACK) ? BLACK : WHITE;
}

/** `top` painted at `alpha` over `bottom`, as a translucent CSS background is. */
export function mix(top: Rgb, bottom: Rgb, alpha: number): Rgb {
  return top.map((v, i) => Math.round(v * alpha + bottom[i]! * (1 - alpha))) as Rgb;
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
