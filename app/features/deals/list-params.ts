import { calendarDayParam, oneOf, optionalText, orderParam, pageParam, readParams, searchTerm } from "~/lib/url-params/url-params";
import type { StageKind } from "./deal-rules";

/**
 * The deals screen's URL contract (docs/product/deals.md#board-and-list): a bookmarked
 * URL reproduces the exact view. Parsing is lenient: a value the screen does
 * not understand falls back to its default, so an old or hand-edited link
 * still opens the board.
 *
 *   /crm-deals?pipeline=<id>&view=board|list&q=&owner=<user id>&closeFrom=YYYY-MM-DD&closeTo=YYYY-MM-DD
 *             &stage=<stage id>&sort=title|value|close|stage|created&order=asc|desc&page=
 *
 * The board and the list share the pipeline, the search, the owner and the
 * closing window; the stage filter, the sort and the page are the list's
 * (the board shows every stage, in its order).
 */

export const DEALS_PATH = "/crm-deals";
export const DEALS_PAGE_SIZE = 25;
/** A column shows this many cards; the rest are a link to the list filtered to that stage. */
export const BOARD_CARDS_PER_STAGE = 50;

export const VIEWS = ["board", "list"] as const;
export type DealsView = (typeof VIEWS)[number];

export const SORT_KEYS = ["title", "value", "close", "stage", "created"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = "asc" | "desc";
export const DEFAULT_SORT: SortKey = "created";

/** The newest deal and the highest value first; the others from the top (the nearest close date first). */
export const defaultOrderFor = (sort: SortKey): SortOrder => (sort === "created" || sort === "value" ? "desc" : "asc");

export const MAX_SEARCH_LENGTH = 200;

export interface DealsParams {
  /** A pipeline id; the loader uses the default pipeline when it is absent or not the tenant's. */
  pipeline: string | null;
  view: DealsView;
  q: string;
  owner: string | null;
  /** Expected close on or after this day. */
  closeFrom: string | null;
  /** Expected close on or before this day. */
  closeTo: string | null;
  stage: string | null;
  sort: SortKey;
  order: SortOrder;
  page: number;
}

const id = optionalText({ trim: true, maxLength: 64 });

const readers = {
  pipeline: id,
  view: oneOf(VIEWS, "board"),
  q: searchTerm({ maxLength: MAX_SEARCH_LENGTH }),
  owner: id,
  closeFrom: calendarDayParam,
  closeTo: calendarDayParam,
  stage: id,
  sort: oneOf(SORT_KEYS),
  order: orderParam,
  page: pageParam,
};

export function parseDealsParams(searchParams: URLSearchParams): DealsParams {
  const parsed = readParams(searchParams, readers);
  const sort = parsed.sort ?? DEFAULT_SORT;
  return { ...parsed, sort, order: parsed.order ?? defaultOrderFor(sort) };
}

export const DEFAULT_PARAMS: DealsParams = parseDealsParams(new URLSearchParams());

/** The filters the board and the list share. */
export function hasActiveFilters(params: DealsParams) {
  return Boolean(params.q || params.owner || params.closeFrom || params.closeTo || (params.view === "list" && params.stage));
}

/** The params as a query string in a stable order, without defaults and without what the view does not use. */
export function toSearchParams(params: DealsParams) {
  const search = new URLSearchParams();
  if (params.pipeline) search.set("pipeline", params.pipeline);
  if (params.view !== "board") search.set("view", params.view);
  if (params.q) search.set("q", params.q);
  if (params.owner) search.set("owner", params.owner);
  if (params.closeFrom) search.set("closeFrom", params.closeFrom);
  if (params.closeTo) search.set("closeTo", params.closeTo);
  if (params.view === "list") {
    if (params.stage) search.set("stage", params.stage);
    if (params.sort !== DEFAULT_SORT || params.order !== defaultOrderFor(params.sort)) {
      search.set("sort", params.sort);
      search.set("order", params.order);
    }
    if (params.page > 1) search.set("page", String(params.page));
  }
  return search;
}

export function dealsHref(params: DealsParams, changes: Partial<DealsParams> = {}) {
  const query = toSearchParams({ ...params, ...changes }).toString();
  return query ? `${DEALS_PATH}?${query}` : DEALS_PATH;
}

/** What the filter form does not show, as hidden fields: the pipeline, the view and (on the list) the sort. */
export function hiddenFields(params: DealsParams, { pipelineShown }: { pipelineShown: boolean }): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  if (!pipelineShown && params.pipeline) fields.push(["pipeline", params.pipeline]);
  if (params.view !== "board") fields.push(["view", params.view]);
  if (params.view === "list" && (params.sort !== DEFAULT_SORT || params.order !== defaultOrderFor(params.sort))) {
    fields.push(["sort", params.sort], ["order", params.order]);
  }
  return fields;
}

/** A header link: the sorted column flips its order, another column starts in its default order; either way from page 1. */
export function sortChange(params: DealsParams, sort: SortKey): Partial<DealsParams> {
  const order = params.sort === sort ? (params.order === "asc" ? "desc" : "asc") : defaultOrderFor(sort);
  return { sort, order, page: 1 };
}

export function clearedFilters(params: DealsParams): DealsParams {
  return { ...DEFAULT_PARAMS, pipeline: params.pipeline, view: params.view, sort: params.sort, order: params.order };
}

/* ---- What the loader sends (serialisable). ---- */

export interface StageSummary {
  id: string;
  name: string;
  kind: StageKind;
}

export interface DealCard {
  id: string;
  title: string;
  valueMinor: number;
  currency: string;
  stageId: string;
  contactName: string | null;
  ownerName: string | null;
  expectedCloseOn: string | null;
  lostReason: string | null;
  createdAt: string;
}

export interface BoardColumn {
  stage: StageSummary;
  count: number;
  /** The column's value per currency (a tenant's deals share one, unless its billing currency changed). */
  totals: Array<{ currency: string; valueMinor: number }>;
  cards: DealCard[];
}

export interface DealsViewData {
  params: DealsParams;
  pipelines: Array<{ id: string; name: string }>;
  pipelineId: string;
  stages: StageSummary[];
  members: Array<{ id: string; name: string }>;
  /** The tenant's currency, for a total of nothing. */
  currency: string;
  board: BoardColumn[] | null;
  list: { rows: DealCard[]; total: number; pageCount: number; totals: Array<{ currency: string; valueMinor: number }> } | null;
  /** This exact view, for the forms and links that come back to it. */
  returnTo: string;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}

/** What the board's move action answers when it refuses a move: the card, what was chosen, and the messages by field. */
export interface MoveReply {
  intent: "move";
  dealId: string;
  stageId: string;
  lostReason: string;
  errors: Record<string, string[]>;
}
