import { getDb, type DB } from "~/db/db.server";
import type { ActiveSubscription } from "~/features/tenants/plans.server";
import { listOfferedPlans } from "~/features/tenants/plans.server";
import { proratedUpgradeCents } from "./proration";

export type PlanOffer =
  | { kind: "current"; resumable: boolean }
  | { kind: "overdue"; amountCents: number }
  | { kind: "new"; amountCents: number }
  | { kind: "upgrade"; amountCents: number }
  | { kind: "downgrade"; effectiveAt: string | null };

/**
 * What choosing each plan would do now, as /choose-plan shows it before the
 * click: the same rules as choosePlan (subscriptions.server.ts), so the
 * amount on the button is the amount charged.
 */
export async function planOffers(subscription: ActiveSubscription | null, at = new Date(), db: DB = getDb()) {
  const plans = await listOfferedPlans(subscription?.plan_id ?? null, db);
  return plans.map((plan) => {
    let offer: PlanOffer;
    if (subscription?.status === "grace" && subscription.plan_key === plan.key) offer = { kind: "overdue", amountCents: plan.price_cents };
    else if (subscription && subscription.plan_key === plan.key)
      offer = { kind: "current", resumable: subscription.status === "cancelled" || Boolean(subscription.next_plan_id) };
    else if (!subscription || subscription.status === "grace") offer = { kind: "new", amountCents: plan.price_cents };
    else if (plan.price_cents < subscription.price_cents) offer = { kind: "downgrade", effectiveAt: subscription.current_period_end };
    else if (subscription.current_period_start && subscription.current_period_end) {
      offer = {
        kind: "upgrade",
        amountCents: Math.max(
          1,
          proratedUpgradeCents(subscription.price_cents, plan.price_cents, subscription.current_period_start, subscription.current_period_end, at),
        ),
      };
    } else offer = { kind: "new", amountCents: plan.price_cents };
    return {
      key: plan.key,
      name: plan.name,
      priceCents: plan.price_cents,
      currency: plan.currency,
      phoneNumbers: plan.phone_number_limit,
      minutes: plan.included_minutes,
      overageCentsPerMinute: plan.overage_cents_per_minute,
      agents: plan.agent_limit,
      recommended: plan.recommended === 1,
      offer,
    };
  });
}

/** A plan choice that is paid now (a first plan, an upgrade, an overdue one): these need a card, and are chosen before it. */
export const isPaidOffer = (offer: PlanOffer): offer is Extract<PlanOffer, { amountCents: number }> =>
  offer.kind === "new" || offer.kind === "upgrade" || offer.kind === "overdue";
