import type { Kysely } from "kysely";

/**
 * Single sign-on (docs/product/single-sign-on.md, docs/decisions/0048-oidc-single-sign-on.md):
 * one row per account at an OpenID Connect provider that signed a user in.
 * The provider's issuer and subject ("sub") name the account for good: once
 * linked, a sign-in finds the user by them even if the email at the provider
 * changes. A subject links to one user only (the primary key); a user may
 * have accounts at several issuers.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("oidc_identities")
    .addColumn("issuer", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    // The verified email that linked the account, kept for the audit trail; the subject, not this, finds the user.
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("oidc_identities_pk", ["issuer", "subject"])
    .execute();
  await db.schema.createIndex("oidc_identities_user").on("oidc_identities").column("user_id").execute();
  await db.schema.createIndex("oidc_identities_tenant").on("oidc_identities").column("tenant_id").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("oidc_identities").ifExists().execute();
}
