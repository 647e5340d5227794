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

export type SearchArea = "pages" | "contacts" | "recordings" | "crm-deals" | "campaigns" | "agents" | "tickets";

export interface SearchHit {
  id: string;
  label: string;
  href: string;
}

export interface SearchGroup {
  area: SearchArea;
  hits: SearchHit[];
  seeAllHref: string;
}

/** What /resources/search answers, and the command palette (palette/search-palette.tsx) reads. */
export interface SearchResourceData {
  term: string;
  groups: SearchGroup[];
}

/** Every result of a term, as a page that works without JavaScript (the command palette's last entry). */
export const allResultsHref = (term: string) => `/search?${new URLSearchParams({ q: term }).toString()}`;

/** The command palette's data for a term (routes/resources+/search.tsx). */
export const searchResourceUrl = (term: string) => `/resources/search?${new URLSearchParams({ q: term }).toString()}`;

/** A screen the user may open, named in the user's language (from the sidebar the user sees). */
export interface SearchablePage {
  href: string;
  title: string;
  /** The group it sits in, also searched ("Settings" finds Billing's entry too). */
  group: string;
}

/**
 * How well a text matches the term (issue 27's ranking), best first: the whole
 * text is the term, it starts with it, one of its words starts with it, or the
 * term is somewhere inside. search.server.ts computes the same ranks in SQL
 * (matchRankSql), so each area orders its hits this way on SQLite and PostgreSQL.
 */
export const MATCH_RANKS = ["exact", "prefix", "wordPrefix", "contains"] as const;
export type MatchRank = (typeof MATCH_RANKS)[number];

/** What starts a word, besides the text's start: "okafor" starts a word of "Samuel Okafor" and of "s.okafor@example.com". */
export const WORD_SEPARATORS = [" ", "-", ".", "@", "#", "/", "(", ","] as const;

/** The rank of a text (any case) for a lower-cased term, or null when the term is not in it. */
export function matchRank(text: string, term: string): MatchRank | null {
  if (!term) return null;
  const lower = text.toLowerCase();
  if (lower === term) return "exact";
  if (lower.startsWith(term)) return "prefix";
  let at = lower.indexOf(term);
  if (at < 0) return null;
  while (at >= 0) {
    if ((WORD_SEPARATORS as readonly string[]).includes(lower[at - 1]!)) return "wordPrefix";
    at = lower.indexOf(term, at + 1);
  }
  return "contains";
}

/** The best rank over several texts of one thing (a contact's name and its email address), as a number (0 best) or null. */
export function bestRank(texts: readonly string[], term: string): number | null {
  let best: number | null = null;
  for (const text of texts) {
    const rank = matchRank(text, term);
    if (rank !== null) best = Math.min(best ?? MATCH_RANKS.length, MATCH_RANKS.indexOf(rank));
  }
  return best;
}

/** The pages whose name or group contains the term (already lower-cased), best match first, else in the sidebar's order, at most RESULTS_PER_GROUP. */
export function matchPages(pages: SearchablePage[], term: string) {
  if (!term) return [];
  return pages
    .map((page, index) => ({ page, index, rank: bestRank([page.title, page.group], term) }))
    .filter((entry): entry is { page: SearchablePage; index: number; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, RESULTS_PER_GROUP)
    .map(({ page }) => ({ id: page.href, label: page.group && page.group !== page.title ? `${page.title} (${page.group})` : page.title, href: page.href }));
}
