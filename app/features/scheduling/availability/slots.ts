import {
  addCalendarDays,
  formatClockTime,
  formatLocalDateTime,
  isKnownTimeZone,
  isoWeekday,
  localPartsAt,
  offsetMinutesAt,
  parseClockTime,
  parseLocalDateTime,
  type LocalDateTime,
} from "~/lib/dates/zoned-time";

/**
 * Free appointment slots (issue 12): plain functions on plain data, so the
 * same rules serve the booking page, the booking action that re-checks a
 * slot, and the tests. Instants are ISO strings with an explicit offset;
 * working hours are wall-clock times in each host's own zone.
 *
 * The rules, in one place:
 * - Alignment: slot starts are the wall-clock times start, start + interval,
 *   … of each working window, so a 09:00–12:00 window offers 09:00, 09:30, …
 *   whatever the zone's offset. Windows of a date that overlap or touch are
 *   one window first (09–12 and 12–15 offer 11:30–12:30), because how hours
 *   were typed in should not change what is offered.
 * - Inside working hours: during the whole slot the host's clock reads a
 *   time of that date inside one of its windows. Buffers need not be inside:
 *   they only keep other meetings away.
 * - DST: a start the clock skips (02:30 on a spring-forward day) is not
 *   offered; a start the clock shows twice (01:30 on a fall-back day) is
 *   offered once, at its first occurrence, so the picker never shows the
 *   same local time twice for one host.
 * - Buffers: the buffers belong to the meeting being booked (preparation
 *   before, wrap-up after), so the new slot widened by them,
 *   [start − before, end + after), must not overlap an existing booking
 *   [start, end). Existing bookings are not widened again: their own
 *   buffers were the event type's business when they were booked.
 * - Range: a slot is offered when its start is in [from, to), at least the
 *   minimum notice after now, and less than bookableDaysAhead × 24 hours
 *   after now (a rolling window, not calendar days).
 */

export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** "HH:MM" wall-clock times; end may be "24:00" (midnight ending the day). */
export interface WorkingWindow {
  start: string;
  end: string;
}

export interface DateOverride {
  /** "YYYY-MM-DD" in the host's zone. */
  date: string;
  /** Replaces the weekly hours of that date; [] is a day off. */
  hours: readonly WorkingWindow[];
}

export interface Host {
  id: string;
  /** IANA zone. */
  timeZone: string;
  /** A weekday without an entry has no hours. */
  weeklyHours: Partial<Record<IsoWeekday, readonly WorkingWindow[]>>;
  /** Several overrides of one date add up (a date's hours are the union of its entries). */
  overrides: readonly DateOverride[];
}

export interface Booking {
  hostId: string;
  start: string;
  end: string;
}

export type Assignment = "single" | "round-robin";

export interface EventType {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minimumNoticeMinutes: number;
  bookableDaysAhead: number;
  /** Defaults to the duration. */
  slotIntervalMinutes?: number;
  /** Host ids; their order is the order of a slot's hostIds. */
  hosts: readonly string[];
  assignment: Assignment;
}

export interface Slot {
  start: string;
  end: string;
  /** Every host free for the slot, in the event type's host order. */
  hostIds: string[];
}

export interface ComputeSlotsInput {
  eventType: EventType;
  hosts: readonly Host[];
  bookings: readonly Booking[];
  from: string;
  to: string;
  now: string;
}

export interface HostLoad {
  /** A host without an entry has no bookings. */
  bookingsCountByHost: Readonly<Record<string, number | undefined>>;
  /** ISO instants; a host without one has never been booked. */
  lastBookedAtByHost: Readonly<Record<string, string | null | undefined>>;
}

export interface LabelledSlot {
  start: string;
  end: string;
  /** "HH:MM", 24-hour, in the viewer's zone. */
  label: string;
}

export interface LocalDaySlots {
  /** "YYYY-MM-DD" in the viewer's zone. */
  date: string;
  slots: LabelledSlot[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Half-open: minutes after local midnight, or epoch milliseconds. */
interface Span {
  start: number;
  end: number;
}

export function computeSlots({ eventType, hosts, bookings, from, to, now }: ComputeSlotsInput): Slot[] {
  const event = checkedEventType(eventType);
  const nowMs = parseInstant(now, "now");
  const earliest = Math.max(parseInstant(from, "from"), nowMs + event.minimumNoticeMinutes * MINUTE);
  const latest = Math.min(parseInstant(to, "to"), nowMs + event.bookableDaysAhead * DAY);

  const hostsById = new Map(hosts.map((host) => [host.id, host]));
  const eventHosts = [...new Set(event.hosts)].map((id) => {
    const host = hostsById.get(id);
    if (!host) throw new Error(`The event type names host "${id}", which was not passed in.`);
    return checkedHost(host);
  });

  const busyByHost = new Map<string, Span[]>();
  for (const booking of bookings) {
    const start = parseInstant(booking.start, "booking start");
    const end = parseInstant(booking.end, "booking end");
    const busy = busyByHost.get(booking.hostId) ?? [];
    busy.push({ start, end });
    busyByHost.set(booking.hostId, busy);
  }

  const hostIdsByStart = new Map<number, string[]>();
  if (earliest < latest) {
    for (const host of eventHosts) {
      const busy = mergedSpans(busyByHost.get(host.id) ?? []);
      let next = 0;
      // Starts come in time order, so bookings left behind stay behind.
      for (const start of hostSlotStarts(host, event, earliest, latest)) {
        const guardedStart = start - event.bufferBeforeMinutes * MINUTE;
        const guardedEnd = start + (event.durationMinutes + event.bufferAfterMinutes) * MINUTE;
        while (next < busy.length && busy[next]!.end <= guardedStart) next += 1;
        if (next < busy.length && busy[next]!.start < guardedEnd) continue;
        const hostIds = hostIdsByStart.get(start) ?? [];
        hostIds.push(host.id);
        hostIdsByStart.set(start, hostIds);
      }
    }
  }

  return [...hostIdsByStart.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, hostIds]) => ({
      start: new Date(start).toISOString(),
      end: new Date(start + event.durationMinutes * MINUTE).toISOString(),
      hostIds,
    }));
}

/**
 * Round robin: the free host with the fewest bookings, then the one booked
 * least recently (never booked first), then the smallest id, so the same
 * inputs always give the same host and load evens out over time.
 */
export function pickHost(slot: Pick<Slot, "hostIds">, eventType: Pick<EventType, "assignment" | "hosts">, load: HostLoad): string {
  const free = new Set(slot.hostIds);
  const hosts = [...new Set(eventType.hosts)];
  if (eventType.assignment === "single") {
    const [host] = hosts;
    if (hosts.length !== 1 || host === undefined) throw new Error(`A "single" event type needs exactly one host, not ${hosts.length}.`);
    if (!free.has(host)) throw new Error(`Host "${host}" is not free for this slot.`);
    return host;
  }
  const candidates = hosts.filter((id) => free.has(id));
  if (candidates.length === 0) throw new Error("None of the event type's hosts is free for this slot.");
  const lastBooked = (id: string) => {
    const value = load.lastBookedAtByHost[id];
    return value == null ? -Infinity : parseInstant(value, `last booking of host "${id}"`);
  };
  const ranked = candidates
    .map((id) => ({ id, count: load.bookingsCountByHost[id] ?? 0, last: lastBooked(id) }))
    .sort((a, b) => a.count - b.count || compare(a.last, b.last) || compare(a.id, b.id));
  return ranked[0]!.id;
}

/** Slots grouped by the viewer's local date, for a server-rendered picker. */
export function slotsByLocalDay(slots: readonly Pick<Slot, "start" | "end">[], viewerTimeZone: string): LocalDaySlots[] {
  checkTimeZone(viewerTimeZone, "the viewer");
  const days: LocalDaySlots[] = [];
  const ordered = slots.map((slot) => ({ slot, start: parseInstant(slot.start, "slot start") })).sort((a, b) => a.start - b.start);
  for (const { slot, start } of ordered) {
    const local = localPartsAt(start, viewerTimeZone);
    const date = dateKey(local);
    let day = days.at(-1);
    if (day?.date !== date) {
      day = { date, slots: [] };
      days.push(day);
    }
    day.slots.push({ start: slot.start, end: slot.end, label: formatClockTime(local.minuteOfDay) });
  }
  return days;
}

interface CheckedEventType extends EventType {
  slotIntervalMinutes: number;
}

interface CheckedHost {
  id: string;
  timeZone: string;
  weekly: Map<number, Span[]>;
  overrides: Map<string, Span[]>;
}

/** Slot starts (ms) of one host inside working hours, before bookings are looked at. */
function* hostSlotStarts(host: CheckedHost, event: CheckedEventType, earliest: number, latest: number) {
  const lastDate = dateKey(localPartsAt(latest - 1, host.timeZone));
  for (let date: LocalDateTime = localPartsAt(earliest, host.timeZone); dateKey(date) <= lastDate; date = addCalendarDays(date, 1)) {
    const windows = host.overrides.get(dateKey(date)) ?? host.weekly.get(isoWeekday(date.year, date.month, date.day)) ?? [];
    if (windows.length === 0) continue;
    const clock = wallClockOf(date, host.timeZone);
    for (const window of windows) {
      for (let minute = window.start; minute < window.end; minute += event.slotIntervalMinutes) {
        const start = clock.firstInstant(minute);
        if (start === null || start < earliest || start >= latest) continue;
        if (clock.covers(start, start + event.durationMinutes * MINUTE, windows)) yield start;
      }
    }
  }
}

/**
 * One local date's wall clock as at most two straight stretches: the offset
 * in force before a change and the one after it. Intl is asked a couple of
 * times per date (and a dozen on a change day) instead of for every slot.
 * The date's instants lie within 14 hours of its UTC midnight (offsets run
 * from −12 to +14), so the offsets 15 hours beyond either end bound it; a
 * zone never changes twice within those 54 hours.
 */
function wallClockOf(date: LocalDateTime, timeZone: string) {
  const midnightUtc = Date.UTC(date.year, date.month - 1, date.day);
  let same = midnightUtc - 15 * HOUR;
  let changed = midnightUtc + DAY + 15 * HOUR;
  const before = offsetMinutesAt(same, timeZone);
  const after = offsetMinutesAt(changed, timeZone);
  if (before === after) changed = Infinity;
  else {
    while (changed - same > MINUTE) {
      const middle = same + Math.floor((changed - same) / MINUTE / 2) * MINUTE;
      if (offsetMinutesAt(middle, timeZone) === before) same = middle;
      else changed = middle;
    }
  }

  /** Minutes after the date's local midnight (outside 0–1439 on another date). */
  const wallMinute = (instant: number) => (instant - midnightUtc) / MINUTE + (instant < changed ? before : after);

  /** The instant the clock first reads this time of the date, or null when it skips it. */
  function firstInstant(minute: number): number | null {
    const readings = [before, after].map((offset) => midnightUtc + (minute - offset) * MINUTE).filter((instant) => wallMinute(instant) === minute);
    return readings.length > 0 ? Math.min(...readings) : null;
  }

  /** Whether the clock reads a time inside the windows from start to end; each straight stretch is checked by its first and last minute. */
  function covers(start: number, end: number, windows: readonly Span[]) {
    const stretches =
      start < changed && changed < end
        ? [
            { start, end: changed },
            { start: changed, end },
          ]
        : [{ start, end }];
    return stretches.every((stretch) => {
      const first = wallMinute(stretch.start);
      const last = wallMinute(stretch.end - MINUTE);
      return windows.some((window) => window.start <= first && last < window.end);
    });
  }

  return { firstInstant, covers };
}

function checkedEventType(eventType: EventType): CheckedEventType {
  const { durationMinutes, bufferBeforeMinutes, bufferAfterMinutes, minimumNoticeMinutes, bookableDaysAhead, assignment, hosts } = eventType;
  const slotIntervalMinutes = eventType.slotIntervalMinutes ?? durationMinutes;
  requireInteger(durationMinutes, "durationMinutes", 1);
  requireInteger(slotIntervalMinutes, "slotIntervalMinutes", 1);
  requireInteger(bufferBeforeMinutes, "bufferBeforeMinutes", 0);
  requireInteger(bufferAfterMinutes, "bufferAfterMinutes", 0);
  requireInteger(minimumNoticeMinutes, "minimumNoticeMinutes", 0);
  requireInteger(bookableDaysAhead, "bookableDaysAhead", 0);
  if (assignment !== "single" && assignment !== "round-robin") throw new Error(`Unknown assignment "${String(assignment)}".`);
  if (assignment === "single" && new Set(hosts).size !== 1) throw new Error(`A "single" event type needs exactly one host, not ${new Set(hosts).size}.`);
  return { ...eventType, slotIntervalMinutes };
}

function requireInteger(value: number, name: string, minimum: number) {
  if (!Number.isInteger(value) || value < minimum) throw new Error(`${name} must be a whole number of at least ${minimum}, not ${value}.`);
}

function checkedHost(host: Host): CheckedHost {
  checkTimeZone(host.timeZone, `host "${host.id}"`);
  const weekly = new Map<number, Span[]>();
  for (const [day, windows] of Object.entries(host.weeklyHours)) {
    // A Sunday typed as 0 (JavaScript's getDay) would otherwise vanish silently.
    if (!/^[1-7]$/.test(day)) throw new Error(`Host "${host.id}" has hours for weekday "${day}"; weekdays are ISO, 1 = Monday … 7 = Sunday.`);
    weekly.set(Number(day), mergedSpans((windows ?? []).map((window) => clockWindow(window, host.id))));
  }
  const overrideWindows = new Map<string, Span[]>();
  for (const override of host.overrides) {
    if (!isCalendarDate(override.date)) throw new Error(`Host "${host.id}" has an override for "${override.date}", which is not a YYYY-MM-DD date.`);
    const windows = overrideWindows.get(override.date) ?? [];
    windows.push(...override.hours.map((window) => clockWindow(window, host.id)));
    overrideWindows.set(override.date, windows);
  }
  const overrides = new Map([...overrideWindows].map(([date, windows]) => [date, mergedSpans(windows)]));
  return { id: host.id, timeZone: host.timeZone, weekly, overrides };
}

function clockWindow(window: WorkingWindow, hostId: string): Span {
  return { start: clockMinute(window.start, hostId), end: clockMinute(window.end, hostId) };
}

/**
 * Sorted, disjoint spans covering the same times. An empty or reversed span
 * is dropped: a working window typed 22:00–02:00 is a typo, not a night
 * shift, and a booking that ends as it starts occupies nothing.
 */
function mergedSpans(windows: readonly Span[]): Span[] {
  const ranges = windows.filter((range) => range.end > range.start).sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const range of ranges) {
    const previous = merged.at(-1);
    if (previous && range.start <= previous.end) previous.end = Math.max(previous.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

function clockMinute(value: string, hostId: string) {
  const text = String(value).trim();
  const minute = text === "24:00" ? 24 * 60 : parseClockTime(text);
  if (minute === null) throw new Error(`Host "${hostId}" has working time "${value}"; expected HH:MM (00:00–24:00).`);
  return minute;
}

function checkTimeZone(timeZone: string, whose: string) {
  if (typeof timeZone !== "string" || !isKnownTimeZone(timeZone)) throw new Error(`Unknown time zone "${String(timeZone)}" for ${whose}.`);
}

// An instant without an offset would be read in the server's zone: refuse it rather than guess.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function parseInstant(value: string, name: string) {
  const ms = ISO_INSTANT.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) throw new Error(`${name} must be an ISO instant with an offset (2026-03-08T14:00:00Z), not "${value}".`);
  return ms;
}

const isCalendarDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && parseLocalDateTime(`${value}T00:00`) !== null;

const compare = <T extends number | string>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);

/** "YYYY-MM-DD": sorts and compares as the calendar does. */
const dateKey = (local: LocalDateTime) => formatLocalDateTime(local).slice(0, 10);
