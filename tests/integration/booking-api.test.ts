import { createHash } from "node:crypto";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, newId } from "~/db/db.server";
import { addCalendarDays, isoWeekday, localPartsAt } from "~/lib/dates/zoned-time";
import { createApiKey, revokeApiKey } from "~/features/api-keys/api-keys.server";
import { createOrganization } from "~/features/organizations/organizations.server";
import { cancelAppointment } from "~/features/scheduling/booking/booking.server";
import { issueFeed, revokeFeeds } from "~/features/scheduling/calendar/calendar-feeds.server";
import { rates } from "~/features/scheduling/insights.server";
import { settleAfterResponseWork } from "~/lib/background/after-response.server";
import * as appointmentPage from "~/routes/_dashboard+/appointments+/$id._index";
import * as insightsPage from "~/routes/_dashboard+/appointment-insights";
import * as calendarPage from "~/routes/_dashboard+/calendar";
import * as recordingPage from "~/routes/_dashboard+/recordings+/$id";
import * as appointmentRoute from "~/routes/api+/v1+/appointments.$id";
import * as appointmentsRoute from "~/routes/api+/v1+/appointments";
import * as callEventsRoute from "~/routes/api+/v1+/call-events";
import * as eventTypesRoute from "~/routes/api+/v1+/event-types";
import * as slotsRoute from "~/routes/api+/v1+/slots";
import * as feedRoute from "~/routes/_files+/calendar-feed.$token[.]ics";
import { BASE_URL, callLoader, loadContext, prepareTestDatabase, runOutboxJobs, unwrap } from "../support/app";
import {
  addDays,
  addEventType,
  appointmentEmailsTo,
  dayKey,
  insertAppointment,
  insertTeam,
  instantAt,
  readInvitation,
  schedulingWorld,
  weekdayAhead,
  type SchedulingWorld,
  type WorldOptions,
} from "../support/scheduling";

/**
 * The voice agent's booking API (docs/api/appointments.md) end to end through
 * its resource routes, and what a booking made there shows elsewhere: the
 * recording it was made in, the host's calendar feed, the calendar and the
 * insights pages.
 */
beforeAll(prepareTestDatabase);

// As in ics.server.test.ts: calendar clients read X-WR-CALNAME as TEXT.
ICAL.design.defaultSet.property["x-wr-calname"] = { defaultType: "text" };

const db = () => getDb();
const MINUTE = 60_000;
const DAY = 86_400_000;

let sequence = 0;
const unique = (label: string) => `${label}-${++sequence}-${newId().slice(0, 8)}`;

/* ---- the API ---- */

interface ApiWorld extends SchedulingWorld {
  key: string;
}

async function apiWorld(options: WorldOptions = {}): Promise<ApiWorld> {
  const world = await schedulingWorld(options);
  const { key } = await createApiKey({ tenantId: world.tenantId, userId: world.ownerId, name: "Voice agent" });
  return { ...world, key };
}

interface ApiErrorBody {
  error: { code: string; message: string; details?: Array<{ path: string; message: string }> };
}

interface ApiEventType {
  id: string;
  name: string;
  durationMinutes: number;
  appointmentType: string;
  location: { kind: string; detail: string | null };
  team: { id: string; name: string };
  organization: { id: string; name: string };
  bookable: boolean;
}

interface ApiSlot {
  start: string;
  end: string;
  label: string;
  hostCount: number;
}

interface SlotsBody {
  eventType: { id: string; name: string; durationMinutes: number };
  timeZone: string;
  from: string;
  to: string;
  slots: ApiSlot[];
}

interface ApiAppointment {
  id: string;
  status: string;
  title: string;
  eventTypeId: string;
  organizationId: string;
  start: string;
  end: string;
  hostTimeZone: string;
  host: { id: string; name: string } | null;
  contact: { id: string | null; name: string; email: string | null; phone: string | null };
  location: { kind: string; detail: string | null };
  callId: string | null;
  clientKey: string | null;
  createdAt: string;
}

interface BookingBody {
  duplicate: boolean;
  appointment: ApiAppointment;
}

type ResourceRoute = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: ReturnType<typeof loadContext>;
}) => Promise<Response> | Response;

function apiRequest(
  pathname: string,
  { key, method = "GET", headers = {}, body }: { key?: string | null; method?: string; headers?: Record<string, string>; body?: string },
) {
  const all = new Headers(headers);
  if (key) all.set("Authorization", `Bearer ${key}`);
  return new Request(new URL(pathname, BASE_URL), { method, headers: all, body });
}

function call(route: ResourceRoute, request: Request, params: Record<string, string | undefined> = {}) {
  return Promise.resolve(route({ request, params, context: loadContext() }));
}

async function json<T>(response: Response) {
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  return (await response.json()) as T;
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status, `HTTP ${status} ${code}`).toBe(status);
  const body = await json<ApiErrorBody>(response);
  expect(body.error.code).toBe(code);
  expect(body.error.message).toEqual(expect.any(String));
  return body.error;
}

const listEventTypes = (key: string | null, search = "") => call(eventTypesRoute.loader, apiRequest(`/api/v1/event-types${search}`, { key }));

function getSlots(key: string, query: Record<string, string>) {
  return call(slotsRoute.loader, apiRequest(`/api/v1/slots?${new URLSearchParams(query).toString()}`, { key }));
}

async function slotsOf(key: string, query: Record<string, string>) {
  const response = await getSlots(key, query);
  expect(response.status).toBe(200);
  return json<SlotsBody>(response);
}

function postBooking(
  key: string,
  body: unknown,
  { headers = {}, contentType = "application/json" }: { headers?: Record<string, string>; contentType?: string | null } = {},
) {
  const all: Record<string, string> = { ...headers };
  if (contentType) all["Content-Type"] = contentType;
  return call(
    appointmentsRoute.action,
    apiRequest("/api/v1/appointments", { key, method: "POST", headers: all, body: typeof body === "string" ? body : JSON.stringify(body) }),
  );
}

async function booked(response: Response, status = 201) {
  expect(response.status, status === 201 ? "booked" : "duplicate").toBe(status);
  const body = await json<BookingBody>(response);
  expect(body.duplicate).toBe(status === 200);
  return body.appointment;
}

const getAppointment = (key: string, id: string) =>
  call(appointmentRoute.loader, apiRequest(`/api/v1/appointments/${encodeURIComponent(id)}`, { key }), { id });

/** A call as the voice platform reports it through the call-events API; returns our call id. */
async function ingestCall(world: ApiWorld, platformCallId: string) {
  const event = {
    eventId: unique("evt"),
    type: "call.ended",
    occurredAt: new Date(Date.now() - 10 * MINUTE).toISOString(),
    call: { id: platformCallId, direction: "inbound", from: "+12025550100", to: "+12025550199", summary: "Caller books a consultation.", durationSeconds: 120 },
  };
  const response = await call(
    callEventsRoute.action,
    apiRequest("/api/v1/call-events", { key: world.key, method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(event) }),
  );
  expect(response.status).toBe(201);
  return (await json<{ callId: string }>(response)).callId;
}

function appointmentRows(tenantId: string, start: string) {
  return db()
    .selectFrom("appointments")
    .select(["id", "host_user_id", "status", "client_key"])
    .where("tenant_id", "=", tenantId)
    .where("start_at", "=", start)
    .execute();
}

/** A Tue–Thu in Dec–Feb (New York's standard time, far from its changes), at least three days ahead. */
function winterWeekdayAhead(timeZone: string) {
  let date = addCalendarDays({ ...localPartsAt(Date.now(), timeZone), hour: 12, minute: 0 }, 3);
  while (![12, 1, 2].includes(date.month) || ![2, 3, 4].includes(isoWeekday(date.year, date.month, date.day))) date = addCalendarDays(date, 1);
  return dayKey(date);
}

/* ---- 1. event types ---- */

describe("GET /api/v1/event-types", () => {
  let a: ApiWorld;
  let b: ApiWorld;
  let hostless: string;

  beforeAll(async () => {
    a = await apiWorld();
    b = await apiWorld();
    hostless = (
      await addEventType(a.tenantId, a.teamId, {
        name: "Walk-in",
        hostIds: [],
        locationKind: "in-person",
        locationDetail: "1 Main Street",
        appointmentType: "service",
        durationMinutes: 45,
      })
    ).id;
  });

  it("lists the key's tenant's event types only, with bookable false for one without hosts", async () => {
    const response = await listEventTypes(a.key);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { eventTypes } = await json<{ eventTypes: ApiEventType[] }>(response);
    expect(eventTypes.map((type) => type.id).sort()).toEqual([a.eventType.id, hostless].sort());
    expect(eventTypes.map((type) => type.id)).not.toContain(b.eventType.id);
    expect(eventTypes.find((type) => type.id === a.eventType.id)).toEqual({
      id: a.eventType.id,
      name: "Consultation",
      durationMinutes: 30,
      appointmentType: "consultation",
      location: { kind: "phone", detail: "agent-calls" },
      team: { id: a.teamId, name: "Front desk" },
      organization: { id: a.organizationId, name: a.organizationName },
      bookable: true,
    });
    expect(eventTypes.find((type) => type.id === hostless)).toMatchObject({
      name: "Walk-in",
      durationMinutes: 45,
      appointmentType: "service",
      location: { kind: "in-person", detail: "1 Main Street" },
      bookable: false,
    });

    const other = await json<{ eventTypes: ApiEventType[] }>(await listEventTypes(b.key));
    expect(other.eventTypes.map((type) => type.id)).toEqual([b.eventType.id]);
  });

  it("answers 401 without a key, with a malformed header, an unknown key or a revoked one", async () => {
    const missing = await listEventTypes(null);
    expect((await expectError(missing, 401, "unauthorized")).message).toContain("Bearer");
    expect(missing.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);

    await expectError(
      await call(eventTypesRoute.loader, apiRequest("/api/v1/event-types", { headers: { Authorization: `Basic ${btoa("user:pass")}` } })),
      401,
      "unauthorized",
    );
    await expectError(await listEventTypes(`vbk_${"x".repeat(43)}`), 401, "invalid_api_key");
    await expectError(await listEventTypes("not-even-a-key"), 401, "invalid_api_key");

    const revoked = await createApiKey({ tenantId: a.tenantId, userId: a.ownerId, name: "Old agent" });
    expect((await listEventTypes(revoked.key)).status).toBe(200);
    await revokeApiKey(a.tenantId, revoked.id, null);
    await expectError(await listEventTypes(revoked.key), 401, "invalid_api_key");
  });

  it("refuses a key in the query string with 400 api_key_in_query, even a valid one sent in the header as well", async () => {
    await expectError(await listEventTypes(null, `?api_key=${encodeURIComponent(a.key)}`), 400, "api_key_in_query");
    await expectError(await listEventTypes(a.key, `?api_key=${encodeURIComponent(a.key)}`), 400, "api_key_in_query");
    await expectError(await listEventTypes(a.key, `?q=${encodeURIComponent(a.key)}`), 400, "api_key_in_query");
    await expectError(await listEventTypes(a.key, "?token=anything"), 400, "api_key_in_query");
  });

  it("accepts GET only", async () => {
    const response = await call(
      eventTypesRoute.action,
      apiRequest("/api/v1/event-types", { key: a.key, method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }),
    );
    await expectError(response, 405, "method_not_allowed");
    expect(response.headers.get("Allow")).toBe("GET");
  });
});

/* ---- 2. slots ---- */

describe("GET /api/v1/slots", () => {
  let w: ApiWorld;
  let other: ApiWorld;
  let day: string;
  const at = (clock: string, on = day) => instantAt(on, clock, w.timeZone);
  const ALL_DAY = ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30"];

  beforeAll(async () => {
    w = await apiWorld({ timeZone: "America/New_York" });
    other = await apiWorld();
    day = weekdayAhead(w.timeZone, 3);
  });

  it("requires an event type (400 with details) and answers 404 for an unknown one or another tenant's", async () => {
    const missing = await expectError(await getSlots(w.key, { from: day }), 400, "invalid_request");
    expect(missing.details).toEqual([{ path: "eventType", message: expect.any(String) }]);

    await expectError(await getSlots(w.key, { eventType: newId() }), 404, "not_found");
    await expectError(await getSlots(w.key, { eventType: other.eventType.id }), 404, "not_found");
    expect((await getSlots(other.key, { eventType: other.eventType.id })).status).toBe(200);
  });

  it("reads from and to as days in timeZone, and echoes the range as instants", async () => {
    const body = await slotsOf(w.key, { eventType: w.eventType.id, from: day, to: addDays(day, 1), timeZone: "America/New_York" });
    expect(body.eventType).toEqual({ id: w.eventType.id, name: "Consultation", durationMinutes: 30 });
    expect(body.timeZone).toBe("America/New_York");
    expect(body.from).toBe(instantAt(day, "00:00", "America/New_York"));
    expect(body.to).toBe(instantAt(addDays(day, 1), "00:00", "America/New_York"));
    expect(body.slots.map((slot) => slot.start)).toEqual(ALL_DAY.map((clock) => at(clock)));
    expect(body.slots[0]).toEqual({ start: at("09:00"), end: at("09:30"), label: expect.any(String), hostCount: 1 });

    // The same days in Tokyo are other instants: its day ends before New York's working day does.
    const tokyo = await slotsOf(w.key, { eventType: w.eventType.id, from: day, to: addDays(day, 1), timeZone: "Asia/Tokyo" });
    expect(tokyo.timeZone).toBe("Asia/Tokyo");
    expect(tokyo.from).toBe(instantAt(day, "00:00", "Asia/Tokyo"));
    expect(tokyo.to).toBe(instantAt(addDays(day, 1), "00:00", "Asia/Tokyo"));
    expect(tokyo.slots.length).toBeGreaterThan(0);
    for (const slot of tokyo.slots) expect(slot.start >= tokyo.from && slot.start < tokyo.to, slot.start).toBe(true);
    expect(tokyo.slots.map((slot) => slot.start)).not.toEqual(body.slots.map((slot) => slot.start));

    // Without timeZone, days are the account's.
    const account = await slotsOf(w.key, { eventType: w.eventType.id, from: day, to: addDays(day, 1) });
    expect(account.timeZone).toBe(w.timeZone);
    expect(account.from).toBe(body.from);
  });

  it("takes from and to as instants", async () => {
    const body = await slotsOf(w.key, { eventType: w.eventType.id, from: at("13:00"), to: at("15:00") });
    expect(body.from).toBe(at("13:00"));
    expect(body.to).toBe(at("15:00"));
    expect(body.slots.map((slot) => slot.start)).toEqual(["13:00", "13:30", "14:00", "14:30"].map((clock) => at(clock)));

    // An offset is read as the instant it names.
    const offset = new Date(Date.parse(at("13:00"))).toISOString().replace("Z", "+00:00");
    expect((await slotsOf(w.key, { eventType: w.eventType.id, from: offset, to: at("14:00") })).slots.map((slot) => slot.start)).toEqual([
      at("13:00"),
      at("13:30"),
    ]);
  });

  it("defaults to seven days from now", async () => {
    const before = Date.now();
    const body = await slotsOf(w.key, { eventType: w.eventType.id });
    const after = Date.now();
    expect(Date.parse(body.from)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.from)).toBeLessThanOrEqual(after);
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(7 * DAY);
    expect(body.slots.length).toBeGreaterThan(0);
    for (const slot of body.slots) {
      expect(slot.start >= body.from && slot.start < body.to).toBe(true);
      // The two hours of notice.
      expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(before + 120 * MINUTE - 1000);
    }
    // A from without a to also spans seven days.
    const fromOnly = await slotsOf(w.key, { eventType: w.eventType.id, from: at("00:00") });
    expect(fromOnly.to).toBe(new Date(Date.parse(at("00:00")) + 7 * DAY).toISOString());
  });

  it("refuses a range over 31 days, a bad from or to, a to before from and an unknown time zone with 400", async () => {
    const tooLong = await expectError(
      await getSlots(w.key, { eventType: w.eventType.id, from: at("09:00"), to: new Date(Date.parse(at("09:00")) + 31 * DAY + MINUTE).toISOString() }),
      400,
      "invalid_request",
    );
    expect(tooLong.details).toEqual([{ path: "to", message: expect.stringContaining("31") }]);
    await expectError(await getSlots(w.key, { eventType: w.eventType.id, from: day, to: addDays(day, 32) }), 400, "invalid_request");
    // Exactly 31 days is allowed.
    expect(
      (await getSlots(w.key, { eventType: w.eventType.id, from: at("09:00"), to: new Date(Date.parse(at("09:00")) + 31 * DAY).toISOString() })).status,
    ).toBe(200);

    expect((await expectError(await getSlots(w.key, { eventType: w.eventType.id, from: "tomorrow" }), 400, "invalid_request")).details).toEqual([
      { path: "from", message: expect.any(String) },
    ]);
    expect((await expectError(await getSlots(w.key, { eventType: w.eventType.id, from: day, to: "later" }), 400, "invalid_request")).details).toEqual([
      { path: "to", message: expect.any(String) },
    ]);
    expect((await expectError(await getSlots(w.key, { eventType: w.eventType.id, from: addDays(day, 1), to: day }), 400, "invalid_request")).details).toEqual([
      { path: "to", message: expect.any(String) },
    ]);

    const zone = await expectError(await getSlots(w.key, { eventType: w.eventType.id, from: day, timeZone: "Mars/Olympus_Mons" }), 400, "invalid_request");
    expect(zone.details).toEqual([{ path: "timeZone", message: expect.any(String) }]);
  });

  it("labels each slot in English in the requested zone (a slot at 14:00Z is 9:00 AM in New York in winter)", async () => {
    const utc = await apiWorld({ timeZone: "UTC", bookableDaysAhead: 365 });
    const winterDay = winterWeekdayAhead("UTC");
    const fourteen = instantAt(winterDay, "14:00", "UTC");
    const weekday = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" }).format(new Date(fourteen));
    const month = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" }).format(new Date(fourteen));
    const dayOfMonth = Number(winterDay.slice(8));
    const labelAt = (body: SlotsBody) => body.slots.find((slot) => slot.start === fourteen)?.label;

    const newYork = await slotsOf(utc.key, { eventType: utc.eventType.id, from: winterDay, to: addDays(winterDay, 1), timeZone: "America/New_York" });
    const label = labelAt(newYork);
    expect(label).toContain("9:00 AM");
    expect(label).toMatch(new RegExp(`^${weekday}, ${month} ${dayOfMonth}\\b`));
    expect(newYork.slots[0]).toMatchObject({ start: instantAt(winterDay, "09:00", "UTC"), hostCount: 1 });
    expect(newYork.slots[0]!.label).toContain("4:00 AM");

    const berlin = await slotsOf(utc.key, {
      eventType: utc.eventType.id,
      from: `${winterDay}T00:00:00Z`,
      to: `${addDays(winterDay, 1)}T00:00:00Z`,
      timeZone: "Europe/Berlin",
    });
    expect(labelAt(berlin)).toContain("3:00 PM");
    const account = await slotsOf(utc.key, { eventType: utc.eventType.id, from: winterDay, to: addDays(winterDay, 1) });
    expect(account.timeZone).toBe("UTC");
    expect(labelAt(account)).toContain("2:00 PM");
  });

  it("leaves out a time once it is booked", async () => {
    const query = { eventType: w.eventType.id, from: addDays(day, 1), to: addDays(day, 2) };
    const tomorrow = addDays(day, 1);
    expect((await slotsOf(w.key, query)).slots.map((slot) => slot.start)).toContain(at("10:00", tomorrow));
    await booked(await postBooking(w.key, { eventType: w.eventType.id, start: at("10:00", tomorrow), contactId: w.contact.id }));
    const after = (await slotsOf(w.key, query)).slots.map((slot) => slot.start);
    expect(after).not.toContain(at("10:00", tomorrow));
    expect(after).toEqual(ALL_DAY.filter((clock) => clock !== "10:00").map((clock) => at(clock, tomorrow)));
  });
});

/* ---- 3. booking ---- */

describe("POST /api/v1/appointments", () => {
  let w: ApiWorld;
  let other: ApiWorld;
  let day: string;
  let platformCallId: string;
  let callId: string;
  const at = (clock: string, on = day) => instantAt(on, clock, w.timeZone);
  const booking = (overrides: Record<string, unknown> = {}) => ({ eventType: w.eventType.id, start: at("09:00"), contactId: w.contact.id, ...overrides });

  beforeAll(async () => {
    w = await apiWorld({ timeZone: "America/New_York" });
    other = await apiWorld();
    day = weekdayAhead(w.timeZone, 3);
    platformCallId = unique("pc");
    callId = await ingestCall(w, platformCallId);
  });

  it("wants JSON: 415 for another content type, 413 for a body over 64 KiB, 400 invalid_json for a body that does not parse", async () => {
    await expectError(await postBooking(w.key, booking(), { contentType: "text/plain" }), 415, "unsupported_media_type");
    await expectError(await postBooking(w.key, booking(), { contentType: null }), 415, "unsupported_media_type");
    await expectError(await postBooking(w.key, booking({ notes: "x".repeat(70 * 1024) })), 413, "payload_too_large");
    await expectError(await postBooking(w.key, '{"eventType": '), 400, "invalid_json");
    // charset after the type is fine.
    await expectError(await postBooking(w.key, "{not json", { contentType: "application/json; charset=utf-8" }), 400, "invalid_json");
    await expectError(await call(appointmentsRoute.loader, apiRequest("/api/v1/appointments", { key: w.key })), 405, "method_not_allowed");
    expect(await appointmentRows(w.tenantId, at("09:00"))).toEqual([]);
  });

  it("lists every problem of a request the schema refuses (400 invalid_request) and saves nothing", async () => {
    const problems = await expectError(
      await postBooking(w.key, { eventType: w.eventType.id, start: `${day}T10:00:00`, contact: { name: "Maria Rossi" }, color: "red" }),
      400,
      "invalid_request",
    );
    expect(problems.details).toEqual(
      expect.arrayContaining([
        { path: "start", message: expect.stringContaining("time zone") },
        { path: "contact", message: "a contact needs a phone or an email" },
        { path: "(body)", message: expect.stringContaining("color") },
      ]),
    );
    expect(problems.details).toHaveLength(3);

    const noContact = await expectError(await postBooking(w.key, { eventType: w.eventType.id, start: at("10:00") }), 400, "invalid_request");
    expect(noContact.details).toEqual([{ path: "contact", message: expect.stringContaining("contactId") }]);

    const noEventType = await expectError(await postBooking(w.key, { start: at("10:00"), contactId: w.contact.id }), 400, "invalid_request");
    expect(noEventType.details?.map((detail) => detail.path)).toEqual(["eventType"]);

    const badEmail = await expectError(
      await postBooking(w.key, booking({ contactId: undefined, contact: { name: "M", email: "not-an-address" } })),
      400,
      "invalid_request",
    );
    expect(badEmail.details?.map((detail) => detail.path)).toEqual(["contact.email"]);

    const shortKey = await expectError(await postBooking(w.key, booking({ clientKey: "short" })), 400, "invalid_request");
    expect(shortKey.details?.map((detail) => detail.path)).toEqual(["clientKey"]);

    expect(await postBooking(w.key, [booking()]).then((response) => response.status)).toBe(400);

    // Every problem in one answer, the missing contact too while a field fails.
    const bare = await expectError(await postBooking(w.key, { eventType: w.eventType.id }), 400, "invalid_request");
    expect(bare.details?.map((detail) => detail.path).sort()).toEqual(["contact", "start"]);
    // A start whose zone is not stated (a "z" elsewhere in the text is no zone).
    const vague = await expectError(await postBooking(w.key, booking({ start: "Dec 1 2026 10:00 (zone?)" })), 400, "invalid_request");
    expect(vague.details?.map((detail) => detail.path)).toEqual(["start"]);
    expect(await appointmentRows(w.tenantId, at("09:00"))).toEqual([]);
    expect(await appointmentRows(w.tenantId, at("10:00"))).toEqual([]);
  });

  it("answers 422 invalid_host for a hostId that is not a host of the event type (retrying would never help)", async () => {
    await expectError(await postBooking(w.key, booking({ start: at("11:00"), hostId: newId() })), 422, "invalid_host");
    expect(await appointmentRows(w.tenantId, at("11:00"))).toEqual([]);
  });

  it("answers 404 for an unknown or another tenant's event type, contact or call", async () => {
    await expectError(await postBooking(w.key, booking({ eventType: newId() })), 404, "not_found");
    await expectError(await postBooking(w.key, booking({ eventType: other.eventType.id })), 404, "not_found");
    await expectError(await postBooking(w.key, booking({ contactId: newId() })), 404, "not_found");
    await expectError(await postBooking(w.key, booking({ contactId: other.contact.id })), 404, "not_found");
    await expectError(await postBooking(w.key, booking({ callId: newId() })), 404, "not_found");
    await expectError(await postBooking(w.key, booking({ platformCallId: "pc_nobody_knows" })), 404, "not_found");
    const otherCall = await ingestCall(other, unique("pc-other"));
    await expectError(await postBooking(w.key, booking({ callId: otherCall })), 404, "not_found");
    expect(await appointmentRows(w.tenantId, at("09:00"))).toEqual([]);
  });

  it("books (201): the host, the contact matched by phone, the call by its platform id, and an invitation to the contact", async () => {
    const national = w.contact.phone.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, "($1) $2-$3");
    const clientKey = `${platformCallId}-booking-1`;
    const request = {
      eventType: w.eventType.id,
      start: at("10:00").replace(".000Z", "Z"),
      contact: { name: "Maria Rossi", phone: national, email: "maria.rossi@example.test" },
      platformCallId,
      notes: "Asked about battery storage.",
      clientKey,
    };
    const response = await postBooking(w.key, request);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const appointment = await booked(response);
    expect(appointment).toEqual({
      id: expect.any(String),
      status: "booked",
      title: "Consultation",
      eventTypeId: w.eventType.id,
      organizationId: w.organizationId,
      start: at("10:00"),
      end: at("10:30"),
      hostTimeZone: "America/New_York",
      host: { id: w.hosts[0]!.id, name: "Ada Host" },
      contact: { id: w.contact.id, name: "Maria Rossi", email: "maria.rossi@example.test", phone: w.contact.phone },
      location: { kind: "phone", detail: "agent-calls" },
      callId,
      clientKey,
      createdAt: expect.any(String),
    });
    const row = await db().selectFrom("appointments").selectAll().where("id", "=", appointment.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: w.tenantId, source: "api", call_id: callId, notes: "Asked about battery storage.", created_by_user_id: null });
    const log = await db().selectFrom("appointment_log").selectAll().where("appointment_id", "=", appointment.id).execute();
    expect(log.map((entry) => [entry.action, entry.actor_kind, entry.actor_user_id])).toEqual([["booked", "api", null]]);

    await settleAfterResponseWork();
    await runOutboxJobs();
    const emails = appointmentEmailsTo("maria.rossi@example.test");
    expect(emails).toHaveLength(1);
    const attachment = emails[0]!.attachments?.[0];
    expect(attachment?.filename).toMatch(/\.ics$/);
    expect(attachment?.contentType).toMatch(/^text\/calendar/);
    expect(readInvitation(attachment!.content)).toMatchObject({
      method: "REQUEST",
      uid: `${appointment.id}@voxboard`,
      sequence: 0,
      status: "CONFIRMED",
      start: at("10:00"),
      end: at("10:30"),
    });

    // The same clientKey again: the appointment it made, nothing new, no second email.
    const again = await booked(await postBooking(w.key, request), 200);
    expect(again).toEqual(appointment);
    // Even for another time: the key names the booking, not the time.
    expect((await booked(await postBooking(w.key, { ...request, start: at("15:00") }), 200)).id).toBe(appointment.id);
    expect(await db().selectFrom("appointments").select("id").where("tenant_id", "=", w.tenantId).where("client_key", "=", clientKey).execute()).toHaveLength(
      1,
    );
    expect(await appointmentRows(w.tenantId, at("15:00"))).toEqual([]);
    await settleAfterResponseWork();
    await runOutboxJobs();
    expect(appointmentEmailsTo("maria.rossi@example.test")).toHaveLength(1);

    // GET /api/v1/appointments/{id}: the same appointment; another tenant's key does not find it.
    const read = await getAppointment(w.key, appointment.id);
    expect(read.status).toBe(200);
    expect(await json<{ appointment: ApiAppointment }>(read)).toEqual({ appointment });
    await expectError(await getAppointment(other.key, appointment.id), 404, "not_found");
    await expectError(await getAppointment(w.key, newId()), 404, "not_found");
  });

  it("takes the clientKey from the Idempotency-Key header", async () => {
    const key = unique("idem");
    const first = await booked(await postBooking(w.key, booking({ start: at("11:00") }), { headers: { "Idempotency-Key": key } }));
    expect(first).toMatchObject({ clientKey: key, start: at("11:00"), contact: { id: w.contact.id, email: w.contact.email } });
    const second = await booked(await postBooking(w.key, booking({ start: at("11:00") }), { headers: { "Idempotency-Key": key } }), 200);
    expect(second.id).toBe(first.id);
    expect(await appointmentRows(w.tenantId, at("11:00"))).toEqual([{ id: first.id, host_user_id: w.hosts[0]!.id, status: "booked", client_key: key }]);
    // The contact by id has an address: they are written to.
    await settleAfterResponseWork();
    await runOutboxJobs();
    expect(
      appointmentEmailsTo(w.contact.email).filter((email) => email.attachments?.some((file) => readInvitation(file.content).uid === `${first.id}@voxboard`)),
    ).toHaveLength(1);
  });

  it("answers 409 slot_taken for a time someone else has booked", async () => {
    const first = await booked(await postBooking(w.key, booking({ start: at("13:00"), clientKey: unique("caller-1") })));
    const error = await expectError(await postBooking(w.key, booking({ start: at("13:00"), clientKey: unique("caller-2") })), 409, "slot_taken");
    expect(error.message).toContain("/api/v1/slots");
    await expectError(await postBooking(w.key, booking({ start: at("13:00") })), 409, "slot_taken");
    expect((await appointmentRows(w.tenantId, at("13:00"))).map((row) => row.id)).toEqual([first.id]);
  });

  it("answers 422 slot_not_offered outside the hours, off the slot grid, too soon and too far ahead", async () => {
    const saturday = weekdayAhead(w.timeZone, 3, [6]);
    // A time the consultation offers is too soon for a type that wants ten days' notice.
    expect((await slotsOf(w.key, { eventType: w.eventType.id, from: at("16:00"), to: at("16:30") })).slots.map((slot) => slot.start)).toEqual([at("16:00")]);
    const longNotice = await addEventType(w.tenantId, w.teamId, { name: "Long notice", hostIds: [w.hosts[0]!.id], minimumNoticeMinutes: 10 * 24 * 60 });
    await expectError(await postBooking(w.key, booking({ eventType: longNotice.id, start: at("16:00") })), 422, "slot_not_offered");
    const refused = [
      at("07:00"),
      at("12:00"), // lunch
      at("16:45"), // would end after 17:00
      at("10:15"), // not a slot start
      instantAt(saturday, "10:00", w.timeZone),
      instantAt(weekdayAhead(w.timeZone, 70), "10:00", w.timeZone), // beyond 60 days
    ];
    for (const start of refused) await expectError(await postBooking(w.key, booking({ start, clientKey: unique("refused") })), 422, "slot_not_offered");
    const written = await db()
      .selectFrom("appointments")
      .select("id")
      .where("tenant_id", "=", w.tenantId)
      .where(
        "start_at",
        "in",
        refused.map((start) => new Date(start).toISOString()),
      )
      .execute();
    expect(written).toEqual([]);
  });

  it("books a new contact with only a phone number, and writes to nobody", async () => {
    const before = (await db().selectFrom("appointments").select("id").where("tenant_id", "=", w.tenantId).execute()).length;
    const appointment = await booked(
      await postBooking(w.key, booking({ start: at("14:00"), contactId: undefined, contact: { name: "Nina New", phone: "+1 (303) 555-0142" } })),
    );
    expect(appointment.contact).toEqual({ id: null, name: "Nina New", email: null, phone: "+13035550142" });
    expect(appointment.callId).toBeNull();
    expect((await db().selectFrom("appointments").select("id").where("tenant_id", "=", w.tenantId).execute()).length).toBe(before + 1);
  });

  it("shows the appointment on the recording of the call it was booked in, and the call on the appointment", async () => {
    const otherPlatformId = unique("pc");
    const otherCallId = await ingestCall(w, otherPlatformId);
    const appointment = await booked(await postBooking(w.key, booking({ start: at("15:30"), callId: otherCallId, clientKey: unique("rec") })));
    expect(appointment.callId).toBe(otherCallId);

    const page = unwrap(await callLoader(recordingPage.loader, `/recordings/${otherCallId}`, { cookie: w.cookie, params: { id: otherCallId } }));
    expect(page.status).toBe(200);
    expect((page.value as { appointments: unknown[] }).appointments).toEqual([
      { id: appointment.id, title: "Consultation", start: at("15:30"), status: "booked" },
    ]);

    // The first call has its own booking (10:00), not this one.
    const first = unwrap(await callLoader(recordingPage.loader, `/recordings/${callId}`, { cookie: w.cookie, params: { id: callId } }));
    expect((first.value as { appointments: Array<{ id: string; start: string }> }).appointments.map((entry) => entry.start)).toEqual([at("10:00")]);

    const detail = unwrap(await callLoader(appointmentPage.loader, `/appointments/${appointment.id}`, { cookie: w.cookie, params: { id: appointment.id } }));
    expect(detail.status).toBe(200);
    expect((detail.value as { appointment: { callId: string | null; source: string } }).appointment).toMatchObject({ callId: otherCallId, source: "api" });
  });
});

describe("POST /api/v1/appointments with round robin", () => {
  it("counts the free hosts of a slot, gives each booking of one time another host, and books a named host", async () => {
    const w = await apiWorld({ timeZone: "America/New_York", assignment: "round-robin" });
    const day = weekdayAhead(w.timeZone, 3);
    const at = (clock: string) => instantAt(day, clock, w.timeZone);
    const hostCounts = async () =>
      (await slotsOf(w.key, { eventType: w.eventType.id, from: at("09:00"), to: at("10:00") })).slots.map((slot) => [slot.start, slot.hostCount]);
    expect(await hostCounts()).toEqual([
      [at("09:00"), 2],
      [at("09:30"), 2],
    ]);

    const first = await booked(await postBooking(w.key, { eventType: w.eventType.id, start: at("09:00"), contactId: w.contact.id }));
    expect(await hostCounts()).toEqual([
      [at("09:00"), 1],
      [at("09:30"), 2],
    ]);
    const second = await booked(
      await postBooking(w.key, { eventType: w.eventType.id, start: at("09:00"), contact: { name: "Second Caller", phone: "+13035550177" } }),
    );
    expect([first.host?.id, second.host?.id].sort()).toEqual(w.hosts.map((host) => host.id).sort());
    expect(await hostCounts()).toEqual([[at("09:30"), 2]]);
    await expectError(await postBooking(w.key, { eventType: w.eventType.id, start: at("09:00"), contactId: w.contact.id }), 409, "slot_taken");

    const named = await booked(await postBooking(w.key, { eventType: w.eventType.id, start: at("09:30"), contactId: w.contact.id, hostId: w.hosts[1]!.id }));
    expect(named.host).toEqual({ id: w.hosts[1]!.id, name: "Bo Host" });
    // The named host is busy then; the other one is free, but was not asked for.
    await expectError(
      await postBooking(w.key, { eventType: w.eventType.id, start: at("09:30"), contactId: w.contact.id, hostId: w.hosts[1]!.id }),
      409,
      "slot_taken",
    );
    await settleAfterResponseWork();
    await runOutboxJobs();
  });
});

describe("POST /api/v1/appointments at once", () => {
  it("lets exactly one of six simultaneous bookings of one host's time through; the rest get 409", async () => {
    const w = await apiWorld({ timeZone: "America/New_York" });
    const day = weekdayAhead(w.timeZone, 4);
    const start = instantAt(day, "10:00", w.timeZone);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        postBooking(w.key, {
          eventType: w.eventType.id,
          start,
          contact: { name: `Caller ${index}`, phone: `+1303555${String(2000 + index)}` },
          clientKey: unique(`race-${index}`),
        }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((candidate) => candidate.status === 409))
      expect((await json<ApiErrorBody>(response)).error.code).toBe("slot_taken");
    const winner = await booked(responses.find((response) => response.status === 201)!);
    expect(await appointmentRows(w.tenantId, start)).toEqual([{ id: winner.id, host_user_id: w.hosts[0]!.id, status: "booked", client_key: winner.clientKey }]);
    await settleAfterResponseWork();
    await runOutboxJobs();
  });

  it("answers one retried booking sent twice at once with one appointment", async () => {
    const w = await apiWorld({ timeZone: "America/New_York" });
    const start = instantAt(weekdayAhead(w.timeZone, 4), "11:00", w.timeZone);
    const clientKey = unique("retry");
    const body = { eventType: w.eventType.id, start, contactId: w.contact.id, clientKey };
    const responses = await Promise.all([postBooking(w.key, body), postBooking(w.key, body)]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 201]);
    const ids = await Promise.all(responses.map(async (response) => (await json<BookingBody>(response)).appointment.id));
    expect(new Set(ids).size).toBe(1);
    expect(await appointmentRows(w.tenantId, start)).toHaveLength(1);
    await settleAfterResponseWork();
    await runOutboxJobs();
  });
});

/* ---- 5. the host's calendar feed ---- */

describe("the calendar feed", () => {
  interface FeedEvent {
    uid: string;
    status: string | null;
    sequence: number;
    start: string;
  }

  const feed = (token: string) =>
    feedRoute.loader({ request: new Request(`${BASE_URL}/calendar-feed/${token}.ics`), params: { token }, context: loadContext() });

  function readFeed(ics: string) {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const events: FeedEvent[] = calendar.getAllSubcomponents("vevent").map((event) => {
      const start = event.getFirstPropertyValue("dtstart");
      if (!(start instanceof ICAL.Time)) throw new Error("DTSTART is not a date-time");
      return {
        uid: event.getFirstPropertyValue("uid") as string,
        status: event.getFirstPropertyValue("status") as string | null,
        sequence: Number(event.getFirstPropertyValue("sequence") ?? 0),
        start: new Date(start.toUnixTime() * 1000).toISOString(),
      };
    });
    return { name: calendar.getFirstPropertyValue("x-wr-calname") as string | null, events };
  }

  it("serves a host's own appointments, cancelled ones as CANCELLED with a raised SEQUENCE; revoked, replaced and unknown tokens are 404", async () => {
    const w = await apiWorld({ timeZone: "America/New_York" });
    const other = await apiWorld({ timeZone: "America/New_York" });
    const day = weekdayAhead(w.timeZone, 3);
    const at = (clock: string) => instantAt(day, clock, w.timeZone);
    const [ada, bo] = w.hosts as [(typeof w.hosts)[0], (typeof w.hosts)[0]];

    const kept = await booked(await postBooking(w.key, { eventType: w.eventType.id, start: at("10:00"), contactId: w.contact.id }));
    const dropped = await booked(await postBooking(w.key, { eventType: w.eventType.id, start: at("11:00"), contactId: w.contact.id }));
    expect(await cancelAppointment(w.tenantId, dropped.id, "Caller cancelled", { kind: "api" })).toEqual({ kind: "done" });
    // The API reads its current status.
    expect((await json<{ appointment: ApiAppointment }>(await getAppointment(w.key, dropped.id))).appointment).toMatchObject({
      id: dropped.id,
      status: "cancelled",
      start: at("11:00"),
    });
    const past = await insertAppointment(w, { start: new Date(Date.now() - 3 * DAY).toISOString(), hostId: ada.id });
    const colleague = await insertAppointment(w, { start: at("10:00"), hostId: bo.id });
    const elsewhere = await booked(await postBooking(other.key, { eventType: other.eventType.id, start: at("10:00"), contactId: other.contact.id }));
    await settleAfterResponseWork();
    await runOutboxJobs();

    const token = await issueFeed(w.tenantId, ada.id);
    const stored = await db().selectFrom("calendar_feeds").select(["token_hash", "revoked_at"]).where("user_id", "=", ada.id).execute();
    // Only the token's hash is kept.
    expect(stored).toEqual([{ token_hash: createHash("sha256").update(token).digest("hex"), revoked_at: null }]);

    const response = await feed(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/calendar/);
    expect(response.headers.get("Cache-Control")).toMatch(/\bprivate\b/);
    const { name, events } = readFeed(await response.text());
    expect(name).toContain("Ada Host");
    expect(events.map((event) => event.uid).sort()).toEqual([`${kept.id}@voxboard`, `${dropped.id}@voxboard`, `${past}@voxboard`].sort());
    expect(events.map((event) => event.uid)).not.toContain(`${colleague}@voxboard`);
    expect(events.map((event) => event.uid)).not.toContain(`${elsewhere.id}@voxboard`);
    expect(events.find((event) => event.uid === `${kept.id}@voxboard`)).toEqual({
      uid: `${kept.id}@voxboard`,
      status: "CONFIRMED",
      sequence: 0,
      start: at("10:00"),
    });
    expect(events.find((event) => event.uid === `${dropped.id}@voxboard`)).toEqual({
      uid: `${dropped.id}@voxboard`,
      status: "CANCELLED",
      sequence: 1,
      start: at("11:00"),
    });

    // The colleague's own feed has the colleague's appointment only.
    const colleagueFeed = readFeed(await (await feed(await issueFeed(w.tenantId, bo.id))).text());
    expect(colleagueFeed.name).toContain("Bo Host");
    expect(colleagueFeed.events.map((event) => event.uid)).toEqual([`${colleague}@voxboard`]);

    // A new link replaces the old one.
    const next = await issueFeed(w.tenantId, ada.id);
    expect(next).not.toBe(token);
    expect((await feed(token)).status).toBe(404);
    expect((await feed(next)).status).toBe(200);

    // Revoked: nothing any more; an unknown token looks the same.
    await revokeFeeds(w.tenantId, ada.id);
    const revoked = await feed(next);
    expect(revoked.status).toBe(404);
    expect(revoked.headers.get("Content-Type")).not.toMatch(/calendar/);
    expect((await feed("not-a-token-anyone-was-given")).status).toBe(404);
  });
});

/* ---- 6. the calendar and insights pages ---- */

async function secondOrganization(world: SchedulingWorld) {
  const organizationId = await createOrganization(world.tenantId, world.ownerId, { name: `Branch ${newId().slice(0, 6)}`, website: null });
  const teamId = await insertTeam(world.tenantId, organizationId, "Branch desk");
  return { organizationId, teamId };
}

interface CalendarData {
  params: { view: string; date: string; staff: string | null };
  today: string;
  days: string[];
  timeZone: string;
  entries: Array<{ id: string; day: string; startMinute: number; endMinute: number; status: string; hostName: string | null; start: string }>;
}

describe("the calendar page", () => {
  let w: SchedulingWorld;
  const ids: Record<string, string> = {};
  const ny = (day: string, clock: string) => instantAt(day, clock, "America/New_York");

  async function calendar(query = "") {
    const result = unwrap(await callLoader(calendarPage.loader, `/calendar${query}`, { cookie: w.cookie }));
    expect(result.status).toBe(200);
    return result.value as CalendarData;
  }

  beforeAll(async () => {
    w = await schedulingWorld({ timeZone: "America/New_York" });
    const branch = await secondOrganization(w);
    const [ada, bo] = w.hosts as [(typeof w.hosts)[0], (typeof w.hosts)[0]];
    // The week of Monday 2026-10-26 to Sunday 2026-11-01, the day New York falls back.
    ids.fallBack = await insertAppointment(w, { start: ny("2026-11-01", "10:00"), hostId: ada.id });
    ids.friday = await insertAppointment(w, { start: ny("2026-10-30", "09:00"), hostId: bo.id, minutes: 60 });
    ids.noShow = await insertAppointment(w, { start: ny("2026-10-27", "15:30"), hostId: ada.id, status: "no-show" });
    ids.cancelled = await insertAppointment(w, { start: ny("2026-10-28", "11:00"), hostId: ada.id, status: "cancelled" });
    ids.branch = await insertAppointment(w, { start: ny("2026-10-28", "14:00"), hostId: ada.id, organizationId: branch.organizationId, teamId: branch.teamId });
    ids.nextMonday = await insertAppointment(w, { start: ny("2026-11-02", "09:00"), hostId: ada.id });
    // 23:30 on Sunday in New York is Monday in UTC: it belongs to Sunday.
    ids.lateSunday = await insertAppointment(w, { start: ny("2026-11-01", "23:30"), hostId: bo.id });
  });

  it("shows the week by default, the selected organization's live appointments only, on the viewer's days in wall-clock minutes", async () => {
    const page = await calendar("?date=2026-11-01");
    expect(page.params).toEqual({ view: "week", date: "2026-11-01", staff: null });
    expect(page.timeZone).toBe("America/New_York");
    expect(page.days).toEqual(["2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01"]);
    expect(page.entries.map((entry) => entry.id)).toEqual([ids.noShow, ids.friday, ids.fallBack, ids.lateSunday]);

    const byId = new Map(page.entries.map((entry) => [entry.id, entry]));
    // 10:00 on the fall-back day is 11 elapsed hours after midnight, but it sits at the 10 o'clock line.
    expect(byId.get(ids.fallBack!)).toMatchObject({
      day: "2026-11-01",
      startMinute: 600,
      endMinute: 630,
      status: "booked",
      hostName: "Ada Host",
      start: ny("2026-11-01", "10:00"),
    });
    expect(byId.get(ids.friday!)).toMatchObject({ day: "2026-10-30", startMinute: 540, endMinute: 600, hostName: "Bo Host" });
    expect(byId.get(ids.noShow!)).toMatchObject({ day: "2026-10-27", startMinute: 930, status: "no-show" });
    expect(byId.get(ids.lateSunday!)).toMatchObject({ day: "2026-11-01", startMinute: 1410, endMinute: 1440 });
  });

  it("filters by staff, shows one day or a month, and falls back on bad parameters", async () => {
    const bo = w.hosts[1]!.id;
    expect((await calendar(`?date=2026-11-01&staff=${bo}`)).entries.map((entry) => entry.id)).toEqual([ids.friday, ids.lateSunday]);
    expect((await calendar(`?date=2026-11-01&staff=${newId()}`)).entries).toEqual([]);

    const day = await calendar("?view=day&date=2026-11-01");
    expect(day.days).toEqual(["2026-11-01"]);
    expect(day.entries.map((entry) => entry.id)).toEqual([ids.fallBack, ids.lateSunday]);

    const month = await calendar("?view=month&date=2026-11-01");
    expect(month.days[0]).toBe("2026-10-26");
    expect(month.days.at(-1)).toBe("2026-12-06");
    expect(month.entries.map((entry) => entry.id)).toEqual([ids.noShow, ids.friday, ids.fallBack, ids.lateSunday, ids.nextMonday]);

    const year = await calendar("?view=year&date=2026-11-01");
    expect(year.params.view).toBe("week");
    expect(year.days).toHaveLength(7);

    const bad = await calendar("?date=2026-13-45");
    expect(bad.params).toMatchObject({ view: "week", date: bad.today });
    const plain = await calendar();
    expect(plain.params).toEqual({ view: "week", date: plain.today, staff: null });
    expect(plain.today).toBe(dayKey(localPartsAt(Date.now(), "America/New_York")));
    expect(plain.days).toContain(plain.today);
  });
});

interface InsightFigures {
  booked: number;
  cancelled: number;
  rescheduled: number;
  noShow: number;
  due: number;
}

interface InsightsData {
  range: string;
  staff: string | null;
  view: {
    range: { key: string; from: string; to: string };
    totals: InsightFigures;
    byHost: Array<InsightFigures & { id: string | null; name: string | null }>;
    byEventType: Array<InsightFigures & { id: string | null; name: string | null }>;
    series: Array<{ booked: number; cancelled: number; noShow: number }>;
  } | null;
}

describe("the appointment insights page", () => {
  let w: SchedulingWorld;
  let followUp: string;
  let today: string;
  let laterToday: boolean;

  async function insights(query = "") {
    const result = unwrap(await callLoader(insightsPage.loader, `/appointment-insights${query}`, { cookie: w.cookie }));
    expect(result.status).toBe(200);
    return result.value as InsightsData;
  }

  beforeAll(async () => {
    w = await schedulingWorld({ timeZone: "America/New_York" });
    const [ada, bo] = w.hosts as [(typeof w.hosts)[0], (typeof w.hosts)[0]];
    followUp = (await addEventType(w.tenantId, w.teamId, { name: "Follow-up", hostIds: [bo.id], appointmentType: "follow-up" })).id;
    today = dayKey(localPartsAt(Date.now(), w.timeZone));
    const daysAgo = (days: number, clock = "12:00") => instantAt(addDays(today, -days), clock, w.timeZone);

    // Ada, the consultation: two kept (one moved once), one missed, one cancelled.
    await insertAppointment(w, { start: daysAgo(1), hostId: ada.id });
    const moved = await insertAppointment(w, { start: daysAgo(2), hostId: ada.id });
    await db().updateTable("appointments").set({ reschedule_count: 1, sequence: 1 }).where("id", "=", moved).execute();
    await insertAppointment(w, { start: daysAgo(3), hostId: ada.id, status: "no-show" });
    await insertAppointment(w, { start: daysAgo(2, "15:00"), hostId: ada.id, status: "cancelled" });
    // Bo, the follow-up: one kept, one cancelled.
    await insertAppointment(w, { start: daysAgo(1, "09:00"), hostId: bo.id, eventTypeId: followUp });
    await insertAppointment(w, { start: daysAgo(4), hostId: bo.id, eventTypeId: followUp, status: "cancelled" });
    // Not counted: before the range, and another organization's.
    await insertAppointment(w, { start: daysAgo(10), hostId: ada.id });
    const branch = await secondOrganization(w);
    await insertAppointment(w, { start: daysAgo(1, "16:00"), hostId: ada.id, organizationId: branch.organizationId, teamId: branch.teamId });
    // Booked, in the range, not yet begun: not due (only when later today is still today here).
    const soon = new Date(Date.now() + 10 * MINUTE).toISOString();
    laterToday = dayKey(localPartsAt(Date.parse(soon), w.timeZone)) === today;
    if (laterToday) await insertAppointment(w, { start: soon, hostId: ada.id });
  });

  it("counts booked, cancelled, rescheduled and missed appointments of the range with their rates, by host and by event type", async () => {
    const data = await insights("?range=last-7-days");
    expect(data.range).toBe("last-7-days");
    const view = data.view!;
    expect(view.range).toEqual({ key: "last-7-days", from: addDays(today, -6), to: today });
    const extra = laterToday ? 1 : 0;
    expect(view.totals).toEqual({ booked: 6 + extra, cancelled: 2, rescheduled: 1, noShow: 1, due: 4 });
    const totalRates = rates(view.totals);
    expect(totalRates.cancelled).toBeCloseTo((2 / (6 + extra)) * 100, 5);
    expect(totalRates.noShow).toBeCloseTo(25, 5);
    expect(totalRates.rescheduled).toBeCloseTo((1 / (6 + extra)) * 100, 5);

    expect(view.byHost).toEqual([
      { id: w.hosts[0]!.id, name: "Ada Host", booked: 4 + extra, cancelled: 1, rescheduled: 1, noShow: 1, due: 3 },
      { id: w.hosts[1]!.id, name: "Bo Host", booked: 2, cancelled: 1, rescheduled: 0, noShow: 0, due: 1 },
    ]);
    expect(rates(view.byHost[1]!)).toEqual({ cancelled: 50, rescheduled: 0, noShow: 0 });
    expect(view.byEventType.map(({ id, name, booked, cancelled, noShow, due }) => ({ id, name, booked, cancelled, noShow, due }))).toEqual([
      { id: w.eventType.id, name: "Consultation", booked: 4 + extra, cancelled: 1, noShow: 1, due: 3 },
      { id: followUp, name: "Follow-up", booked: 2, cancelled: 1, noShow: 0, due: 1 },
    ]);
    const series = view.series.reduce(
      (sum, bucket) => ({ booked: sum.booked + bucket.booked, cancelled: sum.cancelled + bucket.cancelled, noShow: sum.noShow + bucket.noShow }),
      { booked: 0, cancelled: 0, noShow: 0 },
    );
    expect(series).toEqual({ booked: 3 + extra, cancelled: 2, noShow: 1 });
  });

  it("narrows to one host, one event type or another range", async () => {
    const bo = await insights(`?range=last-7-days&staff=${w.hosts[1]!.id}`);
    expect(bo.staff).toBe(w.hosts[1]!.id);
    expect(bo.view!.totals).toEqual({ booked: 2, cancelled: 1, rescheduled: 0, noShow: 0, due: 1 });
    expect(bo.view!.byHost.map((row) => row.name)).toEqual(["Bo Host"]);

    const type = await insights(`?range=last-7-days&eventType=${followUp}`);
    expect(type.view!.totals.booked).toBe(2);
    expect(type.view!.byEventType.map((row) => row.id)).toEqual([followUp]);

    const yesterday = await insights("?range=yesterday");
    expect(yesterday.view!.totals).toEqual({ booked: 2, cancelled: 0, rescheduled: 0, noShow: 0, due: 2 });

    // An unknown range is the default (the last 7 days).
    const fallback = await insights("?range=forever");
    expect(fallback.range).toBe("last-7-days");
    expect(fallback.view!.totals.cancelled).toBe(2);
  });
});
