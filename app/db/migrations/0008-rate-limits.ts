import type { Kysely } from "kysely";

/**
 * Rate-limit counters in the database instead of process memory, so that a
 * brute-force limit counts across every app server behind a load balancer
 * (and survives a restart). One fixed window per key; the key names the form
 * and the IP or account (app/features/auth/rate-limit.server.ts).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("rate_limit_counters")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    // UTC ISO: when this window ends and the next attempt starts a new one.
    .addColumn("reset_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limit_counters_reset").on("rate_limit_counters").column("reset_at").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("rate_limit_counters").ifExists().execute();
}
