import type { Kysely } from "kysely";

/**
 * Two-factor sign-in (docs/product/two-factor.md, docs/decisions/0042-two-factor-sign-in.md):
 *
 * - two_factor_credentials: one row per user; the TOTP secret sealed with the
 *   secrets key (app/lib/security/secrets.server.ts), confirmed_at null while
 *   the user is still enrolling, and the last time step a code was accepted
 *   for, so the same code (or an older one) is never accepted twice.
 * - two_factor_recovery_codes: ten per user, only their SHA-256 hashes; used_at
 *   marks the one use each has.
 * - tenants.two_factor_required: the owner's "everyone signs in with a second
 *   factor" (0/1), read by the route gate.
 *
 * The sessions table had user_agent, ip and last_seen_at from 0001 on; the
 * sessions list reads those.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("two_factor_credentials")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("confirmed_at", "text")
    // floor(unix seconds / 30) fits a 32-bit integer until the year 6053.
    .addColumn("last_used_step", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("two_factor_credentials_tenant").on("two_factor_credentials").column("tenant_id").execute();

  await db.schema
    .createTable("two_factor_recovery_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("two_factor_recovery_codes_user").on("two_factor_recovery_codes").columns(["user_id", "code_hash"]).execute();
  await db.schema.createIndex("two_factor_recovery_codes_tenant").on("two_factor_recovery_codes").column("tenant_id").execute();

  await db.schema
    .alterTable("tenants")
    .addColumn("two_factor_required", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("tenants").dropColumn("two_factor_required").execute();
  await db.schema.dropTable("two_factor_recovery_codes").ifExists().execute();
  await db.schema.dropTable("two_factor_credentials").ifExists().execute();
}
