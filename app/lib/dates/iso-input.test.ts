import { describe, expect, it } from "vitest";
import { readCalendarDay, readZonedInstant } from "./iso-input";

describe("readCalendarDay", () => {
  it.each(["2026-02-28", "2024-02-29", "1970-01-01", "9999-12-31"])("takes %s", (day) => expect(readCalendarDay(day)).toBe(day));
  it.each(["2026-02-29", "2026-02-30", "2026-04-31", "2026-13-01", "2026-00-01", "1969-12-31", "0000-01-01", "-000001-01-01", "+275760-09-13", "20260101", ""])(
    "refuses %j",
    (day) => expect(readCalendarDay(day)).toBeNull(),
  );
});

describe("readZonedInstant", () => {
  it.each([
    ["2026-12-01T15:00:00Z", "2026-12-01T15:00:00.000Z"],
    ["2026-12-01T15:00Z", "2026-12-01T15:00:00.000Z"],
    ["2026-12-01T15:00:00+02:00", "2026-12-01T13:00:00.000Z"],
    ["2026-12-01T15:00:00.123456-0530", "2026-12-01T20:30:00.123Z"],
  ])("reads %s as %s", (value, expected) => expect(readZonedInstant(value)).toBe(expected));
  it.each([
    "2026-12-01T15:00:00",
    "2026-02-30T10:00:00Z",
    "2026-06-01T24:00:00Z",
    "2026-06-01T10:60:00Z",
    "-271821-04-20T00:00:00Z",
    "+275760-09-13T00:00:00Z",
    "1970-01-01T00:30:00+01:00",
    "9999-12-31T23:30:00-01:00",
    "2026-06-01T10:00:00+25:00",
    "1e400",
  ])("refuses %j", (value) => expect(readZonedInstant(value)).toBeNull());
});
