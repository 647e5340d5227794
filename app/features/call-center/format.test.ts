import { describe, expect, it } from "vitest";
import { formatDuration, formatFigure, periodLabel, periodTitle } from "./format";
import { resolveTab } from "./tabs";

describe("call-center formatting", () => {
  it("shows elapsed and waiting time as a clock", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(247)).toBe("4:07");
    expect(formatDuration(3903)).toBe("1:05:03");
    expect(formatDuration(-5)).toBe("0:00");
  });

  it("shows a figure as a count, and call time in whole minutes with the unit", () => {
    const figures = { inbound: 1234, outbound: 0, missed: 0, voicemail: 0, completed: 0, escalated: 0, durationSeconds: 1704 };
    expect(formatFigure(figures, "inbound", "en")).toBe("1,234");
    expect(formatFigure(figures, "inbound", "de")).toBe("1.234");
    expect(formatFigure(figures, "minutes", "en")).toBe("28\u00a0min");
    expect(formatFigure(figures, "minutes", "de")).toBe("28\u00a0Min.");
  });

  it("labels chart periods in the user's language without shifting the date", () => {
    const day = { firstDay: { year: 2026, month: 3, day: 1 }, lastDay: { year: 2026, month: 3, day: 1 } };
    expect(periodLabel(day, "day", "en")).toBe("Mar 1");
    expect(periodLabel(day, "day", "de")).toBe("1. März");
    expect(periodLabel(day, "month", "en")).toBe("Mar 26");
    expect(periodTitle(day, "day", "en")).toBe("Sun, Mar 1, 2026");
    expect(periodTitle({ ...day, lastDay: { year: 2026, month: 3, day: 7 } }, "week", "en")).toMatch(/^Mar 1, 2026 – Mar 7, 2026$/);
  });

  it("opens a known tab and falls back to Active Calls", () => {
    expect(resolveTab("missedcalls")).toBe("missedcalls");
    expect(resolveTab("post-call-analysis")).toBe("post-call-analysis");
    expect(resolveTab("recordings ")).toBe("live-calls");
    expect(resolveTab(null)).toBe("live-calls");
  });
});
