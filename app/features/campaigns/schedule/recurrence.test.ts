import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CampaignFrequency } from "~/db/schema";
import { nextOccurrence, occurrence } from "./recurrence";
import { instantToLocalInput, parseLocalDateTime, zonedTimeToInstant } from "~/lib/dates/zoned-time";

const start = (local: string) => parseLocalDateTime(local)!;
const next = (local: string, frequency: CampaignFrequency, zone: string, after: string, inclusive = false) =>
  nextOccurrence(start(local), frequency, zone, new Date(after), { inclusive }).toISOString();

describe("nextOccurrence", () => {
  it("returns the start itself while it is still ahead", () => {
    expect(next("2026-05-04T09:00", "daily", "America/Toronto", "2026-05-01T00:00:00Z")).toBe("2026-05-04T13:00:00.000Z");
  });

  it("keeps 09:00 on the local clock across New York's March change (the UTC hour moves)", () => {
    expect(next("2026-03-06T09:00", "daily", "America/New_York", "2026-03-07T14:00:00Z")).toBe("2026-03-08T13:00:00.000Z");
    expect(next("2026-03-06T09:00", "daily", "America/New_York", "2026-03-06T14:00:00Z")).toBe("2026-03-07T14:00:00.000Z");
    expect(next("2026-03-06T09:00", "daily", "America/New_York", "2026-03-06T14:00:00Z", true)).toBe("2026-03-06T14:00:00.000Z");
  });

  it("keeps 09:00 across New York's November change", () => {
    expect(next("2026-10-26T09:00", "weekly", "America/New_York", "2026-10-26T13:00:00Z")).toBe("2026-11-02T14:00:00.000Z");
  });

  it("moves a time in the spring gap forward on that day only", () => {
    expect(next("2026-03-07T02:30", "daily", "America/New_York", "2026-03-07T08:00:00Z")).toBe("2026-03-08T07:30:00.000Z");
    expect(next("2026-03-07T02:30", "daily", "America/New_York", "2026-03-08T07:30:00Z")).toBe("2026-03-09T06:30:00.000Z");
  });

  it("runs a monthly series on the 31st on the last day of shorter months, and on the 31st again after", () => {
    const series = ["2026-01-31T15:00:00.000Z", "2026-02-28T15:00:00.000Z", "2026-03-31T14:00:00.000Z", "2026-04-30T14:00:00.000Z", "2026-05-31T14:00:00.000Z"];
    let after = "2026-01-01T00:00:00Z";
    for (const expected of series) {
      const got = next("2026-01-31T10:00", "monthly", "America/New_York", after);
      expect(got).toBe(expected);
      after = got;
    }
    // 2028 is a leap year.
    expect(next("2026-01-31T10:00", "monthly", "America/New_York", "2028-02-01T00:00:00Z")).toBe("2028-02-29T15:00:00.000Z");
  });

  it("goes weekly through Berlin's and Sydney's changes on the same weekday and clock time", () => {
    expect(next("2026-10-19T09:00", "weekly", "Europe/Berlin", "2026-10-19T07:00:00Z")).toBe("2026-10-26T08:00:00.000Z");
    expect(next("2026-03-30T09:00", "weekly", "Australia/Sydney", "2026-03-29T22:00:00Z")).toBe("2026-04-05T23:00:00.000Z");
  });

  it("finds the next occurrence of a series that started years ago", () => {
    expect(next("2020-01-01T09:00", "daily", "America/Toronto", "2026-07-15T12:00:00Z")).toBe("2026-07-15T13:00:00.000Z");
    expect(next("2020-01-01T09:00", "daily", "America/Toronto", "2026-07-15T13:00:00Z")).toBe("2026-07-16T13:00:00.000Z");
    expect(next("2016-01-31T09:00", "monthly", "America/Toronto", "2026-03-01T00:00:00Z")).toBe("2026-03-31T13:00:00.000Z");
  });

  it("is the first occurrence after the instant, for any start, zone and frequency", () => {
    const zones = ["America/New_York", "America/Toronto", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata"];
    const from = Date.parse("2024-01-01T00:00:00Z");
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 * 365 * 24 * 60 }),
        fc.integer({ min: 0, max: 2 * 365 * 24 * 60 }),
        fc.constantFrom<CampaignFrequency>("daily", "weekly", "monthly"),
        fc.constantFrom(...zones),
        (startMinute, gapMinutes, frequency, zone) => {
          const local = parseLocalDateTime(instantToLocalInput(from + startMinute * 60_000, "UTC"))!;
          const after = new Date(from + startMinute * 60_000 + gapMinutes * 60_000);
          const result = nextOccurrence(local, frequency, zone, after).getTime();
          expect(result).toBeGreaterThan(after.getTime());
          // Stepping through the series one by one finds the same occurrence.
          let index = 0;
          while (zonedTimeToInstant(occurrence(local, frequency, index), zone).getTime() <= after.getTime()) index += 1;
          expect(zonedTimeToInstant(occurrence(local, frequency, index), zone).getTime()).toBe(result);
        },
      ),
      { numRuns: 200 },
    );
  });
});
