import { DEFAULT_DATE_RANGE, DATE_RANGES, type DateRangeKey } from "~/lib/dates/date-ranges";
import { oneOf, optionalText, pageParam, readParams, searchTerm } from "~/lib/url-params/url-params";

/**
 * The URL contract of the super admin's key list (docs/product/api-access.md#api-access-admin):
 *
 *   /api-access-admin?q=&tenant=<id>&status=active|revoked|expired&range=<overview range>&page=&revoke=<key id>
 *
 * `range` picks the UTC days whose requests the list counts; `revoke` is the
 * confirmation step of a revocation, so it works without JavaScript.
 */
export const API_ACCESS_ADMIN_PATH = "/api-access-admin";
export const ADMIN_KEYS_PAGE_SIZE = 25;

export const KEY_STATUSES = ["active", "revoked", "expired"] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

export interface AdminKeysParams {
  q: string;
  tenant: string | null;
  status: KeyStatus | null;
  range: DateRangeKey;
  page: number;
}

const readers = {
  q: searchTerm({ maxLength: 200 }),
  tenant: optionalText({ trim: true, maxLength: 64 }),
  status: oneOf(KEY_STATUSES),
  range: oneOf(DATE_RANGES, DEFAULT_DATE_RANGE),
  page: pageParam,
};

export function parseAdminKeysParams(searchParams: URLSearchParams): AdminKeysParams {
  const read = readParams(searchParams, readers);
  return { q: read.q, tenant: read.tenant, status: read.status, range: read.range, page: read.page };
}

export const hasAdminKeyFilters = (params: AdminKeysParams) => Boolean(params.q || params.tenant || params.status);

export function adminKeysHref(params: AdminKeysParams, changes: Partial<AdminKeysParams> & { revoke?: string } = {}) {
  const next = { ...params, ...changes };
  const search = new URLSearchParams();
  if (next.q) search.set("q", next.q);
  if (next.tenant) search.set("tenant", next.tenant);
  if (next.status) search.set("status", next.status);
  if (next.range !== DEFAULT_DATE_RANGE) search.set("range", next.range);
  if (next.page > 1) search.set("page", String(next.page));
  if (changes.revoke) search.set("revoke", changes.revoke);
  const query = search.toString();
  return query ? `${API_ACCESS_ADMIN_PATH}?${query}` : API_ACCESS_ADMIN_PATH;
}

/** The status a key shows: revoked wins over expired, as a revoked key never works again. */
export function keyStatus(key: { revokedAt: string | null; expiresAt: string | null }, nowMs: number = Date.now()): KeyStatus {
  if (key.revokedAt) return "revoked";
  if (key.expiresAt && Date.parse(key.expiresAt) <= nowMs) return "expired";
  return "active";
}

/** A row of the list, as the loader sends it. */
export interface AdminKeyRow {
  id: string;
  tenantId: string;
  tenantName: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  status: KeyStatus;
  requests: number;
}
