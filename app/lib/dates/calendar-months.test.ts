import { describe, expect, it } from "vitest";
import { addDays, addMonths, nextPeriodEnd, startOfUtcMonth } from "./calendar-months";

describe("billing periods", () => {
  it("run to the same day of the next month", () => {
    expect(addMonths("2026-11-23T22:30:00.000Z", 1)).toBe("2026-12-23T22:30:00.000Z");
    expect(addMonths("2026-12-15T00:00:00.000Z", 1)).toBe("2027-01-15T00:00:00.000Z");
  });

  it("end on the last day of a shorter month", () => {
    expect(addMonths("2027-01-31T10:00:00.000Z", 1)).toBe("2027-02-28T10:00:00.000Z");
    expect(addMonths("2028-01-31T10:00:00.000Z", 1)).toBe("2028-02-29T10:00:00.000Z");
    expect(addMonths("2027-03-31T10:00:00.000Z", 1)).toBe("2027-04-30T10:00:00.000Z");
  });

  it("count days and months in UTC", () => {
    expect(addDays("2026-03-28T12:00:00.000Z", 7)).toBe("2026-04-04T12:00:00.000Z");
    expect(startOfUtcMonth("2026-11-23T22:30:00.000Z")).toBe("2026-11-01T00:00:00.000Z");
  });
});

describe("renewals keep the day the plan was taken out", () => {
  it("go back to the 31st after a short month", () => {
    const anchor = "2027-01-31T10:00:00.000Z";
    expect(nextPeriodEnd(anchor, anchor)).toBe("2027-02-28T10:00:00.000Z");
    expect(nextPeriodEnd(anchor, "2027-02-28T10:00:00.000Z")).toBe("2027-03-31T10:00:00.000Z");
    expect(nextPeriodEnd(anchor, "2027-03-31T10:00:00.000Z")).toBe("2027-04-30T10:00:00.000Z");
    expect(nextPeriodEnd(anchor, "2027-04-30T10:00:00.000Z")).toBe("2027-05-31T10:00:00.000Z");
  });

  it("end a month after a start that is not on the anchor's day (paid late in grace)", () => {
    expect(nextPeriodEnd("2026-01-15T00:00:00.000Z", "2026-03-20T08:00:00.000Z")).toBe("2026-04-15T00:00:00.000Z");
  });
});
