import type { IntegrationTemplate } from "../templates/template-schema";

/**
 * When a delivery may be sent and when it is tried again (docs/product/behaviour.md#deliveries:
 * each template's rateLimiting and errorHandling). Pure, with the clock passed
 * in, so the windows and the backoff schedule are tested without waiting.
 */
export const RATE_WINDOWS = ["minute", "hour", "day"] as const;
export type RateWindow = (typeof RATE_WINDOWS)[number];

const WINDOW_MS: Record<RateWindow, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** Fixed windows aligned to UTC: 14:03:00–14:04:00, 14:00–15:00, the UTC day. */
export function windowStart(window: RateWindow, now: Date): Date {
  return new Date(Math.floor(now.getTime() / WINDOW_MS[window]) * WINDOW_MS[window]);
}

export function windowEnd(window: RateWindow, now: Date): Date {
  return new Date(windowStart(window, now).getTime() + WINDOW_MS[window]);
}

export function limitOf(rateLimiting: IntegrationTemplate["rateLimiting"], window: RateWindow): number {
  return window === "minute" ? rateLimiting.requestsPerMinute : window === "hour" ? rateLimiting.requestsPerHour : rateLimiting.requestsPerDay;
}

export interface WindowCount {
  window: RateWindow;
  windowStart: string;
  count: number;
}

/**
 * Whether one more request fits every window. Counts of a window that has
 * ended are zero. When one does not fit, `until` is the end of the longest
 * full window: sending earlier would be refused by it.
 */
export function checkRateWindows(
  rateLimiting: IntegrationTemplate["rateLimiting"],
  counts: readonly WindowCount[],
  now: Date,
): { allowed: true } | { allowed: false; until: Date; window: RateWindow } {
  if (!rateLimiting.enabled) return { allowed: true };
  let blocked: { until: Date; window: RateWindow } | null = null;
  for (const window of RATE_WINDOWS) {
    const current = windowStart(window, now).toISOString();
    const stored = counts.find((count) => count.window === window);
    const used = stored && stored.windowStart === current ? stored.count : 0;
    if (used >= limitOf(rateLimiting, window)) {
      const until = windowEnd(window, now);
      if (!blocked || until > blocked.until) blocked = { until, window };
    }
  }
  return blocked ? { allowed: false, ...blocked } : { allowed: true };
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, now: Date): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now.getTime());
}

/** The longest a delivery waits between attempts, whatever Retry-After asks. */
export const MAX_RETRY_WAIT_MS = 6 * 3_600_000;

/**
 * The wait before attempt `attempt + 1` after attempt `attempt` (1-based)
 * failed: retryDelay, doubled per attempt with exponentialBackoff
 * (1 s, 2 s, 4 s…), and never shorter than the CRM's Retry-After.
 */
export function retryDelayMs(errorHandling: IntegrationTemplate["errorHandling"], attempt: number, retryAfterMs: number | null = null): number {
  const base = errorHandling.exponentialBackoff ? errorHandling.retryDelay * 2 ** Math.max(0, attempt - 1) : errorHandling.retryDelay;
  return Math.min(MAX_RETRY_WAIT_MS, Math.max(base, retryAfterMs ?? 0));
}

export type AttemptFailure = { kind: "status"; status: number } | { kind: "timeout" } | { kind: "network" } | { kind: "refused" } | { kind: "invalid" };

/**
 * Whether a failed attempt is tried again: attempts remain (retryAttempts
 * retries after the first try), and the failure is passing: a status the
 * template lists, 429, a timeout, or a dropped connection. A refused address or a
 * payload that does not map is not: trying again sends nothing different.
 */
export function shouldRetry(errorHandling: IntegrationTemplate["errorHandling"], attempt: number, failure: AttemptFailure): boolean {
  if (attempt > errorHandling.retryAttempts) return false;
  switch (failure.kind) {
    case "status":
      // 429 says "later", not "no": tried again after Retry-After even where the template does not list it (docs/product/behaviour.md#deliveries).
      return failure.status === 429 || errorHandling.retryableStatusCodes.includes(failure.status);
    case "timeout":
    case "network":
      return true;
    default:
      return false;
  }
}

/**
 * Successful syncs / total syncs × 100, or null when there are none: with no syncs there is no rate,
 * and every screen shows "—" (issue 27; docs/product/behaviour.md#integration-hub).
 */
export function successRate(successful: number, total: number): number | null {
  return total > 0 ? (successful / total) * 100 : null;
}
