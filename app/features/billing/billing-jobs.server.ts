import { reconcilePendingCharges } from "./charges.server";
import { runAutoTopups } from "./auto-topup.server";
import type { ChargeDeps } from "./charges.server";
import { runLapses, runRenewals } from "./subscriptions.server";

/**
 * Billing's share of each job-runner pass: first settle what a dead request
 * left pending, then renew, lapse and top up. Each step is safe to run on
 * several servers at once (request keys, conditional updates, the one
 * pending auto top-up per tenant), so no lease is needed.
 */
export async function runBillingJobs(at: Date, deps: ChargeDeps = {}) {
  const reconciled = await reconcilePendingCharges({ provider: deps.provider, db: deps.db, at });
  const renewals = await runRenewals(at, deps);
  const lapses = await runLapses(at, deps.db);
  const autoTopups = await runAutoTopups(at, deps);
  return { reconciled, renewals, lapses, autoTopups };
}
