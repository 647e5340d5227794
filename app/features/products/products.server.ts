import { getDb, newId, now, type DB } from "~/db/db.server";
import type { Plan } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { BILLING_CURRENCY } from "~/features/billing/usage/limits";
import type { PlanFormValues } from "./plan-schema";
import { planKeyFromName, priceChangeImpact, type SubscriberPeriod } from "./price-rule";

/**
 * The plan catalogue on /products (super admin; docs/product/products-and-analytics.md).
 * Plans are platform-wide, not a tenant's: every change is audited with no
 * tenant (the super admin's log, /usersManagement/audit-log) as "plan changed".
 */

/** Subscriptions that hold a plan now: running, in grace, or cancelled with paid time left. */
const HOLDING = ["active", "grace", "cancelled"] as const;

export interface CatalogueRow {
  id: string;
  key: string;
  name: string;
  priceCents: number;
  currency: string;
  interval: string;
  includedMinutes: number;
  overageCentsPerMinute: number;
  phoneNumberLimit: number;
  agentLimit: number;
  apiRateLimit: number;
  active: boolean;
  /** Marked as recommended on /choose-plan (migration 0036). */
  recommended: boolean;
  subscribers: number;
  updatedAt: string;
}

const toRow = (plan: Plan, subscribers: number): CatalogueRow => ({
  id: plan.id,
  key: plan.key,
  name: plan.name,
  priceCents: plan.price_cents,
  currency: plan.currency,
  interval: plan.billing_interval,
  includedMinutes: plan.included_minutes,
  overageCentsPerMinute: plan.overage_cents_per_minute,
  phoneNumberLimit: plan.phone_number_limit,
  agentLimit: plan.agent_limit,
  apiRateLimit: plan.api_rate_limit_per_minute,
  active: plan.active === 1,
  recommended: plan.recommended === 1,
  subscribers,
  updatedAt: plan.updated_at,
});

async function subscriberCounts(db: DB, at: string) {
  const rows = await db
    .selectFrom("subscriptions")
    .select(["plan_id", (eb) => eb.fn.countAll<number | string>().as("count")])
    .where("status", "in", [...HOLDING])
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", at)]))
    .groupBy("plan_id")
    .execute();
  return new Map(rows.map((row) => [row.plan_id, Number(row.count)]));
}

export async function listCatalogue(db: DB = getDb()): Promise<CatalogueRow[]> {
  const plans = await db.selectFrom("plans").selectAll().orderBy("active", "desc").orderBy("sort_order").orderBy("name").execute();
  const counts = await subscriberCounts(db, now());
  return plans.map((plan) => toRow(plan, counts.get(plan.id) ?? 0));
}

export async function getCataloguePlan(id: string, db: DB = getDb()) {
  const plan = await db.selectFrom("plans").selectAll().where("id", "=", id).executeTakeFirst();
  if (!plan) return null;
  const counts = await subscriberCounts(db, now());
  return toRow(plan, counts.get(plan.id) ?? 0);
}

/** Who a price change of the plan would reach and from when (shown on its edit page before saving). */
export async function planPriceChangeImpact(planId: string, at: Date = new Date(), db: DB = getDb()) {
  const rows = await db
    .selectFrom("subscriptions")
    .select(["plan_id", "status", "cancel_at_period_end", "current_period_end", "next_plan_id"])
    .where((eb) => eb.or([eb("plan_id", "=", planId), eb("next_plan_id", "=", planId)]))
    .where("status", "in", ["active", "grace"])
    .execute();
  const subscribers: SubscriberPeriod[] = rows.map((row) => ({
    planId: row.plan_id,
    status: row.status,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    currentPeriodEnd: row.current_period_end,
    nextPlanId: row.next_plan_id,
  }));
  return priceChangeImpact(planId, subscribers, at);
}

const columnsOf = (values: PlanFormValues) => ({
  name: values.name,
  price_cents: values.price,
  included_minutes: values.includedMinutes,
  overage_cents_per_minute: values.overage,
  phone_number_limit: values.phoneNumberLimit,
  agent_limit: values.agentLimit,
  api_rate_limit_per_minute: values.apiRateLimit,
  recommended: values.recommended ? 1 : 0,
});

/** One recommended plan at most: marking one clears the mark elsewhere, in the same transaction as the save. */
async function clearOtherRecommendations(trx: DB, planId: string, values: PlanFormValues) {
  if (values.recommended) await trx.updateTable("plans").set({ recommended: 0 }).where("id", "!=", planId).where("recommended", "=", 1).execute();
}

async function uniqueKey(trx: DB, name: string) {
  const base = planKeyFromName(name);
  const taken = new Set((await trx.selectFrom("plans").select("key").where("key", "like", `${base}%`).execute()).map((row) => row.key));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function createPlan(actorUserId: string, values: PlanFormValues, db: DB = getDb()) {
  return db.transaction().execute(async (trx) => {
    const at = now();
    const id = newId();
    const last = await trx
      .selectFrom("plans")
      .select((eb) => eb.fn.max("sort_order").as("max"))
      .executeTakeFirst();
    const key = await uniqueKey(trx, values.name);
    await trx
      .insertInto("plans")
      .values({
        id,
        key,
        currency: BILLING_CURRENCY,
        // Renewals run monthly (subscription-periods.server.ts nextPeriodEnd); a yearly plan needs that first.
        billing_interval: "month",
        sort_order: Number(last?.max ?? 0) + 1,
        active: 1,
        created_at: at,
        updated_at: at,
        ...columnsOf(values),
      })
      .execute();
    await clearOtherRecommendations(trx, id, values);
    await recordPlanChange(trx, actorUserId, { id, name: values.name }, { change: "created", price: values.price, overage: values.overage }, at);
    return id;
  });
}

/**
 * Saves a plan's terms. Only the plan row changes: subscriptions keep the
 * price their paid period was sold at and pay the new one from their next
 * renewal (runRenewals charges plans.price_cents), decision 0050.
 */
export async function updatePlan(actorUserId: string, id: string, values: PlanFormValues, db: DB = getDb()) {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("plans").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return false;
    const at = now();
    const after = columnsOf(values);
    await trx
      .updateTable("plans")
      .set({ ...after, updated_at: at })
      .where("id", "=", id)
      .execute();
    await clearOtherRecommendations(trx, id, values);
    const changed = (Object.keys(after) as Array<keyof typeof after>).filter((column) => before[column] !== after[column]);
    const details: Record<string, string | number> = { change: "updated", fields: changed.join(" ") };
    if (before.price_cents !== values.price) Object.assign(details, { from: before.price_cents, to: values.price });
    await recordPlanChange(trx, actorUserId, { id, name: values.name }, details, at);
    return true;
  });
}

/** Retires (hides from every choice, keeps its subscribers) or reactivates a plan. False: no such plan. */
export async function setPlanActive(actorUserId: string, id: string, active: boolean, db: DB = getDb()) {
  return db.transaction().execute(async (trx) => {
    const plan = await trx.selectFrom("plans").select(["name", "active"]).where("id", "=", id).executeTakeFirst();
    if (!plan) return false;
    if ((plan.active === 1) === active) return true;
    const at = now();
    await trx
      .updateTable("plans")
      .set({ active: active ? 1 : 0, updated_at: at })
      .where("id", "=", id)
      .execute();
    await recordPlanChange(trx, actorUserId, { id, name: plan.name }, { change: active ? "reactivated" : "retired" }, at);
    return true;
  });
}

/** Every catalogue change is one platform entry (no tenant) of the audit log, written in the change's transaction. */
function recordPlanChange(trx: DB, actorUserId: string, plan: { id: string; name: string }, details: Record<string, string | number>, at: string) {
  return recordAudit(trx, { tenantId: null, actorUserId, action: "plan.changed", target: { kind: "plan", id: plan.id, label: plan.name }, details }, at);
}
