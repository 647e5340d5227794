/**
 * The arithmetic of /analytics (docs/decisions/0051-platform-analytics.md),
 * pure so it can be tested without a database.
 */

export interface RecurringSubscription {
  status: "active" | "grace" | "cancelled" | "lapsed";
  cancelAtPeriodEnd: boolean;
  /** What the current period was sold at (subscriptions.period_price_cents, else the plan's price). */
  priceCents: number;
  interval: string;
}

/**
 * Monthly recurring revenue: what the subscriptions that will renew bring in
 * a month, at the price they pay now. A cancelled subscription (running out
 * its paid period) does not recur; one in grace still does until it lapses.
 * A yearly price counts a twelfth, rounded to whole cents.
 */
export function monthlyRecurringCents(subscriptions: RecurringSubscription[]) {
  let total = 0;
  for (const subscription of subscriptions) {
    if (subscription.status !== "active" && subscription.status !== "grace") continue;
    if (subscription.cancelAtPeriodEnd) continue;
    total += subscription.interval === "year" ? Math.round(subscription.priceCents / 12) : subscription.priceCents;
  }
  return total;
}

export interface CoverageSpan {
  tenantId: string;
  startedAt: string;
  /** When the plan stopped counting (cancelled: its paid end; grace/lapsed: the grace end); null while it runs. */
  endsAt: string | null;
}

/** The tenants with a plan at an instant: a subscription started on or before it and not ended by it. */
export function customersAt(spans: CoverageSpan[], instant: string) {
  const tenants = new Set<string>();
  for (const span of spans) if (span.startedAt <= instant && (span.endsAt === null || span.endsAt > instant)) tenants.add(span.tenantId);
  return tenants;
}

export interface Churn {
  /** Paying tenants at the range's start. */
  atStart: number;
  /** Of them, those without a plan at its end. */
  churned: number;
  /** churned / atStart; null when nobody paid at the start (no rate to speak of). */
  rate: number | null;
}

/**
 * Customer churn over [start, end): the share of tenants with a plan at the
 * start that have none at the end. A tenant that changed plans is still a
 * customer (its old subscription ends where the new one starts); one that
 * signed up during the range is not counted either way.
 */
export function churnBetween(spans: CoverageSpan[], start: string, end: string): Churn {
  const before = customersAt(spans, start);
  const after = customersAt(spans, end);
  let churned = 0;
  for (const tenant of before) if (!after.has(tenant)) churned += 1;
  return { atStart: before.size, churned, rate: before.size === 0 ? null : churned / before.size };
}

export interface TenantMinutes {
  tenantId: string;
  minutes: number;
}

/** The tenants with the most minutes, most first, then by id so equal ones keep an order. */
export function topByMinutes<Row extends TenantMinutes>(rows: Row[], limit: number) {
  return [...rows]
    .filter((row) => row.minutes > 0)
    .sort((a, b) => b.minutes - a.minutes || a.tenantId.localeCompare(b.tenantId))
    .slice(0, limit);
}
