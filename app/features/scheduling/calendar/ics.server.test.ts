import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appointmentInvitation, calendarFeed, type AppointmentInvitationInput, type CalendarFeedEvent } from "./ics.server";

// ical.js is the independent reader: it resolves each TZID against the VTIMEZONE in the same file, so an
// instant only comes back right when the wall clock and the VTIMEZONE written for it are both right.

// Calendar clients read X-WR-CALNAME as TEXT; ical.js leaves unknown X- properties unescaped unless told.
ICAL.design.defaultSet.property["x-wr-calname"] = { defaultType: "text" };

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;

function parse(text: string) {
  return new ICAL.Component(ICAL.parse(text));
}

function onlyEvent(calendar: Component) {
  const events = calendar.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  return events[0]!;
}

function time(event: Component, name: "dtstart" | "dtend"): Time {
  const value = event.getFirstPropertyValue(name);
  expect(value).toBeInstanceOf(ICAL.Time);
  return value as Time;
}

const utc = (value: Time) => new Date(value.toUnixTime() * 1000).toISOString();
const text = (component: Component, name: string) => component.getFirstPropertyValue(name) as string | null;

/** The zone a time was read in, which must be the VTIMEZONE of this file (not ical.js's own or a floating time). */
function zoneOf(value: Time) {
  const zone = value.zone as InstanceType<typeof ICAL.Timezone> | null;
  expect(zone?.component).toBeTruthy();
  return zone!;
}

function vtimezone(calendar: Component, tzid: string) {
  const zone = calendar.getAllSubcomponents("vtimezone").find((candidate) => text(candidate, "tzid") === tzid);
  expect(zone, `VTIMEZONE ${tzid}`).toBeDefined();
  return zone!;
}

function offsetsOf(zone: Component) {
  const offsets = [...zone.getAllSubcomponents("standard"), ...zone.getAllSubcomponents("daylight")].map((part) =>
    (part.getFirstPropertyValue("tzoffsetto") as InstanceType<typeof ICAL.UtcOffset>).toICALString(),
  );
  return [...new Set(offsets)].sort();
}

/**
 * RFC 5545 3.1: every content line ends in CRLF, END:VCALENDAR's too (contentline = name ":" value CRLF), with no
 * bare CR or LF and no line longer than 75 octets; and every TZID used has its VTIMEZONE.
 */
function expectWellFormed(ics: string) {
  expect(ics.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
  expect(ics.endsWith("END:VCALENDAR\r\n"), "the file ends with END:VCALENDAR and its CRLF").toBe(true);
  const lines = ics.slice(0, -2).split("\r\n");
  for (const line of lines) expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
  expect(lines[0]).toBe("BEGIN:VCALENDAR");
  expect(lines.at(-1)).toBe("END:VCALENDAR");
  const unfolded = ics.replaceAll("\r\n ", "");
  const used = new Set([...unfolded.matchAll(/;TZID=([^:;]+)[:;]/g)].map((match) => match[1]));
  const defined = new Set([...unfolded.matchAll(/^TZID:(.+)$/gm)].map((match) => match[1]));
  for (const tzid of used) expect(defined, `VTIMEZONE for ${tzid}`).toContain(tzid);
  expect(unfolded).toContain("PRODID:-//Voxboard//Appointments//EN\r\n");
  const events = unfolded.match(/^BEGIN:VEVENT\r$/gm)?.length ?? 0;
  expect(unfolded.match(/^DTSTAMP:\d{8}T\d{6}Z\r$/gm)?.length ?? 0).toBe(events);
}

function invitation(changes: Partial<AppointmentInvitationInput> = {}): AppointmentInvitationInput {
  return {
    uid: "appt_42@voxboard",
    sequence: 0,
    method: "REQUEST",
    start: "2026-06-10T07:00:00.000Z",
    end: "2026-06-10T07:30:00.000Z",
    timeZone: "Europe/Berlin",
    summary: "Erstberatung",
    description: "Booked by phone.",
    location: "Hauptstraße 5, Berlin",
    url: "https://meet.google.com/abc-defg-hij",
    organizer: { name: "Praxis Dr. Müller", email: "praxis@example.com" },
    attendee: { name: "Jane Doe", email: "jane@example.com" },
    status: "CONFIRMED",
    ...changes,
  };
}

// ical-generator writes a plain Date with a zone in the process's local time; a process far from both test zones shows it.
const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "Asia/Tokyo";
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe("appointmentInvitation", () => {
  it("writes a REQUEST with the stable UID, SEQUENCE and STATUS", () => {
    const created = appointmentInvitation(invitation());
    const rescheduled = appointmentInvitation(invitation({ sequence: 2, start: "2026-06-11T08:00:00Z", end: "2026-06-11T08:30:00Z" }));
    expectWellFormed(created);
    expectWellFormed(rescheduled);

    const first = parse(created);
    const second = parse(rescheduled);
    expect(text(first, "method")).toBe("REQUEST");
    expect(text(first, "version")).toBe("2.0");
    expect(text(onlyEvent(first), "uid")).toBe("appt_42@voxboard");
    expect(text(onlyEvent(second), "uid")).toBe("appt_42@voxboard");
    expect(onlyEvent(first).getFirstPropertyValue("sequence")).toBe(0);
    expect(onlyEvent(second).getFirstPropertyValue("sequence")).toBe(2);
    expect(text(onlyEvent(first), "status")).toBe("CONFIRMED");
    expect(utc(time(onlyEvent(second), "dtstart"))).toBe("2026-06-11T08:00:00.000Z");
  });

  it("writes a CANCEL for the same UID with STATUS:CANCELLED and the given sequence", () => {
    for (const status of ["CANCELLED", "CONFIRMED"] as const) {
      const ics = appointmentInvitation(invitation({ method: "CANCEL", sequence: 3, status }));
      expectWellFormed(ics);
      const calendar = parse(ics);
      const event = onlyEvent(calendar);
      expect(text(calendar, "method")).toBe("CANCEL");
      expect(text(event, "uid")).toBe("appt_42@voxboard");
      expect(event.getFirstPropertyValue("sequence")).toBe(3);
      expect(text(event, "status")).toBe("CANCELLED");
      expect(text(event, "attendee")?.toLowerCase()).toBe("mailto:jane@example.com");
    }
  });

  it("writes a Berlin appointment across the spring-forward change (2026-03-29) in Berlin time", () => {
    // 01:30 CET → 03:30 CEST: one hour, although the wall clock moves two.
    const ics = appointmentInvitation(invitation({ start: "2026-03-29T00:30:00Z", end: "2026-03-29T01:30:00Z" }));
    expectWellFormed(ics);
    const unfolded = ics.replaceAll("\r\n ", "");
    expect(unfolded).toContain("DTSTART;TZID=Europe/Berlin:20260329T013000\r\n");
    expect(unfolded).toContain("DTEND;TZID=Europe/Berlin:20260329T033000\r\n");

    const calendar = parse(ics);
    const event = onlyEvent(calendar);
    const start = time(event, "dtstart");
    const end = time(event, "dtend");
    expect(zoneOf(start).tzid).toBe("Europe/Berlin");
    expect(zoneOf(end).tzid).toBe("Europe/Berlin");
    expect(utc(start)).toBe("2026-03-29T00:30:00.000Z");
    expect(utc(end)).toBe("2026-03-29T01:30:00.000Z");
    expect(start.utcOffset()).toBe(3600);
    expect(end.utcOffset()).toBe(7200);
    expect(offsetsOf(vtimezone(calendar, "Europe/Berlin"))).toEqual(["+0100", "+0200"]);
  });

  it("writes New York appointments on the fall-back day (2026-11-01) in New York time", () => {
    const cases = [
      // 00:30 EDT → 02:30 EST: three hours across the change.
      { start: "2026-11-01T04:30:00Z", end: "2026-11-01T07:30:00Z", local: ["20261101T003000", "20261101T023000"], offsets: [-4, -5] },
      // 10:00–10:45 EST, after the change.
      { start: "2026-11-01T15:00:00Z", end: "2026-11-01T15:45:00Z", local: ["20261101T100000", "20261101T104500"], offsets: [-5, -5] },
    ];
    for (const { start, end, local, offsets } of cases) {
      const ics = appointmentInvitation(invitation({ timeZone: "America/New_York", start, end }));
      expectWellFormed(ics);
      const unfolded = ics.replaceAll("\r\n ", "");
      expect(unfolded).toContain(`DTSTART;TZID=America/New_York:${local[0]}\r\n`);
      expect(unfolded).toContain(`DTEND;TZID=America/New_York:${local[1]}\r\n`);

      const calendar = parse(ics);
      const event = onlyEvent(calendar);
      expect(zoneOf(time(event, "dtstart")).tzid).toBe("America/New_York");
      expect(zoneOf(time(event, "dtend")).tzid).toBe("America/New_York");
      expect(utc(time(event, "dtstart"))).toBe(new Date(start).toISOString());
      expect(utc(time(event, "dtend"))).toBe(new Date(end).toISOString());
      expect([time(event, "dtstart").utcOffset(), time(event, "dtend").utcOffset()]).toEqual(offsets.map((hours) => hours * 3600));
      expect(offsetsOf(vtimezone(calendar, "America/New_York"))).toEqual(["-0400", "-0500"]);
    }
  });

  it("writes an appointment in the repeated hour of the fall-back day in UTC", () => {
    // In New York time, 01:30 EDT → 01:30 EST would read 01:30 → 01:30, and 01:15 EDT is read as 01:15 EST by
    // ical.js although RFC 5545 says the first occurrence: no reading of the repeated hour can be relied on.
    const cases = [
      { start: "2026-11-01T05:30:00Z", end: "2026-11-01T06:30:00Z" },
      { start: "2026-11-01T05:15:00Z", end: "2026-11-01T05:45:00Z" },
      { start: "2026-11-01T04:00:00Z", end: "2026-11-01T06:15:00Z" },
    ];
    for (const { start, end } of cases) {
      const ics = appointmentInvitation(invitation({ timeZone: "America/New_York", start, end }));
      expectWellFormed(ics);
      const calendar = parse(ics);
      const event = onlyEvent(calendar);
      expect(zoneOf(time(event, "dtstart")).tzid).toBe("Etc/UTC");
      expect(utc(time(event, "dtstart"))).toBe(new Date(start).toISOString());
      expect(utc(time(event, "dtend"))).toBe(new Date(end).toISOString());
      expect(offsetsOf(vtimezone(calendar, "Etc/UTC"))).toEqual(["+0000"]);
    }
  });

  it("writes an alias zone under the canonical TZID its VTIMEZONE carries", () => {
    const ics = appointmentInvitation(invitation({ timeZone: "US/Eastern", start: "2026-01-15T14:00:00Z", end: "2026-01-15T15:00:00Z" }));
    expectWellFormed(ics);
    const calendar = parse(ics);
    const start = time(onlyEvent(calendar), "dtstart");
    expect(zoneOf(start).tzid).toBe("America/New_York");
    expect(start.toICALString()).toBe("20260115T090000");
    expect(utc(start)).toBe("2026-01-15T14:00:00.000Z");
  });

  it("names the organizer and the attendee as mailto addresses, with LOCATION and URL", () => {
    const ics = appointmentInvitation(invitation({ createdAt: "2026-05-01T10:00:00Z", updatedAt: "2026-05-02T11:30:00Z" }));
    expectWellFormed(ics);
    const event = onlyEvent(parse(ics));
    const organizer = event.getFirstProperty("organizer")!;
    const attendee = event.getFirstProperty("attendee")!;
    expect(String(organizer.getFirstValue()).toLowerCase()).toBe("mailto:praxis@example.com");
    expect(organizer.getParameter("cn")).toBe("Praxis Dr. Müller");
    expect(String(attendee.getFirstValue()).toLowerCase()).toBe("mailto:jane@example.com");
    expect(attendee.getParameter("cn")).toBe("Jane Doe");
    expect(attendee.getParameter("partstat")).toBe("ACCEPTED");
    expect(text(event, "location")).toBe("Hauptstraße 5, Berlin");
    expect(text(event, "url")).toBe("https://meet.google.com/abc-defg-hij");
    expect(utc(event.getFirstPropertyValue("created") as Time)).toBe("2026-05-01T10:00:00.000Z");
    expect(utc(event.getFirstPropertyValue("last-modified") as Time)).toBe("2026-05-02T11:30:00.000Z");

    const bare = onlyEvent(parse(appointmentInvitation(invitation({ location: null, url: null, description: undefined }))));
    expect(bare.hasProperty("location")).toBe(false);
    expect(bare.hasProperty("url")).toBe(false);
    expect(bare.hasProperty("description")).toBe(false);
  });

  it("escapes commas, semicolons, backslashes and newlines and keeps umlauts", () => {
    const summary = "Zahnärztliche Beratung; Raum 2, 1. OG";
    const description = "Bitte mitbringen:\n- Versichertenkarte; Überweisung\n- Röntgenbilder, falls vorhanden\r\nPfad: C:\\Befunde";
    const location = "Praxis Müller; Hauptstraße 5, 10115 Berlin";
    const organizer = { name: 'Dr. Jürgen Groß, "Zahnheilkunde"', email: "praxis@example.com" };
    const ics = appointmentInvitation(invitation({ summary, description, location, organizer }));
    expectWellFormed(ics);
    expect(ics.replaceAll("\r\n ", "")).toContain("SUMMARY:Zahnärztliche Beratung\\; Raum 2\\, 1. OG\r\n");

    const event = onlyEvent(parse(ics));
    expect(text(event, "summary")).toBe(summary);
    expect(text(event, "description")).toBe(description.replace("\r\n", "\n"));
    expect(text(event, "location")).toBe(location);
    // A double quote cannot stand in a parameter value, so it becomes a single one.
    expect(event.getFirstProperty("organizer")!.getParameter("cn")).toBe("Dr. Jürgen Groß, 'Zahnheilkunde'");
  });

  it("folds long lines at 75 octets without splitting a character", () => {
    const description = "Zahnärztliche Beratung; Raum 2, 1. OG — Überweisung 😀 ".repeat(12);
    const summary = "ä".repeat(100);
    const ics = appointmentInvitation(
      invitation({ summary, description, attendee: { name: "Ünal Öztürk-Schäfer ".repeat(5).trim(), email: "u@example.com" } }),
    );
    expectWellFormed(ics);
    expect(ics.split("\r\n").some((line) => line.startsWith(" "))).toBe(true);
    const event = onlyEvent(parse(ics));
    expect(text(event, "summary")).toBe(summary);
    expect(text(event, "description")).toBe(description);
    expect(event.getFirstProperty("attendee")!.getParameter("cn")).toBe("Ünal Öztürk-Schäfer ".repeat(5).trim());
  });

  it("rejects an unknown zone, an invalid instant and an end that is not after the start", () => {
    expect(() => appointmentInvitation(invitation({ timeZone: "Mars/Olympus_Mons" }))).toThrow(/time zone/);
    expect(() => appointmentInvitation(invitation({ start: "tomorrow" }))).toThrow(/start/);
    expect(() => appointmentInvitation(invitation({ end: "2026-06-10T07:00:00Z" }))).toThrow(/after start/);
  });
});

describe("calendarFeed", () => {
  const events: CalendarFeedEvent[] = [
    { uid: "a1@voxboard", sequence: 0, start: "2026-03-28T09:00:00Z", end: "2026-03-28T09:30:00Z", summary: "Kontrolle", status: "CONFIRMED" },
    {
      uid: "a2@voxboard",
      sequence: 1,
      start: "2026-03-29T00:30:00Z",
      end: "2026-03-29T01:30:00Z",
      summary: "Zahnärztliche Beratung; Raum 2, 1. OG",
      description: "Zweiter Termin,\nverschoben",
      location: "Raum 2, 1. OG",
      status: "CONFIRMED",
    },
    { uid: "a3@voxboard", sequence: 2, start: "2026-07-01T12:00:00Z", end: "2026-07-01T13:00:00Z", summary: "Abgesagt", location: null, status: "CANCELLED" },
  ];

  it("publishes every event in the feed's zone with its VTIMEZONE, X-WR-CALNAME and the cancelled one marked", () => {
    const ics = calendarFeed({ name: "Praxis Müller, Termine", timeZone: "Europe/Berlin", events });
    expectWellFormed(ics);
    const calendar = parse(ics);
    expect(text(calendar, "method")).toBe("PUBLISH");
    expect(text(calendar, "x-wr-calname")).toBe("Praxis Müller, Termine");
    expect(text(calendar, "x-wr-timezone")).toBe("Europe/Berlin");
    expect(offsetsOf(vtimezone(calendar, "Europe/Berlin"))).toEqual(["+0100", "+0200"]);

    const written = calendar.getAllSubcomponents("vevent");
    expect(written.map((event) => text(event, "uid"))).toEqual(["a1@voxboard", "a2@voxboard", "a3@voxboard"]);
    written.forEach((event, index) => {
      const input = events[index]!;
      expect(event.getFirstPropertyValue("sequence")).toBe(input.sequence);
      expect(text(event, "status")).toBe(input.status);
      expect(text(event, "summary")).toBe(input.summary);
      expect(text(event, "location")).toBe(input.location ?? null);
      expect(text(event, "description")).toBe(input.description ?? null);
      expect(zoneOf(time(event, "dtstart")).tzid).toBe("Europe/Berlin");
      expect(utc(time(event, "dtstart"))).toBe(new Date(input.start).toISOString());
      expect(utc(time(event, "dtend"))).toBe(new Date(input.end).toISOString());
    });
    expect(written.filter((event) => text(event, "status") === "CANCELLED").map((event) => text(event, "uid"))).toEqual(["a3@voxboard"]);
  });

  it("escapes the calendar name, so it cannot add properties", () => {
    const ics = calendarFeed({ name: "Termine\nMETHOD:REQUEST", timeZone: "Europe/Berlin", events: [] });
    expectWellFormed(ics);
    const calendar = parse(ics);
    expect(calendar.getAllProperties("method")).toHaveLength(1);
    expect(text(calendar, "method")).toBe("PUBLISH");
    expect(text(calendar, "x-wr-calname")).toBe("Termine\nMETHOD:REQUEST");
  });
});
