import { describe, expect, it } from "vitest";
import { churnBetween, customersAt, monthlyRecurringCents, topByMinutes } from "./metrics";

describe("monthly recurring revenue", () => {
  it("adds what renewing subscriptions pay a month; a cancelled one does not recur; a yearly price counts a twelfth", () => {
    expect(
      monthlyRecurringCents([
        { status: "active", cancelAtPeriodEnd: false, priceCents: 4900, interval: "month" },
        { status: "grace", cancelAtPeriodEnd: false, priceCents: 14900, interval: "month" },
        { status: "cancelled", cancelAtPeriodEnd: true, priceCents: 39900, interval: "month" },
        { status: "active", cancelAtPeriodEnd: true, priceCents: 39900, interval: "month" },
        { status: "lapsed", cancelAtPeriodEnd: false, priceCents: 39900, interval: "month" },
        { status: "active", cancelAtPeriodEnd: false, priceCents: 120000, interval: "year" },
        { status: "active", cancelAtPeriodEnd: false, priceCents: 1001, interval: "year" },
      ]),
    ).toBe(4900 + 14900 + 10000 + 83);
    expect(monthlyRecurringCents([])).toBe(0);
  });
});

describe("churn", () => {
  const spans = [
    // a: paying throughout.
    { tenantId: "a", startedAt: "2026-01-01T00:00:00Z", endsAt: null },
    // b: left on 2026-03-05.
    { tenantId: "b", startedAt: "2026-01-01T00:00:00Z", endsAt: "2026-03-05T00:00:00Z" },
    // c: changed plans mid-range: one subscription ends where the next starts, still a customer.
    { tenantId: "c", startedAt: "2026-01-01T00:00:00Z", endsAt: "2026-03-10T00:00:00Z" },
    { tenantId: "c", startedAt: "2026-03-10T00:00:00Z", endsAt: null },
    // d: signed up during the range: neither counted nor churned.
    { tenantId: "d", startedAt: "2026-03-15T00:00:00Z", endsAt: null },
    // e: ended before the range.
    { tenantId: "e", startedAt: "2026-01-01T00:00:00Z", endsAt: "2026-02-01T00:00:00Z" },
  ];

  it("is the share of the start's paying tenants without a plan at the end", () => {
    expect([...customersAt(spans, "2026-03-01T00:00:00Z")].sort()).toEqual(["a", "b", "c"]);
    expect(churnBetween(spans, "2026-03-01T00:00:00Z", "2026-03-31T00:00:00Z")).toEqual({ atStart: 3, churned: 1, rate: 1 / 3 });
  });

  it("has no rate when nobody paid at the start", () => {
    expect(churnBetween(spans, "2025-01-01T00:00:00Z", "2025-02-01T00:00:00Z")).toEqual({ atStart: 0, churned: 0, rate: null });
  });

  it("counts an end exactly at the range's end as gone (ends are exclusive)", () => {
    expect(churnBetween(spans, "2026-03-01T00:00:00Z", "2026-03-05T00:00:00Z").churned).toBe(1);
  });
});

describe("top tenants", () => {
  it("by minutes, most first, ties by id, none without minutes, at most the limit", () => {
    const rows = [
      { tenantId: "b", minutes: 10 },
      { tenantId: "a", minutes: 10 },
      { tenantId: "c", minutes: 30 },
      { tenantId: "d", minutes: 0 },
      { tenantId: "e", minutes: 5 },
    ];
    expect(topByMinutes(rows, 3).map((row) => row.tenantId)).toEqual(["c", "a", "b"]);
    expect(topByMinutes(rows, 10).map((row) => row.tenantId)).toEqual(["c", "a", "b", "e"]);
  });
});
