import { describe, expect, it } from "vitest";
import { formatDuration, formatFigure } from "./format";
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

  it("opens a known tab and falls back to Active Calls", () => {
    expect(resolveTab("missedcalls")).toBe("missedcalls");
    expect(resolveTab("post-call-analysis")).toBe("post-call-analysis");
    expect(resolveTab("recordings ")).toBe("live-calls");
    expect(resolveTab(null)).toBe("live-calls");
  });
});
