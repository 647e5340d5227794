import { calendarDayParam, oneOf, optionalText, orderParam, pageParam, readParams, searchTerm } from "~/lib/url-params/url-params";

/**
 * The URL contract of the super admin's user list (docs/product/roles.md#users-management):
 *
 *   /usersManagement?q=&tenant=<id>&role=<key>&status=active|disabled|unverified&from=YYYY-MM-DD&to=YYYY-MM-DD&sort=name|email|tenant|created&order=asc|desc&page=
 *
 * Lenient like every list: a value the list does not understand falls back
 * to its default; a date range given backwards is swapped. Days are the
 * super admin's tenant's.
 */
export const USERS_MANAGEMENT_PATH = "/usersManagement";
export const USERS_PAGE_SIZE = 25;

export const USER_STATUSES = ["active", "disabled", "unverified"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The built-in roles, and "custom" for any tenant's own role (there are too many across tenants to list one by one). */
export const ROLE_FILTERS = ["owner", "admin", "support", "agent", "platform-admin", "custom"] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

export const USER_SORT_KEYS = ["name", "email", "tenant", "created"] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];
export type SortOrder = "asc" | "desc";
const DEFAULT_SORT: UserSortKey = "created";
const defaultOrderFor = (sort: UserSortKey): SortOrder => (sort === "created" ? "desc" : "asc");

export interface UsersListParams {
  q: string;
  tenant: string | null;
  role: RoleFilter | null;
  status: UserStatus | null;
  from: string | null;
  to: string | null;
  sort: UserSortKey;
  order: SortOrder;
  page: number;
}

const readers = {
  q: searchTerm({ maxLength: 200 }),
  tenant: optionalText({ trim: true, maxLength: 64 }),
  role: oneOf(ROLE_FILTERS),
  status: oneOf(USER_STATUSES),
  from: calendarDayParam,
  to: calendarDayParam,
  sort: oneOf(USER_SORT_KEYS),
  order: orderParam,
  page: pageParam,
};

export function parseUsersParams(searchParams: URLSearchParams): UsersListParams {
  const read = readParams(searchParams, readers);
  const sort = read.sort ?? DEFAULT_SORT;
  const [from, to] = read.from && read.to && read.from > read.to ? [read.to, read.from] : [read.from, read.to];
  return { q: read.q, tenant: read.tenant, role: read.role, status: read.status, from, to, sort, order: read.order ?? defaultOrderFor(sort), page: read.page };
}

export const hasUserFilters = (params: UsersListParams) => Boolean(params.q || params.tenant || params.role || params.status || params.from || params.to);

/** The sort, when it is not the default: the filter form carries it as hidden fields. */
export function sortFields(params: UsersListParams): Array<[string, string]> {
  if (params.sort === DEFAULT_SORT && params.order === defaultOrderFor(params.sort)) return [];
  return [
    ["sort", params.sort],
    ["order", params.order],
  ];
}

export function usersHref(params: UsersListParams, changes: Partial<UsersListParams> = {}) {
  const next = { ...params, ...changes };
  const search = new URLSearchParams();
  if (next.q) search.set("q", next.q);
  for (const name of ["tenant", "role", "status", "from", "to"] as const) {
    const value = next[name];
    if (value) search.set(name, value);
  }
  for (const [name, value] of sortFields(next)) search.set(name, value);
  if (next.page > 1) search.set("page", String(next.page));
  const query = search.toString();
  return query ? `${USERS_MANAGEMENT_PATH}?${query}` : USERS_MANAGEMENT_PATH;
}

/** A header link: the sorted column flips its order, another starts in its default order; either way from page 1. */
export function sortChange(params: UsersListParams, sort: UserSortKey): Partial<UsersListParams> {
  const order = params.sort === sort ? (params.order === "asc" ? "desc" : "asc") : defaultOrderFor(sort);
  return { sort, order, page: 1 };
}

export const clearedUsersHref = (params: UsersListParams) => usersHref({ ...parseUsersParams(new URLSearchParams()), sort: params.sort, order: params.order });

export const userPath = (id: string) => `${USERS_MANAGEMENT_PATH}/${encodeURIComponent(id)}`;
export const PLATFORM_AUDIT_PATH = `${USERS_MANAGEMENT_PATH}/audit-log`;

/** A row of the list, as the loader sends it. */
export interface UserListItem {
  id: string;
  name: string;
  email: string;
  tenantId: string;
  tenantName: string;
  roleKey: string;
  roleName: string;
  customRole: boolean;
  status: UserStatus;
  createdAt: string;
}
