import { CONTACT_CENTER_PATH, contactPaths } from "~/features/contacts/paths";
import { oneOf, pageParam, readParams, searchTerm } from "~/lib/url-params/url-params";

/**
 * The URL contract of the contact center (docs/product/contact-center.md):
 *
 *   /main-contact-center?q=<name, company, email or phone>
 *   /main-contact-center/<contact id>?show=<kind>&page=<n>[&q=<the search it came from>]
 *
 * Lenient like every list: a kind it does not know shows everything, a page
 * past the end shows the last one. `q` on a contact's page only keeps the
 * search box filled, so "Back to results" returns to the same matches.
 */
export { CONTACT_CENTER_PATH };

export const TIMELINE_PAGE_SIZE = 20;
export const SEARCH_LIMIT = 25;
export const SEARCH_MAX_LENGTH = 120;

/** What a timeline entry is about, in the order the filter offers them. */
export const TIMELINE_KINDS = ["call", "feedback", "ticket", "deal", "appointment", "campaign", "opt-out"] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export interface TimelineParams {
  show: TimelineKind | null;
  page: number;
  q: string;
}

const readers = { show: oneOf(TIMELINE_KINDS), page: pageParam, q: searchTerm({ maxLength: SEARCH_MAX_LENGTH }) };

export function parseTimelineParams(searchParams: URLSearchParams): TimelineParams {
  return readParams(searchParams, readers);
}

export function parseSearchTerm(searchParams: URLSearchParams): string {
  return readParams(searchParams, { q: readers.q }).q;
}

export function searchHref(q: string) {
  return q ? `${CONTACT_CENTER_PATH}?${new URLSearchParams({ q })}` : CONTACT_CENTER_PATH;
}

/** A contact's page: its timeline with `show`, `page` and the search it came from, defaults left out. */
export function timelineHref(contactId: string, params: Partial<TimelineParams> = {}) {
  const search = new URLSearchParams();
  if (params.show) search.set("show", params.show);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  if (params.q) search.set("q", params.q);
  const query = search.toString();
  return `${contactPaths.timeline(contactId)}${query ? `?${query}` : ""}`;
}
