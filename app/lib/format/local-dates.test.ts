import { describe, expect, it } from "vitest";
import { periodLabel, periodTitle } from "./local-dates";

describe("calendar dates and chart periods", () => {
  it("labels chart periods in the user's language without shifting the date", () => {
    const day = { firstDay: { year: 2026, month: 3, day: 1 }, lastDay: { year: 2026, month: 3, day: 1 } };
    expect(periodLabel(day, "day", "en")).toBe("Mar 1");
    expect(periodLabel(day, "day", "de")).toBe("1. März");
    expect(periodLabel(day, "month", "en")).toBe("Mar 26");
    expect(periodTitle(day, "day", "en")).toBe("Sun, Mar 1, 2026");
    expect(periodTitle({ ...day, lastDay: { year: 2026, month: 3, day: 7 } }, "week", "en")).toMatch(/^Mar 1, 2026 – Mar 7, 2026$/);
  });
});
