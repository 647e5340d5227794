import type { PayoutState } from "~/db/schema";

/**
 * The payout state machine (docs/decisions/0055-affiliate-payout-states.md),
 * the one table every payout move is checked against:
 *
 *   PENDING_APPROVAL → APPROVED_PENDING_PAYMENT → PAID
 *   PENDING_APPROVAL | APPROVED_PENDING_PAYMENT → REJECTED (with a reason)
 *
 * PAID and REJECTED are final. Moves are made by payouts.server.ts only.
 */
export const PAYOUT_STATES = ["PENDING_APPROVAL", "APPROVED_PENDING_PAYMENT", "PAID", "REJECTED"] as const satisfies readonly PayoutState[];

export const PAYOUT_TRANSITIONS: Readonly<Record<PayoutState, readonly PayoutState[]>> = {
  PENDING_APPROVAL: ["APPROVED_PENDING_PAYMENT", "REJECTED"],
  APPROVED_PENDING_PAYMENT: ["PAID", "REJECTED"],
  PAID: [],
  REJECTED: [],
};

export type PayoutMoveRefusal = "illegal-transition" | "reason-required";

export function isPayoutState(value: string): value is PayoutState {
  return (PAYOUT_STATES as readonly string[]).includes(value);
}

/** Whether `from → to` is a legal move; a rejection also needs a reason. */
export function checkPayoutMove(from: PayoutState, to: PayoutState, reason?: string | null): { ok: true } | { ok: false; refusal: PayoutMoveRefusal } {
  if (!PAYOUT_TRANSITIONS[from].includes(to)) return { ok: false, refusal: "illegal-transition" };
  if (to === "REJECTED" && !reason?.trim()) return { ok: false, refusal: "reason-required" };
  return { ok: true };
}

/** The moves a payout in `state` offers (the management screen's buttons). */
export function nextPayoutStates(state: PayoutState) {
  return PAYOUT_TRANSITIONS[state];
}

/** Which timestamp column a move stamps. */
export const STAMP_OF: Readonly<Record<PayoutState, "approved_at" | "paid_at" | "rejected_at" | null>> = {
  PENDING_APPROVAL: null,
  APPROVED_PENDING_PAYMENT: "approved_at",
  PAID: "paid_at",
  REJECTED: "rejected_at",
};
