import fs from "node:fs";
import path from "node:path";
import { extendTailwindMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { mergeClasses } from "./class-merge";
import { cn } from "./cn";

/*
 * cn() merges conflicting Tailwind classes with our small class-merge.ts
 * instead of tailwind-merge. Here tailwind-merge (a development dependency
 * now) is the reference: every class written anywhere in app/, and every
 * pair of them, must merge as it merges them. A class added later that
 * class-merge.ts does not know fails here.
 */

// As cn.ts configured tailwind-merge: the palette's colour names are colours.
const reference = extendTailwindMerge({
  extend: { theme: { colors: ["primary", "primary-dark", "primary-contrast", "primary-button", "primary-button-text"] } },
});

const appDir = path.resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // class-merge.ts itself is full of group names that are no classes.
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== "class-merge.ts" ? [full] : [];
  });
}

/** Every word of every string literal in app/ that could be a class: far more than the classes, which is fine. */
function candidateClasses() {
  const found = new Set<string>();
  for (const file of sourceFiles(appDir)) {
    const source = fs.readFileSync(file, "utf8");
    for (const literal of source.matchAll(/["'`]([^"'`\n]*)["'`]/g)) {
      for (const word of literal[1]!.split(/[\s${}]+/)) {
        if (word.length > 0 && word.length < 100 && /^[!\-[a-z@]/.test(word) && /^[\w:[\]\-/.%#()&>*,=+!@'"]+$/.test(word)) found.add(word);
      }
    }
  }
  return [...found].sort();
}

const candidates = candidateClasses();
// tailwind-merge knows a class when two of it merge into one.
const classes = candidates.filter((word) => reference(`${word} ${word}`) === word);

describe("mergeClasses", () => {
  it("finds the app's classes to compare (the extraction still works)", () => {
    expect(classes.length).toBeGreaterThan(400);
    for (const known of ["px-4", "dark:bg-slate-900", "max-sm:hidden", "bg-primary-button", "-mt-1", "[&::-webkit-details-marker]:hidden"]) {
      expect(classes).toContain(known);
    }
  });

  it("knows exactly the classes tailwind-merge knows among the words of app/", () => {
    const disagreements = candidates.filter((word) => mergeClasses(`${word} ${word}`) !== reference(`${word} ${word}`));
    expect(disagreements).toEqual([]);
  });

  it("merges every pair of the app's classes as tailwind-merge does", () => {
    const disagreements: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const pair = `${first} ${second}`;
        if (mergeClasses(pair) !== reference(pair)) disagreements.push(`${pair} → ${mergeClasses(pair)} (tailwind-merge: ${reference(pair)})`);
      }
    }
    expect(disagreements.slice(0, 20)).toEqual([]);
    // A few hundred thousand pairs: seconds, more on a busy machine.
  }, 60_000);

  it("lets a later class win under the same variants only, and keeps classes it does not know", () => {
    expect(mergeClasses("px-4 py-2 p-0")).toBe("p-0");
    expect(mergeClasses("p-0 px-4")).toBe("p-0 px-4");
    expect(mergeClasses("bg-slate-100 dark:bg-slate-800 bg-primary-button")).toBe("dark:bg-slate-800 bg-primary-button");
    expect(mergeClasses("hover:dark:bg-red-50 dark:hover:bg-red-900")).toBe("dark:hover:bg-red-900");
    expect(mergeClasses("text-sm text-slate-600 text-lg text-red-700")).toBe("text-lg text-red-700");
    expect(mergeClasses("leading-none text-sm")).toBe("text-sm");
    expect(mergeClasses("data-row custom-thing data-row")).toBe("data-row custom-thing data-row");
    expect(cn("rounded-md border px-3", false, null, undefined, 0, "px-5", "", "border-0")).toBe("rounded-md px-5 border-0");
  });
});
