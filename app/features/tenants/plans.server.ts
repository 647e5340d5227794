import { sql } from "kysely";
import { getDb, newId, now, type DB } from "~/db/db.server";
import { addMonths } from "~/lib/dates/calendar-months";
import { isOfferedTo } from "./plan-offer";

// api_rate_limit_per_minute as migration 0028 sets it on databases that had the plans already; a new database gets its plans here, after the migrations.
export const SEED_PLANS = [
  {
    key: "starter",
    name: "Starter",
    price_cents: 4900,
    phone_number_limit: 1,
    included_minutes: 500,
    agent_limit: 1,
    sort_order: 1,
    api_rate_limit_per_minute: 60,
  },
  {
    key: "growth",
    name: "Growth",
    price_cents: 14900,
    phone_number_limit: 5,
    included_minutes: 2500,
    agent_limit: 5,
    sort_order: 2,
    api_rate_limit_per_minute: 300,
    // Marked on /choose-plan (migration 0036); the super admin moves the mark on /products.
    recommended: 1,
  },
  {
    key: "scale",
    name: "Scale",
    price_cents: 39900,
    phone_number_limit: 25,
    included_minutes: 10000,
    agent_limit: 25,
    sort_order: 3,
    api_rate_limit_per_minute: 1200,
  },
] as const;

export async function ensurePlans(db: DB = getDb()) {
  for (const plan of SEED_PLANS) {
    await db
      .insertInto("plans")
      .values({ id: newId(), currency: "USD", billing_interval: "month", created_at: now(), updated_at: now(), ...plan })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  }
}

export function listPlans(db: DB = getDb()) {
  return db.selectFrom("plans").selectAll().orderBy("sort_order").execute();
}

/**
 * The plans a tenant can choose (/choose-plan, plan changes in billing): the
 * active ones, and the tenant's own plan even when retired on /products, so
 * its subscribers can still see, resume and pay for it (docs/product/products-and-analytics.md).
 */
export async function listOfferedPlans(currentPlanId: string | null, db: DB = getDb()) {
  return (await listPlans(db)).filter((plan) => isOfferedTo(plan, currentPlanId));
}

export async function getActiveSubscription(tenantId: string, db: DB = getDb()) {
  const row = await db
    .selectFrom("subscriptions")
    .innerJoin("plans", "plans.id", "subscriptions.plan_id")
    .select([
      "subscriptions.id",
      "subscriptions.status",
      "subscriptions.started_at",
      "subscriptions.ends_at",
      "subscriptions.current_period_start",
      "subscriptions.current_period_end",
      "subscriptions.cancel_at_period_end",
      "subscriptions.next_plan_id",
      "plans.id as plan_id",
      "plans.key as plan_key",
      "plans.name as plan_name",
      // What the current paid period was sold at (migration 0030): a price change on /products reaches it at the next renewal.
      sql<number>`coalesce(subscriptions.period_price_cents, plans.price_cents)`.as("price_cents"),
      "plans.price_cents as plan_price_cents",
      "plans.active as plan_active",
      "plans.currency",
      "plans.billing_interval",
      "plans.phone_number_limit",
      sql<number>`coalesce(subscriptions.period_included_minutes, plans.included_minutes)`.as("included_minutes"),
      "plans.agent_limit",
    ])
    .where("subscriptions.tenant_id", "=", tenantId)
    .where("subscriptions.status", "in", ["active", "grace", "cancelled"])
    // A grace period, and a cancelled plan's paid period, count as active until their end passes.
    .where((eb) => eb.or([eb("subscriptions.ends_at", "is", null), eb("subscriptions.ends_at", ">", new Date().toISOString())]))
    .orderBy("subscriptions.started_at", "desc")
    .executeTakeFirst();
  return row ?? null;
}

export type ActiveSubscription = NonNullable<Awaited<ReturnType<typeof getActiveSubscription>>>;

/**
 * Starts a plan without a charge, ending whatever the tenant had, in one
 * transaction: for demo data and tests. Customers subscribe through billing
 * (features/billing/plans/subscriptions.server.ts), which charges for the plan.
 */
export async function subscribeTenantToPlan(tenantId: string, planKey: string, db: DB = getDb()) {
  return db.transaction().execute(async (trx) => {
    const plan = await trx
      .selectFrom("plans")
      .select(["id", "price_cents", "overage_cents_per_minute", "included_minutes"])
      .where("key", "=", planKey)
      .executeTakeFirst();
    if (!plan) return null;
    const timestamp = now();
    await trx
      .updateTable("subscriptions")
      .set({ status: "cancelled", ends_at: timestamp, updated_at: timestamp })
      .where("tenant_id", "=", tenantId)
      .where("status", "in", ["active", "grace"])
      .execute();
    const id = newId();
    await trx
      .insertInto("subscriptions")
      .values({
        id,
        tenant_id: tenantId,
        plan_id: plan.id,
        status: "active",
        started_at: timestamp,
        ends_at: null,
        created_at: timestamp,
        updated_at: timestamp,
        current_period_start: timestamp,
        current_period_end: addMonths(timestamp, 1),
        period_price_cents: plan.price_cents,
        period_overage_cents_per_minute: plan.overage_cents_per_minute,
        period_included_minutes: plan.included_minutes,
      })
      .execute();
    return id;
  });
}
