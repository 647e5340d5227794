import { sql } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import { DEFAULT_API_RATE_LIMIT_PER_MINUTE, latencyColumn, LATENCY_COLUMNS, p95FromBuckets, RATE_WINDOW_MS, windowStartOf } from "./rate-limit-window";

/**
 * The API's per-key minute counter and its daily usage, both in the database
 * so every app server sharing it counts the same requests
 * (docs/decisions/0045-api-rate-limit.md).
 */

/** The per-minute limit of the tenant's active plan (or the default without one). */
export async function apiRateLimitFor(tenantId: string, db: DB = getDb()) {
  const row = await db
    .selectFrom("subscriptions")
    .innerJoin("plans", "plans.id", "subscriptions.plan_id")
    .select("plans.api_rate_limit_per_minute as limit")
    .where("subscriptions.tenant_id", "=", tenantId)
    .where("subscriptions.status", "in", ["active", "grace", "cancelled"])
    .where((eb) => eb.or([eb("subscriptions.ends_at", "is", null), eb("subscriptions.ends_at", ">", new Date().toISOString())]))
    .orderBy("subscriptions.started_at", "desc")
    .executeTakeFirst();
  return row?.limit ?? DEFAULT_API_RATE_LIMIT_PER_MINUTE;
}

/**
 * Counts one request in the key's current minute and gives the count back,
 * in one atomic statement (INSERT … ON CONFLICT DO UPDATE … RETURNING, on
 * SQLite and PostgreSQL alike): two servers never both see the same count.
 * The first request of a window also removes the key's older windows, so the
 * table holds about one row per active key.
 */
export async function countRequestInWindow(keyId: string, nowMs: number, db: DB = getDb()) {
  const windowStart = new Date(windowStartOf(nowMs)).toISOString();
  const row = await db
    .insertInto("api_rate_windows")
    .values({ key_id: keyId, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(["key_id", "window_start"]).doUpdateSet({ count: sql<number>`api_rate_windows.count + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  if (count === 1) await db.deleteFrom("api_rate_windows").where("key_id", "=", keyId).where("window_start", "<", windowStart).execute();
  // Keys that stopped calling never start a new window; their last row goes in this process's periodic sweep.
  if (nowMs - lastSweepMs > SWEEP_EVERY_MS) {
    lastSweepMs = nowMs;
    await sweepRateWindows(nowMs, db);
  }
  return count;
}

const SWEEP_EVERY_MS = 10 * 60_000;
let lastSweepMs = 0;

/** Windows older than this are of no use to anyone; the sweep removes the ones of keys that stopped calling. */
export async function sweepRateWindows(nowMs = Date.now(), db: DB = getDb()) {
  const cutoff = new Date(windowStartOf(nowMs) - RATE_WINDOW_MS).toISOString();
  const result = await db.deleteFrom("api_rate_windows").where("window_start", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface UsageSample {
  tenantId: string;
  keyId: string;
  endpoint: string;
  status: number;
  latencyMs: number;
  at: Date;
}

export function statusClass(status: number) {
  return `${Math.min(5, Math.max(1, Math.floor(status / 100)))}xx`;
}

/** Adds one request to its day's row (an upsert-increment, like the minute counter). */
export async function recordUsage(sample: UsageSample, db: DB = getDb()) {
  const bucket = latencyColumn(sample.latencyMs);
  const latency = Math.max(0, Math.round(sample.latencyMs));
  await db
    .insertInto("api_usage_daily")
    .values({
      tenant_id: sample.tenantId,
      key_id: sample.keyId,
      endpoint: sample.endpoint,
      day: sample.at.toISOString().slice(0, 10),
      status_class: statusClass(sample.status),
      count: 1,
      latency_ms_total: latency,
      [bucket]: 1,
    })
    .onConflict((oc) =>
      oc.columns(["key_id", "endpoint", "day", "status_class"]).doUpdateSet({
        count: sql<number>`api_usage_daily.count + 1`,
        latency_ms_total: sql<number>`api_usage_daily.latency_ms_total + ${latency}`,
        [bucket]: sql<number>`${sql.ref(`api_usage_daily.${bucket}`)} + 1`,
      }),
    )
    .execute();
}

export interface UsageFilter {
  from: string;
  to: string;
  keyId?: string | null;
  endpoint?: string | null;
}

/** One tenant's usage rows per key, endpoint and day (all status classes summed, errors counted apart). */
export async function usageRows(tenantId: string, filter: UsageFilter, db: DB = getDb()) {
  let query = db
    .selectFrom("api_usage_daily")
    .innerJoin("api_keys", (join) => join.onRef("api_keys.id", "=", "api_usage_daily.key_id").onRef("api_keys.tenant_id", "=", "api_usage_daily.tenant_id"))
    .select((eb) => [
      "api_usage_daily.day",
      "api_usage_daily.key_id as keyId",
      "api_keys.name as keyName",
      "api_keys.prefix as keyPrefix",
      "api_usage_daily.endpoint",
      eb.fn.sum<number>("api_usage_daily.count").as("requests"),
      eb.fn.sum<number>(eb.case().when("api_usage_daily.status_class", "in", ["4xx", "5xx"]).then(eb.ref("api_usage_daily.count")).else(0).end()).as("errors"),
      ...LATENCY_COLUMNS.map((column) => eb.fn.sum<number>(`api_usage_daily.${column}`).as(column)),
    ])
    .where("api_usage_daily.tenant_id", "=", tenantId)
    .where("api_usage_daily.day", ">=", filter.from)
    .where("api_usage_daily.day", "<=", filter.to);
  if (filter.keyId) query = query.where("api_usage_daily.key_id", "=", filter.keyId);
  if (filter.endpoint) query = query.where("api_usage_daily.endpoint", "=", filter.endpoint);
  const rows = await query
    .groupBy(["api_usage_daily.day", "api_usage_daily.key_id", "api_keys.name", "api_keys.prefix", "api_usage_daily.endpoint"])
    .orderBy("api_usage_daily.day", "desc")
    .orderBy("api_keys.name")
    .orderBy("api_usage_daily.endpoint")
    .execute();
  return rows.map((row) => ({
    day: row.day,
    keyId: row.keyId,
    keyName: row.keyName,
    keyPrefix: row.keyPrefix,
    endpoint: row.endpoint,
    requests: Number(row.requests),
    errors: Number(row.errors),
    p95Ms: p95FromBuckets(LATENCY_COLUMNS.map((column) => Number(row[column] ?? 0))),
  }));
}
