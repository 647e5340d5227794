/**
 * When the automatic top-up charges (pure; auto-topup.server.ts acts on it).
 * "Falls below" is strictly below: a balance exactly at the threshold does
 * not trigger it. The monthly cap counts what was charged automatically this
 * calendar month (UTC), including a charge still in flight, and a top-up that
 * would pass it is not made at all rather than made smaller.
 */
export interface AutoTopupState {
  enabled: boolean;
  balanceCents: number;
  thresholdCents: number;
  amountCents: number;
  monthlyCapCents: number;
  chargedThisMonthCents: number;
  inFlight: boolean;
  /** When the last automatic top-up failed, if it did; it is retried a day later (or at once after the settings or cards change). */
  lastFailureAt: string | null;
}

export type AutoTopupDecision =
  { due: true; amountCents: number } | { due: false; reason: "off" | "aboveThreshold" | "inFlight" | "capReached" | "recentFailure" };

export const AUTO_TOPUP_RETRY_AFTER_MS = 24 * 60 * 60_000;

export function decideAutoTopup(state: AutoTopupState, at: Date): AutoTopupDecision {
  if (!state.enabled) return { due: false, reason: "off" };
  if (state.balanceCents >= state.thresholdCents) return { due: false, reason: "aboveThreshold" };
  if (state.inFlight) return { due: false, reason: "inFlight" };
  if (state.chargedThisMonthCents + state.amountCents > state.monthlyCapCents) return { due: false, reason: "capReached" };
  if (state.lastFailureAt && at.getTime() - Date.parse(state.lastFailureAt) < AUTO_TOPUP_RETRY_AFTER_MS) return { due: false, reason: "recentFailure" };
  return { due: true, amountCents: state.amountCents };
}
