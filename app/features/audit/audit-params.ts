import { calendarDayParam, oneOf, pageParam, readParams } from "~/lib/url-params/url-params";
import { AUDIT_ACTIONS, type AuditAction } from "./audit-actions";

/**
 * The URL contract of the audit log (docs/product/audit-log.md):
 *
 *   /settings/audit-log?action=<key>&from=YYYY-MM-DD&to=YYYY-MM-DD&page=
 *   /settings/audit-log.csv?<the same filters>
 *
 * Lenient like every list: an unknown action shows every action, a range
 * given backwards is swapped. Days are the tenant's.
 */
export const AUDIT_LOG_PATH = "/settings/audit-log";
export const AUDIT_PAGE_SIZE = 50;

export interface AuditParams {
  action: AuditAction | null;
  from: string | null;
  to: string | null;
  page: number;
}

const readers = { action: oneOf(AUDIT_ACTIONS), from: calendarDayParam, to: calendarDayParam, page: pageParam };

export function parseAuditParams(searchParams: URLSearchParams): AuditParams {
  const read = readParams(searchParams, readers);
  const [from, to] = read.from && read.to && read.from > read.to ? [read.to, read.from] : [read.from, read.to];
  return { action: read.action, from, to, page: read.page };
}

function filterQuery(params: AuditParams) {
  const search = new URLSearchParams();
  if (params.action) search.set("action", params.action);
  if (params.from) search.set("from", params.from);
  if (params.to) search.set("to", params.to);
  return search;
}

export function auditHref(params: AuditParams, changes: Partial<AuditParams> = {}) {
  const next = { ...params, ...changes };
  const search = filterQuery(next);
  if (next.page > 1) search.set("page", String(next.page));
  const query = search.toString();
  return `${AUDIT_LOG_PATH}${query ? `?${query}` : ""}`;
}

export function auditCsvHref(params: AuditParams) {
  const query = filterQuery(params).toString();
  return `${AUDIT_LOG_PATH}.csv${query ? `?${query}` : ""}`;
}
