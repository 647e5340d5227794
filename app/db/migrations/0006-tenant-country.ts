import type { Kysely } from "kysely";

/**
 * The tenant's country (ISO 3166 alpha-2, upper case), in which national
 * phone numbers typed with a leading 0 are read (docs/decisions/0009).
 * Nullable: tenants that never chose one are read in the country of their
 * time zone. A plain added column, valid in SQLite and PostgreSQL alike.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("tenants").addColumn("country", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("tenants").dropColumn("country").execute();
}
