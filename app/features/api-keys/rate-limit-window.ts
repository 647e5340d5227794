/**
 * Fixed one-minute windows for the API rate limit (UTC, aligned to the minute),
 * docs/decisions/0045-api-rate-limit.md. Pure arithmetic, shared by the
 * counter (api-usage.server.ts) and its tests.
 */
export const RATE_WINDOW_MS = 60_000;
/** A tenant without an active plan gets the smallest plan's limit. */
export const DEFAULT_API_RATE_LIMIT_PER_MINUTE = 60;

export function windowStartOf(nowMs: number) {
  return Math.floor(nowMs / RATE_WINDOW_MS) * RATE_WINDOW_MS;
}

export interface RateLimitState {
  limit: number;
  /** Requests this key made in the current window, this one included. */
  count: number;
  nowMs: number;
}

/** The X-RateLimit-* headers every answer carries, and Retry-After on a refusal. */
export function rateLimitHeaders({ limit, count, nowMs }: RateLimitState): Record<string, string> {
  const resetMs = windowStartOf(nowMs) + RATE_WINDOW_MS;
  const headers: Record<string, string> = {
    "X-RateLimit-Limit": String(limit),
    "X-RateLimit-Remaining": String(Math.max(0, limit - count)),
    // Epoch seconds of the next window, as GitHub's API writes it.
    "X-RateLimit-Reset": String(Math.ceil(resetMs / 1000)),
  };
  if (count > limit) headers["Retry-After"] = String(retryAfterSeconds(nowMs));
  return headers;
}

/** Whole seconds until the next window opens; at least 1, so a client never retries in a busy loop. */
export function retryAfterSeconds(nowMs: number) {
  return Math.max(1, Math.ceil((windowStartOf(nowMs) + RATE_WINDOW_MS - nowMs) / 1000));
}

/** Upper bounds (ms) of the latency histogram's buckets; a slower request lands in the last, open bucket. */
export const LATENCY_BUCKETS = [25, 50, 100, 250, 500, 1000, 2500] as const;
export type LatencyColumn = `latency_le_${(typeof LATENCY_BUCKETS)[number]}` | "latency_over_2500";
export const LATENCY_COLUMNS: LatencyColumn[] = [...LATENCY_BUCKETS.map((bound) => `latency_le_${bound}` as LatencyColumn), "latency_over_2500"];

export function latencyColumn(ms: number): LatencyColumn {
  const bound = LATENCY_BUCKETS.find((upper) => ms <= upper);
  return bound === undefined ? "latency_over_2500" : `latency_le_${bound}`;
}

/**
 * The p95 from a histogram: the upper bound of the bucket the 95th percentile
 * falls in (so it never understates), or null when there were no requests.
 * For the open last bucket the answer is "more than 2500 ms", given as Infinity.
 */
export function p95FromBuckets(counts: readonly number[]) {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.ceil(total * 0.95);
  let seen = 0;
  for (let index = 0; index < counts.length; index++) {
    seen += counts[index]!;
    if (seen >= rank) return index < LATENCY_BUCKETS.length ? LATENCY_BUCKETS[index]! : Number.POSITIVE_INFINITY;
  }
  return Number.POSITIVE_INFINITY;
}
