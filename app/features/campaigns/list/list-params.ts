import { oneOf, orderParam, pageParam, readParams, searchTerm } from "~/lib/url-params/url-params";
import type { CampaignStatus } from "~/db/schema";
import { CAMPAIGN_STATUSES } from "../campaign-rules";
import { CONTACT_OUTCOMES, type ContactOutcome } from "../results";

/**
 * The campaigns list's URL contract: /campaigns?q=&status=&sort=&order=asc|desc&page=
 * Lenient like the recordings list: a value the list does not understand
 * falls back to its default, so an old or hand-edited link still opens.
 * `q` filters by name (/search's "See all" for campaigns opens the list so).
 */
export const CAMPAIGNS_PAGE_SIZE = 10;

/** Longer search input is cut: a campaign's name is a line, and a pasted text must stay a cheap query. */
export const CAMPAIGN_SEARCH_MAX_LENGTH = 100;

export const CAMPAIGN_SORT_KEYS = ["createdAt", "name", "status", "nextRunAt"] as const;
export type CampaignSortKey = (typeof CAMPAIGN_SORT_KEYS)[number];
export type SortOrder = "asc" | "desc";

/** Newest first; names and statuses from the top of the alphabet; the soonest next run first. */
export const defaultOrderFor = (sort: CampaignSortKey): SortOrder => (sort === "createdAt" ? "desc" : "asc");

export interface CampaignListParams {
  /** Part of the name, as typed (trimmed); "" for every campaign. */
  q: string;
  status: CampaignStatus | null;
  sort: CampaignSortKey;
  order: SortOrder;
  page: number;
}

const readers = {
  q: searchTerm({ maxLength: CAMPAIGN_SEARCH_MAX_LENGTH }),
  status: oneOf(CAMPAIGN_STATUSES),
  sort: oneOf(CAMPAIGN_SORT_KEYS),
  order: orderParam,
  page: pageParam,
};

export function parseCampaignListParams(searchParams: URLSearchParams): CampaignListParams {
  const parsed = readParams(searchParams, readers);
  const sort = parsed.sort ?? "createdAt";
  return { q: parsed.q, status: parsed.status, sort, order: parsed.order ?? defaultOrderFor(sort), page: parsed.page };
}

export function campaignListHref(params: CampaignListParams, changes: Partial<CampaignListParams> = {}) {
  const next = { ...params, ...changes };
  const search = new URLSearchParams();
  if (next.q) search.set("q", next.q);
  if (next.status) search.set("status", next.status);
  if (next.sort !== "createdAt" || next.order !== defaultOrderFor(next.sort)) {
    search.set("sort", next.sort);
    search.set("order", next.order);
  }
  if (next.page > 1) search.set("page", String(next.page));
  const query = search.toString();
  return query ? `/campaigns?${query}` : "/campaigns";
}

export function sortChange(params: CampaignListParams, sort: CampaignSortKey): Partial<CampaignListParams> {
  const order = params.sort === sort ? (params.order === "asc" ? "desc" : "asc") : defaultOrderFor(sort);
  return { sort, order, page: 1 };
}

/**
 * The campaign page's own URL state: whether the pre-launch check was asked
 * for, the activity page, `start=1`: the start confirmation (the page a
 * Start that would skip contacts leads to without JavaScript), and the
 * results' contacts: `outcome=` (one of CONTACT_OUTCOMES) and their page
 * `contacts=`. The confirmation is a one-off step, so links from the page
 * leave it behind.
 */
export interface CampaignPageParams {
  check: boolean;
  page: number;
  confirmStart: boolean;
  outcome: ContactOutcome | null;
  contactsPage: number;
}

export const ACTIVITY_PAGE_SIZE = 20;

const pageReaders = { page: pageParam, outcome: oneOf(CONTACT_OUTCOMES), contacts: pageParam };

export function parseCampaignPageParams(searchParams: URLSearchParams): CampaignPageParams {
  const { page, outcome, contacts } = readParams(searchParams, pageReaders);
  return { check: searchParams.get("check") === "1", page, confirmStart: searchParams.get("start") === "1", outcome, contactsPage: contacts };
}

/** The page with nothing asked for: what links that start afresh build on. */
export const DEFAULT_CAMPAIGN_PAGE_PARAMS: CampaignPageParams = { check: false, page: 1, confirmStart: false, outcome: null, contactsPage: 1 };

export function campaignPageHref(id: string, params: CampaignPageParams, changes: Partial<CampaignPageParams> = {}) {
  const next = { ...params, ...changes };
  const search = new URLSearchParams();
  if (next.check) search.set("check", "1");
  if (next.page > 1) search.set("page", String(next.page));
  if (next.outcome) search.set("outcome", next.outcome);
  if (next.contactsPage > 1) search.set("contacts", String(next.contactsPage));
  if (changes.confirmStart) search.set("start", "1");
  const query = search.toString();
  return `/campaigns/${encodeURIComponent(id)}${query ? `?${query}` : ""}`;
}
