import { sql, type Kysely } from "kysely";

/**
 * The plan catalogue on /products (issue 26, docs/decisions/0050-plan-price-changes-at-renewal.md):
 *
 * - plans.active: a retired plan (0) is offered nowhere (/choose-plan, plan
 *   changes in billing) but its subscribers keep it and renew on it.
 * - plans.overage_cents_per_minute: the per-minute rate beyond the included
 *   minutes, until now the constant OVERAGE_CENTS_PER_MINUTE (5 ¢) in
 *   app/features/billing/usage/overage.ts; every existing plan keeps 5.
 * - plans.created_at / updated_at: when the catalogue entry was made and last changed.
 * - subscriptions.period_price_cents / period_overage_cents_per_minute /
 *   period_included_minutes: the terms the current paid period was sold at. A price change on /products
 *   writes only the plan; renewal charges the plan's price then and copies it
 *   here, so the period already paid is never re-priced (proration of an
 *   upgrade, overage and its included minutes read these, not the plan).
 *   Existing rows take their plan's price and minutes and the old constant rate.
 */
const OLD_OVERAGE_CENTS_PER_MINUTE = 5;

export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("plans")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("plans")
    .addColumn("overage_cents_per_minute", "integer", (c) => c.notNull().defaultTo(OLD_OVERAGE_CENTS_PER_MINUTE))
    .execute();
  await db.schema
    .alterTable("plans")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("plans")
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  const at = new Date().toISOString();
  await sql`update plans set created_at = ${at}, updated_at = ${at}`.execute(db);

  await db.schema.alterTable("subscriptions").addColumn("period_price_cents", "integer").execute();
  await db.schema.alterTable("subscriptions").addColumn("period_overage_cents_per_minute", "integer").execute();
  await db.schema.alterTable("subscriptions").addColumn("period_included_minutes", "integer").execute();
  await sql`update subscriptions set
    period_price_cents = (select price_cents from plans where plans.id = subscriptions.plan_id),
    period_included_minutes = (select included_minutes from plans where plans.id = subscriptions.plan_id),
    period_overage_cents_per_minute = ${OLD_OVERAGE_CENTS_PER_MINUTE}`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("subscriptions").dropColumn("period_included_minutes").execute();
  await db.schema.alterTable("subscriptions").dropColumn("period_overage_cents_per_minute").execute();
  await db.schema.alterTable("subscriptions").dropColumn("period_price_cents").execute();
  for (const column of ["updated_at", "created_at", "overage_cents_per_minute", "active"]) {
    await db.schema.alterTable("plans").dropColumn(column).execute();
  }
}
