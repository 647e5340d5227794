import { describe, expect, it } from "vitest";
import { contactTimeZone, isWithinCallingWindow, nextWindowOpening, parseWindowDays, type CallingWindow } from "./calling-window";

const weekdaysNineToFive: CallingWindow = { days: [1, 2, 3, 4, 5], startMinute: 9 * 60, endMinute: 17 * 60 };
const inWindow = (iso: string, zone: string, window = weekdaysNineToFive) => isWithinCallingWindow(new Date(iso), zone, window);

describe("calling window", () => {
  it("opens at the start and closes at the end (end excluded)", () => {
    expect(inWindow("2026-01-12T13:59:00Z", "America/Toronto")).toBe(false);
    expect(inWindow("2026-01-12T14:00:00Z", "America/Toronto")).toBe(true);
    expect(inWindow("2026-01-12T21:59:00Z", "America/Toronto")).toBe(true);
    expect(inWindow("2026-01-12T22:00:00Z", "America/Toronto")).toBe(false);
  });

  it("follows New York across the March change: 13:00 UTC is 08:00 on Friday and 09:00 on Monday", () => {
    expect(inWindow("2026-03-06T13:00:00Z", "America/New_York")).toBe(false);
    expect(inWindow("2026-03-09T13:00:00Z", "America/New_York")).toBe(true);
    expect(inWindow("2026-03-09T12:59:00Z", "America/New_York")).toBe(false);
    expect(inWindow("2026-03-09T20:59:00Z", "America/New_York")).toBe(true);
    expect(inWindow("2026-03-09T21:00:00Z", "America/New_York")).toBe(false);
  });

  it("follows New York across the November change: 13:30 UTC is 09:30 on Friday and 08:30 on Monday", () => {
    expect(inWindow("2026-10-30T13:30:00Z", "America/New_York")).toBe(true);
    expect(inWindow("2026-11-02T13:30:00Z", "America/New_York")).toBe(false);
    expect(inWindow("2026-11-02T14:00:00Z", "America/New_York")).toBe(true);
    expect(inWindow("2026-11-02T21:30:00Z", "America/New_York")).toBe(true);
    expect(inWindow("2026-11-02T22:00:00Z", "America/New_York")).toBe(false);
  });

  it("counts the change days themselves on the local clock", () => {
    const everyDay: CallingWindow = { days: [1, 2, 3, 4, 5, 6, 7], startMinute: 60, endMinute: 3 * 60 };
    // 02:30 does not exist on 8 March in New York: 06:59 UTC is 01:59 EST (open), 07:00 UTC is 03:00 EDT (closed).
    expect(inWindow("2026-03-08T06:59:00Z", "America/New_York", everyDay)).toBe(true);
    expect(inWindow("2026-03-08T07:00:00Z", "America/New_York", everyDay)).toBe(false);
    // On 1 November 01:00–03:00 local lasts three hours: 05:00 UTC (01:00 EDT) to 08:00 UTC (03:00 EST).
    expect(inWindow("2026-11-01T05:00:00Z", "America/New_York", everyDay)).toBe(true);
    expect(inWindow("2026-11-01T07:59:00Z", "America/New_York", everyDay)).toBe(true);
    expect(inWindow("2026-11-01T08:00:00Z", "America/New_York", everyDay)).toBe(false);
  });

  it("follows Berlin across its own change days", () => {
    expect(inWindow("2026-03-27T08:00:00Z", "Europe/Berlin")).toBe(true); // Friday 09:00 CET
    expect(inWindow("2026-03-30T07:30:00Z", "Europe/Berlin")).toBe(true); // Monday 09:30 CEST
    expect(inWindow("2026-03-27T07:30:00Z", "Europe/Berlin")).toBe(false); // Friday 08:30 CET
    expect(inWindow("2026-10-26T07:30:00Z", "Europe/Berlin")).toBe(false); // Monday 08:30 CET
    expect(inWindow("2026-10-23T07:30:00Z", "Europe/Berlin")).toBe(true); // Friday 09:30 CEST
  });

  it("uses Sydney's weekday, which is a day ahead of the Americas", () => {
    // Monday 10:00 in Sydney, Sunday 19:00 in New York.
    expect(inWindow("2026-03-08T23:00:00Z", "Australia/Sydney")).toBe(true);
    expect(inWindow("2026-03-08T23:00:00Z", "America/New_York")).toBe(false);
    // Sydney leaves DST on 5 April: 22:30 UTC is 09:30 on Monday 30 March (AEDT) but 08:30 on Monday 6 April (AEST).
    expect(inWindow("2026-03-29T22:30:00Z", "Australia/Sydney")).toBe(true);
    expect(inWindow("2026-04-05T22:30:00Z", "Australia/Sydney")).toBe(false);
    expect(inWindow("2026-04-05T23:00:00Z", "Australia/Sydney")).toBe(true);
  });

  it("skips days that are not listed", () => {
    const weekendMornings: CallingWindow = { days: [6, 7], startMinute: 10 * 60, endMinute: 12 * 60 };
    expect(inWindow("2026-03-07T15:30:00Z", "America/Toronto", weekendMornings)).toBe(true); // Saturday 10:30
    expect(inWindow("2026-03-09T14:30:00Z", "America/Toronto", weekendMornings)).toBe(false); // Monday 10:30
  });

  it("judges a contact without a zone of its own on the tenant's clock", () => {
    expect(contactTimeZone(null, "America/Toronto")).toBe("America/Toronto");
    expect(contactTimeZone("Europe/Berlin", "America/Toronto")).toBe("Europe/Berlin");
  });

  it("reads stored weekday lists leniently", () => {
    expect(parseWindowDays("[5,1,3,3]")).toEqual([1, 3, 5]);
    expect(parseWindowDays('[0,8,2.5,"2",7]')).toEqual([7]);
    expect(parseWindowDays("nonsense")).toEqual([]);
    expect(parseWindowDays("{}")).toEqual([]);
  });

  describe("the next opening", () => {
    const opening = (iso: string, zone: string, window = weekdaysNineToFive) => nextWindowOpening(new Date(iso), zone, window)?.toISOString() ?? null;

    it("is later the same day before the start, the next listed day after it", () => {
      // Monday 9 March 2026: 03:00 in Toronto (EDT since Sunday), then 18:00.
      expect(opening("2026-03-09T07:00:00Z", "America/Toronto")).toBe("2026-03-09T13:00:00.000Z");
      expect(opening("2026-03-09T22:00:00Z", "America/Toronto")).toBe("2026-03-10T13:00:00.000Z");
      // Friday evening: Monday morning.
      expect(opening("2026-03-13T22:00:00Z", "America/Toronto")).toBe("2026-03-16T13:00:00.000Z");
    });

    it("is read on the contact's clock across a DST change", () => {
      // Friday 6 March 18:00 EST; Monday 9 March 09:00 is EDT.
      expect(opening("2026-03-06T23:00:00Z", "America/New_York")).toBe("2026-03-09T13:00:00.000Z");
      // Tuesday 02:00 in Sydney: 09:00 there is 22:00 UTC on Monday.
      expect(opening("2026-03-09T15:00:00Z", "Australia/Sydney")).toBe("2026-03-09T22:00:00.000Z");
    });

    it("never comes without a weekday, and comes within a week for a single one", () => {
      expect(opening("2026-03-09T07:00:00Z", "America/Toronto", { ...weekdaysNineToFive, days: [] })).toBeNull();
      // Monday 18:00: the next Monday.
      expect(opening("2026-03-09T22:00:00Z", "America/Toronto", { ...weekdaysNineToFive, days: [1] })).toBe("2026-03-16T13:00:00.000Z");
    });
  });
});
