import { describe, expect, it } from "vitest";
import { allResultsOption, paletteSections } from "./palette-options";
import { isApplePlatform, isPaletteShortcut } from "./palette-shortcut";

describe("paletteSections", () => {
  it("keys each hit by its area, so a page and a record with the same id stay apart", () => {
    const sections = paletteSections([
      { area: "pages", hits: [{ id: "x", label: "Billing", href: "/billing" }], seeAllHref: "" },
      { area: "campaigns", hits: [{ id: "x", label: "Spring", href: "/campaigns/x" }], seeAllHref: "/campaigns?q=spring" },
    ]);
    expect(sections.map((section) => section.options.map((option) => option.key))).toEqual([["pages:x"], ["campaigns:x"]]);
  });
});

describe("allResultsOption", () => {
  it("leads to /search for the term as typed, trimmed, and is absent before anything is typed", () => {
    expect(allResultsOption("  A&B ", (term) => `All for ${term}`)).toEqual({ key: "all", label: "All for A&B", href: "/search?q=A%26B" });
    expect(allResultsOption("   ", (term) => term)).toBeNull();
  });
});

describe("isPaletteShortcut", () => {
  const press = (key: string, modifiers: Partial<Record<"ctrlKey" | "metaKey" | "altKey" | "shiftKey", boolean>> = {}) => ({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...modifiers,
  });
  it("takes Ctrl+K and ⌘K (either case), nothing else", () => {
    expect(isPaletteShortcut(press("k", { ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(press("K", { metaKey: true }))).toBe(true);
    expect(isPaletteShortcut(press("k"))).toBe(false);
    expect(isPaletteShortcut(press("k", { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPaletteShortcut(press("j", { ctrlKey: true }))).toBe(false);
  });

  it("knows Apple platforms", () => {
    expect(isApplePlatform("MacIntel")).toBe(true);
    expect(isApplePlatform("Linux x86_64")).toBe(false);
  });
});
