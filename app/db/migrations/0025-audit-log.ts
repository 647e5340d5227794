import { sql, type Kysely } from "kysely";
import { isPostgres } from "./portable";

/**
 * The audit log (docs/decisions/0038-audit-log.md): one row per
 * administrative or security action, who did it to whom, when, from which
 * address and in which request.
 *
 * - No foreign keys: an entry outlives the tenant, the user and the record it
 *   names (the labels keep what they were called at the time).
 * - Append-only in the database itself: a trigger refuses every UPDATE and
 *   DELETE, on SQLite and on PostgreSQL, so no code path (a later bug, a
 *   cascade, a hand-written query) can change what was recorded.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    // Null for the platform's own actions (a super admin's change of a plan).
    .addColumn("tenant_id", "text")
    .addColumn("actor_user_id", "text")
    .addColumn("actor_label", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_kind", "text")
    .addColumn("target_id", "text")
    .addColumn("target_label", "text")
    // JSON object: what changed (a role from and to, a key's name).
    .addColumn("details", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("ip", "text")
    .addColumn("request_id", "text")
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_tenant_at").on("audit_log").columns(["tenant_id", "at", "id"]).execute();
  await db.schema.createIndex("audit_log_tenant_action_at").on("audit_log").columns(["tenant_id", "action", "at"]).execute();
  await db.schema.createIndex("audit_log_at").on("audit_log").columns(["at", "id"]).execute();

  if (isPostgres(db)) {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_change before update or delete on audit_log for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    await sql`drop trigger if exists audit_log_no_change on audit_log`.execute(db);
    await sql`drop function if exists audit_log_append_only()`.execute(db);
  }
  await db.schema.dropTable("audit_log").ifExists().execute();
}
