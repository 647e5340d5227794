import { sql, type Kysely } from "kysely";

/**
 * The onboarding wizard's memory on the server (docs/product/behaviour.md#onboarding-wizard):
 * which wizards and tours each user has seen, one row per user and wizard
 * type, and the call types the user chose in the wizard's quick profile step.
 * Kept per user, not in the browser, so a wizard seen on one device is not
 * shown again on the next. Plain text and integer columns on both databases.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("onboarding_seen")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("wizard_type", "text", (c) => c.notNull())
    .addColumn("seen_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("onboarding_seen_pk", ["user_id", "wizard_type"])
    .execute();
  await db.schema.createIndex("onboarding_seen_tenant").on("onboarding_seen").column("tenant_id").execute();

  await db.schema
    .createTable("onboarding_profiles")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("inbound", "integer", (c) => c.notNull())
    .addColumn("outbound", "integer", (c) => c.notNull())
    .addColumn("live_call", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("onboarding_profiles_tenant").on("onboarding_profiles").column("tenant_id").execute();

  // People who used the dashboard before the wizard existed know it already: greeting them with a welcome
  // wizard would be wrong far more often than right (as 0007 did for the greeting).
  await sql`insert into onboarding_seen (tenant_id, user_id, wizard_type, seen_at) select tenant_id, id, 'overview', created_at from users`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("onboarding_profiles").ifExists().execute();
  await db.schema.dropTable("onboarding_seen").ifExists().execute();
}
