import { describe, expect, it } from "vitest";
import { proratedUpgradeCents } from "./proration";

const start = "2026-11-01T00:00:00.000Z";
const end = "2026-12-01T00:00:00.000Z";

describe("an upgrade's charge", () => {
  it("is the difference for the part of the period left", () => {
    // Halfway through a 30-day period, from $49 to $149: half of $100.
    expect(proratedUpgradeCents(4900, 14900, start, end, new Date("2026-11-16T00:00:00.000Z"))).toBe(5000);
  });

  it("is the whole difference at the period's start and nothing at its end", () => {
    expect(proratedUpgradeCents(4900, 14900, start, end, new Date(start))).toBe(10000);
    expect(proratedUpgradeCents(4900, 14900, start, end, new Date(end))).toBe(0);
    expect(proratedUpgradeCents(4900, 14900, start, end, new Date("2027-01-01T00:00:00.000Z"))).toBe(0);
  });

  it("rounds half a cent up, in whole cents", () => {
    // 1 cent difference, a third of the period left: 0.33 → 0; two thirds: 0.67 → 1.
    expect(proratedUpgradeCents(100, 101, start, end, new Date("2026-11-21T00:00:00.000Z"))).toBe(0);
    expect(proratedUpgradeCents(100, 101, start, end, new Date("2026-11-11T00:00:00.000Z"))).toBe(1);
    const result = proratedUpgradeCents(4900, 39900, start, end, new Date("2026-11-23T22:31:17.000Z"));
    expect(Number.isInteger(result)).toBe(true);
    expect(result).toBe(Math.round((35000 * (Date.parse(end) - Date.parse("2026-11-23T22:31:17.000Z"))) / (Date.parse(end) - Date.parse(start))));
  });

  it("is nothing for a downgrade (it waits for the period's end)", () => {
    expect(proratedUpgradeCents(14900, 4900, start, end, new Date("2026-11-16T00:00:00.000Z"))).toBe(0);
  });
});
