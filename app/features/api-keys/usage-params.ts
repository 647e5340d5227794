import { DATE_RANGES, DEFAULT_DATE_RANGE, isDateRangeKey, resolveDateRange, type DateRangeKey } from "~/lib/dates/date-ranges";
import { calendarDayParam, oneOf, optionalText, pageParam, readParams } from "~/lib/url-params/url-params";

/**
 * The URL contract of /api-access's dashboard and usage tabs
 * (docs/product/api-access.md):
 *
 *   /api-access?tab=dashboard&range=<one of the overview's ranges>
 *   /api-access?tab=usage&key=<id>&endpoint=<pattern>&from=YYYY-MM-DD&to=YYYY-MM-DD&status=2xx|3xx|4xx|5xx&page=
 *   /api-access/usage.csv?<the usage tab's filters>
 *
 * Usage is counted per UTC day (api_usage_daily), so the overview's ranges
 * are resolved in UTC here, not in the tenant's zone (docs/decisions/0052).
 * Lenient like every list: a value the page does not understand falls back to
 * its default, a range given backwards is swapped, and a range longer than
 * MAX_USAGE_DAYS keeps its last MAX_USAGE_DAYS days.
 */
export const API_USAGE_PATH = "/api-access";
export const API_USAGE_CSV_PATH = "/api-access/usage.csv";
export const USAGE_STATUS_CLASSES = ["2xx", "3xx", "4xx", "5xx"] as const;
export type UsageStatusClass = (typeof USAGE_STATUS_CLASSES)[number];
export const DEFAULT_USAGE_DAYS = 30;
export const MAX_USAGE_DAYS = 366;
/** Rows per page of the usage tab; the CSV export has them all. */
export const USAGE_PAGE_SIZE = 50;
const DAY_MS = 86_400_000;

export interface UsageParams {
  key: string | null;
  endpoint: string | null;
  from: string;
  to: string;
  status: UsageStatusClass | null;
  page: number;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

const usageReaders = {
  key: optionalText({ trim: true, maxLength: 64 }),
  // The longest pattern is about 40 characters ("GET /api/v1/appointments/{appointmentId}").
  endpoint: optionalText({ trim: true, maxLength: 120 }),
  from: calendarDayParam,
  to: calendarDayParam,
  status: oneOf(USAGE_STATUS_CLASSES),
  page: pageParam,
};

export function parseUsageParams(searchParams: URLSearchParams, now: Date = new Date()): UsageParams {
  const read = readParams(searchParams, usageReaders);
  const today = utcDay(now.getTime());
  let to = read.to ?? today;
  let from = read.from ?? utcDay(dayMs(to) - (DEFAULT_USAGE_DAYS - 1) * DAY_MS);
  if (from > to) [from, to] = [to, from];
  if ((dayMs(to) - dayMs(from)) / DAY_MS >= MAX_USAGE_DAYS) from = utcDay(dayMs(to) - (MAX_USAGE_DAYS - 1) * DAY_MS);
  return { key: read.key, endpoint: read.endpoint, from, to, status: read.status, page: read.page };
}

/** The filters as query pairs (tab and page excluded), in a stable order. */
export function usageQuery(params: Omit<UsageParams, "page">): URLSearchParams {
  const search = new URLSearchParams();
  if (params.key) search.set("key", params.key);
  if (params.endpoint) search.set("endpoint", params.endpoint);
  search.set("from", params.from);
  search.set("to", params.to);
  if (params.status) search.set("status", params.status);
  return search;
}

export const usageHref = (params: UsageParams) =>
  `${API_USAGE_PATH}?tab=usage&${usageQuery(params).toString()}${params.page > 1 ? `&page=${params.page}` : ""}`;
export const usageCsvHref = (params: UsageParams) => `${API_USAGE_CSV_PATH}?${usageQuery(params).toString()}`;
export const hasUsageFilters = (params: UsageParams) => Boolean(params.key || params.endpoint || params.status);

/** The dashboard's range: one of the overview's range keys, in UTC days. */
export function dashboardRange(searchParams: URLSearchParams, now: Date = new Date()) {
  const requested = searchParams.get("range");
  const key: DateRangeKey = isDateRangeKey(requested) ? requested : DEFAULT_DATE_RANGE;
  return resolveDateRange(key, "UTC", now);
}

export const dashboardHref = (range: DateRangeKey) => `${API_USAGE_PATH}?tab=dashboard&range=${range}`;
export { DATE_RANGES };
