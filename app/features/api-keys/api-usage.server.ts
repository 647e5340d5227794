import { sql } from "kysely";
import { csvDialectFor, csvLine, UTF8_BOM, type CsvValue } from "~/lib/csv/csv-writer";
import { granularityFor, periodsOf } from "~/lib/dates/chart-periods";
import { localDateKey, type ResolvedRange } from "~/lib/dates/date-ranges";
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
  /** One status class ("4xx"): the rows count only those requests. */
  statusClass?: string | null;
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
  if (filter.statusClass) query = query.where("api_usage_daily.status_class", "=", filter.statusClass);
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

/** The keys and endpoints the usage tab's filters offer: every key of the tenant, every endpoint it has called. */
export async function usageFilterChoices(tenantId: string, db: DB = getDb()) {
  const [keys, endpoints] = await Promise.all([
    db.selectFrom("api_keys").select(["id", "name", "prefix"]).where("tenant_id", "=", tenantId).orderBy("name").orderBy("id").execute(),
    db.selectFrom("api_usage_daily").select("endpoint").distinct().where("tenant_id", "=", tenantId).orderBy("endpoint").execute(),
  ]);
  return { keys, endpoints: endpoints.map((row) => row.endpoint) };
}

/** Error rate = 4xx + 5xx over all requests (docs/product/api-access.md#usage); null without requests. */
export const errorRate = (requests: number, errors: number) => (requests > 0 ? errors / requests : null);

export interface EndpointFigures {
  endpoint: string;
  requests: number;
  errors: number;
  errorRate: number | null;
  p95Ms: number | null;
}

/**
 * The dashboard tab over a range of UTC days: requests and errors per chart
 * period (days, or weeks and months for long ranges, like the overview), the
 * totals, and per endpoint the error rate and the p95 from the merged histograms.
 */
export async function dashboardFigures(tenantId: string, range: Pick<ResolvedRange, "firstDay" | "lastDay">, db: DB = getDb()) {
  const from = localDateKey(range.firstDay);
  const to = localDateKey(range.lastDay);
  const errorCount = sql<number>`sum(case when ${sql.ref("status_class")} in ('4xx', '5xx') then ${sql.ref("count")} else 0 end)`;
  const [days, endpoints] = await Promise.all([
    db
      .selectFrom("api_usage_daily")
      .select((eb) => ["day", eb.fn.sum<number>("count").as("requests"), errorCount.as("errors")])
      .where("tenant_id", "=", tenantId)
      .where("day", ">=", from)
      .where("day", "<=", to)
      .groupBy("day")
      .execute(),
    db
      .selectFrom("api_usage_daily")
      .select((eb) => [
        "endpoint",
        eb.fn.sum<number>("count").as("requests"),
        errorCount.as("errors"),
        ...LATENCY_COLUMNS.map((column) => eb.fn.sum<number>(column).as(column)),
      ])
      .where("tenant_id", "=", tenantId)
      .where("day", ">=", from)
      .where("day", "<=", to)
      .groupBy("endpoint")
      .execute(),
  ]);
  const granularity = granularityFor(range);
  const periods = periodsOf(range, granularity, "UTC").map((period) => ({
    key: period.key,
    firstDay: period.firstDay,
    lastDay: period.lastDay,
    requests: 0,
    errors: 0,
  }));
  for (const row of days) {
    // Periods are in order and cover the range: the day belongs to the last one starting on or before it.
    let period: (typeof periods)[number] | undefined;
    for (const candidate of periods) if (candidate.key <= row.day) period = candidate;
    if (!period) continue;
    period.requests += Number(row.requests);
    period.errors += Number(row.errors);
  }
  const totalBuckets = LATENCY_COLUMNS.map(() => 0);
  const perEndpoint: EndpointFigures[] = endpoints
    .map((row) => {
      const buckets = LATENCY_COLUMNS.map((column) => Number(row[column] ?? 0));
      buckets.forEach((count, index) => (totalBuckets[index]! += count));
      const requests = Number(row.requests);
      const errors = Number(row.errors);
      return { endpoint: row.endpoint, requests, errors, errorRate: errorRate(requests, errors), p95Ms: p95FromBuckets(buckets) };
    })
    .sort((a, b) => b.requests - a.requests || a.endpoint.localeCompare(b.endpoint));
  const requests = periods.reduce((sum, period) => sum + period.requests, 0);
  const errors = periods.reduce((sum, period) => sum + period.errors, 0);
  return {
    granularity,
    periods,
    total: { requests, errors, errorRate: errorRate(requests, errors), p95Ms: p95FromBuckets(totalBuckets) },
    endpoints: perEndpoint,
  };
}
export type DashboardFigures = Awaited<ReturnType<typeof dashboardFigures>>;

/**
 * The usage tab's rows as CSV in the user's language (German files: semicolons
 * and a BOM, app/lib/csv/csv-writer.ts). The rows are already aggregated per
 * key, endpoint and day over at most a year, so they are read at once and
 * streamed out in slices.
 */
export function usageCsvStream(
  tenantId: string,
  filter: UsageFilter,
  { language, header, p95Label }: { language: string; header: CsvValue[]; p95Label: (ms: number | null) => string },
  db: DB = getDb(),
) {
  const dialect = csvDialectFor(language);
  const encoder = new TextEncoder();
  let pending: Awaited<ReturnType<typeof usageRows>> | null = null;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode((dialect.bom ? UTF8_BOM : "") + csvLine(header, dialect)));
    },
    async pull(controller) {
      pending ??= await usageRows(tenantId, filter, db);
      const slice = pending.splice(0, 500);
      if (slice.length === 0) {
        controller.close();
        return;
      }
      controller.enqueue(
        encoder.encode(
          slice.map((row) => csvLine([row.day, row.keyName, row.keyPrefix, row.endpoint, row.requests, row.errors, p95Label(row.p95Ms)], dialect)).join(""),
        ),
      );
    },
  });
}
