import { describe, expect, it } from "vitest";
import {
  formatClockTime,
  formatLocalDateTime,
  localPartsAt,
  offsetMinutesAt,
  parseClockTime,
  zonedTimeToInstant,
  type LocalDateTime,
} from "~/lib/dates/zoned-time";
import { computeSlots, pickHost, slotsByLocalDay, type Booking, type EventType, type Host, type IsoWeekday, type Slot, type WorkingWindow } from "./slots";

const MINUTE = 60_000;

const everyDay = (...hours: WorkingWindow[]): Host["weeklyHours"] => ({ 1: hours, 2: hours, 3: hours, 4: hours, 5: hours, 6: hours, 7: hours });
const morning = { start: "09:00", end: "12:00" };

function host(id: string, timeZone: string, weeklyHours: Host["weeklyHours"] = everyDay(morning), overrides: Host["overrides"] = []): Host {
  return { id, timeZone, weeklyHours, overrides };
}

function eventType(changes: Partial<EventType> = {}): EventType {
  return {
    durationMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: 0,
    bookableDaysAhead: 365,
    hosts: ["h"],
    assignment: "single",
    ...changes,
  };
}

const NOW = "2026-01-01T00:00:00Z";

/** Slots of one host over [from, to), nothing else in the way. */
function slotsOf(theHost: Host, from: string, to: string, changes: Partial<EventType> = {}, bookings: Booking[] = [], now = NOW) {
  return computeSlots({ eventType: eventType({ hosts: [theHost.id], ...changes }), hosts: [theHost], bookings, from, to, now });
}

const starts = (slots: Slot[]) => slots.map((slot) => slot.start);

describe("computeSlots on a plain day", () => {
  it("offers 09:00–11:30 every 30 minutes in New York (UTC−5 in January)", () => {
    const slots = slotsOf(host("h", "America/New_York"), "2026-01-15T05:00:00Z", "2026-01-16T05:00:00Z");
    expect(slots).toEqual([
      { start: "2026-01-15T14:00:00.000Z", end: "2026-01-15T14:30:00.000Z", hostIds: ["h"] },
      { start: "2026-01-15T14:30:00.000Z", end: "2026-01-15T15:00:00.000Z", hostIds: ["h"] },
      { start: "2026-01-15T15:00:00.000Z", end: "2026-01-15T15:30:00.000Z", hostIds: ["h"] },
      { start: "2026-01-15T15:30:00.000Z", end: "2026-01-15T16:00:00.000Z", hostIds: ["h"] },
      { start: "2026-01-15T16:00:00.000Z", end: "2026-01-15T16:30:00.000Z", hostIds: ["h"] },
      { start: "2026-01-15T16:30:00.000Z", end: "2026-01-15T17:00:00.000Z", hostIds: ["h"] },
    ]);
  });

  it("offers 09:00–11:30 every 30 minutes in Berlin (UTC+2 in July)", () => {
    const slots = slotsOf(host("h", "Europe/Berlin"), "2026-07-14T22:00:00Z", "2026-07-15T22:00:00Z");
    expect(starts(slots)).toEqual([
      "2026-07-15T07:00:00.000Z",
      "2026-07-15T07:30:00.000Z",
      "2026-07-15T08:00:00.000Z",
      "2026-07-15T08:30:00.000Z",
      "2026-07-15T09:00:00.000Z",
      "2026-07-15T09:30:00.000Z",
    ]);
    expect(slots.at(-1)?.end).toBe("2026-07-15T10:00:00.000Z");
  });

  it("steps by the slot interval, which defaults to the duration, and keeps only slots that end by the window's end", () => {
    const berlin = host("h", "Europe/Berlin");
    const day = ["2026-07-14T22:00:00Z", "2026-07-15T22:00:00Z"] as const;
    expect(starts(slotsOf(berlin, ...day, { durationMinutes: 45 }))).toEqual([
      "2026-07-15T07:00:00.000Z",
      "2026-07-15T07:45:00.000Z",
      "2026-07-15T08:30:00.000Z",
      "2026-07-15T09:15:00.000Z",
    ]);
    expect(starts(slotsOf(berlin, ...day, { durationMinutes: 60, slotIntervalMinutes: 30 }))).toEqual([
      "2026-07-15T07:00:00.000Z",
      "2026-07-15T07:30:00.000Z",
      "2026-07-15T08:00:00.000Z",
      "2026-07-15T08:30:00.000Z",
      "2026-07-15T09:00:00.000Z",
    ]);
  });

  it("treats windows that touch or overlap as one window, aligned from its start, and ignores a window that ends before it starts", () => {
    const hours = everyDay(
      { start: "10:15", end: "11:00" },
      { start: "09:00", end: "10:15" },
      { start: "10:30", end: "10:45" },
      { start: "22:00", end: "02:00" },
    );
    const slots = slotsOf(host("h", "UTC", hours), "2026-01-15T00:00:00Z", "2026-01-16T00:00:00Z");
    expect(starts(slots)).toEqual(["2026-01-15T09:00:00.000Z", "2026-01-15T09:30:00.000Z", "2026-01-15T10:00:00.000Z", "2026-01-15T10:30:00.000Z"]);
  });

  it("lets a window end at 24:00, midnight ending the day", () => {
    const hours = everyDay({ start: "22:00", end: "24:00" });
    const slots = slotsOf(host("h", "Europe/Berlin", hours), "2026-01-14T23:00:00Z", "2026-01-15T23:00:00Z", { durationMinutes: 60 });
    expect(slots).toEqual([
      { start: "2026-01-15T21:00:00.000Z", end: "2026-01-15T22:00:00.000Z", hostIds: ["h"] },
      { start: "2026-01-15T22:00:00.000Z", end: "2026-01-15T23:00:00.000Z", hostIds: ["h"] },
    ]);
  });

  it("reads the weekday on the host's calendar (ISO: 1 = Monday, 7 = Sunday)", () => {
    // 2026-01-18 is a Sunday; in Sydney (UTC+11) its 09:00 is Saturday 22:00 UTC.
    const sundayOnly = { 7: [{ start: "09:00", end: "10:00" }] };
    const slots = slotsOf(host("h", "Australia/Sydney", sundayOnly), "2026-01-12T00:00:00Z", "2026-01-19T00:00:00Z");
    expect(starts(slots)).toEqual(["2026-01-17T22:00:00.000Z", "2026-01-17T22:30:00.000Z"]);
  });
});

describe("computeSlots with buffers", () => {
  const ny = host("h", "America/New_York");
  const day = ["2026-01-15T05:00:00Z", "2026-01-16T05:00:00Z"] as const;
  // 10:00–10:30 in New York.
  const booking: Booking = { hostId: "h", start: "2026-01-15T15:00:00Z", end: "2026-01-15T15:30:00Z" };
  const buffers = { bufferBeforeMinutes: 15, bufferAfterMinutes: 15 };

  it("removes the slots that touch the booking widened to [09:45, 10:45)", () => {
    const slots = slotsOf(ny, ...day, buffers, [booking]);
    // 09:00, 11:00 and 11:30 stay; 09:30, 10:00 and 10:30 go.
    expect(starts(slots)).toEqual(["2026-01-15T14:00:00.000Z", "2026-01-15T16:00:00.000Z", "2026-01-15T16:30:00.000Z"]);
  });

  it("lets a buffer end exactly where a booking starts, and start exactly where it ends", () => {
    const slots = slotsOf(ny, ...day, { ...buffers, slotIntervalMinutes: 15 }, [booking]);
    // 09:15 (buffered to 10:00) and 10:45 (buffered from 10:30) are the closest slots on either side.
    expect(starts(slots)).toEqual([
      "2026-01-15T14:00:00.000Z",
      "2026-01-15T14:15:00.000Z",
      "2026-01-15T15:45:00.000Z",
      "2026-01-15T16:00:00.000Z",
      "2026-01-15T16:15:00.000Z",
      "2026-01-15T16:30:00.000Z",
    ]);
  });

  it("applies the buffers around the new meeting only: after 30 minutes of wrap-up but no preparation, a slot may start as the booking ends", () => {
    const slots = slotsOf(ny, ...day, { bufferBeforeMinutes: 0, bufferAfterMinutes: 30 }, [booking]);
    // 09:00 (wrap-up until 10:00) stays; 09:30 and 10:00 go; 10:30 starts right as the booking ends.
    expect(starts(slots)).toEqual(["2026-01-15T14:00:00.000Z", "2026-01-15T15:30:00.000Z", "2026-01-15T16:00:00.000Z", "2026-01-15T16:30:00.000Z"]);
  });

  it("does not need the buffers inside working hours, but a booking outside them still counts", () => {
    expect(starts(slotsOf(ny, ...day, buffers)).at(0)).toBe("2026-01-15T14:00:00.000Z");
    // 08:30–08:50, before the day starts: the 09:00 slot's preparation would overlap it.
    const early: Booking = { hostId: "h", start: "2026-01-15T13:30:00Z", end: "2026-01-15T13:50:00Z" };
    expect(starts(slotsOf(ny, ...day, buffers, [early])).at(0)).toBe("2026-01-15T14:30:00.000Z");
  });

  it("ignores other hosts' bookings and bookings that end as they start", () => {
    const others: Booking[] = [
      { ...booking, hostId: "someone-else" },
      { hostId: "h", start: "2026-01-15T15:00:00Z", end: "2026-01-15T15:00:00Z" },
    ];
    expect(slotsOf(ny, ...day, {}, others)).toHaveLength(6);
  });

  it("reads bookings written with any offset as the same instants", () => {
    const sameBooking: Booking = { hostId: "h", start: "2026-01-15T10:00:00-05:00", end: "2026-01-15T16:30:00+01:00" };
    expect(slotsOf(ny, ...day, buffers, [sameBooking])).toEqual(slotsOf(ny, ...day, buffers, [booking]));
  });
});

describe("computeSlots with minimum notice and bookable days ahead", () => {
  const ny = host("h", "America/New_York");

  it("offers nothing sooner than the minimum notice after now (a slot exactly at it is offered)", () => {
    const slots = slotsOf(ny, "2026-01-15T05:00:00Z", "2026-01-16T05:00:00Z", { minimumNoticeMinutes: 60 }, [], "2026-01-15T14:00:00Z");
    expect(starts(slots)).toEqual(["2026-01-15T15:00:00.000Z", "2026-01-15T15:30:00.000Z", "2026-01-15T16:00:00.000Z", "2026-01-15T16:30:00.000Z"]);
  });

  it("offers nothing at or after now + bookableDaysAhead × 24 hours", () => {
    const slots = slotsOf(ny, "2026-01-15T05:00:00Z", "2026-01-20T05:00:00Z", { bookableDaysAhead: 2 }, [], "2026-01-15T15:00:00Z");
    expect(slots).toHaveLength(4 + 6 + 2);
    expect(slots[0]?.start).toBe("2026-01-15T15:00:00.000Z");
    expect(starts(slots).slice(-3)).toEqual(["2026-01-16T16:30:00.000Z", "2026-01-17T14:00:00.000Z", "2026-01-17T14:30:00.000Z"]);
    expect(slotsOf(ny, "2026-01-15T05:00:00Z", "2026-01-20T05:00:00Z", { bookableDaysAhead: 0 }, [], "2026-01-15T00:00:00Z")).toEqual([]);
  });

  it("offers slots that start in [from, to), even when they end after to", () => {
    const slots = slotsOf(ny, "2026-01-15T15:00:00Z", "2026-01-15T16:00:00Z", { slotIntervalMinutes: 15 });
    expect(starts(slots)).toEqual(["2026-01-15T15:00:00.000Z", "2026-01-15T15:15:00.000Z", "2026-01-15T15:30:00.000Z", "2026-01-15T15:45:00.000Z"]);
    expect(slotsOf(ny, "2026-01-15T16:00:00Z", "2026-01-15T15:00:00Z")).toEqual([]);
  });
});

describe("computeSlots with date overrides", () => {
  const weekdays = { 1: [morning], 2: [morning], 3: [morning], 4: [morning], 5: [morning] };
  const range = ["2026-01-14T05:00:00Z", "2026-01-18T05:00:00Z"] as const; // Wednesday to Saturday in New York
  const dates = (slots: Slot[]) => slots.map((slot) => localPartsAt(Date.parse(slot.start), "America/New_York").day);

  it("takes a day off when the override has no hours", () => {
    const slots = slotsOf(host("h", "America/New_York", weekdays, [{ date: "2026-01-15", hours: [] }]), ...range);
    expect(dates(slots)).toEqual([14, 14, 14, 14, 14, 14, 16, 16, 16, 16, 16, 16]);
  });

  it("replaces the weekly hours of that date only, and can open a day without weekly hours", () => {
    const overrides = [
      { date: "2026-01-15", hours: [{ start: "13:00", end: "14:00" }] },
      { date: "2026-01-17", hours: [{ start: "10:00", end: "10:30" }] },
    ];
    const slots = slotsOf(host("h", "America/New_York", weekdays, overrides), ...range);
    expect(dates(slots)).toEqual([14, 14, 14, 14, 14, 14, 15, 15, 16, 16, 16, 16, 16, 16, 17]);
    expect(starts(slots).filter((start) => start.startsWith("2026-01-15") || start.startsWith("2026-01-17"))).toEqual([
      "2026-01-15T18:00:00.000Z",
      "2026-01-15T18:30:00.000Z",
      "2026-01-17T15:00:00.000Z",
    ]);
  });

  it("adds up several overrides of one date", () => {
    const overrides = [
      { date: "2026-01-15", hours: [{ start: "13:00", end: "13:30" }] },
      { date: "2026-01-15", hours: [] },
      { date: "2026-01-15", hours: [{ start: "15:00", end: "15:30" }] },
    ];
    const slots = slotsOf(host("h", "America/New_York", weekdays, overrides), "2026-01-15T05:00:00Z", "2026-01-16T05:00:00Z");
    expect(starts(slots)).toEqual(["2026-01-15T18:00:00.000Z", "2026-01-15T20:00:00.000Z"]);
  });
});

describe("computeSlots on DST change days", () => {
  const nightAndMorning = everyDay({ start: "01:00", end: "04:00" }, morning);

  it("New York, 2026-03-08 (02:00 → 03:00): 02:00 and 02:30 do not exist, so 4 night slots and 6 morning slots", () => {
    const slots = slotsOf(host("h", "America/New_York", nightAndMorning), "2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z");
    expect(starts(slots)).toEqual([
      "2026-03-08T06:00:00.000Z", // 01:00 EST
      "2026-03-08T06:30:00.000Z", // 01:30 EST, ends at 03:00 EDT
      "2026-03-08T07:00:00.000Z", // 03:00 EDT
      "2026-03-08T07:30:00.000Z",
      "2026-03-08T13:00:00.000Z", // 09:00 EDT
      "2026-03-08T13:30:00.000Z",
      "2026-03-08T14:00:00.000Z",
      "2026-03-08T14:30:00.000Z",
      "2026-03-08T15:00:00.000Z",
      "2026-03-08T15:30:00.000Z",
    ]);
  });

  it("New York, 2026-11-01 (02:00 → 01:00): 01:00 and 01:30 are offered once, at their first occurrence", () => {
    const slots = slotsOf(host("h", "America/New_York", nightAndMorning), "2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z");
    expect(starts(slots)).toEqual([
      "2026-11-01T05:00:00.000Z", // 01:00 EDT
      "2026-11-01T05:30:00.000Z", // 01:30 EDT; 01:00 and 01:30 EST (06:00Z, 06:30Z) are not offered
      "2026-11-01T07:00:00.000Z", // 02:00 EST
      "2026-11-01T07:30:00.000Z",
      "2026-11-01T08:00:00.000Z",
      "2026-11-01T08:30:00.000Z", // 03:30 EST, ends at 04:00 EST
      "2026-11-01T14:00:00.000Z", // 09:00 EST
      "2026-11-01T14:30:00.000Z",
      "2026-11-01T15:00:00.000Z",
      "2026-11-01T15:30:00.000Z",
      "2026-11-01T16:00:00.000Z",
      "2026-11-01T16:30:00.000Z",
    ]);
  });

  it("Berlin, 2026-03-29 (02:00 → 03:00): 4 night slots and 6 morning slots", () => {
    const slots = slotsOf(host("h", "Europe/Berlin", nightAndMorning), "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z");
    expect(starts(slots)).toEqual([
      "2026-03-29T00:00:00.000Z", // 01:00 CET
      "2026-03-29T00:30:00.000Z",
      "2026-03-29T01:00:00.000Z", // 03:00 CEST
      "2026-03-29T01:30:00.000Z",
      "2026-03-29T07:00:00.000Z", // 09:00 CEST
      "2026-03-29T07:30:00.000Z",
      "2026-03-29T08:00:00.000Z",
      "2026-03-29T08:30:00.000Z",
      "2026-03-29T09:00:00.000Z",
      "2026-03-29T09:30:00.000Z",
    ]);
  });

  it("Berlin, 2026-10-25 (03:00 → 02:00): 02:00 and 02:30 are offered once, at their first occurrence", () => {
    const slots = slotsOf(host("h", "Europe/Berlin", nightAndMorning), "2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z");
    expect(starts(slots)).toEqual([
      "2026-10-24T23:00:00.000Z", // 01:00 CEST
      "2026-10-24T23:30:00.000Z",
      "2026-10-25T00:00:00.000Z", // 02:00 CEST; 02:00 and 02:30 CET (01:00Z, 01:30Z) are not offered
      "2026-10-25T00:30:00.000Z",
      "2026-10-25T02:00:00.000Z", // 03:00 CET
      "2026-10-25T02:30:00.000Z",
      "2026-10-25T08:00:00.000Z", // 09:00 CET
      "2026-10-25T08:30:00.000Z",
      "2026-10-25T09:00:00.000Z",
      "2026-10-25T09:30:00.000Z",
      "2026-10-25T10:00:00.000Z",
      "2026-10-25T10:30:00.000Z",
    ]);
  });

  it("keeps the whole slot inside the hours on the host's clock, across the skipped hour", () => {
    const ny = (hours: WorkingWindow) => host("h", "America/New_York", everyDay(hours));
    const day = ["2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z"] as const;
    const hour = { durationMinutes: 60, slotIntervalMinutes: 30 };
    // 01:30 EST lasts until 03:30 EDT on the clock: inside 01:00–04:00 …
    expect(starts(slotsOf(ny({ start: "01:00", end: "04:00" }), ...day, hour))).toEqual([
      "2026-03-08T06:00:00.000Z",
      "2026-03-08T06:30:00.000Z",
      "2026-03-08T07:00:00.000Z",
    ]);
    // … but not inside 00:00–02:30, which ends when the clock jumps.
    expect(starts(slotsOf(ny({ start: "00:00", end: "02:30" }), ...day, hour))).toEqual([
      "2026-03-08T05:00:00.000Z",
      "2026-03-08T05:30:00.000Z",
      "2026-03-08T06:00:00.000Z",
    ]);
  });

  it("aligns from the window's start on the clock, so the skipped hour shifts nothing after it", () => {
    const slots = slotsOf(host("h", "America/New_York", everyDay({ start: "01:00", end: "04:00" })), "2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z", {
      durationMinutes: 45,
    });
    // 01:00 EST, 01:45 EST (until 03:30 EDT), 02:30 skipped, 03:15 EDT (until 04:00).
    expect(starts(slots)).toEqual(["2026-03-08T06:00:00.000Z", "2026-03-08T06:45:00.000Z", "2026-03-08T07:15:00.000Z"]);
  });

  it("offers a window that lies in the repeated hour once", () => {
    const slots = slotsOf(host("h", "America/New_York", everyDay({ start: "01:00", end: "02:00" })), "2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z");
    expect(starts(slots)).toEqual(["2026-11-01T05:00:00.000Z", "2026-11-01T05:30:00.000Z"]);
  });
});

describe("several hosts", () => {
  // 09:00–12:00 in New York and 16:00–19:00 in Berlin overlap from 15:00 to 17:00 UTC in January.
  const ny = host("ny", "America/New_York");
  const berlin = host("berlin", "Europe/Berlin", everyDay({ start: "16:00", end: "19:00" }));
  const roundRobin = eventType({ hosts: ["ny", "berlin"], assignment: "round-robin" });
  const compute = (bookings: Booking[] = []) =>
    computeSlots({ eventType: roundRobin, hosts: [berlin, ny], bookings, from: "2026-01-15T00:00:00Z", to: "2026-01-16T00:00:00Z", now: NOW });

  it("merges the same instant offered by several hosts into one slot, listing every free host", () => {
    const bookings = [{ hostId: "ny", start: "2026-01-15T15:30:00Z", end: "2026-01-15T16:00:00Z" }];
    expect(compute(bookings).map((slot) => [slot.start.slice(11, 16), slot.hostIds])).toEqual([
      ["14:00", ["ny"]],
      ["14:30", ["ny"]],
      ["15:00", ["ny", "berlin"]],
      ["15:30", ["berlin"]],
      ["16:00", ["ny", "berlin"]],
      ["16:30", ["ny", "berlin"]],
      ["17:00", ["berlin"]],
      ["17:30", ["berlin"]],
    ]);
  });

  it("round robin picks the free host with the fewest bookings", () => {
    const slot = compute().find((candidate) => candidate.start === "2026-01-15T15:00:00.000Z")!;
    expect(pickHost(slot, roundRobin, { bookingsCountByHost: { ny: 1, berlin: 3 }, lastBookedAtByHost: {} })).toBe("ny");
    expect(pickHost(slot, roundRobin, { bookingsCountByHost: { ny: 3, berlin: 1 }, lastBookedAtByHost: {} })).toBe("berlin");
    expect(pickHost(slot, roundRobin, { bookingsCountByHost: { ny: 2 }, lastBookedAtByHost: {} })).toBe("berlin");
  });

  it("round robin breaks a tie by the least recent booking (never booked first), then by id", () => {
    const slot = { hostIds: ["ny", "berlin"] };
    const counts = { ny: 2, berlin: 2 };
    expect(
      pickHost(slot, roundRobin, { bookingsCountByHost: counts, lastBookedAtByHost: { ny: "2026-01-10T09:00:00Z", berlin: "2026-01-12T09:00:00Z" } }),
    ).toBe("ny");
    expect(
      pickHost(slot, roundRobin, { bookingsCountByHost: counts, lastBookedAtByHost: { ny: "2026-01-12T09:00:00Z", berlin: "2026-01-10T09:00:00Z" } }),
    ).toBe("berlin");
    expect(pickHost(slot, roundRobin, { bookingsCountByHost: counts, lastBookedAtByHost: { ny: "2026-01-10T09:00:00Z", berlin: null } })).toBe("berlin");
    expect(pickHost(slot, roundRobin, { bookingsCountByHost: counts, lastBookedAtByHost: {} })).toBe("berlin");
    const reversed = eventType({ hosts: ["berlin", "ny"], assignment: "round-robin" });
    expect(pickHost({ hostIds: ["berlin", "ny"] }, reversed, { bookingsCountByHost: {}, lastBookedAtByHost: {} })).toBe("berlin");
    expect(
      pickHost({ hostIds: ["ny", "amsterdam"] }, eventType({ hosts: ["ny", "amsterdam"], assignment: "round-robin" }), {
        bookingsCountByHost: {},
        lastBookedAtByHost: {},
      }),
    ).toBe("amsterdam");
  });

  it("round robin only picks among the slot's free hosts, and refuses a slot without one", () => {
    const load = { bookingsCountByHost: { ny: 9, berlin: 0 }, lastBookedAtByHost: {} };
    expect(pickHost({ hostIds: ["ny"] }, roundRobin, load)).toBe("ny");
    expect(() => pickHost({ hostIds: ["stranger"] }, roundRobin, load)).toThrow(/None of the event type's hosts is free/);
  });

  it("a single-host event gets its host, when that host is free", () => {
    const single = eventType({ hosts: ["ny"], assignment: "single" });
    const load = { bookingsCountByHost: { ny: 9 }, lastBookedAtByHost: {} };
    expect(pickHost({ hostIds: ["ny"] }, single, load)).toBe("ny");
    expect(() => pickHost({ hostIds: ["berlin"] }, single, load)).toThrow('Host "ny" is not free for this slot.');
    expect(() => pickHost({ hostIds: ["ny"] }, { ...single, hosts: ["ny", "berlin"] }, load)).toThrow(/exactly one host/);
  });
});

describe("slotsByLocalDay", () => {
  const slots = [
    { start: "2026-01-15T23:30:00Z", end: "2026-01-16T00:00:00Z" },
    { start: "2026-01-15T13:05:00Z", end: "2026-01-15T13:35:00Z" },
    { start: "2026-01-15T22:30:00Z", end: "2026-01-15T23:00:00Z" },
  ];

  it("groups by the viewer's date: 23:30 UTC is the next day in Berlin", () => {
    expect(slotsByLocalDay(slots, "Europe/Berlin")).toEqual([
      {
        date: "2026-01-15",
        slots: [
          { start: "2026-01-15T13:05:00Z", end: "2026-01-15T13:35:00Z", label: "14:05" },
          { start: "2026-01-15T22:30:00Z", end: "2026-01-15T23:00:00Z", label: "23:30" },
        ],
      },
      { date: "2026-01-16", slots: [{ start: "2026-01-15T23:30:00Z", end: "2026-01-16T00:00:00Z", label: "00:30" }] },
    ]);
  });

  it("keeps them on one day, labelled in 24-hour time, for a viewer in New York", () => {
    expect(slotsByLocalDay(slots, "America/New_York")).toEqual([
      {
        date: "2026-01-15",
        slots: [
          { start: "2026-01-15T13:05:00Z", end: "2026-01-15T13:35:00Z", label: "08:05" },
          { start: "2026-01-15T22:30:00Z", end: "2026-01-15T23:00:00Z", label: "17:30" },
          { start: "2026-01-15T23:30:00Z", end: "2026-01-16T00:00:00Z", label: "18:30" },
        ],
      },
    ]);
  });

  it("returns no days for no slots, and refuses an unknown zone", () => {
    expect(slotsByLocalDay([], "UTC")).toEqual([]);
    expect(() => slotsByLocalDay(slots, "Mars/Olympus_Mons")).toThrow('Unknown time zone "Mars/Olympus_Mons" for the viewer.');
  });
});

describe("computeSlots input checks", () => {
  const day = ["2026-01-15T00:00:00Z", "2026-01-16T00:00:00Z"] as const;

  it("refuses an unknown time zone with a clear message", () => {
    expect(() => slotsOf(host("h", "Mars/Olympus_Mons"), ...day)).toThrow('Unknown time zone "Mars/Olympus_Mons" for host "h".');
  });

  it("ignores a window whose end is not after its start", () => {
    expect(slotsOf(host("h", "UTC", everyDay({ start: "12:00", end: "09:00" }, { start: "10:00", end: "10:00" })), ...day)).toEqual([]);
  });

  it("refuses working times that are not HH:MM, and weekdays outside 1–7 (a Sunday typed as 0)", () => {
    expect(() => slotsOf(host("h", "UTC", everyDay({ start: "9:00", end: "12:00" })), ...day)).toThrow('Host "h" has working time "9:00"');
    expect(() => slotsOf(host("h", "UTC", everyDay({ start: "09:00", end: "25:00" })), ...day)).toThrow(/working time "25:00"/);
    const sundayAsZero = { 0: [morning] } as unknown as Host["weeklyHours"];
    expect(() => slotsOf(host("h", "UTC", sundayAsZero), ...day)).toThrow(/weekday "0"/);
    expect(() => slotsOf(host("h", "UTC", everyDay(morning), [{ date: "2026-02-30", hours: [] }]), ...day)).toThrow(/override for "2026-02-30"/);
  });

  it("refuses instants without an offset, which would be read in the server's zone", () => {
    expect(() => slotsOf(host("h", "UTC"), "2026-01-15T00:00", day[1])).toThrow(/from must be an ISO instant with an offset/);
    const booking = { hostId: "h", start: "2026-01-15 10:00", end: "2026-01-15T10:30:00Z" };
    expect(() => slotsOf(host("h", "UTC"), ...day, {}, [booking])).toThrow(/booking start/);
  });

  it("refuses impossible event types and hosts that were not passed in", () => {
    const theHost = host("h", "UTC");
    expect(() => slotsOf(theHost, ...day, { durationMinutes: 0 })).toThrow(/durationMinutes must be a whole number of at least 1/);
    expect(() => slotsOf(theHost, ...day, { slotIntervalMinutes: 7.5 })).toThrow(/slotIntervalMinutes/);
    expect(() => slotsOf(theHost, ...day, { bufferBeforeMinutes: -5 })).toThrow(/bufferBeforeMinutes/);
    const run = (changes: Partial<EventType>) =>
      computeSlots({ eventType: eventType(changes), hosts: [theHost], bookings: [], from: day[0], to: day[1], now: NOW });
    expect(() => run({ hosts: ["h", "ghost"], assignment: "round-robin" })).toThrow('The event type names host "ghost", which was not passed in.');
    expect(() => run({ hosts: ["h", "ghost"], assignment: "single" })).toThrow(/exactly one host, not 2/);
    expect(run({ hosts: [], assignment: "round-robin" })).toEqual([]);
  });
});

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(values: readonly T[]) => values[int(0, values.length - 1)]!;
  return { int, pick };
}

describe("computeSlots properties (seeded random cases)", () => {
  // Zones with DST both ways, half-hour DST, odd offsets and changes at midnight.
  const zones = [
    "America/New_York",
    "Europe/Berlin",
    "Australia/Lord_Howe",
    "Asia/Kathmandu",
    "America/Santiago",
    "Pacific/Chatham",
    "America/St_Johns",
    "UTC",
  ];
  // Just before changes in several of those zones.
  const firstDays = ["2026-03-06", "2026-03-27", "2026-04-03", "2026-09-04", "2026-09-25", "2026-10-02", "2026-10-23", "2026-10-30", "2026-06-10"];
  const dateKey = (local: LocalDateTime) => formatLocalDateTime(local).slice(0, 10);
  const dateOf = (instant: number, timeZone: string) => dateKey(localPartsAt(instant, timeZone));

  function randomCase(seed: number) {
    const random = seeded(seed);
    const randomHours = () =>
      Array.from({ length: random.int(0, 3) }, () => {
        // Often in the small hours, where the clocks change.
        const start = random.pick([random.int(0, 16) * 15, random.int(0, 95) * 15]);
        return { start: formatClockTime(start), end: formatClockTime(Math.max(0, Math.min(1440, start + random.int(-2, 24) * 15))) };
      });
    const hostCount = random.int(1, 3);
    const hosts: Host[] = Array.from({ length: hostCount }, (_, index) => {
      const weeklyHours: Host["weeklyHours"] = {};
      for (const day of [1, 2, 3, 4, 5, 6, 7] as IsoWeekday[]) weeklyHours[day] = randomHours();
      return { id: `host-${index}`, timeZone: random.pick(zones), weeklyHours, overrides: [] };
    });
    const from = Date.parse(`${random.pick(firstDays)}T00:00:00Z`) + random.int(0, 47) * 30 * MINUTE;
    const to = from + random.int(2, 5) * 24 * 60 * MINUTE;
    for (const theHost of hosts) {
      const overrides = Array.from({ length: random.int(0, 2) }, () => ({
        date: dateOf(from + random.int(0, 4) * 24 * 60 * MINUTE, theHost.timeZone),
        hours: randomHours(),
      }));
      Object.assign(theHost, { overrides });
    }
    const bookings: Booking[] = Array.from({ length: random.int(0, 20) }, () => {
      const start = from + random.int(-12, 12 * 24 * 5) * 5 * MINUTE;
      return { hostId: random.pick(hosts).id, start: new Date(start).toISOString(), end: new Date(start + random.int(1, 24) * 5 * MINUTE).toISOString() };
    });
    const event = eventType({
      durationMinutes: random.pick([15, 20, 30, 45, 60, 90]),
      slotIntervalMinutes: random.pick([undefined, 10, 15, 30]),
      bufferBeforeMinutes: random.int(0, 6) * 5,
      bufferAfterMinutes: random.int(0, 6) * 5,
      minimumNoticeMinutes: random.int(0, 24) * 30,
      bookableDaysAhead: random.int(1, 6),
      hosts: hosts.map((theHost) => theHost.id),
      assignment: hostCount === 1 ? "single" : "round-robin",
    });
    const now = from - random.int(0, 48) * 30 * MINUTE;
    return { eventType: event, hosts, bookings, from: new Date(from).toISOString(), to: new Date(to).toISOString(), now: new Date(now).toISOString() };
  }

  /** The host's working hours on a date, read straight from the input: overrides of the date if any, else the weekday's. */
  function hoursOn(theHost: Host, date: string) {
    const overrides = theHost.overrides.filter((override) => override.date === date);
    const [year, month, day] = date.split("-").map(Number) as [number, number, number];
    const weekday = (((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1) as IsoWeekday;
    const hours = overrides.length > 0 ? overrides.flatMap((override) => override.hours) : (theHost.weeklyHours[weekday] ?? []);
    const minutes = (value: string) => (value === "24:00" ? 1440 : parseClockTime(value)!);
    return hours.map((window) => ({ start: minutes(window.start), end: minutes(window.end) }));
  }

  let memo: { seed: number; input: ReturnType<typeof randomCase>; slots: Slot[] }[] | undefined;
  const cases = () =>
    (memo ??= Array.from({ length: 100 }, (_, index) => {
      const input = randomCase(index + 1);
      return { seed: index + 1, input, slots: computeSlots(input) };
    }));

  it("exercises enough slots, many of them on days the clocks change", () => {
    const all = cases().flatMap(({ input, slots }) =>
      slots.flatMap((slot) => slot.hostIds.map((hostId) => ({ slot, host: input.hosts.find((theHost) => theHost.id === hostId)! }))),
    );
    const nearChange = all.filter(({ slot, host }) => {
      const start = Date.parse(slot.start);
      return offsetMinutesAt(start - 12 * 60 * MINUTE, host.timeZone) !== offsetMinutesAt(start + 12 * 60 * MINUTE, host.timeZone);
    });

    expect(all.length).toBeGreaterThan(3000);
    expect(nearChange.length).toBeGreaterThan(100);
  });

  it("never offers a slot that overlaps a buffered booking or leaves the host's working hours, or one outside the range", () => {
    const problems: string[] = [];
    for (const { seed, input, slots } of cases()) {
      const { eventType: event } = input;
      const earliest = Math.max(Date.parse(input.from), Date.parse(input.now) + event.minimumNoticeMinutes * MINUTE);
      const latest = Math.min(Date.parse(input.to), Date.parse(input.now) + event.bookableDaysAhead * 24 * 60 * MINUTE);
      const startTimes = slots.map((slot) => Date.parse(slot.start));
      if (startTimes.some((start, index) => index > 0 && start <= startTimes[index - 1]!)) problems.push(`seed ${seed}: starts not strictly ascending`);

      for (const slot of slots) {
        const start = Date.parse(slot.start);
        const end = Date.parse(slot.end);
        const at = `seed ${seed}, ${slot.start}`;
        if (end - start !== event.durationMinutes * MINUTE) problems.push(`${at}: lasts ${(end - start) / MINUTE} minutes`);
        if (start < earliest || start >= latest) problems.push(`${at}: outside the bookable range`);
        if (slot.hostIds.length === 0 || new Set(slot.hostIds).size !== slot.hostIds.length) problems.push(`${at}: hosts ${slot.hostIds.join(",")}`);

        for (const hostId of slot.hostIds) {
          const theHost = input.hosts.find((candidate) => candidate.id === hostId)!;
          const guardStart = start - event.bufferBeforeMinutes * MINUTE;
          const guardEnd = end + event.bufferAfterMinutes * MINUTE;
          for (const booking of input.bookings.filter((candidate) => candidate.hostId === hostId)) {
            if (guardStart < Date.parse(booking.end) && Date.parse(booking.start) < guardEnd)
              problems.push(`${at}: ${hostId} is booked ${booking.start}–${booking.end}`);
          }
          // Minute by minute, the host's clock reads a working time of the slot's date.
          const date = dateOf(start, theHost.timeZone);
          const hours = hoursOn(theHost, date);
          for (let instant = start; instant < end; instant += MINUTE) {
            const local = localPartsAt(instant, theHost.timeZone);
            const inside = dateKey(local) === date && hours.some((window) => window.start <= local.minuteOfDay && local.minuteOfDay < window.end);
            if (!inside) {
              problems.push(`${at}: ${hostId} is off work at ${new Date(instant).toISOString()}`);
              break;
            }
          }
          // On the grid of a working window (windows that touch or overlap are one).
          const merged = [...hours].filter((window) => window.end > window.start).sort((a, b) => a.start - b.start);
          const grid = merged.reduce<{ start: number; end: number }[]>((spans, window) => {
            const last = spans.at(-1);
            if (last && window.start <= last.end) last.end = Math.max(last.end, window.end);
            else spans.push({ ...window });
            return spans;
          }, []);
          const minute = localPartsAt(start, theHost.timeZone).minuteOfDay;
          const interval = event.slotIntervalMinutes ?? event.durationMinutes;
          if (!grid.some((window) => window.start <= minute && minute < window.end && (minute - window.start) % interval === 0))
            problems.push(`${at}: off the grid for ${hostId}`);
          // A repeated time is offered at its first occurrence only.
          if (zonedTimeToInstant(localPartsAt(start, theHost.timeZone), theHost.timeZone).getTime() !== start)
            problems.push(`${at}: a second occurrence for ${hostId}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("takes away exactly the slots whose buffered interval a booking overlaps", () => {
    const problems: string[] = [];
    for (const { seed, input, slots } of cases()) {
      const { eventType: event } = input;
      const withBookings = new Map(slots.map((slot) => [slot.start, slot.hostIds]));
      const withoutBookings = computeSlots({ ...input, bookings: [] });
      for (const slot of slots) {
        if (!withoutBookings.some((free) => free.start === slot.start)) problems.push(`seed ${seed}, ${slot.start}: only offered with bookings`);
      }
      for (const free of withoutBookings) {
        const kept = withBookings.get(free.start) ?? [];
        const guardStart = Date.parse(free.start) - event.bufferBeforeMinutes * MINUTE;
        const guardEnd = Date.parse(free.end) + event.bufferAfterMinutes * MINUTE;
        for (const hostId of free.hostIds) {
          const booked = input.bookings.some(
            (booking) => booking.hostId === hostId && guardStart < Date.parse(booking.end) && Date.parse(booking.start) < guardEnd,
          );
          if (booked === kept.includes(hostId))
            problems.push(`seed ${seed}, ${free.start}: ${hostId} ${booked ? "kept despite a booking" : "taken away without one"}`);
        }
        if (kept.some((hostId) => !free.hostIds.includes(hostId))) problems.push(`seed ${seed}, ${free.start}: a host only free with bookings`);
      }
    }
    expect(problems).toEqual([]);
  });
});
