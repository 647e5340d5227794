import { createHash } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { createOrganization } from "~/features/organizations/organizations.server";
import { bookAppointment, type BookingOutcome, type BookingRequest } from "~/features/scheduling/booking/booking.server";
import { getTranslatorFor } from "~/i18n/i18next.server";
import * as appointmentRoute from "~/routes/_dashboard+/appointments+/$id._index";
import * as rescheduleRoute from "~/routes/_dashboard+/appointments+/$id.reschedule";
import * as appointmentsRoute from "~/routes/_dashboard+/appointments+/_index";
import * as newAppointmentRoute from "~/routes/_dashboard+/appointments+/new";
import * as staffMemberRoute from "~/routes/_dashboard+/staff+/$userId";
import * as staffRoute from "~/routes/_dashboard+/staff+/_index";
import { callAction, callLoader, prepareTestDatabase, redirectLocation, runOutboxJobs, sessionCookieFor, unwrap } from "../support/app";
import { addTenantUser } from "../support/billing";
import {
  addContact,
  addDays,
  addEventType,
  addMember,
  appointmentEmailsTo,
  insertAppointment,
  insertTeam,
  instantAt,
  readInvitation,
  schedulingWorld,
  selectOrganization,
  weekdayAhead,
  WORKING_WEEK,
  type SchedulingWorld,
  type SentEmail,
  type WorldOptions,
} from "../support/scheduling";

beforeAll(prepareTestDatabase);

type FieldErrors = Record<string, string[] | null | undefined>;

interface Picker {
  week: string;
  date: string;
  days: Array<{ date: string; count: number }>;
  times: Array<{ start: string; label: string }>;
}

interface ListPage {
  rows: Array<{ id: string; start: string; status: string; hostName: string | null; rescheduled: boolean }>;
  total: number;
  pageCount: number;
  params: { when: string; page: number };
}

const db = () => getDb();
const errorsOf = (result: unknown) => ((unwrap(result).value as { result?: { error?: FieldErrors } } | undefined)?.result?.error ?? {}) as FieldErrors;

/* ---- the world of one test ---- */

let world: SchedulingWorld;
/** A Tuesday, Wednesday or Thursday at least three days ahead in the hosts' zone: beyond any notice, inside the horizon. */
let day: string;

async function setUp(options: WorldOptions = {}) {
  world = await schedulingWorld(options);
  day = weekdayAhead(world.timeZone, 3);
  return world;
}

const at = (clock: string, on = day) => instantAt(on, clock, world.timeZone);

/* ---- routes ---- */

async function picker(on = day, { cookie = world.cookie, eventTypeId = world.eventType.id }: { cookie?: string; eventTypeId?: string } = {}) {
  const result = unwrap(
    await callLoader(newAppointmentRoute.loader, `/appointments/new?eventType=${eventTypeId}&contact=${world.contact.id}&week=${on}&date=${on}`, { cookie }),
  );
  expect(result.status).toBe(200);
  const value = result.value as { picker: Picker | null };
  expect(value.picker?.date).toBe(on);
  return value.picker!;
}

const labels = async (on = day) => (await picker(on)).times.map((time) => time.label);

async function book(form: Record<string, string>, cookie = world.cookie) {
  const result = await callAction(newAppointmentRoute.action, "/appointments/new", { cookie, form });
  await runOutboxJobs();
  return result;
}

function bookAt(start: string, extra: Record<string, string> = {}) {
  return book({ eventType: world.eventType.id, contact: world.contact.id, start, ...extra });
}

async function bookedId(result: unknown) {
  const location = redirectLocation(result);
  expect(location, "booking redirects to the appointment").toMatch(/^\/appointments\/[^/]+$/);
  return location!.split("/").pop()!;
}

async function appointmentAction(id: string, form: Record<string, string>, cookie = world.cookie) {
  const result = await callAction(appointmentRoute.action, `/appointments/${id}`, { cookie, params: { id }, form });
  await runOutboxJobs();
  return result;
}

async function reschedule(id: string, start: string, cookie = world.cookie) {
  const result = await callAction(rescheduleRoute.action, `/appointments/${id}/reschedule`, { cookie, params: { id }, form: { start } });
  await runOutboxJobs();
  return result;
}

async function list(query = "", cookie = world.cookie) {
  const result = unwrap(await callLoader(appointmentsRoute.loader, `/appointments${query}`, { cookie }));
  expect(result.status).toBe(200);
  return result.value as ListPage;
}

const listIds = async (query = "", cookie = world.cookie) => (await list(query, cookie)).rows.map((row) => row.id);

function staffAction(userId: string, form: Record<string, string>, cookie = world.cookie) {
  return callAction(staffMemberRoute.action, `/staff/${userId}`, { cookie, params: { userId }, form });
}

/* ---- the database and the outbox ---- */

function appointmentRow(id: string) {
  return db().selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function logOf(id: string) {
  const rows = await db().selectFrom("appointment_log").selectAll().where("appointment_id", "=", id).orderBy("at").orderBy("id").execute();
  return rows.map((row) => ({
    action: row.action,
    actorKind: row.actor_kind,
    actorUserId: row.actor_user_id,
    details: JSON.parse(row.details) as Record<string, unknown>,
  }));
}

async function rowsAt(start: string) {
  return db()
    .selectFrom("appointments")
    .select(["id", "host_user_id", "status"])
    .where("tenant_id", "=", world.tenantId)
    .where("start_at", "=", start)
    .execute();
}

function invitation(message: SentEmail | undefined) {
  expect(message, "an email to the contact").toBeDefined();
  const attachments = message!.attachments ?? [];
  expect(attachments).toHaveLength(1);
  const [attachment] = attachments;
  expect(attachment!.contentType).toMatch(/^text\/calendar/);
  return { ...readInvitation(attachment!.content), filename: attachment!.filename, contentType: attachment!.contentType };
}

function request(overrides: Partial<BookingRequest> = {}): BookingRequest {
  return {
    eventType: world.eventType,
    organizationId: world.organizationId,
    start: at("10:00"),
    contact: { id: world.contact.id, name: world.contact.name, email: world.contact.email, phone: world.contact.phone },
    source: "dashboard",
    actor: { kind: "user", userId: world.ownerId },
    fallbackTimeZone: world.timeZone,
    ...overrides,
  };
}

async function expectTranslated(keys: string[]) {
  for (const language of ["en", "de"] as const) {
    const t = await getTranslatorFor(language, "scheduling");
    for (const key of keys) expect(t(key), `${language}:scheduling:${key}`).not.toBe(key);
  }
}

const ALL_DAY = ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30"];

/* ---- 1. booking through the route ---- */

describe("booking through /appointments/new", () => {
  it("lists the free times, books one and logs it; the time and its buffers leave the picker", async () => {
    await setUp({ timeZone: "America/New_York", bufferBeforeMinutes: 15, bufferAfterMinutes: 15 });
    const before = await picker();
    expect(before.times.map((time) => time.label)).toEqual(ALL_DAY);
    expect(before.times.find((time) => time.label === "10:00")?.start).toBe(at("10:00"));
    expect(before.days.find((entry) => entry.date === day)?.count).toBe(ALL_DAY.length);

    const result = await bookAt(at("10:00"), { notes: "Bring the invoice" });
    const id = await bookedId(result);

    const row = await appointmentRow(id);
    expect(row).toMatchObject({
      tenant_id: world.tenantId,
      organization_id: world.organizationId,
      team_id: world.teamId,
      event_type_id: world.eventType.id,
      host_user_id: world.hosts[0]!.id,
      contact_id: world.contact.id,
      contact_email: world.contact.email,
      start_at: at("10:00"),
      end_at: at("10:30"),
      time_zone: world.timeZone,
      status: "booked",
      sequence: 0,
      reschedule_count: 0,
      notes: "Bring the invoice",
      source: "dashboard",
      created_by_user_id: world.ownerId,
    });
    expect(await logOf(id)).toEqual([
      { action: "booked", actorKind: "user", actorUserId: world.ownerId, details: { start: at("10:00"), end: at("10:30"), hostId: world.hosts[0]!.id } },
    ]);

    // 10:00 is booked; 09:30 and 10:30 would bring their 15-minute buffers into it; 09:00 and 11:00 just clear it.
    expect(await labels()).toEqual(ALL_DAY.filter((label) => !["09:30", "10:00", "10:30"].includes(label)));
  });
});

/* ---- 2. validation and refusals ---- */

describe("booking refusals", () => {
  beforeEach(async () => {
    await setUp();
  });

  it("asks for a time when none is posted", async () => {
    const result = await book({ eventType: world.eventType.id, contact: world.contact.id });
    expect(unwrap(result).status).toBe(400);
    expect(errorsOf(result).start).toEqual(["validation.timeRequired"]);
  });

  it("treats another tenant's contact or event type as not chosen", async () => {
    const mine = world;
    const other = await schedulingWorld();
    world = mine;
    const theirContact = await book({ eventType: world.eventType.id, contact: other.contact.id, start: at("10:00") });
    expect(unwrap(theirContact).status).toBe(400);
    expect(errorsOf(theirContact).contact).toEqual(["validation.contactRequired"]);
    const theirType = await book({ eventType: other.eventType.id, contact: world.contact.id, start: at("10:00") });
    expect(unwrap(theirType).status).toBe(400);
    expect(errorsOf(theirType).eventType).toEqual(["validation.eventTypeRequired"]);
    const rows = await db().selectFrom("appointments").select("id").where("tenant_id", "in", [world.tenantId, other.tenantId]).execute();
    expect(rows).toEqual([]);
  });

  it("refuses a time outside working hours as not offered", async () => {
    for (const clock of ["07:00", "12:00", "12:30", "17:00", "10:10"]) {
      const result = await bookAt(at(clock));
      expect(unwrap(result).status, clock).toBe(409);
      expect(errorsOf(result).start, clock).toEqual(["validation.slotNotOffered"]);
    }
    const saturday = weekdayAhead(world.timeZone, 3, [6]);
    expect(errorsOf(await bookAt(at("10:00", saturday))).start).toEqual(["validation.slotNotOffered"]);
    // Inside the minimum notice (two hours): not offered either.
    expect(errorsOf(await bookAt(new Date(Math.ceil((Date.now() + 30 * 60_000) / 1_800_000) * 1_800_000).toISOString())).start).toEqual([
      "validation.slotNotOffered",
    ]);
    expect(await db().selectFrom("appointments").select("id").where("tenant_id", "=", world.tenantId).execute()).toEqual([]);
  });

  it("says a time just taken by someone else is taken (409), and books nothing", async () => {
    const first = await bookAppointment(world.tenantId, request({ start: at("11:00") }));
    expect(first.kind).toBe("booked");
    const other = await addContact(world.tenantId, world.listId, "Otto", "Other");
    const result = await book({ eventType: world.eventType.id, contact: other.id, start: at("11:00") });
    expect(unwrap(result).status).toBe(409);
    expect(errorsOf(result).start).toEqual(["validation.slotTaken"]);
    expect(await rowsAt(at("11:00"))).toHaveLength(1);
    expect(appointmentEmailsTo(other.email)).toEqual([]);
  });

  it("has every refusal's message in English and German", async () => {
    await expectTranslated([
      "validation.timeRequired",
      "validation.contactRequired",
      "validation.eventTypeRequired",
      "validation.slotNotOffered",
      "validation.slotTaken",
      "validation.appointmentChanged",
      "validation.appointmentGone",
      "validation.noShowNotYet",
      "validation.timeFormat",
      "validation.hoursIncomplete",
      "validation.hoursNeedRange",
      "validation.hoursOrder",
      "validation.hoursOverlap",
    ]);
  });
});

/* ---- 3 and 4. concurrency and idempotency ---- */

describe("simultaneous bookings", () => {
  it("gives one single-host slot to exactly one of eight simultaneous bookings", async () => {
    await setUp();
    const start = at("13:30");
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => bookAppointment(world.tenantId, request({ start }))));
    const booked = outcomes.filter((outcome): outcome is Extract<BookingOutcome, { kind: "booked" }> => outcome.kind === "booked");
    expect(booked).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === "taken")).toHaveLength(7);
    const rows = await rowsAt(start);
    expect(rows).toEqual([{ id: booked[0]!.appointmentId, host_user_id: world.hosts[0]!.id, status: "booked" }]);
    expect(await logOf(booked[0]!.appointmentId)).toHaveLength(1);
  });

  it("with round robin, books two simultaneous requests on the two hosts and refuses a third", async () => {
    await setUp({ assignment: "round-robin" });
    const start = at("14:30");
    const pair = await Promise.all([bookAppointment(world.tenantId, request({ start })), bookAppointment(world.tenantId, request({ start }))]);
    expect(pair.map((outcome) => outcome.kind)).toEqual(["booked", "booked"]);
    const hostIds = pair.map((outcome) => (outcome.kind === "booked" ? outcome.hostId : null));
    expect(new Set(hostIds)).toEqual(new Set(world.hosts.map((host) => host.id)));
    expect(await bookAppointment(world.tenantId, request({ start }))).toEqual({ kind: "taken" });
    const rows = await rowsAt(start);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.host_user_id))).toEqual(new Set(world.hosts.map((host) => host.id)));
  });

  it("with round robin, a burst of eight fills both hosts once and refuses the other six", async () => {
    await setUp({ assignment: "round-robin" });
    const start = at("15:00");
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => bookAppointment(world.tenantId, request({ start }))));
    expect(outcomes.filter((outcome) => outcome.kind === "booked")).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome.kind === "taken")).toHaveLength(6);
    const rows = await rowsAt(start);
    expect(rows.map((row) => row.host_user_id).sort()).toEqual(world.hosts.map((host) => host.id).sort());
  });
});

describe("idempotency by client key", () => {
  it("answers a repeated client key with the first booking, whatever its time", async () => {
    await setUp();
    const first = await bookAppointment(world.tenantId, request({ clientKey: "call-1:book", start: at("09:00") }));
    expect(first.kind).toBe("booked");
    const id = first.kind === "booked" ? first.appointmentId : "";
    expect(await bookAppointment(world.tenantId, request({ clientKey: "call-1:book", start: at("09:00") }))).toEqual({ kind: "duplicate", appointmentId: id });
    expect(await bookAppointment(world.tenantId, request({ clientKey: "call-1:book", start: at("15:00") }))).toEqual({ kind: "duplicate", appointmentId: id });
    expect(await db().selectFrom("appointments").select("id").where("client_key", "=", "call-1:book").execute()).toEqual([{ id }]);
  });

  it("with two hosts free, two simultaneous requests with one client key book once", async () => {
    await setUp({ assignment: "round-robin" });
    const start = at("16:00");
    const outcomes = await Promise.all([
      bookAppointment(world.tenantId, request({ clientKey: "retry-rr", start })),
      bookAppointment(world.tenantId, request({ clientKey: "retry-rr", start })),
    ]);
    const booked = outcomes.find((outcome) => outcome.kind === "booked");
    expect(booked).toBeDefined();
    const id = booked!.kind === "booked" ? booked!.appointmentId : "";
    expect(outcomes.find((outcome) => outcome !== booked)).toEqual({ kind: "duplicate", appointmentId: id });
    expect(await rowsAt(start)).toEqual([{ id, host_user_id: expect.any(String) as string, status: "booked" }]);
  });

  // With one host the twin holds the host's lock second: it must find its own booking, not a busy host.
  it("with a single host, two simultaneous requests with one client key book once and answer the twin as a duplicate", async () => {
    await setUp();
    const start = at("16:00");
    const outcomes = await Promise.all([
      bookAppointment(world.tenantId, request({ clientKey: "retry-1", start })),
      bookAppointment(world.tenantId, request({ clientKey: "retry-1", start })),
    ]);
    expect(await rowsAt(start)).toHaveLength(1);
    const booked = outcomes.find((outcome) => outcome.kind === "booked");
    expect(booked).toBeDefined();
    const id = booked!.kind === "booked" ? booked!.appointmentId : "";
    expect(outcomes.find((outcome) => outcome !== booked)).toEqual({ kind: "duplicate", appointmentId: id });
  });
});

/* ---- 5. reschedule ---- */

describe("rescheduling", () => {
  beforeEach(async () => {
    await setUp();
  });

  it("moves the appointment, raises its sequence, logs from and to and frees the old time", async () => {
    const id = await bookedId(await bookAt(at("10:00")));
    expect(await labels()).not.toContain("10:00");

    const pickerPage = unwrap(
      await callLoader(rescheduleRoute.loader, `/appointments/${id}/reschedule?week=${day}&date=${day}`, { cookie: world.cookie, params: { id } }),
    );
    expect(pickerPage.status).toBe(200);
    // The appointment's own time does not count against its host.
    expect((pickerPage.value as { picker: Picker }).picker.times.map((time) => time.label)).toContain("10:00");

    const result = await reschedule(id, at("14:00"));
    expect(redirectLocation(result)).toBe(`/appointments/${id}`);
    expect(await appointmentRow(id)).toMatchObject({
      start_at: at("14:00"),
      end_at: at("14:30"),
      status: "booked",
      sequence: 1,
      reschedule_count: 1,
      host_user_id: world.hosts[0]!.id,
    });
    expect((await logOf(id)).map((entry) => entry.action)).toEqual(["booked", "rescheduled"]);
    expect((await logOf(id))[1]).toEqual({
      action: "rescheduled",
      actorKind: "user",
      actorUserId: world.ownerId,
      details: { from: at("10:00"), to: at("14:00") },
    });

    const times = await labels();
    expect(times).toContain("10:00");
    expect(times).not.toContain("14:00");
    expect((await list()).rows.find((row) => row.id === id)?.rescheduled).toBe(true);
  });

  it("refuses a time the host already has, and leaves the appointment where it was", async () => {
    const id = await bookedId(await bookAt(at("10:00")));
    const mailed = appointmentEmailsTo(world.contact.email).length;
    const other = await addContact(world.tenantId, world.listId, "Otto", "Other");
    const taken = await bookAppointment(
      world.tenantId,
      request({ start: at("15:00"), contact: { id: other.id, name: other.name, email: other.email, phone: other.phone } }),
    );
    expect(taken.kind).toBe("booked");

    const result = await reschedule(id, at("15:00"));
    expect(unwrap(result).status).toBe(409);
    expect(["validation.slotTaken", "validation.slotNotOffered"]).toContain(errorsOf(result).start?.[0]);
    expect(await appointmentRow(id)).toMatchObject({ start_at: at("10:00"), sequence: 0, reschedule_count: 0 });
    expect(await logOf(id)).toHaveLength(1);
    expect(appointmentEmailsTo(world.contact.email)).toHaveLength(mailed);

    const lunch = await reschedule(id, at("12:00"));
    expect(errorsOf(lunch).start).toEqual(["validation.slotNotOffered"]);
  });
});

/* ---- 6. cancel and no-show ---- */

describe("cancelling and no-shows", () => {
  beforeEach(async () => {
    await setUp();
  });

  it("cancels with a reason, logs it, frees the time and refuses a second cancel", async () => {
    const id = await bookedId(await bookAt(at("09:30")));
    const confirming = unwrap(await callLoader(appointmentRoute.loader, `/appointments/${id}?confirm=cancel`, { cookie: world.cookie, params: { id } }));
    expect(confirming.value).toMatchObject({ confirmingCancel: true, canCancel: true, canNoShow: false });

    const result = await appointmentAction(id, { intent: "cancel", reason: "Feeling better" });
    expect(redirectLocation(result)).toBe(`/appointments/${id}`);
    expect(await appointmentRow(id)).toMatchObject({ status: "cancelled", cancel_reason: "Feeling better", sequence: 1 });
    expect((await logOf(id)).at(-1)).toEqual({ action: "cancelled", actorKind: "user", actorUserId: world.ownerId, details: { reason: "Feeling better" } });

    // The time is free again.
    expect(await labels()).toContain("09:30");
    const mailed = appointmentEmailsTo(world.contact.email).length;

    const again = await appointmentAction(id, { intent: "cancel", reason: "Twice" });
    expect(unwrap(again).status).toBe(409);
    expect(errorsOf(again)[""]).toEqual(["validation.appointmentChanged"]);
    expect((await logOf(id)).filter((entry) => entry.action === "cancelled")).toHaveLength(1);
    expect(appointmentEmailsTo(world.contact.email)).toHaveLength(mailed);
  });

  it("refuses a no-show before the start and records one after it", async () => {
    const future = await bookedId(await bookAt(at("11:00")));
    const early = await appointmentAction(future, { intent: "no-show" });
    expect(unwrap(early).status).toBe(409);
    expect(errorsOf(early)[""]).toEqual(["validation.noShowNotYet"]);
    expect((await appointmentRow(future)).status).toBe("booked");

    const past = await insertAppointment(world, { start: new Date(Date.now() - 2 * 3_600_000).toISOString() });
    const page = unwrap(await callLoader(appointmentRoute.loader, `/appointments/${past}`, { cookie: world.cookie, params: { id: past } }));
    expect(page.value).toMatchObject({ canNoShow: true, canCancel: false, canReschedule: false });
    const result = await appointmentAction(past, { intent: "no-show" });
    expect(redirectLocation(result)).toBe(`/appointments/${past}`);
    expect((await appointmentRow(past)).status).toBe("no-show");
    expect(await logOf(past)).toEqual([{ action: "no-show", actorKind: "user", actorUserId: world.ownerId, details: {} }]);
    const again = await appointmentAction(past, { intent: "no-show" });
    expect(errorsOf(again)[""]).toEqual(["validation.appointmentChanged"]);
  });
});

/* ---- the contact's emails (1, 5, 6) ---- */

describe("the contact's emails", () => {
  it("booking mails an English REQUEST invitation with the appointment's UID, SEQUENCE 0 and its start in UTC", async () => {
    await setUp({ timeZone: "America/New_York" });
    const id = await bookedId(await bookAt(at("10:00")));
    const emails = appointmentEmailsTo(world.contact.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toMatch(/^Confirmed: Consultation with /);
    expect(emails[0]!.subject).toContain(world.organizationName);
    expect(emails[0]!.text).toContain("Hello Carla Contact,");
    const ics = invitation(emails[0]);
    expect(ics).toMatchObject({
      method: "REQUEST",
      uid: `${id}@voxboard`,
      sequence: 0,
      status: "CONFIRMED",
      start: at("10:00"),
      end: at("10:30"),
      filename: "invite.ics",
    });
    expect(ics.contentType).toContain("method=REQUEST");
  });

  it("writes in German for a German tenant", async () => {
    await setUp({ timeZone: "Europe/Berlin", country: "DE" });
    // 14:00 in Berlin is 12:00 or 13:00 UTC, never 14:00.
    expect(at("14:00")).toMatch(/T1[23]:00:00\.000Z$/);
    const id = await bookedId(await bookAt(at("14:00")));
    const emails = appointmentEmailsTo(world.contact.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toMatch(/^Bestätigt: Consultation bei /);
    expect(emails[0]!.text).toContain("Hallo Carla Contact,");
    expect(invitation(emails[0])).toMatchObject({ method: "REQUEST", uid: `${id}@voxboard`, sequence: 0, start: at("14:00") });
  });

  it("a new time mails a REQUEST with the same UID and SEQUENCE 1", async () => {
    await setUp();
    const id = await bookedId(await bookAt(at("10:00")));
    expect(redirectLocation(await reschedule(id, at("14:00")))).toBe(`/appointments/${id}`);
    const emails = appointmentEmailsTo(world.contact.email);
    expect(emails).toHaveLength(2);
    expect(emails[1]!.subject).toMatch(/^New time: Consultation with /);
    expect(invitation(emails[1])).toMatchObject({
      method: "REQUEST",
      uid: `${id}@voxboard`,
      sequence: 1,
      status: "CONFIRMED",
      start: at("14:00"),
      end: at("14:30"),
    });
  });

  it("a cancellation mails a CANCEL with STATUS:CANCELLED, the same UID and the reason", async () => {
    await setUp();
    const id = await bookedId(await bookAt(at("09:30")));
    expect(redirectLocation(await appointmentAction(id, { intent: "cancel", reason: "Feeling better" }))).toBe(`/appointments/${id}`);
    const emails = appointmentEmailsTo(world.contact.email);
    expect(emails).toHaveLength(2);
    expect(emails[1]!.subject).toMatch(/^Cancelled: /);
    expect(emails[1]!.text).toContain("Reason: Feeling better");
    const ics = invitation(emails[1]);
    expect(ics).toMatchObject({ method: "CANCEL", status: "CANCELLED", uid: `${id}@voxboard`, start: at("09:30"), filename: "cancel.ics" });
    expect(ics.sequence).toBeGreaterThan(0);
  });
});

/* ---- 7. the list ---- */

describe("the appointments list", () => {
  beforeEach(async () => {
    await setUp();
  });

  it("filters by when, status, staff, event type and the tenant's calendar days", async () => {
    const [ada, bo] = world.hosts;
    const followUp = await addEventType(world.tenantId, world.teamId, { name: "Follow-up", hostIds: [bo!.id] });
    const pastDay = addDays(day, -10);
    const nextDay = addDays(day, 1);
    const upcoming = await insertAppointment(world, { start: at("09:00"), hostId: ada!.id });
    const cancelled = await insertAppointment(world, { start: at("10:00"), hostId: bo!.id, status: "cancelled" });
    // 23:30 in New York is the next day in UTC: the day filters must read the tenant's calendar.
    const lateEvening = await insertAppointment(world, { start: at("23:30", nextDay), hostId: bo!.id, eventTypeId: followUp.id });
    const pastBooked = await insertAppointment(world, { start: at("10:00", pastDay), hostId: ada!.id });
    const noShow = await insertAppointment(world, { start: at("11:00", pastDay), hostId: bo!.id, status: "no-show" });
    expect(at("23:30", nextDay).slice(0, 10)).toBe(addDays(day, 2));

    expect(await listIds()).toEqual([upcoming, cancelled, lateEvening]);
    expect(await listIds("?when=past")).toEqual([noShow, pastBooked]);
    expect(await listIds("?when=all")).toEqual([lateEvening, cancelled, upcoming, noShow, pastBooked]);
    expect(await listIds("?when=all&status=cancelled")).toEqual([cancelled]);
    expect(await listIds("?when=all&status=no-show")).toEqual([noShow]);
    expect(await listIds("?when=all&staff=" + bo!.id)).toEqual([lateEvening, cancelled, noShow]);
    expect(await listIds("?when=all&eventType=" + followUp.id)).toEqual([lateEvening]);
    expect(await listIds(`?when=all&from=${nextDay}&to=${nextDay}`)).toEqual([lateEvening]);
    expect(await listIds(`?when=all&from=${addDays(day, 2)}`)).toEqual([]);
    expect(await listIds(`?when=all&from=${day}&to=${day}`)).toEqual([cancelled, upcoming]);
    // A backwards range is swapped.
    expect(await listIds(`?when=all&from=${nextDay}&to=${day}`)).toEqual([lateEvening, cancelled, upcoming]);
    expect(await listIds(`?when=all&to=${pastDay}`)).toEqual([noShow, pastBooked]);
    const rows = (await list("?when=all")).rows;
    expect(rows.find((row) => row.id === noShow)).toMatchObject({ status: "no-show", hostName: "Bo Host" });
  });

  it("pages by twenty", async () => {
    const ids: string[] = [];
    for (let index = 0; index < 25; index++)
      ids.push(await insertAppointment(world, { start: at("09:00", addDays(day, index)), hostId: world.hosts[index % 2]!.id }));
    const first = await list();
    expect(first.total).toBe(25);
    expect(first.pageCount).toBe(2);
    expect(first.rows.map((row) => row.id)).toEqual(ids.slice(0, 20));
    const second = await list("?page=2");
    expect(second.params.page).toBe(2);
    expect(second.rows.map((row) => row.id)).toEqual(ids.slice(20));
    expect((await list("?page=3")).rows).toEqual([]);
  });

  it("shows only the selected organization's and team's appointments", async () => {
    const mine = await insertAppointment(world, { start: at("09:00") });
    const otherTeamId = await insertTeam(world.tenantId, world.organizationId, "Zeta team");
    await addMember(world.organizationId, otherTeamId, world.ownerId);
    const otherTeam = await insertAppointment(world, { start: at("10:00"), teamId: otherTeamId });
    const otherOrganizationId = await createOrganization(world.tenantId, world.ownerId, { name: "Another clinic", website: null });
    const otherOrganization = await insertAppointment(world, { start: at("11:00"), organizationId: otherOrganizationId, teamId: null });

    expect(await listIds("?when=all")).toEqual([mine]);
    const teamCookie = await selectOrganization(world.cookie, world.organizationId, otherTeamId);
    expect(await listIds("?when=all", teamCookie)).toEqual([otherTeam]);
    const organizationCookie = await selectOrganization(world.cookie, otherOrganizationId);
    expect(await listIds("?when=all", organizationCookie)).toEqual([otherOrganization]);
  });

  it("answers 404 for another tenant's appointment on the detail page and its actions", async () => {
    const mine = world;
    const other = await schedulingWorld();
    world = other;
    const theirs = await insertAppointment(other, { start: instantAt(day, "10:00", other.timeZone) });
    world = mine;
    for (const result of [
      await callLoader(appointmentRoute.loader, `/appointments/${theirs}`, { cookie: world.cookie, params: { id: theirs } }),
      await callLoader(rescheduleRoute.loader, `/appointments/${theirs}/reschedule`, { cookie: world.cookie, params: { id: theirs } }),
      await appointmentAction(theirs, { intent: "cancel", reason: "not mine" }),
      await appointmentAction(theirs, { intent: "no-show" }),
      await reschedule(theirs, at("14:00")),
    ]) {
      expect(result).toBeInstanceOf(Response);
      expect((result as Response).status).toBe(404);
    }
    expect(await appointmentRow(theirs)).toMatchObject({ status: "booked", start_at: instantAt(day, "10:00", other.timeZone), sequence: 0 });
  });
});

/* ---- 8. permissions ---- */

describe("permissions", () => {
  it("lets an agent read appointments but not book, reschedule, cancel or mark them", async () => {
    await setUp();
    const id = await bookedId(await bookAt(at("10:00")));
    const agentEmail = await addTenantUser(world.tenantId, "agent");
    const agent = await selectOrganization(await sessionCookieFor(agentEmail), world.organizationId, world.teamId);

    expect(await listIds("", agent)).toEqual([id]);
    const detail = unwrap(await callLoader(appointmentRoute.loader, `/appointments/${id}`, { cookie: agent, params: { id } }));
    expect(detail.status).toBe(200);
    expect(detail.value).toMatchObject({ canCancel: false, canReschedule: false, canNoShow: false });

    const refused = [
      await callLoader(newAppointmentRoute.loader, "/appointments/new", { cookie: agent }),
      await book({ eventType: world.eventType.id, contact: world.contact.id, start: at("14:00") }, agent),
      await appointmentAction(id, { intent: "cancel", reason: "agent" }, agent),
      await appointmentAction(id, { intent: "no-show" }, agent),
      await reschedule(id, at("14:00"), agent),
    ];
    for (const result of refused) {
      expect(result).toBeInstanceOf(Response);
      expect((result as Response).status).toBe(403);
    }
    expect(await appointmentRow(id)).toMatchObject({ status: "booked", start_at: at("10:00") });
    expect(await rowsAt(at("14:00"))).toEqual([]);
  });

  it("an admin of another organization of the account cannot change this organization's appointments", async () => {
    await setUp();
    const id = await bookedId(await bookAt(at("10:00")));
    const adminEmail = await addTenantUser(world.tenantId, "agent");
    const adminId = (await getDb().selectFrom("users").select("id").where("email", "=", adminEmail).executeTakeFirstOrThrow()).id;
    const elsewhere = await createOrganization(world.tenantId, world.ownerId, { name: "Elsewhere", website: null });
    await addMember(elsewhere, null, adminId, "admin");
    const admin = await selectOrganization(await sessionCookieFor(adminEmail), elsewhere);
    const detail = unwrap(await callLoader(appointmentRoute.loader, `/appointments/${id}`, { cookie: admin, params: { id } }));
    expect(detail.value).toMatchObject({ canCancel: false, canReschedule: false });
    for (const result of [await appointmentAction(id, { intent: "cancel", reason: "not mine" }, admin), await reschedule(id, at("14:00"), admin)]) {
      expect((result as Response).status).toBe(403);
    }
    expect(await appointmentRow(id)).toMatchObject({ status: "booked", start_at: at("10:00") });
  });
});

/* ---- 9. staff ---- */

describe("staff hours and calendar feeds", () => {
  beforeEach(async () => {
    await setUp();
  });

  it("lists the team's hosts", async () => {
    const result = unwrap(await callLoader(staffRoute.loader, "/staff", { cookie: world.cookie }));
    const rows = (result.value as { rows: Array<{ id: string; timeZone: string | null; weeklyHours: number }> }).rows;
    expect(rows.map((row) => row.id)).toEqual(world.hosts.map((host) => host.id));
    expect(rows[0]).toMatchObject({ timeZone: world.timeZone, weeklyHours: 35 });
  });

  it("puts each badly written day's problem on its own field and saves nothing", async () => {
    const host = world.hosts[0]!;
    const result = await staffAction(host.id, {
      intent: "save-hours",
      timeZone: "America/New_York",
      day1Works: "on",
      day1From0: "9am",
      day1To0: "17:00",
      day2Works: "on",
      day2From0: "17:00",
      day2To0: "09:00",
      day3Works: "on",
      day3From0: "09:00",
      day3To0: "12:00",
      day3From1: "11:00",
      day3To1: "13:00",
      day4Works: "on",
      day4From0: "09:00",
      day4To0: "17:00",
    });
    expect(unwrap(result).status).toBe(400);
    const errors = errorsOf(result);
    expect(errors.day1From0).toEqual(["validation.timeFormat"]);
    expect(errors.day2To0).toEqual(["validation.hoursOrder"]);
    expect(errors.day3From1).toEqual(["validation.hoursOverlap"]);
    expect(Object.keys(errors).filter((name) => name.startsWith("day4"))).toEqual([]);
    const schedule = await db().selectFrom("staff_schedules").select("weekly_hours").where("user_id", "=", host.id).executeTakeFirstOrThrow();
    expect(JSON.parse(schedule.weekly_hours)).toEqual(JSON.parse(JSON.stringify(WORKING_WEEK)));
  });

  it("offers what saved hours say, and nothing on an override's day off", async () => {
    const host = world.hosts[0]!;
    const [year, month, date] = day.split("-").map(Number) as [number, number, number];
    const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay() || 7;
    const form: Record<string, string> = { intent: "save-hours", timeZone: "America/New_York" };
    for (let index = 1; index <= 7; index++) {
      if (index !== weekday && index > 5) continue;
      form[`day${index}Works`] = "on";
      form[`day${index}From0`] = index === weekday ? "10:00" : "09:00";
      form[`day${index}To0`] = index === weekday ? "11:00" : "17:00";
    }
    const saved = await staffAction(host.id, form);
    expect(redirectLocation(saved)).toBe(`/staff/${host.id}`);
    expect(await labels()).toEqual(["10:00", "10:30"]);

    const nextDay = addDays(day, 1);
    const before = await labels(nextDay);
    expect(before.length).toBeGreaterThan(0);
    expect(redirectLocation(await staffAction(host.id, { intent: "add-override", date: day }))).toBe(`/staff/${host.id}`);
    const week = await picker(day);
    expect(week.times).toEqual([]);
    expect(week.days.find((entry) => entry.date === day)?.count).toBe(0);
    expect(await labels(nextDay)).toEqual(before);
    // A booking on that day is not offered either.
    expect(errorsOf(await bookAt(at("10:00"))).start).toEqual(["validation.slotNotOffered"]);

    const override = await db().selectFrom("staff_overrides").select("id").where("user_id", "=", host.id).where("date", "=", day).executeTakeFirstOrThrow();
    expect(redirectLocation(await staffAction(host.id, { intent: "remove-override", overrideId: override.id }))).toBe(`/staff/${host.id}`);
    expect(await labels()).toEqual(["10:00", "10:30"]);
  });

  it("lets an agent change their own hours but not a colleague's", async () => {
    const [self, colleague] = world.hosts;
    const cookie = await selectOrganization(await sessionCookieFor(self!.email), world.organizationId, world.teamId);
    const hours = { intent: "save-hours", timeZone: "Europe/Berlin", day1Works: "on", day1From0: "08:00", day1To0: "12:00" };
    expect(redirectLocation(await staffAction(self!.id, hours, cookie))).toBe(`/staff/${self!.id}`);
    expect(await db().selectFrom("staff_schedules").select(["time_zone", "weekly_hours"]).where("user_id", "=", self!.id).executeTakeFirstOrThrow()).toEqual({
      time_zone: "Europe/Berlin",
      weekly_hours: JSON.stringify({ 1: [{ start: "08:00", end: "12:00" }] }),
    });

    const refused = await staffAction(colleague!.id, hours, cookie);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    const page = unwrap(await callLoader(staffMemberRoute.loader, `/staff/${colleague!.id}`, { cookie, params: { userId: colleague!.id } }));
    expect(page.value).toMatchObject({ canEdit: false });
    expect((await db().selectFrom("staff_schedules").select("time_zone").where("user_id", "=", colleague!.id).executeTakeFirstOrThrow()).time_zone).toBe(
      world.timeZone,
    );
  });

  it("shows a calendar feed's URL once, keeps only its hash, replaces it on reissue and revokes it", async () => {
    const host = world.hosts[0]!;
    const first = unwrap(await staffAction(host.id, { intent: "issue-feed" }));
    expect(first.status).toBe(200);
    const url = (first.value as { feedUrl: string }).feedUrl;
    const token = /\/calendar-feed\/([\w-]+)\.ics$/.exec(url)?.[1];
    expect(token, url).toBeTruthy();

    const feeds = () => db().selectFrom("calendar_feeds").selectAll().where("user_id", "=", host.id).orderBy("created_at").orderBy("id").execute();
    const stored = await feeds();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(createHash("sha256").update(token!).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(token!);

    const page = unwrap(await callLoader(staffMemberRoute.loader, `/staff/${host.id}`, { cookie: world.cookie, params: { userId: host.id } }));
    expect(page.value).toMatchObject({ feed: { live: true } });
    expect(JSON.stringify(page.value)).not.toContain(token!);

    const second = unwrap(await staffAction(host.id, { intent: "issue-feed" }));
    const secondToken = /\/calendar-feed\/([\w-]+)\.ics$/.exec((second.value as { feedUrl: string }).feedUrl)?.[1];
    expect(secondToken).not.toBe(token);
    expect((await feeds()).filter((feed) => feed.revoked_at === null).map((feed) => feed.token_hash)).toEqual([
      createHash("sha256").update(secondToken!).digest("hex"),
    ]);

    expect(redirectLocation(await staffAction(host.id, { intent: "revoke-feed" }))).toBe(`/staff/${host.id}`);
    expect((await feeds()).every((feed) => feed.revoked_at !== null)).toBe(true);
    const after = unwrap(await callLoader(staffMemberRoute.loader, `/staff/${host.id}`, { cookie: world.cookie, params: { userId: host.id } }));
    expect(after.value).toMatchObject({ feed: { live: false } });
  });
});
