import { flagParam, oneOf, optionalText, orderParam, pageParam, readParams, searchTerm } from "~/lib/url-params/url-params";
import type { AudioStatus, CallStatus } from "~/db/schema";
import { DATE_RANGES, type DateRangeKey } from "~/lib/dates/date-ranges";
import type { RecordingColumn } from "./columns";
import type { PhoneDisplays } from "~/features/phone/display";

/**
 * The recordings list's URL contract (documented in README): a bookmarked URL
 * reproduces the exact view. Parsing is lenient on purpose: a value the list
 * does not understand falls back to its default, so an old or hand-edited link
 * still opens the list instead of an error page.
 *
 *   /recordings?q=&direction=&campaign=&agent=&version=&status=&range=&escalated=1&view=disagreement&sort=&order=asc|desc&page=
 */

/** Page size 10, default sort createdAt descending (docs/product/constants.md#lists; the search debounce is in use-filter-form.ts). */
export const RECORDINGS_PAGE_SIZE = 10;

export const SORT_KEYS = ["createdAt", "direction", "campaign", "from", "to", "agent", "user", "company", "duration", "rating"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = "asc" | "desc";
export const DEFAULT_SORT: SortKey = "createdAt";

/** The newest call first; any other column starts from the top of the alphabet or the smallest number. */
export const defaultOrderFor = (sort: SortKey): SortOrder => (sort === "createdAt" ? "desc" : "asc");

export const LIST_STATUSES = ["ended", "missed", "voicemail", "live", "queued"] as const satisfies readonly CallStatus[];
/** Without a status filter the list shows finished calls; live and queued calls belong to the call-management tabs. */
export const FINISHED_STATUSES = ["ended", "missed", "voicemail"] as const satisfies readonly CallStatus[];
export const isFinishedStatus = (status: CallStatus) => (FINISHED_STATUSES as readonly CallStatus[]).includes(status);

export const LIST_VIEWS = ["disagreement"] as const;
export type ListView = (typeof LIST_VIEWS)[number];

export interface RecordingsListParams {
  /** The search term, trimmed; "" means no search. */
  q: string;
  /** Lower-cased, as the column is stored. */
  direction: string | null;
  /** An exact campaign name. */
  campaign: string | null;
  /** An agent's id (docs/product/agents.md#calls), and one of its versions; a version without an agent is ignored. */
  agent: string | null;
  version: number | null;
  status: CallStatus | null;
  range: DateRangeKey | null;
  escalated: boolean;
  view: ListView | null;
  sort: SortKey;
  order: SortOrder;
  page: number;
}

const readers = {
  q: searchTerm(),
  direction: optionalText({ trim: true, lowerCase: true, maxLength: 64 }),
  campaign: optionalText(),
  agent: optionalText({ trim: true, maxLength: 64 }),
  version: optionalText({ trim: true, maxLength: 7 }),
  status: oneOf(LIST_STATUSES),
  range: oneOf(DATE_RANGES),
  escalated: flagParam,
  view: oneOf(LIST_VIEWS),
  sort: oneOf(SORT_KEYS),
  order: orderParam,
  page: pageParam,
};

export function parseListParams(searchParams: URLSearchParams): RecordingsListParams {
  const parsed = readParams(searchParams, readers);
  const sort = parsed.sort ?? DEFAULT_SORT;
  return {
    q: parsed.q,
    direction: parsed.direction,
    campaign: parsed.campaign,
    agent: parsed.agent,
    version: parsed.agent && parsed.version && /^[1-9]\d*$/.test(parsed.version) ? Number(parsed.version) : null,
    status: parsed.status,
    range: parsed.range,
    escalated: parsed.escalated,
    view: parsed.view,
    sort,
    order: parsed.order ?? defaultOrderFor(sort),
    page: parsed.page,
  };
}

export const DEFAULT_LIST_PARAMS: RecordingsListParams = parseListParams(new URLSearchParams());

export function hasActiveFilters(params: RecordingsListParams) {
  return Boolean(params.q || params.direction || params.campaign || params.agent || params.status || params.range || params.escalated || params.view);
}

/** The filters without search, sort and page: what the search form carries as hidden fields. */
export function hiddenFilterFields(params: RecordingsListParams): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  if (params.status) fields.push(["status", params.status]);
  if (params.range) fields.push(["range", params.range]);
  if (params.escalated) fields.push(["escalated", "1"]);
  if (params.view) fields.push(["view", params.view]);
  if (params.sort !== DEFAULT_SORT || params.order !== defaultOrderFor(params.sort)) {
    fields.push(["sort", params.sort], ["order", params.order]);
  }
  return fields;
}

/** The params as a query string in a stable order, leaving out every default so URLs stay short and comparable. */
export function toSearchParams(params: RecordingsListParams) {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.direction) search.set("direction", params.direction);
  if (params.campaign) search.set("campaign", params.campaign);
  if (params.agent) search.set("agent", params.agent);
  if (params.agent && params.version) search.set("version", String(params.version));
  for (const [name, value] of hiddenFilterFields(params)) search.set(name, value);
  if (params.page > 1) search.set("page", String(params.page));
  return search;
}

/** Where the list lives: one canonical screen (/call-management?tab=recordings redirects here). */
export type ListBasePath = "/recordings";

export function listHref(basePath: ListBasePath, params: RecordingsListParams, changes: Partial<RecordingsListParams> = {}) {
  const query = toSearchParams({ ...params, ...changes }).toString();
  return query ? `${basePath}?${query}` : basePath;
}

/** A header link: the sorted column flips its order, another column starts in its default order; either way from page 1. */
export function sortChange(params: RecordingsListParams, sort: SortKey): Partial<RecordingsListParams> {
  const order = params.sort === sort ? (params.order === "asc" ? "desc" : "asc") : defaultOrderFor(sort);
  return { sort, order, page: 1 };
}

export function clearedFilters(params: RecordingsListParams): RecordingsListParams {
  return { ...DEFAULT_LIST_PARAMS, sort: params.sort, order: params.order };
}

/** One row of the list, as the loader sends it. */
export interface RecordingListItem {
  id: string;
  createdAt: string;
  status: CallStatus;
  direction: string;
  campaignName: string | null;
  from: string | null;
  to: string | null;
  agentName: string | null;
  userName: string | null;
  userCompany: string | null;
  durationSeconds: number | null;
  rating: number | null;
  sentiment: "positive" | "neutral" | "negative" | null;
  escalated: boolean;
  audioStatus: AudioStatus;
}

/** Everything the list view renders; serialisable, so any loader can pass it on (see loadRecordingsList). */
export interface RecordingsListViewData {
  basePath: ListBasePath;
  /** As applied: the page is clamped to the last page. */
  params: RecordingsListParams;
  rows: RecordingListItem[];
  /** Matching calls; a lower bound when `totalIsCapped`. */
  total: number;
  totalIsCapped: boolean;
  pageCount: number;
  hasNextPage: boolean;
  campaigns: string[];
  directions: string[];
  /** The tenant's agents with their versions, for the agent and version filters. */
  agents: Array<{ id: string; name: string; versions: number[] }>;
  timeZone: string;
  /** This exact view, for row actions to come back to. */
  returnTo: string;
  exportHref: string;
  canUpdate: boolean;
  canDelete: boolean;
  /** The columns the user chose (a cookie), in the list's order. */
  columns: RecordingColumn[];
  /** The rows' numbers as shown (see app/features/phone/display.ts). */
  phones: PhoneDisplays;
}
