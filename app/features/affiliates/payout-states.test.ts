import { describe, expect, it } from "vitest";
import type { PayoutState } from "~/db/schema";
import { checkPayoutMove, nextPayoutStates, PAYOUT_STATES } from "./payout-states";

const LEGAL: Array<[PayoutState, PayoutState]> = [
  ["PENDING_APPROVAL", "APPROVED_PENDING_PAYMENT"],
  ["PENDING_APPROVAL", "REJECTED"],
  ["APPROVED_PENDING_PAYMENT", "PAID"],
  ["APPROVED_PENDING_PAYMENT", "REJECTED"],
];

describe("payout state machine", () => {
  const isLegal = (from: PayoutState, to: PayoutState) => LEGAL.some(([f, t]) => f === from && t === to);

  for (const from of PAYOUT_STATES) {
    for (const to of PAYOUT_STATES) {
      it(`${isLegal(from, to) ? "allows" : "refuses"} ${from} → ${to}`, () => {
        const result = checkPayoutMove(from, to, "a reason");
        if (isLegal(from, to)) expect(result).toEqual({ ok: true });
        else expect(result).toEqual({ ok: false, refusal: "illegal-transition" });
      });
    }
  }

  it("wants a reason for a rejection", () => {
    expect(checkPayoutMove("PENDING_APPROVAL", "REJECTED", "  ")).toEqual({ ok: false, refusal: "reason-required" });
    expect(checkPayoutMove("APPROVED_PENDING_PAYMENT", "REJECTED", null)).toEqual({ ok: false, refusal: "reason-required" });
    expect(checkPayoutMove("PENDING_APPROVAL", "APPROVED_PENDING_PAYMENT", null)).toEqual({ ok: true });
  });

  it("offers no move from a final state", () => {
    expect(nextPayoutStates("PAID")).toEqual([]);
    expect(nextPayoutStates("REJECTED")).toEqual([]);
    expect(nextPayoutStates("PENDING_APPROVAL")).toEqual(["APPROVED_PENDING_PAYMENT", "REJECTED"]);
  });
});
