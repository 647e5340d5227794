import { describe, expect, it } from "vitest";
import { decideAutoTopup, type AutoTopupState } from "./auto-topup";

const at = new Date("2026-11-23T12:00:00.000Z");
const state = (overrides: Partial<AutoTopupState> = {}): AutoTopupState => ({
  enabled: true,
  balanceCents: 999,
  thresholdCents: 1000,
  amountCents: 5000,
  monthlyCapCents: 20000,
  chargedThisMonthCents: 0,
  inFlight: false,
  lastFailureAt: null,
  ...overrides,
});

describe("the automatic top-up", () => {
  it("charges once the balance is below the threshold", () => {
    expect(decideAutoTopup(state(), at)).toEqual({ due: true, amountCents: 5000 });
    expect(decideAutoTopup(state({ balanceCents: -2500 }), at)).toEqual({ due: true, amountCents: 5000 });
  });

  it("does not charge exactly at the threshold, nor above it", () => {
    expect(decideAutoTopup(state({ balanceCents: 1000 }), at)).toEqual({ due: false, reason: "aboveThreshold" });
    expect(decideAutoTopup(state({ balanceCents: 1001 }), at)).toEqual({ due: false, reason: "aboveThreshold" });
  });

  it("is off when turned off", () => {
    expect(decideAutoTopup(state({ enabled: false }), at)).toEqual({ due: false, reason: "off" });
  });

  it("keeps one top-up in flight", () => {
    expect(decideAutoTopup(state({ inFlight: true }), at)).toEqual({ due: false, reason: "inFlight" });
  });

  it("stops at the monthly cap: a top-up that would pass it is not made", () => {
    expect(decideAutoTopup(state({ chargedThisMonthCents: 15000 }), at)).toEqual({ due: true, amountCents: 5000 });
    expect(decideAutoTopup(state({ chargedThisMonthCents: 15001 }), at)).toEqual({ due: false, reason: "capReached" });
    expect(decideAutoTopup(state({ chargedThisMonthCents: 20000 }), at)).toEqual({ due: false, reason: "capReached" });
  });

  it("waits a day after a failure", () => {
    expect(decideAutoTopup(state({ lastFailureAt: "2026-11-23T06:00:00.000Z" }), at)).toEqual({ due: false, reason: "recentFailure" });
    expect(decideAutoTopup(state({ lastFailureAt: "2026-11-22T11:59:59.000Z" }), at)).toEqual({ due: true, amountCents: 5000 });
  });
});
