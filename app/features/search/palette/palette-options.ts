import { allResultsHref, type SearchArea, type SearchGroup } from "../search-query";

/** One entry the palette's list offers: a hit, or the last entry, every result on /search. */
export interface PaletteOption {
  key: string;
  label: string;
  href: string;
}

export interface PaletteSection {
  area: SearchArea;
  options: PaletteOption[];
}

/** Typing waits this long before asking (issue 27: ~200 ms), so a word typed quickly is one request. */
export const PALETTE_DEBOUNCE_MS = 200;

/** The groups as the palette lists them, each hit keyed by its area too (a page and a campaign may share an id). */
export function paletteSections(groups: SearchGroup[]): PaletteSection[] {
  return groups.map((group) => ({
    area: group.area,
    options: group.hits.map((hit) => ({ key: `${group.area}:${hit.id}`, label: hit.label, href: hit.href })),
  }));
}

/** "All results for …": the /search page for the term as typed (trimmed), or null before anything is typed. */
export function allResultsOption(typed: string, label: (term: string) => string): PaletteOption | null {
  const term = typed.trim();
  return term ? { key: "all", label: label(term), href: allResultsHref(term) } : null;
}
