import { newId, type DB } from "~/db/db.server";
import { addDays, addMonths, nextPeriodEnd } from "~/lib/dates/calendar-months";
import type { ChargeDetails } from "../charge-details";
import { GRACE_PERIOD_DAYS } from "../usage/limits";

type PlanDetails = Extract<ChargeDetails, { kind: "plan" }>;

/**
 * What a paid plan charge does to the tenant's subscriptions, inside the
 * settling transaction. Every change that switches plans ends one row and
 * starts another, so /subscriptions-history reads as what happened.
 */
/** The period a paid plan charge bills (its invoice prints it, §14 UStG); null when a renewal found no subscription to extend. */
export interface PaidPeriod {
  start: string;
  end: string;
}

export async function applyPaidPlan(trx: DB, tenantId: string, details: PlanDetails, paidAt: string, amountCents?: number): Promise<PaidPeriod | null> {
  // The terms the paid period is sold at (docs/decisions/0050-plan-price-changes-at-renewal.md): the plan's price
  // and rate now, and for a new plan or a renewal the amount actually charged, which is that price unless it
  // changed between the charge request and its settlement. An upgrade's charge is only the prorated difference.
  const plan = await trx
    .selectFrom("plans")
    .select(["price_cents", "overage_cents_per_minute", "included_minutes"])
    .where("id", "=", details.planId)
    .executeTakeFirst();
  const terms: PeriodTerms = {
    period_price_cents: details.change !== "upgrade" && amountCents !== undefined ? amountCents : (plan?.price_cents ?? null),
    period_overage_cents_per_minute: plan?.overage_cents_per_minute ?? null,
    period_included_minutes: plan?.included_minutes ?? null,
  };
  switch (details.change) {
    case "new": {
      await endCurrentSubscriptions(trx, tenantId, paidAt);
      const end = addMonths(paidAt, 1);
      await startSubscription(trx, tenantId, details.planId, paidAt, end, terms);
      return { start: paidAt, end };
    }
    case "upgrade": {
      const current = details.subscriptionId
        ? await trx.selectFrom("subscriptions").selectAll().where("id", "=", details.subscriptionId).where("tenant_id", "=", tenantId).executeTakeFirst()
        : undefined;
      await endCurrentSubscriptions(trx, tenantId, paidAt);
      // The upgrade was prorated to the paid period's end: the new plan keeps that period.
      const end = current?.current_period_end ?? addMonths(paidAt, 1);
      await startSubscription(trx, tenantId, details.planId, paidAt, end, terms);
      return { start: paidAt, end };
    }
    case "renewal": {
      const current = await trx
        .selectFrom("subscriptions")
        .selectAll()
        .where("id", "=", details.subscriptionId ?? "")
        .where("tenant_id", "=", tenantId)
        .executeTakeFirst();
      if (!current) return null;
      // The paid period follows the last one, on the plan's billing day, whether paid on time or during grace (the grace days were used).
      // Paid so late that it would already be over (a charge settled after the plan lapsed): a fresh month from the payment.
      let start = details.periodStart ?? paidAt;
      let end = current.plan_id === details.planId ? nextPeriodEnd(current.started_at, start) : addMonths(start, 1);
      if (end <= paidAt) [start, end] = [paidAt, addMonths(paidAt, 1)];
      if (current.plan_id === details.planId) {
        await trx
          .updateTable("subscriptions")
          .set({ status: "active", ends_at: null, current_period_start: start, current_period_end: end, next_plan_id: null, updated_at: paidAt, ...terms })
          .where("id", "=", current.id)
          .execute();
      } else {
        await endCurrentSubscriptions(trx, tenantId, start);
        await startSubscription(trx, tenantId, details.planId, start, end, terms);
      }
      return { start, end };
    }
  }
}

/**
 * A renewal that could not be paid: the plan stays usable for the grace period (docs/product/records.md#subscriptions), then lapses.
 * True only for the call that moved it, so however many runners fail the same renewal, one of them tells the tenant.
 */
export async function enterGrace(trx: DB, subscriptionId: string, periodEnd: string, at: string) {
  const result = await trx
    .updateTable("subscriptions")
    .set({ status: "grace", ends_at: addDays(periodEnd, GRACE_PERIOD_DAYS), updated_at: at })
    .where("id", "=", subscriptionId)
    .where("status", "=", "active")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function endCurrentSubscriptions(trx: DB, tenantId: string, at: string) {
  await trx
    .updateTable("subscriptions")
    .set({ status: "cancelled", ends_at: at, cancel_at_period_end: 0, next_plan_id: null, updated_at: at })
    .where("tenant_id", "=", tenantId)
    .where("status", "in", ["active", "grace", "cancelled"])
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", at)]))
    .execute();
}

interface PeriodTerms {
  period_price_cents: number | null;
  period_overage_cents_per_minute: number | null;
  period_included_minutes: number | null;
}

async function startSubscription(trx: DB, tenantId: string, planId: string, start: string, end: string, terms: PeriodTerms) {
  await trx
    .insertInto("subscriptions")
    .values({
      id: newId(),
      tenant_id: tenantId,
      plan_id: planId,
      status: "active",
      started_at: start,
      ends_at: null,
      current_period_start: start,
      current_period_end: end,
      created_at: start,
      updated_at: start,
      ...terms,
    })
    .execute();
}
