import { flagParam, oneOf, optionalText, orderParam, pageParam, readParams, searchTerm } from "~/lib/url-params/url-params";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { TAG_MAX_LENGTH, TICKET_PRIORITIES, TICKET_STATUSES } from "./ticket-rules";

/**
 * The ticket list's URL contract (docs/product/service-desk.md#ticket-list):
 * a bookmarked URL reproduces the exact view, and parsing is lenient (a value
 * the list does not understand falls back to its default).
 *
 *   /service-desk?tab=my-tickets|unassigned-tickets|all&q=&status=active|open|pending|resolved|closed|any
 *                &priority=urgent|high|normal|low&assignee=<user id>|none&tag=&overdue=1
 *                &sort=due|priority|created|updated&order=asc|desc&page=
 *
 * The assignee filter is the "all" tab's: the other two tabs name the assignee.
 */

export const SERVICE_DESK_PATH = "/service-desk";
export const TICKETS_PAGE_SIZE = 20;

export const DESK_TABS = ["my-tickets", "unassigned-tickets", "all"] as const;
export type DeskTab = (typeof DESK_TABS)[number];
export const DEFAULT_TAB: DeskTab = "my-tickets";

/** active: open and pending, the tickets still being worked (the default); any: every status. */
export const STATUS_FILTERS = ["active", ...TICKET_STATUSES, "any"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const DEFAULT_STATUS_FILTER: StatusFilter = "active";

/** The assignee filter's value for tickets nobody has. */
export const NO_ASSIGNEE = "none";

export const SORT_KEYS = ["due", "priority", "created", "updated"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = "asc" | "desc";
export const DEFAULT_SORT: SortKey = "due";

/** The nearest deadline first; the highest priority and the newest change first. */
export const defaultOrderFor = (sort: SortKey): SortOrder => (sort === "due" ? "asc" : "desc");

export const MAX_SEARCH_LENGTH = 200;

export interface TicketListParams {
  tab: DeskTab;
  q: string;
  status: StatusFilter;
  priority: (typeof TICKET_PRIORITIES)[number] | null;
  /** A member's id, or NO_ASSIGNEE; only on the "all" tab. */
  assignee: string | null;
  tag: string | null;
  overdue: boolean;
  sort: SortKey;
  order: SortOrder;
  page: number;
}

const readers = {
  tab: oneOf(DESK_TABS, DEFAULT_TAB),
  q: searchTerm({ maxLength: MAX_SEARCH_LENGTH }),
  status: oneOf(STATUS_FILTERS, DEFAULT_STATUS_FILTER),
  priority: oneOf(TICKET_PRIORITIES),
  assignee: optionalText({ trim: true, maxLength: 64 }),
  tag: optionalText({ trim: true, lowerCase: true, maxLength: TAG_MAX_LENGTH }),
  overdue: flagParam,
  sort: oneOf(SORT_KEYS),
  order: orderParam,
  page: pageParam,
};

/** The params as given; `allowAll` false (a user who may not see every ticket) turns the "all" tab into the first one. */
export function parseTicketListParams(searchParams: URLSearchParams, { allowAll }: { allowAll: boolean }): TicketListParams {
  const parsed = readParams(searchParams, readers);
  const sort = parsed.sort ?? DEFAULT_SORT;
  const tab = parsed.tab === "all" && !allowAll ? DEFAULT_TAB : parsed.tab;
  return { ...parsed, tab, assignee: tab === "all" ? parsed.assignee : null, sort, order: parsed.order ?? defaultOrderFor(sort) };
}

export const DEFAULT_LIST_PARAMS: TicketListParams = parseTicketListParams(new URLSearchParams(), { allowAll: false });

export function hasActiveFilters(params: TicketListParams) {
  return Boolean(params.q || params.status !== DEFAULT_STATUS_FILTER || params.priority || params.assignee || params.tag || params.overdue);
}

const isDefaultSort = (params: TicketListParams) => params.sort === DEFAULT_SORT && params.order === defaultOrderFor(params.sort);

/** The params as a query string in a stable order, leaving out every default. */
export function toSearchParams(params: TicketListParams) {
  const search = new URLSearchParams();
  if (params.tab !== DEFAULT_TAB) search.set("tab", params.tab);
  if (params.q) search.set("q", params.q);
  if (params.status !== DEFAULT_STATUS_FILTER) search.set("status", params.status);
  if (params.priority) search.set("priority", params.priority);
  if (params.tab === "all" && params.assignee) search.set("assignee", params.assignee);
  if (params.tag) search.set("tag", params.tag);
  if (params.overdue) search.set("overdue", "1");
  if (!isDefaultSort(params)) {
    search.set("sort", params.sort);
    search.set("order", params.order);
  }
  if (params.page > 1) search.set("page", String(params.page));
  return search;
}

export function ticketListHref(params: TicketListParams, changes: Partial<TicketListParams> = {}) {
  const query = toSearchParams({ ...params, ...changes }).toString();
  return query ? `${SERVICE_DESK_PATH}?${query}` : SERVICE_DESK_PATH;
}

/** What the filter form does not show, as hidden fields: the tab and the sort. */
export function hiddenFields(params: TicketListParams): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  if (params.tab !== DEFAULT_TAB) fields.push(["tab", params.tab]);
  if (!isDefaultSort(params)) fields.push(["sort", params.sort], ["order", params.order]);
  return fields;
}

/** A header link: the sorted column flips its order, another column starts in its default order; either way from page 1. */
export function sortChange(params: TicketListParams, sort: SortKey): Partial<TicketListParams> {
  const order = params.sort === sort ? (params.order === "asc" ? "desc" : "asc") : defaultOrderFor(sort);
  return { sort, order, page: 1 };
}

/** Another tab keeps the search and filters (the assignee is the "all" tab's own) and starts at page 1. */
export const tabHref = (params: TicketListParams, tab: DeskTab) =>
  ticketListHref({ ...params, tab, page: 1, assignee: tab === "all" ? params.assignee : null });

export function clearedFilters(params: TicketListParams): TicketListParams {
  return { ...DEFAULT_LIST_PARAMS, tab: params.tab, sort: params.sort, order: params.order };
}

/** Where the desk's pages live. */
const segment = (id: string) => encodeURIComponent(id);
export const deskPaths = {
  ticket: (id: string) => `${SERVICE_DESK_PATH}/${segment(id)}`,
  create: (callId?: string | null) => `${SERVICE_DESK_PATH}/new${callId ? `?${new URLSearchParams({ call: callId })}` : ""}`,
  settings: `${SERVICE_DESK_PATH}/settings`,
};

/** A link that keeps the list view to come back to. */
export function withReturnTo(path: string, returnTo: string | null | undefined) {
  if (!returnTo || returnTo === SERVICE_DESK_PATH) return path;
  const separator = path.includes("?") ? "&" : "?";
  return `${path}${separator}${new URLSearchParams({ returnTo })}`;
}

/** A `returnTo` form or query value as a same-site path, else the ticket list. */
export const returnPath = (value: FormDataEntryValue | string | null | undefined) => safeRedirectPath(value, SERVICE_DESK_PATH);
