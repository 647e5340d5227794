import { getDb, type DB } from "~/db/db.server";

export const SUBSCRIPTIONS_PAGE_SIZE = 20;

/** Every subscription the tenant has had, newest first: plan, status, start, end (docs/product/records.md#subscriptions). */
export async function listSubscriptionHistory(tenantId: string, page: number, db: DB = getDb()) {
  const [items, count] = await Promise.all([
    db
      .selectFrom("subscriptions")
      .innerJoin("plans", "plans.id", "subscriptions.plan_id")
      .select([
        "subscriptions.id",
        "plans.name as plan_name",
        "subscriptions.status",
        "subscriptions.started_at",
        "subscriptions.ends_at",
        "subscriptions.current_period_end",
      ])
      .where("subscriptions.tenant_id", "=", tenantId)
      .orderBy("subscriptions.started_at", "desc")
      .orderBy("subscriptions.id", "desc")
      .limit(SUBSCRIPTIONS_PAGE_SIZE)
      .offset((page - 1) * SUBSCRIPTIONS_PAGE_SIZE)
      .execute(),
    db
      .selectFrom("subscriptions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tenant_id", "=", tenantId)
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { items, total, pageCount: Math.max(1, Math.ceil(total / SUBSCRIPTIONS_PAGE_SIZE)) };
}
