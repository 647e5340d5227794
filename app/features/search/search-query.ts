/** Longest search term taken; longer input is cut, so a pasted text cannot make a costly scan. */
export const MAX_SEARCH_LENGTH = 100;
/** Results shown per group; "see all" opens the area's own list filtered by the term. */
export const RESULTS_PER_GROUP = 5;

/** The term as searched: trimmed, cut to MAX_SEARCH_LENGTH, lower-cased (the match is case-insensitive). */
export function normalizeSearchTerm(raw: string | null | undefined): string {
  return (raw ?? "").trim().slice(0, MAX_SEARCH_LENGTH).toLowerCase();
}

/** The area's list filtered by the term (each list reads `q`: contacts/list-params.ts, deals/list-params.ts). */
export function seeAllHref(listPath: string, term: string): string {
  return `${listPath}?${new URLSearchParams({ q: term }).toString()}`;
}

/** A screen the user may open, named in the user's language (from the sidebar the user sees). */
export interface SearchablePage {
  href: string;
  title: string;
  /** The group it sits in, also searched ("Settings" finds Billing's entry too). */
  group: string;
}

/** The pages whose name or group contains the term (already lower-cased), in the sidebar's order, at most RESULTS_PER_GROUP. */
export function matchPages(pages: SearchablePage[], term: string) {
  if (!term) return [];
  return pages
    .filter((page) => page.title.toLowerCase().includes(term) || page.group.toLowerCase().includes(term))
    .slice(0, RESULTS_PER_GROUP)
    .map((page) => ({ id: page.href, label: page.group && page.group !== page.title ? `${page.title} (${page.group})` : page.title, href: page.href }));
}
