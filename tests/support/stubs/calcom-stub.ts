import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Cal.com's API v2, for tests only: nothing may reach the real
 * Cal.com. It listens on 127.0.0.1 on a free port (use `baseUrl` as the tenant's
 * Cal.com URL; the outbound guard must allow private addresses) and keeps state
 * like Cal.com does for the endpoints the client uses, in Cal.com's wire format:
 * `{ status: "success", data }`, GET /v2/bookings with take/skip and
 * `pagination`, the error envelope `{ status: "error", timestamp, path, error:
 * { code, message } }` with NestJS's statuses (401 key, 400 invalid, 404 unknown).
 *
 * Stricter than Cal.com on purpose: a missing `cal-api-version` header, or one
 * that is not the version the endpoint family needs, is a 400 here (Cal.com would
 * quietly answer with its 2024-04-15 shapes).
 *
 * A test can also act "on the Cal.com side" (add, cancel or reschedule a booking
 * as the booker would) and get the webhook Cal.com would send for it, signed with
 * `webhookSecret` as Cal.com signs it (hex HMAC-SHA256 of the body in
 * X-Cal-Signature-256).
 */

export interface RecordedCalcomRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  apiVersion: string | null;
  contentType: string | null;
  /** Parsed JSON body, or the raw text when it is not JSON, or null. */
  body: unknown;
  /** What the stub answered (0 for a hang or a dropped connection). */
  status: number;
}

export type CalcomStubFault =
  /** Answers with this status and body (Cal.com's error envelope for the status unless given); `retryAfter` sets Retry-After. */
  | { status: number; body?: unknown; rawBody?: string; retryAfter?: number | string; headers?: Record<string, string> }
  /** Never answers; the connection stays open until the client gives up or the stub closes. */
  | { hang: true }
  /** Destroys the socket without an answer. */
  | { dropConnection: true };

export interface StubLocation {
  type: string;
  [key: string]: unknown;
}

export interface StubEventType {
  id: number;
  title: string;
  slug: string;
  lengthInMinutes: number;
  description: string;
  locations: StubLocation[];
  hidden: boolean;
}

export interface StubAttendee {
  name: string;
  email: string;
  timeZone: string;
  language?: string;
  phoneNumber?: string;
}

export interface StubUser {
  id: number;
  username: string;
  email: string;
  name: string;
  timeZone: string;
}

/** A booking as GET /v2/bookings (2024-08-13) shows it. */
export interface StubBooking {
  id: number;
  uid: string;
  title: string;
  description: string;
  hosts: Array<{ id: number; name: string; email: string; displayEmail: string; username: string; timeZone: string }>;
  status: "accepted" | "cancelled" | "rejected" | "pending";
  cancellationReason?: string;
  cancelledByEmail?: string;
  reschedulingReason?: string;
  rescheduledByEmail?: string;
  rescheduledFromUid?: string;
  rescheduledToUid?: string;
  start: string;
  end: string;
  duration: number;
  eventTypeId: number;
  eventType: { id: number; slug: string };
  location: string;
  absentHost: boolean;
  createdAt: string;
  updatedAt: string | null;
  metadata: Record<string, string>;
  attendees: Array<StubAttendee & { displayEmail: string; absent: boolean }>;
  guests: string[];
  bookingFieldsResponses: Record<string, unknown>;
}

export interface AddStubBookingInput {
  start: Date | string;
  eventTypeId?: number;
  attendee?: Partial<StubAttendee>;
  lengthInMinutes?: number;
  status?: StubBooking["status"];
  metadata?: Record<string, string>;
  title?: string;
}

export type CalcomWebhookTrigger = "BOOKING_CREATED" | "BOOKING_RESCHEDULED" | "BOOKING_CANCELLED" | "BOOKING_REQUESTED" | "BOOKING_REJECTED" | "MEETING_ENDED";

export interface CalcomStub {
  /** The tenant's Cal.com URL, e.g. http://127.0.0.1:40123 */
  baseUrl: string;
  apiKey: string;
  webhookSecret: string;
  user: StubUser;
  eventTypes: StubEventType[];
  requests: RecordedCalcomRequest[];
  /** The next `times` API requests (1 unless told) fail so. */
  failNext(fault: CalcomStubFault, times?: number): void;
  /** Every booking, as the API would show it. */
  bookings(): StubBooking[];
  booking(uid: string): StubBooking | undefined;
  /** A booking made on Cal.com's side (a booker on the booking page). */
  addBooking(input: AddStubBookingInput): StubBooking;
  /** Cancelled on Cal.com's side. */
  cancelBooking(uid: string, reason?: string): StubBooking;
  /** Rescheduled on Cal.com's side: the old booking is cancelled and points at the new one. */
  rescheduleBooking(uid: string, start: Date | string, reason?: string): StubBooking;
  /** The webhook envelope Cal.com would send for this booking. */
  webhookFor(triggerEvent: CalcomWebhookTrigger, uid: string): Record<string, unknown>;
  /** The envelope of Cal.com's "Ping test". */
  pingWebhook(): Record<string, unknown>;
  /** Body and X-Cal-Signature-256 as Cal.com sends them, signed with `webhookSecret` unless told. */
  sign(envelope: object, secret?: string): { body: string; header: string; headerName: "X-Cal-Signature-256" };
  close(): Promise<void>;
}

export interface CalcomStubOptions {
  apiKey?: string;
  webhookSecret?: string;
  user?: Partial<StubUser>;
  eventTypes?: StubEventType[];
  /** Behave like older Cal.com versions: GET /v2/event-types lists nothing without ?username=. */
  eventTypesNeedUsername?: boolean;
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const DEFAULT_API_KEY = "cal_test_voxboardstub0123456789abcdef";
const DEFAULT_WEBHOOK_SECRET = "calcom-webhook-secret-for-tests";
const BOOKINGS_VERSION = "2024-08-13";
const EVENT_TYPES_VERSION = "2024-06-14";
/** What /v2/me accepts: every version Cal.com knows. */
const KNOWN_VERSIONS = ["2024-04-15", "2024-06-11", "2024-06-14", "2024-08-13", "2024-09-04", "2026-02-25"];

export const STUB_EVENT_TYPES: StubEventType[] = [
  {
    id: 1001,
    title: "Consultation",
    slug: "consultation",
    lengthInMinutes: 30,
    description: "A first consultation",
    locations: [{ type: "integration", integration: "cal-video" }],
    hidden: false,
  },
  {
    id: 1002,
    title: "Follow-up call",
    slug: "follow-up",
    lengthInMinutes: 15,
    description: "",
    locations: [{ type: "phone", phone: "+4930123456", public: true }],
    hidden: false,
  },
  {
    id: 1003,
    title: "Clinic visit",
    slug: "clinic-visit",
    lengthInMinutes: 60,
    description: "In person",
    locations: [{ type: "address", address: "Hauptstraße 1, 10115 Berlin", public: true }],
    hidden: true,
  },
];

export async function startCalcomStub(options: CalcomStubOptions = {}): Promise<CalcomStub> {
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const webhookSecret = options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET;
  const user: StubUser = { id: 7, username: "acme-dental", email: "owner@acme.test", name: "Acme Dental", timeZone: "Europe/Berlin", ...options.user };
  const eventTypes = structuredClone(options.eventTypes ?? STUB_EVENT_TYPES);
  const bookings = new Map<string, StubBooking>();
  const requests: RecordedCalcomRequest[] = [];
  const faults: CalcomStubFault[] = [];
  let nextBookingId = 5000;
  let baseUrl = "";

  const host = () => ({ id: user.id, name: user.name, email: user.email, displayEmail: user.email, username: user.username, timeZone: user.timeZone });
  const nowIso = () => new Date().toISOString();

  function storeBooking(input: {
    eventType: StubEventType;
    start: Date;
    lengthInMinutes?: number;
    attendee: StubAttendee;
    status?: StubBooking["status"];
    metadata?: Record<string, string>;
    title?: string;
    rescheduledFromUid?: string;
    reschedulingReason?: string;
    bookingFieldsResponses?: Record<string, unknown>;
  }): StubBooking {
    const length = input.lengthInMinutes ?? input.eventType.lengthInMinutes;
    const end = new Date(input.start.getTime() + length * 60_000);
    const booking: StubBooking = {
      id: nextBookingId++,
      uid: newUid(),
      title: input.title ?? `${input.eventType.title} between ${user.name} and ${input.attendee.name}`,
      description: "",
      hosts: [host()],
      status: input.status ?? "accepted",
      ...(input.rescheduledFromUid ? { rescheduledFromUid: input.rescheduledFromUid } : {}),
      ...(input.reschedulingReason ? { reschedulingReason: input.reschedulingReason } : {}),
      start: input.start.toISOString(),
      end: end.toISOString(),
      duration: length,
      eventTypeId: input.eventType.id,
      eventType: { id: input.eventType.id, slug: input.eventType.slug },
      location: locationOf(input.eventType),
      absentHost: false,
      createdAt: nowIso(),
      updatedAt: null,
      metadata: { ...input.metadata },
      attendees: [{ ...input.attendee, displayEmail: input.attendee.email, language: input.attendee.language ?? "en", absent: false }],
      guests: [],
      bookingFieldsResponses: { name: input.attendee.name, email: input.attendee.email, ...input.bookingFieldsResponses },
    };
    bookings.set(booking.uid, booking);
    return booking;
  }

  function cancel(booking: StubBooking, reason?: string) {
    booking.status = "cancelled";
    if (reason) booking.cancellationReason = reason;
    booking.cancelledByEmail = user.email;
    booking.updatedAt = nowIso();
  }

  function reschedule(booking: StubBooking, start: Date, reason?: string) {
    const eventType = eventTypes.find((candidate) => candidate.id === booking.eventTypeId)!;
    const attendee = booking.attendees[0]!;
    const replacement = storeBooking({
      eventType,
      start,
      lengthInMinutes: booking.duration,
      attendee: { name: attendee.name, email: attendee.email, timeZone: attendee.timeZone, language: attendee.language },
      metadata: booking.metadata,
      title: booking.title,
      rescheduledFromUid: booking.uid,
      reschedulingReason: reason,
    });
    booking.status = "cancelled";
    booking.rescheduledToUid = replacement.uid;
    booking.rescheduledByEmail = user.email;
    if (reason) booking.reschedulingReason = reason;
    booking.updatedAt = nowIso();
    return replacement;
  }

  /** An accepted or pending booking of the user that overlaps [start, end), other than `except`. */
  const clash = (start: Date, end: Date, except?: string) =>
    [...bookings.values()].find(
      (b) =>
        b.uid !== except && (b.status === "accepted" || b.status === "pending") && Date.parse(b.start) < end.getTime() && Date.parse(b.end) > start.getTime(),
    );

  // --- API routes -----------------------------------------------------------

  const routes: Array<{
    method: string;
    pattern: RegExp;
    version: "bookings" | "event-types" | "any";
    handle: (ctx: RouteContext, ...ids: string[]) => Answer;
  }> = [
    {
      method: "GET",
      pattern: /^\/v2\/me\/?$/,
      version: "any",
      handle: () => ok({ ...user, avatarUrl: null, bio: null, timeFormat: 24, defaultScheduleId: 1, weekStart: "Monday", organizationId: null }),
    },
    { method: "GET", pattern: /^\/v2\/event-types\/?$/, version: "event-types", handle: listEventTypes },
    { method: "GET", pattern: /^\/v2\/bookings\/?$/, version: "bookings", handle: listBookings },
    { method: "POST", pattern: /^\/v2\/bookings\/?$/, version: "bookings", handle: createBooking },
    { method: "POST", pattern: /^\/v2\/bookings\/([^/]+)\/cancel\/?$/, version: "bookings", handle: cancelBookingRoute },
    { method: "POST", pattern: /^\/v2\/bookings\/([^/]+)\/reschedule\/?$/, version: "bookings", handle: rescheduleBookingRoute },
  ];

  interface RouteContext {
    query: URLSearchParams;
    body: unknown;
  }

  function listEventTypes({ query }: RouteContext): Answer {
    const username = query.get("username");
    if (username !== null && username !== user.username) return ok([]);
    if (options.eventTypesNeedUsername && username === null) return ok([]);
    return ok(eventTypes.map((eventType) => eventTypeOutput(eventType, user)));
  }

  function listBookings({ query }: RouteContext): Answer {
    const take = query.has("take") ? Number(query.get("take")) : 100;
    const skip = query.has("skip") ? Number(query.get("skip")) : 0;
    if (!Number.isInteger(take) || take < 1 || take > 250) return error(400, "BadRequestException", "take must not be greater than 250");
    if (!Number.isInteger(skip) || skip < 0) return error(400, "BadRequestException", "skip must not be less than 0");
    const statuses = (query.get("status") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const allowed = ["upcoming", "recurring", "past", "cancelled", "unconfirmed"];
    if (statuses.some((s) => !allowed.includes(s)))
      return error(400, "BadRequestException", "Invalid status. Allowed are upcoming, recurring, past, cancelled, unconfirmed");
    for (const name of ["afterStart", "beforeEnd"]) {
      const value = query.get(name);
      if (value !== null && Number.isNaN(Date.parse(value))) return error(400, "BadRequestException", `${name} must be a valid ISO 8601 date.`);
    }
    const afterStart = query.get("afterStart");
    const beforeEnd = query.get("beforeEnd");
    const now = Date.now();
    const live = (b: StubBooking) => b.status !== "cancelled" && b.status !== "rejected";
    const matchesStatus = (b: StubBooking) =>
      statuses.length === 0 ||
      statuses.some((status) => {
        if (status === "upcoming") return live(b) && Date.parse(b.end) >= now;
        if (status === "past") return live(b) && Date.parse(b.end) < now;
        if (status === "cancelled") return !live(b);
        if (status === "unconfirmed") return b.status === "pending" && Date.parse(b.end) >= now;
        return false; // recurring: the stub has no recurring bookings
      });
    const sort = query.get("sortStart") === "desc" ? -1 : 1;
    const matching = [...bookings.values()]
      .filter(
        (b) => matchesStatus(b) && (!afterStart || Date.parse(b.start) >= Date.parse(afterStart)) && (!beforeEnd || Date.parse(b.end) <= Date.parse(beforeEnd)),
      )
      .sort((a, b) => sort * (Date.parse(a.start) - Date.parse(b.start)) || a.id - b.id);
    const page = matching.slice(skip, skip + take);
    const totalPages = Math.ceil(matching.length / take);
    return {
      status: 200,
      body: {
        status: "success",
        data: structuredClone(page),
        pagination: {
          totalItems: matching.length,
          remainingItems: Math.max(0, matching.length - (skip + take)),
          returnedItems: page.length,
          itemsPerPage: take,
          currentPage: Math.floor(skip / take) + 1,
          totalPages,
          hasNextPage: skip + take < matching.length,
          hasPreviousPage: skip > 0,
        },
      },
    };
  }

  function createBooking({ body }: RouteContext): Answer {
    const input = (body ?? {}) as Record<string, unknown>;
    const start = typeof input.start === "string" ? new Date(input.start) : null;
    if (!start || Number.isNaN(start.getTime())) return error(400, "BadRequestException", "start must be a valid ISO 8601 date string");
    const eventType = eventTypes.find((candidate) => candidate.id === input.eventTypeId);
    if (typeof input.eventTypeId !== "number")
      return error(400, "BadRequestException", "Either eventTypeId or eventTypeSlug + username or eventTypeSlug + teamSlug must be provided");
    if (!eventType) return error(404, "NotFoundException", `Event type with id=${input.eventTypeId} was not found.`);
    const attendee = input.attendee as Partial<StubAttendee> | undefined;
    if (!attendee || typeof attendee.name !== "string" || typeof attendee.timeZone !== "string")
      return error(400, "BadRequestException", "attendee.name and attendee.timeZone are required");
    if (typeof attendee.email !== "string" || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(attendee.email))
      return error(400, "BadRequestException", "Invalid email format");
    const metadataProblem = checkMetadata(input.metadata);
    if (metadataProblem) return error(400, "BadRequestException", metadataProblem);
    const length = typeof input.lengthInMinutes === "number" ? input.lengthInMinutes : eventType.lengthInMinutes;
    if (start.getTime() < Date.now()) return error(400, "BadRequestException", "Attempting to book a meeting in the past.");
    if (clash(start, new Date(start.getTime() + length * 60_000)))
      return error(400, "BadRequestException", "User either already has booking at this time or is not available");
    const booking = storeBooking({
      eventType,
      start,
      lengthInMinutes: length,
      attendee: { name: attendee.name, email: attendee.email, timeZone: attendee.timeZone, language: attendee.language, phoneNumber: attendee.phoneNumber },
      metadata: input.metadata as Record<string, string> | undefined,
      bookingFieldsResponses: input.bookingFieldsResponses as Record<string, unknown> | undefined,
    });
    return { status: 201, body: { status: "success", data: structuredClone(booking) } };
  }

  function cancelBookingRoute({ body }: RouteContext, uid: string): Answer {
    const booking = bookings.get(uid);
    if (!booking) return error(404, "NotFoundException", `Booking with uid=${uid} was not found in the database`);
    if (booking.status === "cancelled") return error(400, "BadRequestException", "This booking has already been cancelled.");
    const reason = (body as { cancellationReason?: unknown } | null)?.cancellationReason;
    cancel(booking, typeof reason === "string" ? reason : undefined);
    return ok(booking);
  }

  function rescheduleBookingRoute({ body }: RouteContext, uid: string): Answer {
    const booking = bookings.get(uid);
    if (!booking) return error(404, "NotFoundException", `Booking with uid=${uid} was not found in the database`);
    if (booking.status === "cancelled" || booking.status === "rejected") {
      const moved = booking.rescheduledToUid ? ` It was rescheduled to booking ${booking.rescheduledToUid}.` : "";
      return error(400, "BadRequestException", `Can't reschedule booking with uid=${uid} because it has been ${booking.status}.${moved}`);
    }
    const input = (body ?? {}) as { start?: unknown; reschedulingReason?: unknown };
    const start = typeof input.start === "string" ? new Date(input.start) : null;
    if (!start || Number.isNaN(start.getTime())) return error(400, "BadRequestException", "start must be a valid ISO 8601 date string");
    if (start.getTime() < Date.now()) return error(400, "BadRequestException", "Attempting to book a meeting in the past.");
    if (clash(start, new Date(start.getTime() + booking.duration * 60_000), booking.uid))
      return error(400, "BadRequestException", "User either already has booking at this time or is not available");
    const replacement = reschedule(booking, start, typeof input.reschedulingReason === "string" ? input.reschedulingReason : undefined);
    return { status: 201, body: { status: "success", data: structuredClone(replacement) } };
  }

  function answerApi(req: http.IncomingMessage, url: URL, body: unknown, record: RecordedCalcomRequest): Answer {
    const route = routes.find((candidate) => candidate.method === req.method && candidate.pattern.test(url.pathname));
    if (!route) return error(404, "NotFoundException", `Cannot ${req.method} ${url.pathname}`);
    const wanted = route.version === "bookings" ? BOOKINGS_VERSION : route.version === "event-types" ? EVENT_TYPES_VERSION : null;
    if (!record.apiVersion) return error(400, "BadRequestException", "Calcom stub: the cal-api-version header is missing");
    if (wanted ? record.apiVersion !== wanted : !KNOWN_VERSIONS.includes(record.apiVersion)) {
      return error(
        400,
        "BadRequestException",
        `Calcom stub: ${url.pathname} wants cal-api-version ${wanted ?? "one of " + KNOWN_VERSIONS.join(", ")}, not ${record.apiVersion}`,
      );
    }
    if (!record.authorization) return error(401, "UnauthorizedException", "ApiAuthStrategy - No authentication method provided");
    if (record.authorization !== `Bearer ${apiKey}`) return error(401, "UnauthorizedException", "ApiAuthStrategy - api key - Invalid API Key");
    const ids = route.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
    return route.handle({ query: url.searchParams, body }, ...ids);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", baseUrl);
      let body: unknown = null;
      if (rawBody) {
        try {
          body = JSON.parse(rawBody);
        } catch {
          body = rawBody;
        }
      }
      const header = (name: string) => (typeof req.headers[name] === "string" ? (req.headers[name] as string) : null);
      const record: RecordedCalcomRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        authorization: header("authorization"),
        apiVersion: header("cal-api-version"),
        contentType: header("content-type"),
        body,
        status: 0,
      };
      requests.push(record);

      const fault = faults.shift();
      if (fault && "hang" in fault) return;
      if (fault && "dropConnection" in fault) return req.socket.destroy();
      let answer: Answer;
      if (fault) {
        const headers: Record<string, string> = { ...fault.headers };
        if (fault.retryAfter !== undefined) headers["Retry-After"] = String(fault.retryAfter);
        answer = { status: fault.status, body: fault.rawBody ?? fault.body ?? faultBody(fault.status, url.pathname), headers };
      } else if (typeof body === "string") {
        answer = error(400, "BadRequestException", "Unexpected token in JSON body");
      } else {
        answer = answerApi(req, url, body, record);
      }
      record.status = answer.status;
      const envelope = answer.body as { status?: unknown; path?: unknown } | null;
      if (envelope && typeof envelope === "object" && envelope.status === "error" && envelope.path === "") envelope.path = req.url ?? url.pathname;
      const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status, {
        "Content-Type": typeof answer.body === "string" ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
        ...answer.headers,
      });
      res.end(text);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  const find = (uid: string) => {
    const booking = bookings.get(uid);
    if (!booking) throw new Error(`No booking ${uid} in the Cal.com stub`);
    return booking;
  };

  function webhookPayload(triggerEvent: CalcomWebhookTrigger, booking: StubBooking): Record<string, unknown> {
    const eventType = eventTypes.find((candidate) => candidate.id === booking.eventTypeId)!;
    const person = (p: { name: string; email: string; timeZone: string; language?: string }) => ({
      name: p.name,
      email: p.email,
      timeZone: p.timeZone,
      language: { locale: p.language ?? "en" },
      utcOffset: 60,
    });
    const previous = booking.rescheduledFromUid ? bookings.get(booking.rescheduledFromUid) : undefined;
    return {
      type: eventType.slug,
      title: booking.title,
      description: booking.description,
      additionalNotes: "",
      customInputs: {},
      startTime: booking.start,
      endTime: booking.end,
      organizer: { id: user.id, username: user.username, ...person(user), timeFormat: "h:mma" },
      responses: { name: { label: "your_name", value: booking.attendees[0]?.name }, email: { label: "email_address", value: booking.attendees[0]?.email } },
      userFieldsResponses: {},
      attendees: booking.attendees.map((attendee) => person(attendee)),
      location: booking.location,
      destinationCalendar: null,
      hideCalendarNotes: false,
      requiresConfirmation: false,
      eventTypeId: eventType.id,
      seatsShowAttendees: true,
      seatsPerTimeSlot: null,
      uid: booking.uid,
      conferenceData: null,
      videoCallData: null,
      appsStatus: [],
      eventTitle: eventType.title,
      eventDescription: eventType.description,
      price: 0,
      currency: "usd",
      length: booking.duration,
      bookingId: booking.id,
      metadata: { ...booking.metadata },
      status:
        triggerEvent === "BOOKING_CANCELLED"
          ? "CANCELLED"
          : triggerEvent === "BOOKING_REQUESTED"
            ? "PENDING"
            : triggerEvent === "BOOKING_REJECTED"
              ? "REJECTED"
              : "ACCEPTED",
      ...(triggerEvent === "BOOKING_RESCHEDULED" && previous
        ? {
            rescheduleId: previous.id,
            rescheduleUid: previous.uid,
            rescheduleStartTime: previous.start,
            rescheduleEndTime: previous.end,
            rescheduledBy: user.email,
          }
        : {}),
      ...(triggerEvent === "BOOKING_CANCELLED"
        ? { cancellationReason: booking.cancellationReason ?? "", cancelledBy: booking.cancelledByEmail ?? user.email }
        : {}),
    };
  }

  return {
    baseUrl,
    apiKey,
    webhookSecret,
    user,
    eventTypes,
    requests,
    failNext(fault, times = 1) {
      for (let i = 0; i < times; i += 1) faults.push(fault);
    },
    bookings() {
      return [...bookings.values()].map((booking) => structuredClone(booking));
    },
    booking(uid) {
      const booking = bookings.get(uid);
      return booking && structuredClone(booking);
    },
    addBooking(input) {
      const eventType = eventTypes.find((candidate) => candidate.id === (input.eventTypeId ?? eventTypes[0]!.id));
      if (!eventType) throw new Error(`No event type ${input.eventTypeId} in the Cal.com stub`);
      const start = new Date(input.start);
      const attendee: StubAttendee = { name: "Jane Booker", email: "jane@example.test", timeZone: "Europe/Berlin", ...input.attendee };
      return structuredClone(
        storeBooking({
          eventType,
          start,
          lengthInMinutes: input.lengthInMinutes,
          attendee,
          status: input.status,
          metadata: input.metadata,
          title: input.title,
        }),
      );
    },
    cancelBooking(uid, reason) {
      const booking = find(uid);
      cancel(booking, reason);
      return structuredClone(booking);
    },
    rescheduleBooking(uid, start, reason) {
      return structuredClone(reschedule(find(uid), new Date(start), reason));
    },
    webhookFor(triggerEvent, uid) {
      return { triggerEvent, createdAt: nowIso(), payload: webhookPayload(triggerEvent, find(uid)) };
    },
    pingWebhook() {
      const at = nowIso();
      return {
        triggerEvent: "PING",
        createdAt: at,
        payload: {
          type: "Test",
          title: "Test trigger event",
          description: "",
          startTime: at,
          endTime: at,
          organizer: { name: "Cal", email: "no-reply@cal.com", timeZone: "Europe/London" },
        },
      };
    },
    sign(envelope, secret = webhookSecret) {
      // Compact, as Cal.com's sendPayload stringifies it.
      const body = JSON.stringify(envelope);
      return { body, header: createHmac("sha256", secret).update(body).digest("hex"), headerName: "X-Cal-Signature-256" };
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function ok(data: unknown): Answer {
  return { status: 200, body: { status: "success", data: structuredClone(data) } };
}

function error(status: number, code: string, message: string, path = ""): Answer {
  return { status, body: { status: "error", timestamp: new Date().toISOString(), path, error: { code, message } } };
}

function faultBody(status: number, path: string) {
  if (status === 401) return error(401, "UnauthorizedException", "ApiAuthStrategy - api key - Invalid API Key", path).body;
  if (status === 403) return error(403, "ForbiddenException", "Insufficient permissions", path).body;
  if (status === 429) return error(429, "ThrottlerException", "ThrottlerException: Too Many Requests", path).body;
  if (status >= 500) return error(status, "InternalServerErrorException", "Internal server error", path).body;
  return error(status, "HttpException", `Injected ${status}`, path).body;
}

/** Cal.com's booking metadata rule: at most 50 keys, keys up to 40 characters, string values up to 500. */
function checkMetadata(metadata: unknown): string | null {
  if (metadata === undefined) return null;
  const problem = "Metadata must have at most 50 keys, each key up to 40 characters, and string values up to 500 characters.";
  if (!metadata || typeof metadata !== "object" || Array.isArray(metadata)) return problem;
  const entries = Object.entries(metadata);
  if (entries.length > 50 || entries.some(([key, value]) => key.length > 40 || (typeof value === "string" && value.length > 500))) return problem;
  return null;
}

function eventTypeOutput(eventType: StubEventType, user: StubUser) {
  return {
    ...structuredClone(eventType),
    bookingFields: [],
    disableGuests: false,
    slotInterval: null,
    minimumBookingNotice: 120,
    beforeEventBuffer: 0,
    afterEventBuffer: 0,
    recurrence: null,
    metadata: {},
    price: 0,
    currency: "usd",
    lockTimeZoneToggleOnBookingPage: false,
    seatsPerTimeSlot: null,
    forwardParamsSuccessRedirect: null,
    successRedirectUrl: null,
    isInstantEvent: false,
    scheduleId: null,
    ownerId: user.id,
    users: [
      { id: user.id, name: user.name, username: user.username, avatarUrl: null, weekStart: "Monday", brandColor: null, darkBrandColor: null, metadata: {} },
    ],
  };
}

function locationOf(eventType: StubEventType): string {
  const first = eventType.locations[0];
  if (!first) return "";
  if (first.type === "integration") return `https://app.cal.com/video/${randomBytes(8).toString("hex")}`;
  if (first.type === "address") return String(first.address ?? "");
  if (first.type === "phone") return String(first.phone ?? "");
  if (first.type === "link") return String(first.link ?? "");
  return first.type;
}

/** Cal.com's uids look like "2NtaeaVcKfpmSZ4CthFdfk": 22 base62 characters. */
function newUid() {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  return [...randomBytes(22)].map((byte) => alphabet[byte % alphabet.length]).join("");
}
