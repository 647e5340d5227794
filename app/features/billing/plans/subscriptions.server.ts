import { getDb, now, type DB } from "~/db/db.server";
import { emit } from "~/lib/events/bus.server";
import type { Charge } from "~/db/schema";
import { getActiveSubscription, listPlans } from "~/features/tenants/plans.server";
import { isOfferedTo } from "~/features/tenants/plan-offer";
import { addDays } from "~/lib/dates/calendar-months";
import { isCardErrorCode } from "../payments/card-errors";
import { requestCharge, type ChargeDeps } from "../charges.server";
import { BILLING_CURRENCY, GRACE_PERIOD_DAYS } from "../usage/limits";
import { notifyBillingContacts } from "../notifications.server";
import { chargeableCards } from "../payments/payment-methods.server";
import { proratedUpgradeCents } from "./proration";
import { enterGrace } from "./subscription-periods.server";

export type PlanChoice =
  { kind: "charged"; charge: Charge } | { kind: "scheduled"; effectiveAt: string } | { kind: "unchanged" } | { kind: "noCard" } | { kind: "unknownPlan" };

/**
 * Choosing a plan on /choose-plan. No plan yet (or a lapsed one): the full
 * price is charged and the plan starts when paid. A dearer plan: the
 * difference for the rest of the paid period is charged and it starts at
 * once. A cheaper plan: nothing is charged; it starts at the period's end.
 */
export async function choosePlan(
  input: { tenantId: string; planKey: string; submissionKey: string; userId: string; at?: Date },
  deps: ChargeDeps = {},
): Promise<PlanChoice> {
  const db = deps.db ?? getDb();
  const at = input.at ?? new Date();
  const plan = (await listPlans(db)).find((candidate) => candidate.key === input.planKey);
  if (!plan) return { kind: "unknownPlan" };
  const current = await getActiveSubscription(input.tenantId, db);
  // A plan retired on /products is chosen by nobody new; its own subscribers keep, resume and pay for it.
  if (!isOfferedTo(plan, current?.plan_id ?? null)) return { kind: "unknownPlan" };
  if (current?.status === "grace" && current.plan_key === plan.key) {
    // In grace, choosing the plan again pays the overdue renewal now instead of waiting for tomorrow's retry.
    const { primary } = await chargeableCards(input.tenantId, db);
    if (!primary) return { kind: "noCard" };
    const charge = await requestCharge(
      {
        tenantId: input.tenantId,
        purpose: "subscription",
        amountCents: plan.price_cents,
        currency: BILLING_CURRENCY,
        paymentMethodId: primary.id,
        requestKey: `plan:${input.submissionKey}`,
        details: {
          kind: "plan",
          change: "renewal",
          planId: plan.id,
          planName: plan.name,
          subscriptionId: current.id,
          periodStart: current.current_period_end,
          periodEnd: null,
        },
        requestedBy: input.userId,
        description: `Voxboard ${plan.name} plan renewal`,
      },
      deps,
    );
    return { kind: "charged", charge };
  }
  if (current && current.plan_key === plan.key) {
    // Choosing the plan one is leaving again undoes the cancellation or the downgrade.
    if (current.status === "cancelled" || current.next_plan_id) await resumeSubscription(input.tenantId, db);
    return { kind: "unchanged" };
  }
  if (current && current.status !== "grace" && plan.price_cents < current.price_cents) {
    await db
      .updateTable("subscriptions")
      .set({ next_plan_id: plan.id, cancel_at_period_end: 0, status: "active", ends_at: null, updated_at: now() })
      .where("id", "=", current.id)
      .execute();
    return { kind: "scheduled", effectiveAt: current.current_period_end ?? at.toISOString() };
  }
  const { primary } = await chargeableCards(input.tenantId, db);
  if (!primary) return { kind: "noCard" };
  const upgrade = current && current.status !== "grace" && current.current_period_start && current.current_period_end;
  const amountCents = upgrade
    ? proratedUpgradeCents(current.price_cents, plan.price_cents, current.current_period_start!, current.current_period_end!, at)
    : plan.price_cents;
  const charge = await requestCharge(
    {
      tenantId: input.tenantId,
      purpose: "subscription",
      amountCents: Math.max(amountCents, 1),
      currency: BILLING_CURRENCY,
      paymentMethodId: primary.id,
      requestKey: `plan:${input.submissionKey}`,
      details: {
        kind: "plan",
        change: upgrade ? "upgrade" : "new",
        planId: plan.id,
        planName: plan.name,
        subscriptionId: current?.id ?? null,
        periodStart: null,
        periodEnd: null,
        ...(current ? { previousPlanName: current.plan_name } : {}),
      },
      requestedBy: input.userId,
      description: `Voxboard ${plan.name} plan`,
    },
    deps,
  );
  return { kind: "charged", charge };
}

/** Cancelling keeps the plan until the paid period ends ("cancelled", with access until then). */
export async function cancelSubscription(tenantId: string, db: DB = getDb()) {
  const current = await getActiveSubscription(tenantId, db);
  if (!current || current.status !== "active") return false;
  await db
    .updateTable("subscriptions")
    .set({ status: "cancelled", cancel_at_period_end: 1, next_plan_id: null, ends_at: current.current_period_end ?? now(), updated_at: now() })
    .where("id", "=", current.id)
    .where("status", "=", "active")
    .execute();
  return true;
}

export async function resumeSubscription(tenantId: string, db: DB = getDb()) {
  const current = await getActiveSubscription(tenantId, db);
  if (!current || current.status === "grace") return false;
  await db
    .updateTable("subscriptions")
    .set({ status: "active", cancel_at_period_end: 0, next_plan_id: null, ends_at: null, updated_at: now() })
    .where("id", "=", current.id)
    .execute();
  return true;
}

/**
 * Renewals due (an active plan whose period ended) and retries during grace
 * (one a day), each charged to the primary card and once more to the backup.
 * A renewal that cannot be paid starts the grace period; the request key
 * names the period and the day, so however many runners pass, a period is
 * charged at most once a day.
 */
export async function runRenewals(at: Date, deps: ChargeDeps = {}) {
  const db = deps.db ?? getDb();
  const iso = at.toISOString();
  const due = await db
    .selectFrom("subscriptions")
    .innerJoin("plans", "plans.id", "subscriptions.plan_id")
    .select([
      "subscriptions.id",
      "subscriptions.tenant_id",
      "subscriptions.status",
      "subscriptions.current_period_end",
      "subscriptions.next_plan_id",
      "plans.id as plan_id",
      "plans.name as plan_name",
      // The plan's price now, not the period's: a price change on /products applies from the next renewal (decision 0050).
      "plans.price_cents",
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb("subscriptions.status", "=", "active"), eb("subscriptions.current_period_end", "<=", iso)]),
        eb.and([eb("subscriptions.status", "=", "grace"), eb("subscriptions.ends_at", ">", iso)]),
      ]),
    )
    .execute();
  const outcome = { renewed: 0, failed: 0 };
  for (const subscription of due) {
    if (!subscription.current_period_end) continue;
    const next = subscription.next_plan_id
      ? await db.selectFrom("plans").selectAll().where("id", "=", subscription.next_plan_id).executeTakeFirst()
      : undefined;
    const plan = next
      ? { id: next.id, name: next.name, price: next.price_cents }
      : { id: subscription.plan_id, name: subscription.plan_name, price: subscription.price_cents };
    const cards = await chargeableCards(subscription.tenant_id, db);
    const attempt = `renewal:${subscription.id}:${subscription.current_period_end}:${iso.slice(0, 10)}`;
    const charge = (paymentMethodId: string, suffix: string) =>
      requestCharge(
        {
          tenantId: subscription.tenant_id,
          purpose: "subscription",
          amountCents: plan.price,
          currency: BILLING_CURRENCY,
          paymentMethodId,
          requestKey: `${attempt}${suffix}`,
          details: {
            kind: "plan",
            change: "renewal",
            planId: plan.id,
            planName: plan.name,
            subscriptionId: subscription.id,
            periodStart: subscription.current_period_end,
            periodEnd: null,
          },
          description: `Voxboard ${plan.name} plan renewal`,
        },
        { ...deps, awaitOtherRequest: false },
      );
    try {
      let result = cards.primary ? await charge(cards.primary.id, "") : null;
      if ((!result || result.status === "failed") && cards.backup) result = await charge(cards.backup.id, ":backup");
      if (result?.status === "succeeded") {
        outcome.renewed += 1;
        continue;
      }
      if (result?.status === "pending") continue;
      outcome.failed += 1;
      // A runner that read the list before another one failed this renewal finds it in grace already: told once.
      if (subscription.status === "active" && (await enterGrace(db, subscription.id, subscription.current_period_end, iso))) {
        const code = result && isCardErrorCode(result.failure_code) ? result.failure_code : "payment_failed";
        const graceEndsAt = addDays(subscription.current_period_end, GRACE_PERIOD_DAYS);
        // enterGrace above is the change (a compare-and-set, told once); its announcement gets a transaction of its own.
        const event = { kind: "billing.renewal-failed" as const, tenantId: subscription.tenant_id, planName: plan.name, graceEndsAt };
        await (db.isTransaction ? emit(db, event) : db.transaction().execute((trx) => emit(trx, event)));
        await notifyBillingContacts(
          subscription.tenant_id,
          { kind: "renewalFailed", planName: plan.name, graceEndsAt: addDays(subscription.current_period_end, GRACE_PERIOD_DAYS), code },
          db,
        );
      }
    } catch (error) {
      console.error(`Renewal of subscription ${subscription.id}:`, error);
    }
  }
  return outcome;
}

/**
 * Grace periods that ended unpaid: the plan lapses and the gate sends the
 * tenant to /choose-plan, its data kept. (A cancelled plan needs no step: it
 * stays "cancelled", and the gate stops counting it once its end has passed.)
 */
export async function runLapses(at: Date, db: DB = getDb()) {
  const iso = at.toISOString();
  const lapsing = await db
    .selectFrom("subscriptions")
    .innerJoin("plans", "plans.id", "subscriptions.plan_id")
    .select(["subscriptions.id", "subscriptions.tenant_id", "plans.name as plan_name"])
    .where("subscriptions.status", "=", "grace")
    .where("subscriptions.ends_at", "<=", iso)
    .execute();
  for (const subscription of lapsing) {
    const result = await db
      .updateTable("subscriptions")
      .set({ status: "lapsed", updated_at: iso })
      .where("id", "=", subscription.id)
      .where("status", "=", "grace")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) await notifyBillingContacts(subscription.tenant_id, { kind: "lapsed", planName: subscription.plan_name }, db);
  }
  return { lapsed: lapsing.length };
}
