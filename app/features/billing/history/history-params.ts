import type { LedgerKind } from "~/db/schema";
import { calendarDayParam, oneOf, pageParam, readParams } from "~/lib/url-params/url-params";

/**
 * The billing history's URL contract:
 * /billing?tab=billing-history&type=&from=YYYY-MM-DD&to=YYYY-MM-DD&page=
 * Lenient like every list: what it does not understand falls back to "any".
 * Days are the tenant's calendar days; a range given backwards is swapped.
 */
export const LEDGER_KINDS = ["topup", "payment", "subscription", "usage", "refund", "adjustment"] as const satisfies readonly LedgerKind[];
export const HISTORY_PAGE_SIZE = 20;

export interface HistoryParams {
  type: LedgerKind | null;
  from: string | null;
  to: string | null;
  page: number;
}

const readers = { type: oneOf(LEDGER_KINDS), from: calendarDayParam, to: calendarDayParam, page: pageParam };

export function parseHistoryParams(searchParams: URLSearchParams): HistoryParams {
  const { type, from, to, page } = readParams(searchParams, readers);
  const [first, last] = from && to && from > to ? [to, from] : [from, to];
  return { type, from: first, to: last, page };
}

/** The filters as query pairs (no tab, no page): the CSV link and the filter form's hidden state share them. */
export function historyFilterPairs(params: HistoryParams): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  if (params.type) pairs.push(["type", params.type]);
  if (params.from) pairs.push(["from", params.from]);
  if (params.to) pairs.push(["to", params.to]);
  return pairs;
}

export function historyHref(params: HistoryParams, changes: Partial<HistoryParams> = {}) {
  const next = { ...params, ...changes };
  const search = new URLSearchParams([["tab", "billing-history"], ...historyFilterPairs(next)]);
  if (next.page > 1) search.set("page", String(next.page));
  return `/billing?${search.toString()}`;
}

export function historyCsvHref(params: HistoryParams) {
  const query = new URLSearchParams(historyFilterPairs(params)).toString();
  return `/billing/transactions.csv${query ? `?${query}` : ""}`;
}
