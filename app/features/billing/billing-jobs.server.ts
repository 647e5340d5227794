import { reconcilePendingCharges } from "./charges.server";
import { runAutoTopups } from "./payments/auto-topup.server";
import { runOverageBooking } from "./usage/overage.server";
import type { ChargeDeps } from "./charges.server";
import { runLapses, runRenewals } from "./plans/subscriptions.server";

/**
 * Billing's share of each job-runner pass: first settle what a dead request
 * left pending, then book the day's minutes beyond the plan, renew, lapse
 * and top up (a top-up follows the usage that lowered the balance). Each step is safe to run on
 * several servers at once (request keys, conditional updates, the one
 * pending auto top-up per tenant), so no lease is needed.
 */
export async function runBillingJobs(at: Date, deps: ChargeDeps = {}) {
  const reconciled = await reconcilePendingCharges({ provider: deps.provider, db: deps.db, at });
  // Before renewals: a renewal moves the period on, and the ending period's last days must be booked against its own included minutes.
  const overage = await runOverageBooking(at, deps.db);
  const renewals = await runRenewals(at, deps);
  const lapses = await runLapses(at, deps.db);
  const autoTopups = await runAutoTopups(at, deps);
  return { reconciled, overage, renewals, lapses, autoTopups };
}
