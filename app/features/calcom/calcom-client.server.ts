import { z } from "zod";
import { getEnv } from "~/config/env.server";
import { guardedFetch, OutboundRefusal, type GuardedResponse } from "~/lib/outbound/guard.server";
import { BodyTooLarge, describeFetchFailure, readBodyCapped } from "~/lib/outbound/response-body.server";

/**
 * A client for the parts of Cal.com's API v2 that Voxboard uses: the
 * connection test (/v2/me), the tenant's event types, and listing, booking,
 * cancelling and rescheduling bookings.
 *
 * What was confirmed against Cal.com's own source (calcom/cal.com,
 * apps/api/v2 and packages/platform/types) and docs (cal.com/docs/api-reference/v2):
 * - Auth is `Authorization: Bearer <API key>`; Cal.com's keys start `cal_live_` / `cal_test_`.
 * - The `cal-api-version` header picks the controller. Bookings: 2024-08-13; event
 *   types: 2024-06-14; /v2/me answers under every version. Without the header (or
 *   with an unknown value) Cal.com silently falls back to 2024-04-15, whose shapes
 *   differ, so the header is always sent.
 * - Answers are `{ status: "success", data }`; GET /v2/bookings adds `pagination`
 *   `{ totalItems, remainingItems, returnedItems, itemsPerPage, currentPage,
 *   totalPages, hasNextPage, hasPreviousPage }` and pages with `take` (1–250,
 *   default 100) and `skip`. Errors are `{ status: "error", timestamp, path,
 *   error: { code, message } }` with the HTTP status of the NestJS exception.
 * - Booking fields (BookingOutput_2024_08_13): id, uid, title, description,
 *   status (accepted | cancelled | rejected | pending), start, end, duration,
 *   eventTypeId (deprecated, also eventType.id), attendees [{ name, email,
 *   timeZone, language, phoneNumber }], hosts, location, cancellationReason,
 *   reschedulingReason, rescheduledFromUid, rescheduledToUid, metadata.
 * - POST /v2/bookings takes { start (UTC ISO), eventTypeId, attendee { name, email,
 *   timeZone, language, phoneNumber }, metadata (≤ 50 keys, keys ≤ 40 chars, string
 *   values ≤ 500 chars), lengthInMinutes, bookingFieldsResponses }; a recurring event
 *   type answers with a list. POST /v2/bookings/{uid}/cancel takes { cancellationReason }
 *   and answers 200; POST /v2/bookings/{uid}/reschedule takes { start, reschedulingReason }
 *   and answers 201 with the new booking (new uid, rescheduledFromUid = the old uid).
 * - GET /v2/event-types (2024-06-14) items: id, title, slug, lengthInMinutes,
 *   description, locations [{ type, … }], hidden.
 * - Self-hosted API v2 serves the same paths, under an optional global prefix
 *   (API_GLOBAL_PREFIX), so a base URL may carry a path such as /api.
 *
 * Not confirmed, assumed:
 * - Rate limiting answers 429; the wait is read from Retry-After, else from the
 *   X-RateLimit-Reset[-<name>] headers (a mirror of Cal.com's docs describes
 *   X-RateLimit-Reset-Default as a Unix timestamp). Neither is guaranteed.
 * - Older self-hosted versions list no event types for GET /v2/event-types without
 *   `?username=` (seen in older source); the client then asks again with the
 *   username from /v2/me.
 * - Newer Cal.com also has a 2026-02-25 bookings version with the same shapes;
 *   2024-08-13 is what the docs still name, and `apiVersions` can override it.
 *
 * Every request goes through the outbound guard (docs/decisions/0012): the base
 * URL is the tenant's, so it must not reach the server's own network unless the
 * operator set OUTBOUND_ALLOW_PRIVATE. Requests are never retried here: a POST
 * whose answer was lost may have booked already, so the caller decides.
 */

export const CALCOM_DEFAULT_BASE_URL = "https://api.cal.com";
export const CALCOM_DEFAULT_TIMEOUT_MS = 15_000;

export interface CalcomApiVersions {
  bookings: string;
  eventTypes: string;
  /** /v2/me answers under any version; one is sent anyway. */
  me: string;
}

export const CALCOM_API_VERSIONS: Readonly<CalcomApiVersions> = Object.freeze({ bookings: "2024-08-13", eventTypes: "2024-06-14", me: "2024-08-13" });

/** Largest answer read from Cal.com; a page of 100 bookings is far below it. */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
const MAX_MESSAGE_LENGTH = 300;
const DEFAULT_PAGE_SIZE = 100;
const DEFAULT_MAX_PAGES = 20;

// ---------------------------------------------------------------------------
// Errors

export type CalcomErrorKind =
  /** 401/403, or no usable API key: the key is wrong, revoked or lacks a permission. */
  | "unauthorized"
  /** 404: the booking (or event type) does not exist, or the base URL is not a Cal.com API. */
  | "not-found"
  /** 429: too many requests; `retryAfterSeconds` when Cal.com said how long to wait. */
  | "rate-limited"
  /** 5xx, a network failure or no answer in time (`timedOut`). */
  | "unavailable"
  /** The outbound guard refused the address (a private network, another scheme, too many redirects). */
  | "refused-address"
  /** A 2xx answer whose body is not what Cal.com sends (the URL may point at another server). */
  | "invalid-response"
  /** Another 4xx: Cal.com refused the request itself (slot taken, booking already cancelled, bad input). */
  | "rejected"
  /** The base URL is not an http(s) URL the client can use. */
  | "invalid-base-url";

export class CalcomError extends Error {
  override name = "CalcomError";
  readonly kind: CalcomErrorKind;
  /** The HTTP status, when there was an answer. */
  readonly status: number | null;
  /** Cal.com's error code (e.g. BadRequestException), when it sent one. */
  readonly code: string | null;
  readonly retryAfterSeconds: number | null;
  readonly timedOut: boolean;

  constructor(
    kind: CalcomErrorKind,
    message: string,
    details: { status?: number | null; code?: string | null; retryAfterSeconds?: number | null; timedOut?: boolean; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status ?? null;
    this.code = details.code ?? null;
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
    this.timedOut = details.timedOut ?? false;
  }
}

export const isCalcomError = (error: unknown): error is CalcomError => error instanceof CalcomError;

const clip = (text: string) => (text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : text);

// ---------------------------------------------------------------------------
// Base URL and key

/**
 * The API root without a trailing slash and without /v2, which the client adds:
 * "https://api.cal.com", "https://api.cal.com/" and "https://api.cal.com/v2" all give
 * "https://api.cal.com"; a self-hosted "https://cal.example.com/api/v2" keeps its "/api".
 * Empty means Cal.com's own. Throws CalcomError "invalid-base-url" for anything but
 * a plain http(s) URL (no user:password@, no query, no fragment).
 */
export function normalizeCalcomBaseUrl(input?: string | null): string {
  const text = (input ?? "").trim();
  if (!text) return CALCOM_DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CalcomError("invalid-base-url", "The Cal.com URL is not a valid URL (for example https://api.cal.com)");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new CalcomError("invalid-base-url", "The Cal.com URL must start with https:// or http://");
  if (url.username || url.password) throw new CalcomError("invalid-base-url", "The Cal.com URL must not contain a user name or password");
  if (url.search || url.hash || text.includes("?") || text.includes("#")) throw new CalcomError("invalid-base-url", "The Cal.com URL must not contain ? or #");
  const path = url.pathname.replace(/\/+$/, "").replace(/\/v2$/i, "").replace(/\/+$/, "");
  return `${url.origin}${path}`;
}

/** Cal.com's own keys start cal_live_ or cal_test_; self-hosted instances may use another prefix, so this is a hint, not a rule. */
export const looksLikeCalcomApiKey = (key: string) => /^cal_(live|test)_[A-Za-z0-9]+$/.test(key.trim());

// ---------------------------------------------------------------------------
// Response shapes (zod), normalized for the app

const dateString = z.string().refine((value) => !Number.isNaN(Date.parse(value)), "not a date");
const toIso = (value: string) => new Date(value).toISOString();
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

const meSchema = z
  .object({
    id: z.number().int(),
    username: optionalText,
    email: z.string(),
    name: optionalText,
    timeZone: z.string().min(1),
    timeFormat: z.number().nullish(),
    weekStart: optionalText,
    organizationId: z.number().int().nullish(),
  })
  .transform((me) => ({
    id: me.id,
    username: me.username,
    email: me.email,
    name: me.name,
    timeZone: me.timeZone,
    /** 12 or 24 when Cal.com says. */
    timeFormat: me.timeFormat ?? null,
    weekStart: me.weekStart,
    organizationId: me.organizationId ?? null,
  }));

export type CalcomUser = z.output<typeof meSchema>;

const locationSchema = z
  .object({ type: z.string() })
  .passthrough()
  .transform((location) => {
    const text = (key: string) => (typeof location[key] === "string" ? (location[key] as string) : undefined);
    return { type: location.type, address: text("address"), link: text("link"), phone: text("phone"), integration: text("integration") };
  });

export type CalcomLocation = z.output<typeof locationSchema>;

const eventTypeSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    lengthInMinutes: z.number().int().positive(),
    lengthInMinutesOptions: z.array(z.number().int().positive()).nullish(),
    description: optionalText,
    locations: z.array(locationSchema).nullish(),
    hidden: z.boolean().nullish(),
  })
  .transform((eventType) => ({
    id: eventType.id,
    title: eventType.title,
    slug: eventType.slug,
    lengthInMinutes: eventType.lengthInMinutes,
    lengthInMinutesOptions: eventType.lengthInMinutesOptions ?? null,
    description: eventType.description || null,
    locations: eventType.locations ?? [],
    hidden: eventType.hidden ?? false,
  }));

export type CalcomEventType = z.output<typeof eventTypeSchema>;

const KNOWN_STATUSES = ["accepted", "cancelled", "rejected", "pending", "awaiting_host"] as const;
export type CalcomBookingStatus = (typeof KNOWN_STATUSES)[number] | "unknown";

const attendeeSchema = z
  .object({ name: z.string(), email: optionalText, timeZone: optionalText, language: optionalText, phoneNumber: optionalText, absent: z.boolean().nullish() })
  .transform((attendee) => ({
    name: attendee.name,
    /** Older versions of the 2024-08-13 output did not include it. */
    email: attendee.email,
    timeZone: attendee.timeZone,
    language: attendee.language,
    phoneNumber: attendee.phoneNumber,
  }));

export type CalcomAttendee = z.output<typeof attendeeSchema>;

const hostSchema = z
  .object({ id: z.number().int(), name: optionalText, email: optionalText, username: optionalText, timeZone: optionalText })
  .transform((host) => ({ id: host.id, name: host.name, email: host.email, username: host.username, timeZone: host.timeZone }));

const bookingSchema = z
  .object({
    id: z.number().int(),
    uid: z.string().min(1),
    title: optionalText,
    description: optionalText,
    status: z.string(),
    start: dateString,
    end: dateString,
    duration: z.number().nullish(),
    eventTypeId: z.number().int().nullish(),
    eventType: z.object({ id: z.number().int(), slug: optionalText }).nullish(),
    attendees: z.array(attendeeSchema).nullish(),
    hosts: z.array(hostSchema).nullish(),
    location: optionalText,
    cancellationReason: optionalText,
    reschedulingReason: optionalText,
    rescheduledFromUid: optionalText,
    rescheduledToUid: optionalText,
    recurringBookingUid: optionalText,
    metadata: z.record(z.unknown()).nullish(),
    createdAt: optionalText,
    updatedAt: optionalText,
  })
  .transform((booking) => {
    const start = toIso(booking.start);
    const end = toIso(booking.end);
    const status: CalcomBookingStatus = (KNOWN_STATUSES as readonly string[]).includes(booking.status) ? (booking.status as CalcomBookingStatus) : "unknown";
    const metadata: Record<string, string> = {};
    for (const [key, value] of Object.entries(booking.metadata ?? {})) if (typeof value === "string") metadata[key] = value;
    return {
      id: booking.id,
      uid: booking.uid,
      title: booking.title ?? "",
      description: booking.description || null,
      status,
      start,
      end,
      durationMinutes: booking.duration ?? Math.round((Date.parse(end) - Date.parse(start)) / 60_000),
      eventTypeId: booking.eventType?.id ?? booking.eventTypeId ?? null,
      eventTypeSlug: booking.eventType?.slug ?? null,
      attendees: booking.attendees ?? [],
      hosts: booking.hosts ?? [],
      location: booking.location || null,
      cancellationReason: booking.cancellationReason,
      reschedulingReason: booking.reschedulingReason,
      rescheduledFromUid: booking.rescheduledFromUid,
      rescheduledToUid: booking.rescheduledToUid,
      recurringBookingUid: booking.recurringBookingUid,
      metadata,
      createdAt: booking.createdAt,
      updatedAt: booking.updatedAt,
    };
  });

export type CalcomBooking = z.output<typeof bookingSchema>;

const paginationSchema = z.object({ hasNextPage: z.boolean() }).passthrough();

const success = <T extends z.ZodTypeAny>(data: T) => z.object({ status: z.literal("success"), data });
const meEnvelope = success(meSchema);
const eventTypesEnvelope = success(z.array(eventTypeSchema));
const bookingsPageEnvelope = success(z.array(bookingSchema)).extend({ pagination: paginationSchema.nullish() });
/** Create, cancel and reschedule answer with one booking, or a list for a recurring event type. */
const oneOrManyBookingsEnvelope = success(z.union([bookingSchema, z.array(bookingSchema).min(1)]));

// ---------------------------------------------------------------------------
// The client

export interface CalcomClientOptions {
  apiKey: string;
  /** The tenant's Cal.com, e.g. https://cal.example.com/api for a self-hosted one; Cal.com's own when empty. */
  baseUrl?: string | null;
  /** Per request, including reading the answer; 15 s unless told. */
  timeoutMs?: number;
  /** cal-api-version per endpoint family, when a Cal.com needs others than the defaults. */
  apiVersions?: Partial<CalcomApiVersions>;
}

export type CalcomBookingListStatus = "upcoming" | "recurring" | "past" | "cancelled" | "unconfirmed";

export interface ListCalcomBookingsOptions {
  /** Bookings that start at or after this instant. */
  afterStart?: Date | string;
  /** Bookings that end at or before this instant. */
  beforeEnd?: Date | string;
  /** One status or several (Cal.com ORs them). */
  status?: CalcomBookingListStatus | CalcomBookingListStatus[];
  /** Bookings per request, 1–250; 100 unless told. */
  pageSize?: number;
  /** Requests at most; 20 unless told. The answer says `truncated` when there was more. */
  maxPages?: number;
}

export interface CalcomBookingList {
  bookings: CalcomBooking[];
  /** True when the page cap was reached before Cal.com said there was nothing more. */
  truncated: boolean;
}

export interface CreateCalcomBookingInput {
  eventTypeId: number;
  /** The start; sent as an ISO instant in UTC, as Cal.com requires. */
  start: Date | string;
  attendee: { name: string; email: string; timeZone: string; language?: string; phoneNumber?: string };
  /** Stored on the booking and sent back in webhooks (≤ 50 keys, keys ≤ 40 chars, values ≤ 500 chars). */
  metadata?: Record<string, string>;
  /** For event types with several lengths; the event type's default otherwise. */
  lengthInMinutes?: number;
  /** Answers to the event type's own booking questions, by field slug. */
  bookingFieldsResponses?: Record<string, unknown>;
}

export interface CalcomClient {
  readonly baseUrl: string;
  /** The key's user (the connection test). */
  me(): Promise<CalcomUser>;
  listEventTypes(): Promise<CalcomEventType[]>;
  /** Every matching booking, page after page (oldest start first), up to `maxPages` requests. */
  listBookings(options?: ListCalcomBookingsOptions): Promise<CalcomBookingList>;
  /** The new booking; for a recurring event type, its first occurrence. */
  createBooking(input: CreateCalcomBookingInput): Promise<CalcomBooking>;
  cancelBooking(uid: string, reason?: string | null): Promise<CalcomBooking>;
  /** The new booking that replaces `uid` (it has a new uid; `rescheduledFromUid` is the old one). */
  rescheduleBooking(uid: string, start: Date | string, reason?: string | null): Promise<CalcomBooking>;
}

type Query = Record<string, string | number | undefined>;

interface RequestSpec<T extends z.ZodTypeAny> {
  method: "GET" | "POST";
  path: string;
  version: string;
  query?: Query;
  body?: unknown;
  envelope: T;
}

function isoInstant(value: Date | string, what: string) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`${what} is not a valid date: ${String(value)}`);
  return date.toISOString();
}

/** The body as text, or the CalcomError that says it is too large. */
async function readCapped(response: GuardedResponse, limit: number) {
  try {
    return Buffer.from(await readBodyCapped(response, limit)).toString("utf8");
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    throw new CalcomError("invalid-response", `Cal.com's answer is larger than ${limit} bytes`, { status: response.status });
  }
}

/** Seconds to wait, from Retry-After (seconds or a date) or an X-RateLimit-Reset header (a Unix time, or seconds when small). */
export function retryAfterSecondsFrom(headers: Headers, now = Date.now()): number | null {
  const retryAfter = headers.get("Retry-After")?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter);
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - now) / 1000));
  }
  for (const [name, value] of headers) {
    if (!/^x-ratelimit-reset(-|$)/i.test(name) || !/^\d+(\.\d+)?$/.test(value.trim())) continue;
    const number = Number(value);
    // A Unix time in seconds (or milliseconds) is far larger than any sensible wait.
    if (number > 1e12) return Math.max(0, Math.ceil((number - now) / 1000));
    if (number > 1e9) return Math.max(0, Math.ceil(number - now / 1000));
    return Math.ceil(number);
  }
  return null;
}

/** Cal.com's code and words from an error envelope (or NestJS's plain { message }), when the body is JSON. */
function errorDetails(text: string): { code: string | null; message: string | null } {
  try {
    const parsed = JSON.parse(text) as { error?: unknown; message?: unknown };
    const error = parsed.error;
    if (error && typeof error === "object") {
      const { code, message } = error as { code?: unknown; message?: unknown };
      return { code: typeof code === "string" ? code : null, message: typeof message === "string" ? message : null };
    }
    if (typeof parsed.message === "string") return { code: typeof error === "string" ? error : null, message: parsed.message };
    if (Array.isArray(parsed.message)) return { code: null, message: parsed.message.filter((m) => typeof m === "string").join("; ") || null };
  } catch {
    // Not JSON (a proxy's HTML page, say): no details.
  }
  return { code: null, message: null };
}

function errorForStatus(response: GuardedResponse, text: string): CalcomError {
  const status = response.status;
  const { code, message } = errorDetails(text);
  const said = message ? `: ${clip(message)}` : "";
  if (status === 401 || status === 403) return new CalcomError("unauthorized", `Cal.com refused the API key (HTTP ${status})${said}`, { status, code });
  if (status === 404) return new CalcomError("not-found", `Cal.com answered 404 Not Found${said}`, { status, code });
  if (status === 429) {
    const retryAfterSeconds = retryAfterSecondsFrom(response.headers);
    return new CalcomError("rate-limited", `Cal.com's rate limit was reached${retryAfterSeconds === null ? "" : `; try again in ${retryAfterSeconds} s`}`, {
      status,
      code,
      retryAfterSeconds,
    });
  }
  if (status >= 500) return new CalcomError("unavailable", `Cal.com answered HTTP ${status}${said}`, { status, code });
  if (status >= 400) return new CalcomError("rejected", `Cal.com refused the request (HTTP ${status})${said}`, { status, code });
  return new CalcomError("invalid-response", `Cal.com answered HTTP ${status}, which the client does not expect`, { status, code });
}

/** Where the answer differs from Cal.com's shape, without the values (they may hold attendees' details). */
function describeIssues(error: z.ZodError) {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`)
    .join("; ");
}

export function createCalcomClient(options: CalcomClientOptions): CalcomClient {
  const apiKey = (options.apiKey ?? "").trim();
  // Keys are printable ASCII; anything else (a line break, a space pasted inside) cannot be sent in a header.
  if (!apiKey || [...apiKey].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) >= 0x7f))
    throw new CalcomError("unauthorized", "No usable Cal.com API key was given");
  const baseUrl = normalizeCalcomBaseUrl(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? CALCOM_DEFAULT_TIMEOUT_MS;
  const versions: CalcomApiVersions = { ...CALCOM_API_VERSIONS, ...options.apiVersions };

  async function request<T extends z.ZodTypeAny>(spec: RequestSpec<T>): Promise<z.output<T>> {
    const url = new URL(`${baseUrl}${spec.path}`);
    for (const [key, value] of Object.entries(spec.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}`, "cal-api-version": spec.version, Accept: "application/json" };
    if (spec.body !== undefined) headers["Content-Type"] = "application/json";
    // One signal covers connecting, redirects and reading the answer.
    const signal = AbortSignal.timeout(timeoutMs);
    const where = `${spec.method} ${url.pathname}`;

    let response: GuardedResponse;
    try {
      response = await guardedFetch(
        url,
        { method: spec.method, headers, body: spec.body === undefined ? undefined : JSON.stringify(spec.body), signal },
        { allowPrivate: getEnv().OUTBOUND_ALLOW_PRIVATE },
      );
    } catch (error) {
      if (error instanceof OutboundRefusal) throw new CalcomError("refused-address", `The Cal.com address was refused: ${error.message}`, { cause: error });
      if (signal.aborted) throw new CalcomError("unavailable", `No answer from Cal.com within ${timeoutMs} ms (${where})`, { timedOut: true, cause: error });
      throw new CalcomError("unavailable", clip(`Cal.com could not be reached (${describeFetchFailure(error)})`), { cause: error });
    }

    let text: string;
    try {
      text = await readCapped(response, MAX_RESPONSE_BYTES);
    } catch (error) {
      if (error instanceof CalcomError) throw error;
      if (signal.aborted)
        throw new CalcomError("unavailable", `Cal.com's answer did not arrive within ${timeoutMs} ms (${where})`, {
          status: response.status,
          timedOut: true,
          cause: error,
        });
      throw new CalcomError("unavailable", clip(`Cal.com's answer broke off (${describeFetchFailure(error)})`), { status: response.status, cause: error });
    }

    if (!response.ok) throw errorForStatus(response, text);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new CalcomError("invalid-response", `Cal.com's answer to ${where} is not JSON; is the URL a Cal.com API?`, { status: response.status });
    }
    const parsed = spec.envelope.safeParse(json);
    if (!parsed.success) {
      throw new CalcomError("invalid-response", clip(`Cal.com's answer to ${where} has an unexpected shape (${describeIssues(parsed.error)})`), {
        status: response.status,
      });
    }
    return parsed.data as z.output<T>;
  }

  const bookingPath = (uid: string, action: "cancel" | "reschedule") => {
    if (!uid) throw new RangeError("A booking uid is required");
    return `/v2/bookings/${encodeURIComponent(uid)}/${action}`;
  };

  /** Create/reschedule: the first of a recurring series; cancel: the booking asked about when the list includes it. */
  const pick = (data: CalcomBooking | CalcomBooking[], uid?: string) => (Array.isArray(data) ? (data.find((b) => b.uid === uid) ?? data[0]!) : data);

  async function me() {
    const { data } = await request({ method: "GET", path: "/v2/me", version: versions.me, envelope: meEnvelope });
    return data;
  }

  return {
    baseUrl,
    me,

    async listEventTypes() {
      const { data } = await request({ method: "GET", path: "/v2/event-types", version: versions.eventTypes, envelope: eventTypesEnvelope });
      if (data.length > 0) return data;
      // Older versions list nothing without ?username= even for the key's own user.
      const user = await me();
      if (!user.username) return data;
      const again = await request({
        method: "GET",
        path: "/v2/event-types",
        version: versions.eventTypes,
        query: { username: user.username },
        envelope: eventTypesEnvelope,
      });
      return again.data;
    },

    async listBookings(filters = {}) {
      const pageSize = Math.min(250, Math.max(1, Math.floor(filters.pageSize ?? DEFAULT_PAGE_SIZE)));
      const maxPages = Math.max(1, Math.floor(filters.maxPages ?? DEFAULT_MAX_PAGES));
      const statuses = filters.status === undefined ? [] : Array.isArray(filters.status) ? filters.status : [filters.status];
      const query: Query = {
        status: statuses.length > 0 ? statuses.join(",") : undefined,
        afterStart: filters.afterStart === undefined ? undefined : isoInstant(filters.afterStart, "afterStart"),
        beforeEnd: filters.beforeEnd === undefined ? undefined : isoInstant(filters.beforeEnd, "beforeEnd"),
        // A fixed order keeps skip-based pages from overlapping or leaving gaps.
        sortStart: "asc",
        take: pageSize,
      };
      const byUid = new Map<string, CalcomBooking>();
      let skip = 0;
      for (let page = 0; page < maxPages; page += 1) {
        const { data, pagination } = await request({
          method: "GET",
          path: "/v2/bookings",
          version: versions.bookings,
          query: { ...query, skip },
          envelope: bookingsPageEnvelope,
        });
        const before = byUid.size;
        for (const booking of data) byUid.set(booking.uid, booking);
        const more = pagination ? pagination.hasNextPage : data.length >= pageSize;
        // A page with nothing new means the server ignores skip (an old version): stop rather than loop.
        if (!more || data.length === 0 || byUid.size === before) return { bookings: [...byUid.values()], truncated: false };
        skip += data.length;
      }
      return { bookings: [...byUid.values()], truncated: true };
    },

    async createBooking(input) {
      const body = {
        start: isoInstant(input.start, "start"),
        eventTypeId: input.eventTypeId,
        attendee: {
          name: input.attendee.name,
          email: input.attendee.email,
          timeZone: input.attendee.timeZone,
          ...(input.attendee.language ? { language: input.attendee.language } : {}),
          ...(input.attendee.phoneNumber ? { phoneNumber: input.attendee.phoneNumber } : {}),
        },
        ...(input.metadata ? { metadata: input.metadata } : {}),
        ...(input.lengthInMinutes ? { lengthInMinutes: input.lengthInMinutes } : {}),
        ...(input.bookingFieldsResponses ? { bookingFieldsResponses: input.bookingFieldsResponses } : {}),
      };
      const { data } = await request({ method: "POST", path: "/v2/bookings", version: versions.bookings, body, envelope: oneOrManyBookingsEnvelope });
      return pick(data);
    },

    async cancelBooking(uid, reason) {
      const body = reason ? { cancellationReason: reason } : {};
      const { data } = await request({
        method: "POST",
        path: bookingPath(uid, "cancel"),
        version: versions.bookings,
        body,
        envelope: oneOrManyBookingsEnvelope,
      });
      return pick(data, uid);
    },

    async rescheduleBooking(uid, start, reason) {
      const body = { start: isoInstant(start, "start"), ...(reason ? { reschedulingReason: reason } : {}) };
      const { data } = await request({
        method: "POST",
        path: bookingPath(uid, "reschedule"),
        version: versions.bookings,
        body,
        envelope: oneOrManyBookingsEnvelope,
      });
      return pick(data);
    },
  };
}
