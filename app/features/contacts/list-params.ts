import { oneOf, optionalText, orderParam, pageParam, readParams, searchTerm } from "~/lib/url-params/url-params";
import type { PhoneDisplays } from "~/features/phone/display";
import type { ContactListSummary } from "./lists.server";

/**
 * The contacts list's URL contract: a bookmarked URL reproduces the exact
 * view. Parsing is lenient, as on the recordings list: a value the list does
 * not understand falls back to its default, so an old or hand-edited link
 * still opens the list instead of an error page.
 *
 *   /contacts?q=&list=<list id>&optedOut=yes|no&sort=name|company|list|created&order=asc|desc&page=
 *
 * The export takes the same parameters: /contacts/export.csv?<same params>.
 */

export const CONTACTS_PAGE_SIZE = 20;

export const SORT_KEYS = ["name", "company", "list", "created"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = "asc" | "desc";
export const DEFAULT_SORT: SortKey = "created";

/** The newest contact first; any other column from the top of the alphabet. */
export const defaultOrderFor = (sort: SortKey): SortOrder => (sort === "created" ? "desc" : "asc");

/** yes: only contacts who opted out; no: only those campaigns may call. */
export const OPT_OUT_FILTERS = ["yes", "no"] as const;
export type OptOutFilter = (typeof OPT_OUT_FILTERS)[number];

export interface ContactsListParams {
  /** The search term, trimmed; "" means no search. */
  q: string;
  /** A list id; the loader drops one that is not the tenant's. */
  list: string | null;
  optedOut: OptOutFilter | null;
  sort: SortKey;
  order: SortOrder;
  page: number;
}

/** Longer terms are cut: nobody types 200 characters into a search box, and the query stays cheap. */
export const MAX_SEARCH_LENGTH = 200;

const readers = {
  q: searchTerm({ maxLength: MAX_SEARCH_LENGTH }),
  list: optionalText({ trim: true, maxLength: 64 }),
  optedOut: oneOf(OPT_OUT_FILTERS),
  sort: oneOf(SORT_KEYS),
  order: orderParam,
  page: pageParam,
};

export function parseListParams(searchParams: URLSearchParams): ContactsListParams {
  const parsed = readParams(searchParams, readers);
  const sort = parsed.sort ?? DEFAULT_SORT;
  return {
    q: parsed.q,
    list: parsed.list,
    optedOut: parsed.optedOut,
    sort,
    order: parsed.order ?? defaultOrderFor(sort),
    page: parsed.page,
  };
}

export const DEFAULT_LIST_PARAMS: ContactsListParams = parseListParams(new URLSearchParams());

export function hasActiveFilters(params: ContactsListParams) {
  return Boolean(params.q || params.list || params.optedOut);
}

/** The sort, when it is not the default: the search form carries it as hidden fields. */
export function sortFields(params: ContactsListParams): Array<[string, string]> {
  if (params.sort === DEFAULT_SORT && params.order === defaultOrderFor(params.sort)) return [];
  return [
    ["sort", params.sort],
    ["order", params.order],
  ];
}

/** The params as a query string in a stable order, leaving out every default so URLs stay short and comparable. */
export function toSearchParams(params: ContactsListParams) {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.list) search.set("list", params.list);
  if (params.optedOut) search.set("optedOut", params.optedOut);
  for (const [name, value] of sortFields(params)) search.set(name, value);
  if (params.page > 1) search.set("page", String(params.page));
  return search;
}

export const CONTACTS_PATH = "/contacts";

export function listHref(params: ContactsListParams, changes: Partial<ContactsListParams> = {}) {
  const query = toSearchParams({ ...params, ...changes }).toString();
  return query ? `${CONTACTS_PATH}?${query}` : CONTACTS_PATH;
}

export function exportHref(params: ContactsListParams) {
  const query = toSearchParams({ ...params, page: 1 }).toString();
  return `${CONTACTS_PATH}/export.csv${query ? `?${query}` : ""}`;
}

/** A header link: the sorted column flips its order, another column starts in its default order; either way from page 1. */
export function sortChange(params: ContactsListParams, sort: SortKey): Partial<ContactsListParams> {
  const order = params.sort === sort ? (params.order === "asc" ? "desc" : "asc") : defaultOrderFor(sort);
  return { sort, order, page: 1 };
}

export function clearedFilters(params: ContactsListParams): ContactsListParams {
  return { ...DEFAULT_LIST_PARAMS, sort: params.sort, order: params.order };
}

/** A list's contacts (or everyone's, for null), in the current order: what a list's link opens. */
export function listView(params: ContactsListParams, list: string | null) {
  return listHref({ ...clearedFilters(params), list });
}

/** One row of the list, as the loader sends it. */
export interface ContactListItem {
  id: string;
  firstName: string;
  lastName: string;
  title: string;
  company: string;
  /** E.164. */
  phone: string;
  email: string;
  listId: string;
  listName: string;
  optedOutAt: string | null;
  createdAt: string;
}

/** Everything the list view renders; serialisable. */
export interface ContactsListViewData {
  params: ContactsListParams;
  rows: ContactListItem[];
  total: number;
  pageCount: number;
  lists: ContactListSummary[];
  /** Every contact of the tenant, whatever the filters. */
  contactCount: number;
  /** Names of the campaigns that call each list (a list they use cannot be deleted). */
  campaignsByList: Record<string, string[]>;
  /** The URL named a list the tenant does not have (deleted, or never theirs): it was ignored. */
  unknownList: boolean;
  timeZone: string;
  /** This exact view, for row actions to come back to. */
  returnTo: string;
  exportHref: string;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  /** The user may open the contact center: a row's name leads to the contact's profile and timeline there, else (with update) to its edit page. */
  canOpenContactCenter: boolean;
  /** The rows' phone numbers as shown (see app/features/phone/display.ts). */
  phones: PhoneDisplays;
}
