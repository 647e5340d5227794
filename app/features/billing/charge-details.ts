/**
 * What a charge pays for, kept with it (charges.details) so that settling it,
 * whenever and wherever that happens (the request, a webhook, the
 * reconciliation after a restart), does the same thing.
 */
export type ChargeDetails =
  | { kind: "topup" }
  | {
      kind: "plan";
      change: "new" | "upgrade" | "renewal";
      planId: string;
      planName: string;
      /** The subscription an upgrade replaces or a renewal extends. */
      subscriptionId: string | null;
      /** Renewals: the period being paid for. New plans and upgrades start when paid. */
      periodStart: string | null;
      periodEnd: string | null;
      previousPlanName?: string;
    };

export function parseChargeDetails(json: string): ChargeDetails {
  try {
    const value = JSON.parse(json) as ChargeDetails;
    if (value && (value.kind === "topup" || value.kind === "plan")) return value;
  } catch {
    // fall through: an unreadable row settles as a plain top-up would not; say so loudly.
  }
  throw new Error(`Unreadable charge details: ${json}`);
}
