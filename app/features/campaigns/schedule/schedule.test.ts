import { describe, expect, it } from "vitest";
import { followingRun, planLaunch } from "./schedule";

const now = new Date("2026-03-09T15:00:00Z"); // Monday 11:00 in Toronto

describe("planLaunch", () => {
  it("launches an immediate campaign now", () => {
    expect(planLaunch({ sendingType: "immediate", frequency: null, scheduleLocal: null }, "America/Toronto", now)).toEqual({ ok: true, at: now });
  });

  it("launches a scheduled campaign at its time in the tenant's zone, and refuses a time that has passed", () => {
    expect(planLaunch({ sendingType: "scheduled", frequency: null, scheduleLocal: "2026-03-09T12:00" }, "America/Toronto", now)).toEqual({
      ok: true,
      at: new Date("2026-03-09T16:00:00Z"),
    });
    expect(planLaunch({ sendingType: "scheduled", frequency: null, scheduleLocal: "2026-03-09T12:00" }, "Europe/Berlin", now)).toEqual({
      ok: false,
      problem: "schedule-passed",
    });
    expect(planLaunch({ sendingType: "scheduled", frequency: null, scheduleLocal: null }, "America/Toronto", now)).toEqual({
      ok: false,
      problem: "schedule-missing",
    });
  });

  it("launches a recurring campaign at its first occurrence from now on, which may be now", () => {
    expect(planLaunch({ sendingType: "recurring", frequency: "daily", scheduleLocal: "2026-03-01T10:00" }, "America/Toronto", now)).toEqual({
      ok: true,
      at: new Date("2026-03-10T14:00:00Z"),
    });
    expect(planLaunch({ sendingType: "recurring", frequency: "daily", scheduleLocal: "2026-03-01T11:00" }, "America/Toronto", now)).toEqual({
      ok: true,
      at: now,
    });
    expect(planLaunch({ sendingType: "recurring", frequency: "monthly", scheduleLocal: "2026-04-30T09:00" }, "America/Toronto", now)).toEqual({
      ok: true,
      at: new Date("2026-04-30T13:00:00Z"),
    });
  });
});

describe("followingRun", () => {
  it("is the next occurrence for a recurring campaign and nothing for the others", () => {
    expect(
      followingRun({ sendingType: "recurring", frequency: "weekly", scheduleLocal: "2026-03-02T09:00" }, "America/Toronto", new Date("2026-03-09T13:00:00Z")),
    ).toEqual(new Date("2026-03-16T13:00:00Z"));
    expect(followingRun({ sendingType: "scheduled", frequency: null, scheduleLocal: "2026-03-02T09:00" }, "America/Toronto", now)).toBeNull();
    expect(followingRun({ sendingType: "immediate", frequency: null, scheduleLocal: null }, "America/Toronto", now)).toBeNull();
  });
});
