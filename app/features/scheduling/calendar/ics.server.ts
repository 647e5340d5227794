import ical, {
  escape,
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalCalendar,
  type ICalTemporalInstantStub,
  type ICalTemporalZonedDateTimeStub,
} from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { isKnownTimeZone, localPartsAt, offsetMinutesAt } from "~/lib/dates/zoned-time";

/**
 * iCalendar text for appointments: invitations (iTIP REQUEST / CANCEL, RFC
 * 5546) mailed to the attendee, and the subscription feed (PUBLISH).
 * Times are written as wall-clock times in the host's zone with a VTIMEZONE,
 * so clients show them in the host's zone and keep them right across DST.
 */

export type IcsStatus = "CONFIRMED" | "CANCELLED";

export interface IcsPerson {
  name: string;
  email: string;
}

export interface AppointmentInvitationInput {
  /** Stable per appointment (`${appointmentId}@voxboard`): clients match updates and cancellations by it. */
  uid: string;
  /** 0 when created, raised on each reschedule: clients ignore a message whose sequence is not newer. */
  sequence: number;
  method: "REQUEST" | "CANCEL";
  /** ISO instants. */
  start: string;
  end: string;
  /** IANA zone of the host. */
  timeZone: string;
  summary: string;
  description?: string;
  location?: string | null;
  url?: string | null;
  organizer: IcsPerson;
  attendee: IcsPerson;
  status: IcsStatus;
  createdAt?: string;
  updatedAt?: string;
}

export interface CalendarFeedEvent {
  uid: string;
  sequence: number;
  start: string;
  end: string;
  summary: string;
  description?: string;
  location?: string | null;
  status: IcsStatus;
}

export interface CalendarFeedInput {
  name: string;
  timeZone: string;
  events: CalendarFeedEvent[];
}

const PRODID = { company: "Voxboard", product: "Appointments", language: "EN" };
const UTC_ZONE = "Etc/UTC";
const MINUTE = 60_000;
const DAY = 86_400_000;

export function appointmentInvitation(input: AppointmentInvitationInput): string {
  const zone = resolveZone(input.timeZone);
  const calendar = ical({ prodId: PRODID, method: ICalCalendarMethod[input.method], timezone: { name: null, generator: vtimezone } });
  const event = addEvent(calendar, zone, { ...input, status: input.method === "CANCEL" ? "CANCELLED" : input.status });
  event.organizer({ name: paramSafe(input.organizer.name), email: input.organizer.email });
  // The attendee booked the appointment (by phone or the booking page), so it is already accepted: no RSVP buttons.
  event.createAttendee({
    name: paramSafe(input.attendee.name),
    email: input.attendee.email,
    role: ICalAttendeeRole.REQ,
    status: ICalAttendeeStatus.ACCEPTED,
  });
  if (input.url) event.url(input.url);
  if (input.createdAt) event.created(instant(input.createdAt, "createdAt"));
  if (input.updatedAt) event.lastModified(instant(input.updatedAt, "updatedAt"));
  return withFinalCrlf(calendar.toString());
}

export function calendarFeed(input: CalendarFeedInput): string {
  const zone = resolveZone(input.timeZone);
  // Not `timezone.name`: ical-generator would then write DTSTAMP, CREATED and LAST-MODIFIED as that zone's wall
  // clock with neither TZID nor Z. So the VTIMEZONE comes with the events written in the zone (an empty feed has
  // none, which is valid: no TZID refers to it), and clients learn the feed's zone from X-WR-TIMEZONE.
  const calendar = ical({
    prodId: PRODID,
    method: ICalCalendarMethod.PUBLISH,
    // ical-generator writes the calendar name unescaped (a newline in it would start a new property).
    name: escape(input.name, false),
    timezone: { name: null, generator: vtimezone },
    x: [["X-WR-TIMEZONE", zone]],
  });
  for (const event of input.events) addEvent(calendar, zone, event);
  return withFinalCrlf(calendar.toString());
}

/** RFC 5545 3.1: every content line ends in CRLF, the last one too; ical-generator leaves END:VCALENDAR without it. */
function withFinalCrlf(ics: string) {
  return ics.endsWith("\r\n") ? ics : `${ics}\r\n`;
}

function addEvent(calendar: ICalCalendar, zone: string, input: CalendarFeedEvent) {
  const start = instant(input.start, "start");
  const end = instant(input.end, "end");
  // ical-generator would silently swap them.
  if (end.epochMilliseconds <= start.epochMilliseconds) throw new RangeError(`ICS event ${input.uid}: end must be after start`);
  return calendar.createEvent({
    id: input.uid,
    sequence: input.sequence,
    start,
    end,
    // A local time that occurs twice (01:30 on a fall-back day) names the first occurrence in RFC 5545 (3.3.5),
    // but readers differ (ical.js takes the second), so an event touching the repeated hour is written in UTC.
    timezone: [start, end].every((time) => unambiguousInZone(time.epochMilliseconds, zone)) ? zone : UTC_ZONE,
    summary: input.summary,
    description: input.description ?? null,
    location: input.location ?? null,
    status: input.status === "CANCELLED" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}

/**
 * The zone under the name its VTIMEZONE carries: the library answers an alias
 * (US/Eastern, Asia/Calcutta) with the canonical zone, and DTSTART's TZID must
 * name a VTIMEZONE in the file.
 */
function resolveZone(timeZone: string): string {
  if (!isKnownTimeZone(timeZone)) throw new RangeError(`ICS: unknown time zone ${timeZone}`);
  const [, tzid] = tzBlock(timeZone);
  if (!isKnownTimeZone(tzid)) throw new RangeError(`ICS: unknown time zone ${tzid} (for ${timeZone})`);
  return tzid;
}

function tzBlock(timeZone: string): [block: string, tzid: string] {
  const found = tzlib_get_ical_block(timeZone);
  const [block, tzidParam] = Array.isArray(found) ? found : [];
  if (!block || !tzidParam?.startsWith("TZID=")) throw new RangeError(`ICS: no VTIMEZONE for time zone ${timeZone}`);
  return [block, tzidParam.slice("TZID=".length)];
}

const vtimezone = (timeZone: string) => tzBlock(timeZone)[0];

/** True when the zone's wall clock at this instant is read at no other instant. */
function unambiguousInZone(epochMs: number, zone: string) {
  const minute = Math.floor(epochMs / MINUTE) * MINUTE;
  const wall = localPartsAt(minute, zone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Each offset in force around it that, applied to the wall clock, lands where that offset is in force is a reading.
  const offsets = new Set([minute - DAY, minute, minute + DAY].map((time) => offsetMinutesAt(time, zone)));
  return [...offsets].filter((offset) => offsetMinutesAt(wallAsUtc - offset * MINUTE, zone) === offset).length === 1;
}

// DQUOTE cannot appear in a parameter value (CN=...), even escaped.
const paramSafe = (name: string) => name.replaceAll('"', "'");

/**
 * A Temporal.Instant look-alike: with it ical-generator asks us for the event
 * zone's wall clock (from Intl). A plain Date would be written in the server
 * process's local time under the event's TZID, and the date libraries it also
 * understands (Luxon, moment, Day.js) are not worth a dependency here.
 */
function instant(iso: string, field: string): ICalTemporalInstantStub {
  const epochMilliseconds = Date.parse(iso);
  if (Number.isNaN(epochMilliseconds)) throw new RangeError(`ICS: ${field} is not a date: ${iso}`);
  const text = new Date(epochMilliseconds).toISOString();
  return { epochMilliseconds, toJSON: () => text, toString: () => text, toZonedDateTimeISO: (zone) => zoned(epochMilliseconds, zone) };
}

function zoned(epochMilliseconds: number, timeZoneId: string): ICalTemporalZonedDateTimeStub {
  const { year, month, day, hour, minute } = localPartsAt(epochMilliseconds, timeZoneId);
  // Zone offsets are whole minutes, so the seconds are the UTC ones.
  const second = new Date(epochMilliseconds).getUTCSeconds();
  const pad = (value: number, length = 2) => String(value).padStart(length, "0");
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  const dateTime = `${date}T${pad(hour)}:${pad(minute)}:${pad(second)}`;
  const plainDate = { year, month, day, toJSON: () => date, toString: () => date };
  const self: ICalTemporalZonedDateTimeStub = {
    year,
    month,
    day,
    hour,
    minute,
    second,
    timeZoneId,
    toInstant: () => instant(new Date(epochMilliseconds).toISOString(), "instant"),
    toJSON: () => `${dateTime}[${timeZoneId}]`,
    toString: () => `${dateTime}[${timeZoneId}]`,
    withTimeZone: (zone) => zoned(epochMilliseconds, zone),
    toPlainDateTime: () => ({
      year,
      month,
      day,
      hour,
      minute,
      second,
      toJSON: () => dateTime,
      toString: () => dateTime,
      toPlainDate: () => plainDate,
      // Only ever asked for the zone it came from, where it names this same instant.
      toZonedDateTime: () => self,
    }),
  };
  return self;
}
