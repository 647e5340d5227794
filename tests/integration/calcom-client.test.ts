import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/config/env.server";
import {
  CALCOM_DEFAULT_BASE_URL,
  CalcomError,
  createCalcomClient,
  looksLikeCalcomApiKey,
  normalizeCalcomBaseUrl,
  retryAfterSecondsFrom,
  type CalcomClient,
  type CalcomErrorKind,
} from "~/features/calcom/calcom-client.server";
import { CALCOM_SIGNATURE_HEADER, parseCalcomWebhook, verifyCalcomSignature } from "~/features/calcom/webhook-signature.server";
import { startCalcomStub, type CalcomStub, type RecordedCalcomRequest } from "../support/stubs/calcom-stub";

/*
 * The Cal.com API v2 client against a stateful Cal.com stub on 127.0.0.1
 * (nothing reaches the real Cal.com): the connection test, event types,
 * paged bookings, booking, cancelling and rescheduling, one test per error kind,
 * the outbound guard refusing the stub's private address when the operator has
 * not allowed it, and the webhook signature check and parser.
 */

let stub: CalcomStub;
let client: CalcomClient;

/** Whole hours from now, so bookings are always in the future and never clash by accident. */
let hourSlot = 24;
const nextSlot = () => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + hourSlot++ * 3_600_000);

function allowPrivate(allowed: boolean) {
  vi.stubEnv("OUTBOUND_ALLOW_PRIVATE", allowed ? "1" : "0");
  resetEnvCache();
}

beforeAll(async () => {
  // The stub listens on 127.0.0.1, which the outbound guard refuses unless the operator allows private addresses.
  allowPrivate(true);
  stub = await startCalcomStub();
  client = createCalcomClient({ apiKey: stub.apiKey, baseUrl: stub.baseUrl });
});

afterAll(async () => {
  await stub.close();
  vi.unstubAllEnvs();
  resetEnvCache();
});

async function calcomErrorOf(promise: Promise<unknown>, kind: CalcomErrorKind): Promise<CalcomError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CalcomError);
  expect((error as CalcomError).kind).toBe(kind);
  return error as CalcomError;
}

const requestsSince = (count: number): RecordedCalcomRequest[] => stub.requests.slice(count);

const booker = { name: "Max Mustermann", email: "max@example.test", timeZone: "Europe/Berlin", language: "de" };

describe("base URL and key", () => {
  it("accepts Cal.com's URL with or without /v2 and a trailing slash, and self-hosted prefixes", () => {
    expect(normalizeCalcomBaseUrl(undefined)).toBe(CALCOM_DEFAULT_BASE_URL);
    expect(normalizeCalcomBaseUrl("  ")).toBe("https://api.cal.com");
    for (const input of ["https://api.cal.com", "https://api.cal.com/", "https://api.cal.com/v2", "https://api.cal.com/v2/", "HTTPS://API.CAL.COM//"]) {
      expect(normalizeCalcomBaseUrl(input)).toBe("https://api.cal.com");
    }
    expect(normalizeCalcomBaseUrl("https://cal.example.com/api/v2")).toBe("https://cal.example.com/api");
    expect(normalizeCalcomBaseUrl("http://cal.lan:5555/")).toBe("http://cal.lan:5555");
  });

  it.each([
    "ftp://api.cal.com",
    "javascript:alert(1)",
    "api.cal.com",
    "https://user:pw@api.cal.com",
    "https://api.cal.com/v2?x=1",
    "https://api.cal.com/#top",
    "not a url",
  ])("refuses %s", (input) => {
    expect(() => normalizeCalcomBaseUrl(input)).toThrow(expect.objectContaining({ kind: "invalid-base-url" }));
  });

  it("refuses an empty key or one that cannot be a header, and recognizes Cal.com's key prefixes", () => {
    expect(() => createCalcomClient({ apiKey: "  " })).toThrow(expect.objectContaining({ kind: "unauthorized" }));
    expect(() => createCalcomClient({ apiKey: "cal_live_abc\r\nX-Evil: 1" })).toThrow(expect.objectContaining({ kind: "unauthorized" }));
    expect(looksLikeCalcomApiKey("cal_live_0123abcd")).toBe(true);
    expect(looksLikeCalcomApiKey("cal_test_0123abcd")).toBe(true);
    expect(looksLikeCalcomApiKey("sk_live_0123")).toBe(false);
  });
});

describe("reading", () => {
  it("tests the connection with /v2/me, sending the key and an API version", async () => {
    const before = stub.requests.length;
    const me = await client.me();
    expect(me).toMatchObject({ id: stub.user.id, email: "owner@acme.test", timeZone: "Europe/Berlin", username: "acme-dental", name: "Acme Dental" });
    const [request] = requestsSince(before);
    expect(request).toMatchObject({ method: "GET", path: "/v2/me", authorization: `Bearer ${stub.apiKey}`, apiVersion: "2024-08-13", status: 200 });
  });

  it("lists the user's event types (hidden ones too) with the event-types API version", async () => {
    const before = stub.requests.length;
    const eventTypes = await client.listEventTypes();
    expect(eventTypes.map((e) => e.slug)).toEqual(["consultation", "follow-up", "clinic-visit"]);
    expect(eventTypes[0]).toEqual({
      id: 1001,
      title: "Consultation",
      slug: "consultation",
      lengthInMinutes: 30,
      lengthInMinutesOptions: null,
      description: "A first consultation",
      locations: [{ type: "integration", integration: "cal-video", address: undefined, link: undefined, phone: undefined }],
      hidden: false,
    });
    expect(eventTypes[1]).toMatchObject({ description: null, locations: [{ type: "phone", phone: "+4930123456" }] });
    expect(eventTypes[2]).toMatchObject({ hidden: true, locations: [{ type: "address", address: "Hauptstraße 1, 10115 Berlin" }] });
    expect(requestsSince(before)).toEqual([expect.objectContaining({ path: "/v2/event-types", apiVersion: "2024-06-14" })]);
  });

  it("asks again with the username when an older Cal.com lists no event types without one", async () => {
    const legacy = await startCalcomStub({ eventTypesNeedUsername: true });
    try {
      const legacyClient = createCalcomClient({ apiKey: legacy.apiKey, baseUrl: `${legacy.baseUrl}/v2/` });
      expect((await legacyClient.listEventTypes()).map((e) => e.id)).toEqual([1001, 1002, 1003]);
      expect(legacy.requests.map((r) => [r.path, r.query.username ?? null])).toEqual([
        ["/v2/event-types", null],
        ["/v2/me", null],
        ["/v2/event-types", "acme-dental"],
      ]);
    } finally {
      await legacy.close();
    }
  });

  it("follows the pages of bookings until Cal.com says there are no more", async () => {
    const paging = await startCalcomStub();
    try {
      const base = Date.now() + 48 * 3_600_000;
      for (let i = 0; i < 230; i += 1)
        paging.addBooking({ start: new Date(base + i * 3_600_000), attendee: { name: `Booker ${i}`, email: `b${i}@example.test` } });
      const pagingClient = createCalcomClient({ apiKey: paging.apiKey, baseUrl: paging.baseUrl });

      const { bookings, truncated } = await pagingClient.listBookings({ status: "upcoming" });
      expect(truncated).toBe(false);
      expect(bookings).toHaveLength(230);
      expect(new Set(bookings.map((b) => b.uid)).size).toBe(230);
      expect(bookings[0]).toMatchObject({
        status: "accepted",
        eventTypeId: 1001,
        eventTypeSlug: "consultation",
        durationMinutes: 30,
        attendees: [{ name: "Booker 0", email: "b0@example.test" }],
      });
      expect(paging.requests.map((r) => [r.query.take, r.query.skip])).toEqual([
        ["100", "0"],
        ["100", "100"],
        ["100", "200"],
      ]);
      expect(paging.requests.every((r) => r.apiVersion === "2024-08-13" && r.query.status === "upcoming" && r.query.sortStart === "asc")).toBe(true);

      const capped = await pagingClient.listBookings({ pageSize: 50, maxPages: 2 });
      expect(capped.truncated).toBe(true);
      expect(capped.bookings).toHaveLength(100);
    } finally {
      await paging.close();
    }
  });

  it("sends the time window and statuses as filters", async () => {
    const inside = stub.addBooking({ start: nextSlot() });
    const cancelled = stub.addBooking({ start: nextSlot() });
    stub.cancelBooking(cancelled.uid, "Booker is ill");
    const outside = stub.addBooking({ start: new Date(Date.parse(cancelled.start) + 30 * 86_400_000) });

    const afterStart = new Date(Date.parse(inside.start) - 60_000);
    const beforeEnd = new Date(Date.parse(cancelled.end) + 60_000);
    const before = stub.requests.length;
    const window = await client.listBookings({ afterStart, beforeEnd, status: ["upcoming", "cancelled"] });
    expect(window.bookings.map((b) => b.uid)).toEqual([inside.uid, cancelled.uid]);
    expect(window.bookings[1]).toMatchObject({ status: "cancelled", cancellationReason: "Booker is ill" });
    expect(requestsSince(before)[0]!.query).toMatchObject({
      afterStart: afterStart.toISOString(),
      beforeEnd: beforeEnd.toISOString(),
      status: "upcoming,cancelled",
    });

    const upcomingOnly = await client.listBookings({ afterStart, status: "upcoming" });
    expect(upcomingOnly.bookings.map((b) => b.uid)).toContain(outside.uid);
    expect(upcomingOnly.bookings.map((b) => b.uid)).not.toContain(cancelled.uid);
  });
});

describe("booking, cancelling and rescheduling", () => {
  it("books an event type for an attendee, in UTC, with metadata", async () => {
    const start = nextSlot();
    const before = stub.requests.length;
    const booking = await client.createBooking({
      eventTypeId: 1001,
      start,
      attendee: booker,
      metadata: { voxboardCallId: "call-123", tenant: "t-1" },
    });
    expect(booking).toMatchObject({
      status: "accepted",
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * 60_000).toISOString(),
      eventTypeId: 1001,
      attendees: [{ name: "Max Mustermann", email: "max@example.test", timeZone: "Europe/Berlin", language: "de" }],
      metadata: { voxboardCallId: "call-123", tenant: "t-1" },
    });
    expect(booking.uid).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(stub.booking(booking.uid)?.status).toBe("accepted");
    const [request] = requestsSince(before);
    expect(request).toMatchObject({ method: "POST", path: "/v2/bookings", apiVersion: "2024-08-13", contentType: "application/json", status: 201 });
    expect(request!.body).toEqual({ start: start.toISOString(), eventTypeId: 1001, attendee: booker, metadata: { voxboardCallId: "call-123", tenant: "t-1" } });
  });

  it("says when Cal.com refuses a booking (a taken slot) in Cal.com's words", async () => {
    const start = nextSlot();
    stub.addBooking({ start });
    const error = await calcomErrorOf(client.createBooking({ eventTypeId: 1002, start, attendee: booker }), "rejected");
    expect(error.status).toBe(400);
    expect(error.code).toBe("BadRequestException");
    expect(error.message).toContain("already has booking at this time");
  });

  it("cancels a booking with a reason", async () => {
    const { uid } = stub.addBooking({ start: nextSlot() });
    const before = stub.requests.length;
    const cancelled = await client.cancelBooking(uid, "Patient called to cancel");
    expect(cancelled).toMatchObject({ uid, status: "cancelled", cancellationReason: "Patient called to cancel" });
    expect(stub.booking(uid)?.status).toBe("cancelled");
    expect(requestsSince(before)).toEqual([
      expect.objectContaining({ method: "POST", path: `/v2/bookings/${uid}/cancel`, body: { cancellationReason: "Patient called to cancel" }, status: 200 }),
    ]);
    await calcomErrorOf(client.cancelBooking(uid, "again"), "rejected");
  });

  it("reschedules a booking into a new one that points back at the old", async () => {
    const original = stub.addBooking({ start: nextSlot(), metadata: { voxboardCallId: "call-9" } });
    const newStart = nextSlot();
    const moved = await client.rescheduleBooking(original.uid, newStart, "Dentist running late");
    expect(moved.uid).not.toBe(original.uid);
    expect(moved).toMatchObject({
      start: newStart.toISOString(),
      status: "accepted",
      rescheduledFromUid: original.uid,
      reschedulingReason: "Dentist running late",
      metadata: { voxboardCallId: "call-9" },
    });
    expect(stub.booking(original.uid)).toMatchObject({ status: "cancelled", rescheduledToUid: moved.uid });
    expect(stub.requests.at(-1)).toMatchObject({
      path: `/v2/bookings/${original.uid}/reschedule`,
      body: { start: newStart.toISOString(), reschedulingReason: "Dentist running late" },
      status: 201,
    });

    const again = await calcomErrorOf(client.rescheduleBooking(original.uid, nextSlot(), null), "rejected");
    expect(again.message).toContain(moved.uid);
  });
});

describe("error kinds", () => {
  afterEach(() => {
    allowPrivate(true);
  });

  it("unauthorized: a wrong key (401) or a key without the permission (403)", async () => {
    const wrong = createCalcomClient({ apiKey: "cal_test_wrong", baseUrl: stub.baseUrl });
    const error = await calcomErrorOf(wrong.me(), "unauthorized");
    expect(error.status).toBe(401);
    expect(error.message).not.toContain("cal_test_wrong");
    stub.failNext({ status: 403 });
    expect((await calcomErrorOf(client.listEventTypes(), "unauthorized")).status).toBe(403);
  });

  it("not-found: an unknown booking, or a base URL that is not a Cal.com API", async () => {
    expect((await calcomErrorOf(client.cancelBooking("no-such-booking", "x"), "not-found")).status).toBe(404);
    const elsewhere = createCalcomClient({ apiKey: stub.apiKey, baseUrl: `${stub.baseUrl}/somewhere-else` });
    await calcomErrorOf(elsewhere.me(), "not-found");
  });

  it("rate-limited: with the wait from Retry-After, in seconds or as a date", async () => {
    stub.failNext({ status: 429, retryAfter: 30 });
    const error = await calcomErrorOf(client.me(), "rate-limited");
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 30 });
    stub.failNext({ status: 429, retryAfter: new Date(Date.now() + 90_000).toUTCString() });
    const dated = await calcomErrorOf(client.me(), "rate-limited");
    expect(dated.retryAfterSeconds).toBeGreaterThanOrEqual(88);
    expect(dated.retryAfterSeconds).toBeLessThanOrEqual(91);
    stub.failNext({ status: 429 });
    expect((await calcomErrorOf(client.me(), "rate-limited")).retryAfterSeconds).toBeNull();
  });

  it("reads the wait from X-RateLimit-Reset headers when there is no Retry-After", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(retryAfterSecondsFrom(new Headers({ "X-RateLimit-Reset-Default": String(now / 1000 + 42) }), now)).toBe(42);
    expect(retryAfterSecondsFrom(new Headers({ "X-RateLimit-Reset": "12" }), now)).toBe(12);
    expect(retryAfterSecondsFrom(new Headers({ "Retry-After": "5", "X-RateLimit-Reset": "12" }), now)).toBe(5);
    expect(retryAfterSecondsFrom(new Headers(), now)).toBeNull();
  });

  it("unavailable: 5xx, a dropped connection, and no answer within the timeout", async () => {
    stub.failNext({ status: 500 });
    expect((await calcomErrorOf(client.me(), "unavailable")).status).toBe(500);
    stub.failNext({ status: 503, rawBody: "<html>Service Unavailable</html>" });
    expect((await calcomErrorOf(client.listBookings(), "unavailable")).status).toBe(503);
    stub.failNext({ dropConnection: true });
    expect((await calcomErrorOf(client.me(), "unavailable")).timedOut).toBe(false);

    const impatient = createCalcomClient({ apiKey: stub.apiKey, baseUrl: stub.baseUrl, timeoutMs: 300 });
    stub.failNext({ hang: true });
    const startedAt = Date.now();
    const error = await calcomErrorOf(impatient.me(), "unavailable");
    expect(error.timedOut).toBe(true);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    // The stub is still well after the hang.
    expect((await client.me()).id).toBe(stub.user.id);
  });

  it("unavailable: nothing listening at the address", async () => {
    const closed = await startCalcomStub();
    await closed.close();
    await calcomErrorOf(createCalcomClient({ apiKey: closed.apiKey, baseUrl: closed.baseUrl }).me(), "unavailable");
  });

  it("invalid-response: a 2xx answer that is not Cal.com's shape or not JSON", async () => {
    stub.failNext({ status: 200, body: { status: "success", data: { id: "seven", email: 1 } } });
    const error = await calcomErrorOf(client.me(), "invalid-response");
    expect(error.message).toContain("data.id");
    stub.failNext({ status: 200, rawBody: "<!doctype html><title>Welcome to nginx</title>" });
    await calcomErrorOf(client.listEventTypes(), "invalid-response");
    stub.failNext({ status: 200, body: { status: "success", data: [{ id: 1, uid: "u", status: "accepted", start: "tomorrow", end: "later" }] } });
    await calcomErrorOf(client.listBookings(), "invalid-response");
  });

  it("refused-address: the stub's 127.0.0.1 while private addresses are not allowed", async () => {
    allowPrivate(false);
    const before = stub.requests.length;
    const error = await calcomErrorOf(client.me(), "refused-address");
    expect(error.message).toContain("not a public address");
    await calcomErrorOf(createCalcomClient({ apiKey: stub.apiKey, baseUrl: "http://169.254.169.254" }).me(), "refused-address");
    expect(stub.requests.length).toBe(before);
  });

  it("the stub insists on the cal-api-version header and the Bearer key", async () => {
    const noVersion = await fetch(`${stub.baseUrl}/v2/me`, { headers: { Authorization: `Bearer ${stub.apiKey}` } });
    expect(noVersion.status).toBe(400);
    expect(await noVersion.json()).toMatchObject({ status: "error", error: { code: "BadRequestException" } });
    const wrongVersion = await fetch(`${stub.baseUrl}/v2/bookings`, { headers: { Authorization: `Bearer ${stub.apiKey}`, "cal-api-version": "2024-06-14" } });
    expect(wrongVersion.status).toBe(400);
    const noKey = await fetch(`${stub.baseUrl}/v2/me`, { headers: { "cal-api-version": "2024-08-13" } });
    expect(noKey.status).toBe(401);
  });
});

describe("webhooks", () => {
  const secret = "whsec-calcom-test";
  const sign = (body: string, key = secret) => createHmac("sha256", key).update(body).digest("hex");

  it("verifies Cal.com's signature over the raw body", () => {
    const body = JSON.stringify({ triggerEvent: "BOOKING_CREATED", createdAt: "2026-03-02T09:00:00.000Z", payload: { uid: "abc" } });
    expect(CALCOM_SIGNATURE_HEADER).toBe("X-Cal-Signature-256");
    expect(verifyCalcomSignature(body, sign(body), secret)).toBe(true);
    expect(verifyCalcomSignature(body, sign(body).toUpperCase(), secret)).toBe(true);
    expect(verifyCalcomSignature(body, `sha256=${sign(body)}`, secret)).toBe(true);
  });

  it("refuses a tampered body, another secret, a missing or malformed header, and an empty secret", () => {
    const body = JSON.stringify({ triggerEvent: "BOOKING_CANCELLED", createdAt: "2026-03-02T09:00:00.000Z", payload: { uid: "abc" } });
    const header = sign(body);
    expect(verifyCalcomSignature(body.replace("abc", "abd"), header, secret)).toBe(false);
    expect(verifyCalcomSignature(`${body} `, header, secret)).toBe(false);
    expect(verifyCalcomSignature(body, sign(body, "another-secret"), secret)).toBe(false);
    expect(verifyCalcomSignature(body, null, secret)).toBe(false);
    expect(verifyCalcomSignature(body, "", secret)).toBe(false);
    expect(verifyCalcomSignature(body, "no-secret-provided", secret)).toBe(false);
    expect(verifyCalcomSignature(body, header.slice(0, 40), secret)).toBe(false);
    expect(verifyCalcomSignature(body, `${header}00`, secret)).toBe(false);
    expect(verifyCalcomSignature(body, sign(body, ""), "")).toBe(false);
  });

  it("verifies and parses the stub's signed deliveries for a booking's life", () => {
    const original = stub.addBooking({
      start: nextSlot(),
      eventTypeId: 1002,
      attendee: { name: "Erika", email: "erika@example.test", timeZone: "Europe/Vienna" },
      metadata: { voxboardCallId: "c-1" },
    });

    const created = stub.sign(stub.webhookFor("BOOKING_CREATED", original.uid));
    expect(verifyCalcomSignature(created.body, created.header, stub.webhookSecret)).toBe(true);
    expect(verifyCalcomSignature(created.body, created.header, "not-the-secret")).toBe(false);
    expect(parseCalcomWebhook(created.body)).toEqual({
      triggerEvent: "BOOKING_CREATED",
      createdAt: expect.any(String),
      booking: {
        uid: original.uid,
        bookingId: original.id,
        title: original.title,
        start: original.start,
        end: original.end,
        eventTypeId: 1002,
        eventTypeSlug: "follow-up",
        status: "ACCEPTED",
        attendees: [{ name: "Erika", email: "erika@example.test", timeZone: "Europe/Vienna" }],
        organizer: { name: "Acme Dental", email: "owner@acme.test", timeZone: "Europe/Berlin" },
        location: "+4930123456",
        rescheduleUid: null,
        previousStart: null,
        previousEnd: null,
        cancellationReason: null,
        metadata: { voxboardCallId: "c-1" },
      },
    });

    const moved = stub.rescheduleBooking(original.uid, nextSlot(), "Booker asked");
    const rescheduled = stub.sign(stub.webhookFor("BOOKING_RESCHEDULED", moved.uid));
    expect(verifyCalcomSignature(rescheduled.body, rescheduled.header, stub.webhookSecret)).toBe(true);
    expect(parseCalcomWebhook(rescheduled.body)).toMatchObject({
      triggerEvent: "BOOKING_RESCHEDULED",
      booking: { uid: moved.uid, start: moved.start, rescheduleUid: original.uid, previousStart: original.start, previousEnd: original.end },
    });

    stub.cancelBooking(moved.uid, "No longer needed");
    const cancelled = stub.sign(stub.webhookFor("BOOKING_CANCELLED", moved.uid));
    expect(verifyCalcomSignature(cancelled.body, cancelled.header, stub.webhookSecret)).toBe(true);
    expect(verifyCalcomSignature(cancelled.body.replace("No longer needed", "No longer needes"), cancelled.header, stub.webhookSecret)).toBe(false);
    expect(parseCalcomWebhook(cancelled.body)).toMatchObject({
      triggerEvent: "BOOKING_CANCELLED",
      booking: { uid: moved.uid, status: "CANCELLED", cancellationReason: "No longer needed" },
    });
  });

  it("recognizes a ping and answers null for anything it does not handle", () => {
    const ping = stub.sign(stub.pingWebhook());
    expect(verifyCalcomSignature(ping.body, ping.header, stub.webhookSecret)).toBe(true);
    expect(parseCalcomWebhook(ping.body)).toEqual({ triggerEvent: "PING", createdAt: expect.any(String) });

    const { uid } = stub.addBooking({ start: nextSlot() });
    expect(parseCalcomWebhook(JSON.stringify(stub.webhookFor("MEETING_ENDED", uid)))).toBeNull();
    expect(parseCalcomWebhook("not json")).toBeNull();
    expect(parseCalcomWebhook("[]")).toBeNull();
    expect(
      parseCalcomWebhook(
        JSON.stringify({
          triggerEvent: "BOOKING_CREATED",
          createdAt: "2026-03-02T09:00:00Z",
          payload: { title: "no uid", startTime: "2026-03-03T09:00:00Z", endTime: "2026-03-03T09:30:00Z" },
        }),
      ),
    ).toBeNull();
    expect(parseCalcomWebhook(JSON.stringify({ triggerEvent: "BOOKING_CREATED", payload: { uid: "u1", startTime: "soon", endTime: "later" } }))).toBeNull();
    // A custom payload template sends whatever the tenant wrote: not Cal.com's envelope.
    expect(parseCalcomWebhook(JSON.stringify({ event: "booked", id: "u1" }))).toBeNull();
  });
});
