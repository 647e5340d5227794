import { sql, type Kysely, type SqlBool } from "kysely";

/**
 * The contact center (docs/decisions/0037-contact-center.md):
 *
 * - `contact_opt_out_changes`: every time a contact opts out or back in, who
 *   did it and where (`source`: the contact form, a quick action of the
 *   contact list or the contact center). Until now a contact kept only the
 *   moment of its current opt-out (`contacts.opted_out_at`), so the timeline
 *   could not say that someone was opted back in. The contacts opted out
 *   today get one row each, at that moment, with the source "recorded".
 * - Indexes for a contact's timeline, which reads one contact's rows from
 *   each table: the calls with their number on either side (the calls list's
 *   indexes all lead with a sort key), and the campaign activity of a
 *   contact (indexed by campaign only). Tickets, deals and appointments have
 *   theirs already (0013, 0022, 0023).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("contact_opt_out_changes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("contact_id", "text", (c) => c.notNull().references("contacts.id").onDelete("cascade"))
    // 1: opted out; 0: opted back in.
    .addColumn("opted_out", "integer", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("actor_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("contact_opt_out_changes_contact").on("contact_opt_out_changes").columns(["tenant_id", "contact_id", "at"]).execute();
  await sql`insert into contact_opt_out_changes (id, tenant_id, contact_id, opted_out, source, actor_user_id, at)
    select 'recorded-' || id, tenant_id, id, 1, 'recorded', null, opted_out_at from contacts where opted_out_at is not null`.execute(db);

  await db.schema
    .createIndex("calls_tenant_from_number")
    .on("calls")
    .columns(["tenant_id", "from_number", "created_at"])
    .where(sql.raw<SqlBool>("from_number is not null"))
    .execute();
  await db.schema
    .createIndex("calls_tenant_to_number")
    .on("calls")
    .columns(["tenant_id", "to_number", "created_at"])
    .where(sql.raw<SqlBool>("to_number is not null"))
    .execute();
  await db.schema
    .createIndex("campaign_activity_contact")
    .on("campaign_activity")
    .columns(["tenant_id", "contact_id", "created_at"])
    .where(sql.raw<SqlBool>("contact_id is not null"))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("campaign_activity_contact").ifExists().execute();
  await db.schema.dropIndex("calls_tenant_to_number").ifExists().execute();
  await db.schema.dropIndex("calls_tenant_from_number").ifExists().execute();
  await db.schema.dropTable("contact_opt_out_changes").ifExists().execute();
}
