/**
 * The plan catalogue's rules (docs/decisions/0050-plan-price-changes-at-renewal.md),
 * pure so they can be tested without a database:
 *
 * - A subscription's current paid period keeps the price it was sold at
 *   (subscriptions.period_price_cents); a price change on /products reaches
 *   it when it next renews, and new subscriptions at once.
 * - A retired plan is offered to nobody but its own subscribers
 *   (isOfferedTo in app/features/tenants/plan-offer.ts, where billing reads it).
 */

/** What the current period costs: the price it was sold at; a subscription from before migration 0030 without one, the plan's. */
export function currentPeriodPriceCents(subscription: { period_price_cents: number | null }, plan: { price_cents: number }) {
  return subscription.period_price_cents ?? plan.price_cents;
}

/** What the next renewal charges: the plan's price on the day it renews, whatever the current period cost. */
export function renewalPriceCents(plan: { price_cents: number }) {
  return plan.price_cents;
}

export interface SubscriberPeriod {
  status: "active" | "grace" | "cancelled" | "lapsed";
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  /** The plan the subscription moves to at its period's end (a scheduled downgrade), if any. */
  nextPlanId: string | null;
  planId: string;
}

export interface PriceChangeImpact {
  /** Subscriptions whose next renewal charges this plan's price. */
  renewing: number;
  /** The first of those renewals (UTC ISO), null without any. */
  firstRenewal: string | null;
  /** The last of them: by then every current subscriber pays the new price (a month's periods). */
  lastRenewal: string | null;
}

/**
 * Who a price change of `planId` reaches and from when: every subscription
 * that will renew onto it (on it and not cancelled, or moving to it at its
 * period's end), at its period's end. A cancelled one never renews; one in
 * grace is retried at the plan's current price, so it counts from now.
 */
export function priceChangeImpact(planId: string, subscribers: SubscriberPeriod[], at: Date): PriceChangeImpact {
  const renewals: string[] = [];
  for (const subscription of subscribers) {
    const renewsOntoPlan = subscription.nextPlanId ? subscription.nextPlanId === planId : subscription.planId === planId;
    if (!renewsOntoPlan) continue;
    if (subscription.status === "grace") renewals.push(at.toISOString());
    else if (subscription.status === "active" && !subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd) {
      renewals.push(subscription.currentPeriodEnd < at.toISOString() ? at.toISOString() : subscription.currentPeriodEnd);
    }
  }
  renewals.sort();
  return { renewing: renewals.length, firstRenewal: renewals[0] ?? null, lastRenewal: renewals.at(-1) ?? null };
}

/** A plan's key, made from its name: "Growth Plus" → "growth-plus" (unique within the catalogue; the caller adds a number when taken). */
export function planKeyFromName(name: string) {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return slug || "plan";
}
