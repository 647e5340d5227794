import { oneOf, orderParam, pageParam, readParams, searchTerm } from "~/lib/url-params/url-params";

/**
 * The organizations list's URL contract (docs/product/navigation.md#organizations-list):
 * /organizations?page=&limit=&search=&sortBy=name|createdAt&sortOrder=asc|desc
 * Page 1 and 10 a page by default; lenient like every list.
 */
export const ORGANIZATION_LIMITS = ["10", "20", "50", "100"] as const;
export const DEFAULT_LIMIT = 10;
export const ORGANIZATION_SORT_KEYS = ["name", "createdAt"] as const;
export type OrganizationSortKey = (typeof ORGANIZATION_SORT_KEYS)[number];
export type SortOrder = "asc" | "desc";

/** Names from A, the newest first. */
export const defaultOrderFor = (sortBy: OrganizationSortKey): SortOrder => (sortBy === "name" ? "asc" : "desc");

export interface OrganizationListParams {
  page: number;
  limit: number;
  search: string;
  sortBy: OrganizationSortKey;
  sortOrder: SortOrder;
}

const readers = {
  page: pageParam,
  limit: oneOf(ORGANIZATION_LIMITS),
  search: searchTerm({ maxLength: 100 }),
  sortBy: oneOf(ORGANIZATION_SORT_KEYS),
  sortOrder: orderParam,
};

export function parseOrganizationListParams(searchParams: URLSearchParams): OrganizationListParams {
  const read = readParams(searchParams, readers);
  const sortBy = read.sortBy ?? "name";
  return {
    page: read.page,
    limit: read.limit ? Number(read.limit) : DEFAULT_LIMIT,
    search: read.search,
    sortBy,
    sortOrder: read.sortOrder ?? defaultOrderFor(sortBy),
  };
}

export function organizationListHref(params: OrganizationListParams, changes: Partial<OrganizationListParams> = {}) {
  const next = { ...params, ...changes };
  const search = new URLSearchParams();
  if (next.search) search.set("search", next.search);
  if (next.sortBy !== "name" || next.sortOrder !== defaultOrderFor(next.sortBy)) {
    search.set("sortBy", next.sortBy);
    search.set("sortOrder", next.sortOrder);
  }
  if (next.limit !== DEFAULT_LIMIT) search.set("limit", String(next.limit));
  if (next.page > 1) search.set("page", String(next.page));
  const query = search.toString();
  return query ? `/organizations?${query}` : "/organizations";
}

/** The name folded for sorting on both databases: lower case, accents off ("Ärztehaus" sorts with the A's). */
export function sortNameOf(name: string) {
  return name.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase("en");
}
