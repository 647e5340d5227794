import type { Kysely } from "kysely";

/**
 * Issue 27 (docs/decisions/0066-tax-rates-on-screen.md):
 *
 * - tax_rate_changes: a country's standard VAT rate from a date on, set on
 *   /products/tax-rates by a super admin. The rate in force on a day is the
 *   latest change whose `effective_from` (YYYY-MM-DD, a UTC day) is not after
 *   it, else the country's row in tax_rates (the seed of migration 0040).
 *   One change per country and day: setting the same day again replaces it.
 * - invoices.service_period_start / _end: the period a plan invoice bills
 *   (§14 Abs. 4 Nr. 6 UStG), ISO instants taken when it is issued; null for
 *   top-ups (a service date) and invoices issued before this migration.
 * - notifications_created: the hourly purge of old notifications
 *   (purgeOldNotifications) reads by age across every tenant.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("tax_rate_changes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("rate_bp", "integer", (c) => c.notNull())
    .addColumn("effective_from", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tax_rate_changes_country_day").unique().on("tax_rate_changes").columns(["country", "effective_from"]).execute();

  for (const column of ["service_period_start", "service_period_end"]) {
    await db.schema.alterTable("invoices").addColumn(column, "text").execute();
  }

  await db.schema.createIndex("notifications_created").on("notifications").columns(["created_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("notifications_created").execute();
  for (const column of ["service_period_start", "service_period_end"]) {
    await db.schema.alterTable("invoices").dropColumn(column).execute();
  }
  await db.schema.dropTable("tax_rate_changes").execute();
}
