import type { Kysely } from "kysely";

/**
 * Durable jobs that a change's subscribers enqueue in its transaction and the
 * job runner carries out after commit (docs/decisions/0028-domain-events.md):
 * a push to Cal.com, an appointment email. Plain text columns on both
 * databases; the payload is JSON.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("outbox_jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    // queued, running, done, failed
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("outbox_jobs_due").on("outbox_jobs").columns(["status", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("outbox_jobs").ifExists().execute();
}
