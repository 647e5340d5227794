import { describe, expect, it } from "vitest";
import { isOfferedTo } from "~/features/tenants/plan-offer";
import { currentPeriodPriceCents, planKeyFromName, priceChangeImpact, renewalPriceCents, type SubscriberPeriod } from "./price-rule";

const AT = new Date("2026-03-10T12:00:00.000Z");
const sub = (overrides: Partial<SubscriberPeriod>): SubscriberPeriod => ({
  planId: "p",
  status: "active",
  cancelAtPeriodEnd: false,
  currentPeriodEnd: "2026-03-20T00:00:00.000Z",
  nextPlanId: null,
  ...overrides,
});

describe("the price rule", () => {
  it("keeps the price the current period was sold at and charges the plan's price at renewal", () => {
    // Sold at 49.00; the plan now costs 59.00.
    expect(currentPeriodPriceCents({ period_price_cents: 4900 }, { price_cents: 5900 })).toBe(4900);
    expect(renewalPriceCents({ price_cents: 5900 })).toBe(5900);
    // A subscription from before the column existed: the plan's price, as before.
    expect(currentPeriodPriceCents({ period_price_cents: null }, { price_cents: 5900 })).toBe(5900);
  });

  it("offers a retired plan to its own subscribers only", () => {
    expect(isOfferedTo({ id: "p", active: 1 }, null)).toBe(true);
    expect(isOfferedTo({ id: "p", active: 0 }, null)).toBe(false);
    expect(isOfferedTo({ id: "p", active: 0 }, "q")).toBe(false);
    expect(isOfferedTo({ id: "p", active: 0 }, "p")).toBe(true);
  });
});

describe("who a price change reaches", () => {
  it("every subscription renewing onto the plan, from its period's end; not the cancelled, not those leaving", () => {
    const impact = priceChangeImpact(
      "p",
      [
        sub({ currentPeriodEnd: "2026-03-25T00:00:00.000Z" }),
        sub({ currentPeriodEnd: "2026-03-15T00:00:00.000Z" }),
        sub({ cancelAtPeriodEnd: true, status: "cancelled" }),
        // Downgrading away at the period's end: renews on the other plan.
        sub({ nextPlanId: "q" }),
        // Downgrading onto this plan: its renewal charges this plan's price.
        sub({ planId: "q", nextPlanId: "p", currentPeriodEnd: "2026-04-01T00:00:00.000Z" }),
        sub({ planId: "q" }),
      ],
      AT,
    );
    expect(impact).toEqual({ renewing: 3, firstRenewal: "2026-03-15T00:00:00.000Z", lastRenewal: "2026-04-01T00:00:00.000Z" });
  });

  it("a subscription in grace (or overdue) is retried at the new price from now", () => {
    expect(priceChangeImpact("p", [sub({ status: "grace" }), sub({ currentPeriodEnd: "2026-03-01T00:00:00.000Z" })], AT)).toEqual({
      renewing: 2,
      firstRenewal: AT.toISOString(),
      lastRenewal: AT.toISOString(),
    });
  });

  it("nobody: no dates", () => {
    expect(priceChangeImpact("p", [], AT)).toEqual({ renewing: 0, firstRenewal: null, lastRenewal: null });
  });
});

describe("plan keys", () => {
  it("are made from the name", () => {
    expect(planKeyFromName("Growth Plus")).toBe("growth-plus");
    expect(planKeyFromName("  Größe  XL! ")).toBe("grosse-xl");
    expect(planKeyFromName("!!!")).toBe("plan");
  });
});
