import { describe, expect, it } from "vitest";
import {
  addCalendarMonths,
  formatClockTime,
  instantToLocalInput,
  localPartsAt,
  offsetMinutesAt,
  parseClockTime,
  parseLocalDateTime,
  zonedTimeToInstant,
} from "./zoned-time";

const at = (local: string, zone: string) => zonedTimeToInstant(parseLocalDateTime(local)!, zone).toISOString();

describe("zonedTimeToInstant", () => {
  it("reads ordinary times with the offset in force that day", () => {
    expect(at("2026-01-15T09:00", "America/Toronto")).toBe("2026-01-15T14:00:00.000Z");
    expect(at("2026-07-15T09:00", "America/Toronto")).toBe("2026-07-15T13:00:00.000Z");
    expect(at("2026-07-15T09:00", "Europe/Berlin")).toBe("2026-07-15T07:00:00.000Z");
    expect(at("2026-07-15T09:00", "Australia/Sydney")).toBe("2026-07-14T23:00:00.000Z");
    expect(at("2026-01-15T09:00", "Australia/Sydney")).toBe("2026-01-14T22:00:00.000Z");
    expect(at("2026-01-15T09:00", "UTC")).toBe("2026-01-15T09:00:00.000Z");
  });

  it("handles New York's spring-forward day: the missing half hour moves forward", () => {
    expect(at("2026-03-08T01:30", "America/New_York")).toBe("2026-03-08T06:30:00.000Z");
    expect(at("2026-03-08T02:30", "America/New_York")).toBe("2026-03-08T07:30:00.000Z");
    expect(at("2026-03-08T03:30", "America/New_York")).toBe("2026-03-08T07:30:00.000Z");
    expect(at("2026-03-08T09:00", "America/New_York")).toBe("2026-03-08T13:00:00.000Z");
  });

  it("handles New York's fall-back day: the repeated hour is its first occurrence", () => {
    expect(at("2026-11-01T00:30", "America/New_York")).toBe("2026-11-01T04:30:00.000Z");
    expect(at("2026-11-01T01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    expect(at("2026-11-01T02:30", "America/New_York")).toBe("2026-11-01T07:30:00.000Z");
    expect(at("2026-11-01T09:00", "America/New_York")).toBe("2026-11-01T14:00:00.000Z");
  });

  it("handles Berlin's and Sydney's changes (Sydney's are the other way round in the year)", () => {
    expect(at("2026-03-29T02:30", "Europe/Berlin")).toBe("2026-03-29T01:30:00.000Z");
    expect(at("2026-10-25T02:30", "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z");
    // Sydney leaves DST on the first Sunday of April (03:00 → 02:00) and starts it on the first Sunday of October (02:00 → 03:00).
    expect(at("2026-04-05T02:30", "Australia/Sydney")).toBe("2026-04-04T15:30:00.000Z");
    expect(at("2026-10-04T02:30", "Australia/Sydney")).toBe("2026-10-03T16:30:00.000Z");
  });

  it("round-trips every existing wall-clock time of a change day", () => {
    for (const zone of ["America/New_York", "Europe/Berlin", "Australia/Sydney"]) {
      for (const date of ["2026-03-08", "2026-11-01", "2026-03-29", "2026-10-25", "2026-04-05", "2026-10-04"]) {
        for (let minute = 0; minute < 24 * 60; minute += 15) {
          const local = `${date}T${formatClockTime(minute)}`;
          const instant = zonedTimeToInstant(parseLocalDateTime(local)!, zone);
          const back = instantToLocalInput(instant, zone);
          // Either the same wall clock, or (in a gap) a later one on the same day.
          if (back !== local) {
            expect(back > local, `${zone} ${local} → ${back}`).toBe(true);
            expect(back.slice(0, 10)).toBe(date);
          }
        }
      }
    }
  });
});

describe("local parts and offsets", () => {
  it("knows the weekday and minute of day in the zone, not in UTC", () => {
    // Monday 10:00 in Sydney is still Sunday evening in New York.
    const instant = new Date("2026-03-08T23:00:00Z");
    expect(localPartsAt(instant, "Australia/Sydney")).toMatchObject({ year: 2026, month: 3, day: 9, weekday: 1, hour: 10, minuteOfDay: 600 });
    expect(localPartsAt(instant, "America/New_York")).toMatchObject({ day: 8, weekday: 7, hour: 19 });
  });

  it("reports offsets either side of a change", () => {
    expect(offsetMinutesAt(Date.parse("2026-03-08T06:59:00Z"), "America/New_York")).toBe(-300);
    expect(offsetMinutesAt(Date.parse("2026-03-08T07:00:00Z"), "America/New_York")).toBe(-240);
    expect(offsetMinutesAt(Date.parse("2026-10-25T00:59:00Z"), "Europe/Berlin")).toBe(120);
    expect(offsetMinutesAt(Date.parse("2026-10-25T01:00:00Z"), "Europe/Berlin")).toBe(60);
  });
});

describe("parsing", () => {
  it("accepts real datetime-local values only", () => {
    expect(parseLocalDateTime("2026-12-01T09:30")).toEqual({ year: 2026, month: 12, day: 1, hour: 9, minute: 30 });
    expect(parseLocalDateTime("2028-02-29T00:00")).not.toBeNull();
    for (const bad of ["", "2026-02-29T09:00", "2026-13-01T09:00", "2026-12-01 09:30", "2026-12-01T24:00", "2026-12-01T09:30:00", "tomorrow"]) {
      expect(parseLocalDateTime(bad), bad).toBeNull();
    }
  });

  it("reads and writes clock times", () => {
    expect(parseClockTime("09:00")).toBe(540);
    expect(parseClockTime("23:59")).toBe(1439);
    expect(parseClockTime("24:00")).toBeNull();
    expect(parseClockTime("9:00")).toBeNull();
    expect(formatClockTime(1020)).toBe("17:00");
  });

  it("clamps months to their last day", () => {
    const jan31 = parseLocalDateTime("2026-01-31T10:00")!;
    expect(addCalendarMonths(jan31, 1)).toMatchObject({ year: 2026, month: 2, day: 28 });
    expect(addCalendarMonths(jan31, 25)).toMatchObject({ year: 2028, month: 2, day: 29 });
    expect(addCalendarMonths(jan31, 11)).toMatchObject({ year: 2026, month: 12, day: 31 });
    expect(addCalendarMonths(jan31, 12)).toMatchObject({ year: 2027, month: 1, day: 31 });
  });
});
