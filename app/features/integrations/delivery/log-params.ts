import { calendarDayParam, oneOf, optionalText, pageNumber, readParams } from "~/lib/url-params/url-params";

/**
 * /crm-logs's URL contract: integration, status (success or failed), kind,
 * from and to (days in the tenant's zone), page; 20 lines a page
 * (docs/product/constants.md#lists).
 */
export const LOG_PAGE_SIZE = 20;
export const LOG_STATUSES = ["all", "success", "failed"] as const;
export const LOG_KINDS = ["all", "delivery", "test", "execute", "webhook", "email"] as const;

export interface LogParams {
  integration: string | null;
  status: (typeof LOG_STATUSES)[number];
  kind: (typeof LOG_KINDS)[number];
  from: string | null;
  to: string | null;
  page: number;
}

export function parseLogParams(searchParams: URLSearchParams): LogParams {
  return readParams(searchParams, {
    integration: optionalText({ trim: true, maxLength: 64 }),
    status: oneOf(LOG_STATUSES, "all"),
    kind: oneOf(LOG_KINDS, "all"),
    from: calendarDayParam,
    to: calendarDayParam,
    page: pageNumber(100_000),
  });
}

export function logsHref(params: LogParams, changes: Partial<LogParams> = {}) {
  const next = { ...params, ...changes };
  const search = new URLSearchParams();
  if (next.integration) search.set("integration", next.integration);
  if (next.status !== "all") search.set("status", next.status);
  if (next.kind !== "all") search.set("kind", next.kind);
  if (next.from) search.set("from", next.from);
  if (next.to) search.set("to", next.to);
  if (next.page > 1) search.set("page", String(next.page));
  const query = search.toString();
  return query ? `/crm-logs?${query}` : "/crm-logs";
}

/** The analytics tab's filters (CRM name and date range, docs/product/navigation.md#integration-hub), in the hub's URL beside tab=analytics. */
export interface AnalyticsParams {
  crm: string | null;
  from: string | null;
  to: string | null;
}

export function parseAnalyticsParams(searchParams: URLSearchParams): AnalyticsParams {
  return readParams(searchParams, { crm: optionalText({ trim: true, maxLength: 80 }), from: calendarDayParam, to: calendarDayParam });
}
