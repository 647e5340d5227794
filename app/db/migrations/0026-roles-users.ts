import { sql, type Kysely } from "kysely";

/**
 * Custom roles per tenant and disabled users (issue 26; docs/decisions/0040-custom-roles.md).
 *
 * - roles.tenant_id: null for the built-in roles every tenant shares, a
 *   tenant's id for that tenant's custom role. The global unique `key` stays:
 *   a custom role's key is generated ("custom-<uuid>"), so the built-in rows,
 *   their upsert by key and every foreign key to roles.id are untouched (no
 *   table rebuild on SQLite).
 * - A custom role's name is unique within its tenant, whatever its case.
 * - users.disabled_at: set by the super admin; a disabled user cannot sign in
 *   and every session of theirs is refused (getLiveSession).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("roles")
    .addColumn("tenant_id", "text", (c) => c.references("tenants.id").onDelete("cascade"))
    .execute();
  await db.schema.alterTable("roles").addColumn("updated_at", "text").execute();
  await sql`create unique index roles_tenant_name_unique on roles (tenant_id, lower(name))`.execute(db);
  await db.schema.alterTable("users").addColumn("disabled_at", "text").execute();
  // The super admin's list of every user sorts by sign-up date by default.
  await db.schema.createIndex("users_created_idx").on("users").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("users_role_idx").on("users").column("role_id").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("users_role_idx").ifExists().execute();
  await db.schema.dropIndex("users_created_idx").ifExists().execute();
  await db.schema.alterTable("users").dropColumn("disabled_at").execute();
  await db.schema.dropIndex("roles_tenant_name_unique").ifExists().execute();
  await sql`delete from roles where tenant_id is not null`.execute(db);
  await db.schema.alterTable("roles").dropColumn("updated_at").execute();
  await db.schema.alterTable("roles").dropColumn("tenant_id").execute();
}
