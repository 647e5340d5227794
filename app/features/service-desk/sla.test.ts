import { describe, expect, it } from "vitest";
import { DEFAULT_SLA_TARGETS, dueAfter, isOverdue, nextDueAt, splitTarget, ticketDueTimes } from "./sla";

const due = (start: string, minutes: number, timeZone: string) => dueAfter(new Date(start), minutes, timeZone).toISOString();

describe("SLA due times: calendar time in the tenant's zone (docs/product/service-desk.md#sla)", () => {
  it("adds a span under a day as elapsed time", () => {
    expect(due("2026-01-10T15:00:00.000Z", 240, "America/Toronto")).toBe("2026-01-10T19:00:00.000Z");
    expect(due("2026-01-10T15:00:00.000Z", 30, "Europe/Berlin")).toBe("2026-01-10T15:30:00.000Z");
  });

  it("keeps the time of day for whole days across the spring change (23 real hours)", () => {
    // Saturday 17:00 EST → Sunday 17:00 EDT in Toronto, where the clocks went forward that night.
    expect(due("2026-03-07T22:00:00.000Z", 1440, "America/Toronto")).toBe("2026-03-08T21:00:00.000Z");
  });

  it("keeps the time of day for whole days across the autumn change (25 real hours)", () => {
    expect(due("2026-10-31T21:00:00.000Z", 1440, "America/Toronto")).toBe("2026-11-01T22:00:00.000Z");
    expect(due("2026-10-24T08:00:00.000Z", 2 * 1440, "Europe/Berlin")).toBe("2026-10-26T09:00:00.000Z");
  });

  it("moves whole days first, then adds the rest as elapsed time", () => {
    // 1 day 4 hours from Saturday 20:00 EST: Sunday 20:00 EDT, then four hours.
    expect(due("2026-03-08T01:00:00.000Z", 1440 + 240, "America/Toronto")).toBe("2026-03-09T04:00:00.000Z");
  });

  it("reads the day in the tenant's zone: the same instant and target end differently in Toronto and Berlin", () => {
    expect(due("2026-03-28T12:00:00.000Z", 1440, "America/Toronto")).toBe("2026-03-29T12:00:00.000Z");
    expect(due("2026-03-28T12:00:00.000Z", 1440, "Europe/Berlin")).toBe("2026-03-29T11:00:00.000Z");
  });

  it("a wall-clock time that does not exist on the due day moves forward by the gap", () => {
    // 02:30 EST + 1 day: 02:30 on 8 March does not exist in Toronto; it is 03:30 EDT, the same instant as 24 hours later.
    expect(due("2026-03-07T07:30:00.000Z", 1440, "America/Toronto")).toBe("2026-03-08T07:30:00.000Z");
  });

  it("carries seconds and milliseconds along", () => {
    expect(due("2026-01-10T15:00:42.500Z", 1440, "America/Toronto")).toBe("2026-01-11T15:00:42.500Z");
  });

  it("gives a ticket both deadlines from its priority's targets", () => {
    expect(ticketDueTimes(new Date("2026-01-10T15:00:00.000Z"), DEFAULT_SLA_TARGETS.normal, "America/Toronto")).toEqual({
      firstResponseDueAt: "2026-01-10T19:00:00.000Z",
      resolutionDueAt: "2026-01-11T15:00:00.000Z",
    });
  });
});

describe("the next deadline and the overdue marker", () => {
  const ticket = { firstResponseDueAt: "2026-01-10T19:00:00.000Z", resolutionDueAt: "2026-01-11T15:00:00.000Z" };

  it("is the first response's until there is one, then the resolution's, and none once resolved or closed", () => {
    expect(nextDueAt({ ...ticket, status: "open", firstRespondedAt: null })).toBe(ticket.firstResponseDueAt);
    expect(nextDueAt({ ...ticket, status: "pending", firstRespondedAt: "2026-01-10T16:00:00.000Z" })).toBe(ticket.resolutionDueAt);
    expect(nextDueAt({ ...ticket, status: "resolved", firstRespondedAt: null })).toBeNull();
    expect(nextDueAt({ ...ticket, status: "closed", firstRespondedAt: "2026-01-10T16:00:00.000Z" })).toBeNull();
  });

  it("takes the resolution's when a target set it before the first response's", () => {
    expect(
      nextDueAt({ status: "open", firstRespondedAt: null, firstResponseDueAt: "2026-01-12T00:00:00.000Z", resolutionDueAt: "2026-01-11T00:00:00.000Z" }),
    ).toBe("2026-01-11T00:00:00.000Z");
  });

  it("is overdue once the deadline has passed, never without one", () => {
    expect(isOverdue("2026-01-10T19:00:00.000Z", new Date("2026-01-10T19:00:01.000Z"))).toBe(true);
    expect(isOverdue("2026-01-10T19:00:00.000Z", new Date("2026-01-10T18:59:59.000Z"))).toBe(false);
    expect(isOverdue(null, new Date("2030-01-01T00:00:00.000Z"))).toBe(false);
  });
});

describe("a target in the settings form's units", () => {
  it("shows the largest unit that holds it whole", () => {
    expect(splitTarget(30)).toEqual({ amount: 30, unit: "minutes" });
    expect(splitTarget(90)).toEqual({ amount: 90, unit: "minutes" });
    expect(splitTarget(240)).toEqual({ amount: 4, unit: "hours" });
    expect(splitTarget(2880)).toEqual({ amount: 2, unit: "days" });
  });
});
