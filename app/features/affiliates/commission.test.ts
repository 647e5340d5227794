import { describe, expect, it } from "vitest";
import { availableAt, canRequestPayout, commissionCents, commissionTotals, commissionView, effectiveRateBps } from "./commission";
import { canonicalEmail, isSelfReferral, newReferralCode, parseReferralCode, referralLink } from "./referral";

describe("commission arithmetic", () => {
  it("takes the rate in basis points of the invoice, rounded down to whole cents", () => {
    expect(commissionCents(4900, 2000)).toBe(980);
    expect(commissionCents(999, 1250)).toBe(124); // 124.875
    expect(commissionCents(1, 9999)).toBe(0);
    expect(commissionCents(10_000, 10_000)).toBe(10_000);
    expect(commissionCents(0, 2000)).toBe(0);
    expect(commissionCents(-500, 2000)).toBe(0);
  });

  it("refuses a rate outside 0–10 000 basis points", () => {
    expect(() => commissionCents(100, 10_001)).toThrow();
    expect(() => commissionCents(100, -1)).toThrow();
    expect(() => commissionCents(100, 12.5)).toThrow();
  });

  it("uses the affiliate's own rate over the programme's", () => {
    expect(effectiveRateBps(null, 2000)).toBe(2000);
    expect(effectiveRateBps(3500, 2000)).toBe(3500);
    expect(effectiveRateBps(0, 2000)).toBe(0);
  });
});

describe("hold window", () => {
  it("makes a commission available the hold window's days after the payment", () => {
    expect(availableAt("2026-01-01T10:00:00.000Z", 30)).toBe("2026-01-31T10:00:00.000Z");
    expect(availableAt("2026-02-27T23:30:00.000Z", 2)).toBe("2026-03-01T23:30:00.000Z");
    expect(availableAt("2026-01-01T10:00:00.000Z", 0)).toBe("2026-01-01T10:00:00.000Z");
  });

  it("reads a held line as payable from its available_at on, and requested while in a payout", () => {
    const line = { status: "held" as const, availableAt: "2026-01-31T10:00:00.000Z", payoutId: null };
    expect(commissionView(line, "2026-01-31T09:59:59.999Z")).toBe("held");
    expect(commissionView(line, "2026-01-31T10:00:00.000Z")).toBe("payable");
    expect(commissionView({ ...line, payoutId: "p1" }, "2026-02-01T00:00:00.000Z")).toBe("requested");
    expect(commissionView({ ...line, status: "paid" }, "2026-01-01T00:00:00.000Z")).toBe("paid");
    expect(commissionView({ ...line, status: "clawed_back" }, "2026-03-01T00:00:00.000Z")).toBe("clawed_back");
  });

  it("totals per view, netting a clawback of a paid commission against what is payable", () => {
    const at = "2026-03-01T00:00:00.000Z";
    const totals = commissionTotals(
      [
        { kind: "commission", status: "held", availableAt: "2026-04-01T00:00:00.000Z", payoutId: null, amountCents: 500 },
        { kind: "commission", status: "held", availableAt: "2026-02-01T00:00:00.000Z", payoutId: null, amountCents: 1000 },
        { kind: "commission", status: "paid", availableAt: "2026-01-01T00:00:00.000Z", payoutId: "p0", amountCents: 700 },
        { kind: "clawback", status: "held", availableAt: "2026-02-15T00:00:00.000Z", payoutId: null, amountCents: -700 },
        { kind: "commission", status: "clawed_back", availableAt: "2026-02-15T00:00:00.000Z", payoutId: null, amountCents: 300 },
        { kind: "clawback", status: "clawed_back", availableAt: "2026-02-15T00:00:00.000Z", payoutId: null, amountCents: -300 },
        { kind: "commission", status: "held", availableAt: "2026-02-01T00:00:00.000Z", payoutId: "p1", amountCents: 200 },
      ],
      at,
    );
    expect(totals).toEqual({ held: 500, payable: 300, requested: 200, paid: 700, clawedBack: 300 });
  });

  it("lets a payout be requested at or above the minimum only", () => {
    expect(canRequestPayout(5000, 5000)).toBe(true);
    expect(canRequestPayout(4999, 5000)).toBe(false);
    expect(canRequestPayout(0, 0)).toBe(false);
  });
});

describe("referral codes and self-referral", () => {
  it("makes codes of ten unambiguous characters that parse back", () => {
    const code = newReferralCode();
    expect(code).toMatch(/^[a-z2-9]{10}$/);
    expect(parseReferralCode(code.toUpperCase())).toBe(code);
    expect(parseReferralCode("short")).toBeNull();
    expect(parseReferralCode("abcdefghi0")).toBeNull(); // 0 is not in the alphabet
    expect(parseReferralCode(null)).toBeNull();
    expect(referralLink("https://app.example.com/", code)).toBe(`https://app.example.com/r/${code}`);
  });

  it("refuses the affiliate's own tenant and own address, plus-tags and case included", () => {
    const affiliate = { tenantId: "t1", email: "Ann@Example.com" };
    expect(canonicalEmail("Ann+promo@Example.COM")).toBe("ann@example.com");
    expect(isSelfReferral(affiliate, { tenantId: "t1", email: "other@example.com" })).toBe(true);
    expect(isSelfReferral(affiliate, { tenantId: "t2", email: "ann+2@example.com" })).toBe(true);
    expect(isSelfReferral(affiliate, { tenantId: "t2", email: "bob@example.com" })).toBe(false);
  });
});
