import type { Kysely } from "kysely";

/**
 * A running contact import is leased to the process running it, as campaign
 * runs are (0005): renewed while it runs, and taken over by another app
 * server's import runner once it expires, so an import whose server died
 * lands on another instead of waiting for a person to retry it. Attempts
 * count the runs, so an import that keeps killing its runner stops.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("contact_imports").addColumn("lease_owner", "text").execute();
  await db.schema.alterTable("contact_imports").addColumn("lease_until", "text").execute();
  await db.schema
    .alterTable("contact_imports")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("contact_imports_status_lease").on("contact_imports").columns(["status", "lease_until"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("contact_imports_status_lease").ifExists().execute();
  for (const column of ["attempts", "lease_until", "lease_owner"]) await db.schema.alterTable("contact_imports").dropColumn(column).execute();
}
