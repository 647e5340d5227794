import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The layout audit (tests/e2e/layout.spec.ts) measures every screen in the
 * light theme only: the dark theme changes colours and nothing else, so a
 * screen that fits in light fits in dark. This test keeps that true: every
 * `dark:` utility in the app sets a colour (never a size, spacing, display or
 * font size), and the stylesheet's `.dark` rule sets only colour variables.
 * Dark screenshots for a person to judge: LAYOUT_THEMES=light,dark.
 */

const ROOT = path.resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Strips the variants after `dark:` (hover:, aria-[…]:, [&_thead]:) and returns the utility itself. */
export function darkUtility(token: string) {
  let rest = token.slice("dark:".length);
  for (;;) {
    const variant = /^(?:\[[^\]]*\]|[a-z-]+(?:-\[[^\]]*\])?):/.exec(rest);
    if (!variant) return rest;
    rest = rest.slice(variant[0].length);
  }
}

const PALETTE =
  "(?:slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)-\\d{2,3}";
const NAMED = "(?:white|black|transparent|current|inherit|primary(?:-[a-z-]+)?)";
const COLOUR_VALUE = `(?:${PALETTE}|${NAMED})(?:\\/\\d{1,3})?`;
/** Utilities that only paint: text colour (not text size), backgrounds, borders, rings, outlines, fills, strokes, shadows' colour. */
const COLOUR_UTILITY = new RegExp(
  `^(?:text|bg|border(?:-[trblxy])?|divide|ring|ring-offset|outline|fill|stroke|decoration|placeholder|caret|accent|shadow|from|via|to)-${COLOUR_VALUE}$` +
    // Arbitrary values that are colours or images (a swatch's gradient, a box-shadow that dims the page behind a dialog).
    `|^bg-\\[image:[^\\]]+\\]$|^shadow-\\[[^\\]]*rgb\\([^\\]]*\\)\\]$`,
);

describe("the dark theme changes colours only", () => {
  it("every dark: utility in the app is a colour", () => {
    const offenders: string[] = [];
    let seen = 0;
    for (const file of sourceFiles(path.join(ROOT, "app"))) {
      const text = fs.readFileSync(file, "utf8");
      for (const match of text.matchAll(/(?<![\w-])dark:(?:\[[^\]\s]*\]|[^\s"'`{}[\](),;])+/g)) {
        // A comment's example ("dark:hover:bg-x") is not a class.
        if (/^dark:(?:[a-z-]+:)*bg-x$/.test(match[0])) continue;
        seen += 1;
        if (!COLOUR_UTILITY.test(darkUtility(match[0]))) offenders.push(`${path.relative(ROOT, file)}: ${match[0]}`);
      }
    }
    expect(seen).toBeGreaterThan(500);
    expect(offenders).toEqual([]);
  });

  it("the stylesheet's .dark rule sets colour variables and the colour scheme, nothing else", () => {
    const css = fs.readFileSync(path.join(ROOT, "app/tailwind.css"), "utf8");
    const rules = [...css.matchAll(/(^|\n)\s*\.dark\s*\{([^}]*)\}/g)].map((match) => match[2]!);
    expect(rules.length).toBeGreaterThan(0);
    const properties = rules.flatMap((body) =>
      body
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .split(";")
        .map((declaration) => declaration.split(":")[0]!.trim())
        .filter(Boolean),
    );
    expect(properties.filter((property) => !/^--color-[a-z-]+$/.test(property) && property !== "color-scheme")).toEqual([]);
  });

  it("tells a size from a colour", () => {
    for (const utility of ["text-slate-300", "hover:bg-slate-800", "border-red-500/40", "ring-offset-slate-900", "[&_thead]:bg-slate-800"])
      expect(COLOUR_UTILITY.test(darkUtility(`dark:${utility}`)), utility).toBe(true);
    for (const utility of ["text-sm", "p-4", "hidden", "md:block", "border-2", "ring-2", "w-[12rem]", "text-[13px]", "shadow-lg"])
      expect(COLOUR_UTILITY.test(darkUtility(`dark:${utility}`)), utility).toBe(false);
  });
});
