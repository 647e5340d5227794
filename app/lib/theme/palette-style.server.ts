import { paletteCssVariables } from "./palette";

/**
 * The palette's CSS variables for <html>, worked out in the root loader: a
 * `.server` module, so the palette table never reaches the browser's scripts
 * (a route module's plain imports stay in its bundle even when only its
 * loader uses them).
 */
export function paletteStyle(name: string) {
  return paletteCssVariables(name);
}
