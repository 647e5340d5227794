import { calendarDayParam, oneOf, optionalText, pageParam, readParams } from "~/lib/url-params/url-params";
import { AUDIT_ACTIONS, type AuditAction } from "./audit-actions";

/**
 * The URL contract of the audit log (docs/product/audit-log.md):
 *
 *   /settings/audit-log?action=<key>&from=YYYY-MM-DD&to=YYYY-MM-DD&page=
 *   /settings/audit-log.csv?<the same filters>
 *
 * The super admin's log of every tenant (/usersManagement/audit-log) adds
 * tenant=<id>; a tenant's own log ignores it.
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
  /** Only in the super admin's log of every tenant. */
  tenant: string | null;
  page: number;
}

const readers = {
  action: oneOf(AUDIT_ACTIONS),
  from: calendarDayParam,
  to: calendarDayParam,
  tenant: optionalText({ trim: true, maxLength: 64 }),
  page: pageParam,
};

export function parseAuditParams(searchParams: URLSearchParams): AuditParams {
  const read = readParams(searchParams, readers);
  const [from, to] = read.from && read.to && read.from > read.to ? [read.to, read.from] : [read.from, read.to];
  return { action: read.action, from, to, tenant: read.tenant, page: read.page };
}

function filterQuery(params: AuditParams) {
  const search = new URLSearchParams();
  if (params.action) search.set("action", params.action);
  if (params.from) search.set("from", params.from);
  if (params.to) search.set("to", params.to);
  if (params.tenant) search.set("tenant", params.tenant);
  return search;
}

export function auditHref(params: AuditParams, changes: Partial<AuditParams> = {}, path: string = AUDIT_LOG_PATH) {
  const next = { ...params, ...changes };
  const search = filterQuery(next);
  if (next.page > 1) search.set("page", String(next.page));
  const query = search.toString();
  return `${path}${query ? `?${query}` : ""}`;
}

export function auditCsvHref(params: AuditParams, path: string = AUDIT_LOG_PATH) {
  const query = filterQuery(params).toString();
  return `${path}.csv${query ? `?${query}` : ""}`;
}

/** One entry as the page shows it: the words are the loader's (describeEntry), in the reader's language. */
export interface AuditViewRow {
  id: string;
  /** The tenant's name, in the super admin's log of every tenant. */
  tenantName?: string;
  at: string;
  actorLabel: string;
  action: string;
  targetLabel: string | null;
  details: string;
  ip: string | null;
  requestId: string | null;
}
