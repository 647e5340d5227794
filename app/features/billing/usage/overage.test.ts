import { describe, expect, it } from "vitest";
import { billableMinutes, billingWindow, OVERAGE_CENTS_PER_MINUTE, overageCents, overageToBook, splitIncludedMinutes } from "./overage";

describe("billable minutes of a call", () => {
  it("rounds each call up to whole minutes; 0 s and no duration are 0 minutes", () => {
    expect([null, undefined, 0, 1, 59, 60, 61, 119, 120, 121, 3600].map(billableMinutes)).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 60]);
  });

  it("costs 5 cents a minute beyond the plan", () => {
    expect(OVERAGE_CENTS_PER_MINUTE).toBe(5);
    expect(overageCents(37)).toBe(185);
  });
});

describe("a billing period's window", () => {
  it("is whole tenant-local days: from the midnight on or before its start to the midnight on or before its end", () => {
    // Toronto is UTC-5 in winter: 2026-03-02T09:00Z is 04:00 local.
    expect(billingWindow({ start: "2026-03-02T09:00:00.000Z", end: "2026-04-02T09:00:00.000Z" }, "America/Toronto")).toEqual({
      start: "2026-03-02T05:00:00.000Z",
      // After the switch to summer time (8 March): UTC-4.
      end: "2026-04-02T04:00:00.000Z",
    });
    // 02:00 UTC is still the day before in Toronto.
    expect(billingWindow({ start: "2026-03-02T02:00:00.000Z", end: "2026-04-02T02:00:00.000Z" }, "America/Toronto").start).toBe("2026-03-01T05:00:00.000Z");
  });

  it("of consecutive periods leave no gap and no overlap", () => {
    const zone = "Asia/Kolkata";
    const first = billingWindow({ start: "2026-01-15T20:00:00.000Z", end: "2026-02-15T20:00:00.000Z" }, zone);
    const second = billingWindow({ start: "2026-02-15T20:00:00.000Z", end: "2026-03-15T20:00:00.000Z" }, zone);
    expect(first.end).toBe(second.start);
    expect(second.start).toBe("2026-02-15T18:30:00.000Z");
  });
});

describe("included minutes", () => {
  it("are used up first, in day order; the day the allowance runs out is split", () => {
    expect(
      splitIncludedMinutes(100, [
        { day: "d1", minutes: 60 },
        { day: "d2", minutes: 70 },
        { day: "d3", minutes: 5 },
      ]),
    ).toEqual([
      { day: "d1", minutes: 60, includedMinutes: 60, overageMinutes: 0, includedLeft: 40 },
      { day: "d2", minutes: 70, includedMinutes: 40, overageMinutes: 30, includedLeft: 0 },
      { day: "d3", minutes: 5, includedMinutes: 0, overageMinutes: 5, includedLeft: 0 },
    ]);
  });
});

describe("the overage to book", () => {
  const days = (...minutes: Array<[number, number | null]>) =>
    minutes.map(([m, booked], index) => ({ day: `d${index + 1}`, minutes: m, bookedMinutes: booked }));

  it("is each day's own overage when nothing is booked", () => {
    expect(overageToBook(100, days([60, null], [70, null], [5, null], [0, null]))).toEqual([
      { day: "d2", minutes: 30 },
      { day: "d3", minutes: 5 },
    ]);
  });

  it("leaves booked days alone and books only what is still owed", () => {
    expect(overageToBook(100, days([60, null], [70, 30], [5, null]))).toEqual([{ day: "d3", minutes: 5 }]);
    expect(overageToBook(100, days([60, null], [70, 30], [5, 5]))).toEqual([]);
  });

  it("charges minutes reported late for a booked day with the next day, never twice", () => {
    // d2 was booked at 30 overage minutes; 10 more minutes were reported for d1 afterwards.
    expect(overageToBook(100, days([70, null], [70, 30], [5, null]))).toEqual([{ day: "d3", minutes: 15 }]);
  });

  it("does not go back to a day before the last booked one", () => {
    expect(overageToBook(100, days([150, null], [10, 10], [0, null]))).toEqual([{ day: "d3", minutes: 50 }]);
  });

  it("books nothing within the allowance", () => {
    expect(overageToBook(500, days([100, null], [200, null], [199, null]))).toEqual([]);
  });
});
