import type { AffiliateCommissionKind, AffiliateCommissionStatus } from "~/db/schema";

/**
 * Commission and hold arithmetic (docs/decisions/0054-affiliate-commissions-and-hold.md).
 * Pure, so the unit test covers it without a database.
 */

export const BASIS_POINTS = 10_000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A rate in basis points is a whole number from 0 (nothing) to 10 000 (the whole invoice). */
export function isValidRateBps(rate: number) {
  return Number.isInteger(rate) && rate >= 0 && rate <= BASIS_POINTS;
}

/**
 * The commission on an invoice, in whole cents, rounded down: the affiliate
 * is never paid a fraction of a cent more than the rate gives, and the sum of
 * the lines is what the ledger can pay exactly.
 */
export function commissionCents(invoiceAmountCents: number, rateBps: number) {
  if (!Number.isSafeInteger(invoiceAmountCents) || invoiceAmountCents <= 0) return 0;
  if (!isValidRateBps(rateBps)) throw new Error(`A commission rate is 0–${BASIS_POINTS} basis points, not ${rateBps}.`);
  return Math.floor((invoiceAmountCents * rateBps) / BASIS_POINTS);
}

/** The affiliate's rate: their own when the super admin set one, else the programme's. */
export function effectiveRateBps(override: number | null, programmeRateBps: number) {
  return override ?? programmeRateBps;
}

/** When a commission stops being held: the invoice's payment plus the hold window (the refund window), in whole days. */
export function availableAt(paidAt: string, holdDays: number) {
  return new Date(Date.parse(paidAt) + holdDays * DAY_MS).toISOString();
}

/** What a line is as the affiliate sees it; "payable" and "requested" are derived when read, never stored. */
export type CommissionView = "held" | "payable" | "requested" | "paid" | "clawed_back";

export interface CommissionLineState {
  kind: AffiliateCommissionKind;
  status: AffiliateCommissionStatus;
  availableAt: string;
  payoutId: string | null;
  amountCents: number;
}

/**
 * A held line past its available_at is payable; a payable line already in a
 * payout request is "requested" until the payout is paid (then its stored
 * status is paid) or rejected (then it is released back to payable).
 */
export function commissionView(line: Pick<CommissionLineState, "status" | "availableAt" | "payoutId">, at: string): CommissionView {
  if (line.status !== "held") return line.status;
  if (line.payoutId) return "requested";
  return Date.parse(line.availableAt) <= Date.parse(at) ? "payable" : "held";
}

export interface CommissionTotals {
  held: number;
  payable: number;
  requested: number;
  paid: number;
  clawedBack: number;
}

/** Sums per view. A clawback line of a commission already paid is negative and payable: it is netted against the next payout. */
export function commissionTotals(lines: CommissionLineState[], at: string): CommissionTotals {
  const totals: CommissionTotals = { held: 0, payable: 0, requested: 0, paid: 0, clawedBack: 0 };
  for (const line of lines) {
    const view = commissionView(line, at);
    if (view === "clawed_back") {
      if (line.kind === "commission") totals.clawedBack += line.amountCents;
      continue;
    }
    totals[view] += line.amountCents;
  }
  return totals;
}

/** Whether a payout may be requested: there is something payable and it reaches the programme's minimum. */
export function canRequestPayout(payableCents: number, minimumCents: number) {
  return payableCents > 0 && payableCents >= minimumCents;
}
