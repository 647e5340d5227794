import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A stand-in for ClubCore's API v1 (the gym management CRM of
 * app/features/integrations/templates/gym-management.json), for tests only:
 * nothing may reach a real CRM. It listens on 127.0.0.1 on a free port; use
 * `baseUrl` (it ends in /v1, as the template's base URL does) as the
 * connection's base URL.
 *
 * It keeps members and events as ClubCore does for the template's five
 * endpoints, in the template's wire format:
 *   POST /v1/users         createUser   201 the member (roleId "7" / roleName "Member" for role 7, status "prospect")
 *   GET  /v1/users         searchUsers  { data, pagination: { page, page_size, total, totalPages } }
 *   PUT  /v1/users/{id}    updateUser   200 the member; 404 unknown
 *   GET  /v1/events        searchEvents { data, pagination }
 *   POST /v1/events        createEvent  201 the event (status "scheduled"); attendeeId must be a member
 * Bodies and query strings are checked against the contract written down in
 * this file (a copy of the template's payload schemas, kept apart on purpose so
 * a change to the template does not quietly change "the CRM"): a problem is a
 * 422 listing every field, `{ error: { code: "validation_failed", message,
 * details: [{ field, message }] } }`. Unknown query parameters are refused too
 * (the template says additionalProperties: false), so a filter the API does not
 * know is loud instead of quietly returning every member.
 *
 * The API key goes in X-API-Key; a missing or wrong one is a 401
 * `{ error: { code: "unauthorized", message } }`.
 *
 * Test helpers, not ClubCore features:
 *   - Idempotency-Key: a repeat of the same method + path + key (after the key
 *     check) answers the first answer again, status and body, without doing
 *     anything; the recorded request says `replayed: true`. Answers of 5xx are
 *     not kept, so a retry after a server error runs again.
 *   - fail(match, fault, times): the next `times` requests that match answer
 *     with the fault instead (before the key check). `afterHandling: true` on a
 *     hang or a drop runs the request first, the "done, but the answer got lost"
 *     case that idempotency keys exist for.
 *   - addMember / addEvent: records made on the club's side.
 */

export interface RecordedRequest {
  method: string;
  /** The path without the query string (with the /v1 prefix). */
  path: string;
  query: Record<string, string>;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Parsed JSON body, or the raw text when it is not JSON, or null. */
  body: unknown;
  /** What the stub answered (0 for a hang or a dropped connection). */
  status: number;
  /** The answer was the stored answer of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

export interface StubFaultMatch {
  method?: string;
  /** The path without the query string; a string must be equal, a RegExp must match. */
  path?: string | RegExp;
}

export type StubFault =
  /** Answers with this status; the body defaults to ClubCore's error for the status (a string is sent as raw text). */
  | { status: number; body?: unknown; retryAfter?: number | string; headers?: Record<string, string> }
  /** Never answers; the connection stays open until the client gives up or the stub closes. */
  | { hang: true; afterHandling?: boolean }
  /** Destroys the socket without an answer. */
  | { dropConnection: true; afterHandling?: boolean };

export type MemberStatus = "active" | "inactive" | "frozen" | "prospect";
export type EventStatus = "scheduled" | "completed" | "cancelled" | "no_show";
export type VisitType = "consultation" | "follow_up" | "tour" | "service_appointment" | "class" | "personal_training" | "other";

/** A member as the stub keeps it: the response fields, then the fields ClubCore stores but does not answer with. */
export interface GymMember {
  id: string;
  clubId: string;
  locationId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  mobilePhone: string | null;
  roleId: string;
  roleName: string;
  status: MemberStatus;
  createdAt: string;
  updatedAt: string;
  dateOfBirth?: string;
  gender?: "female" | "male" | "non_binary" | "undisclosed";
  externalId?: string;
  notes?: string;
  marketingOptIn?: boolean;
}

export interface GymEvent {
  id: string;
  clubId: string;
  locationId: string;
  eventTypeId: string;
  attendeeId: string;
  staffId: string | null;
  visitType: VisitType;
  subject: string;
  startTime: string;
  endTime: string;
  status: EventStatus;
  notes: string | null;
  externalId: string | null;
  createdAt: string;
  updatedAt: string;
  /** Stored, not answered. */
  sendConfirmation?: boolean;
}

export interface GymStub {
  /** The connection's base URL, e.g. http://127.0.0.1:40123/v1 */
  baseUrl: string;
  /** http://127.0.0.1:40123 */
  origin: string;
  apiKey: string;
  requests: RecordedRequest[];
  /** The members, oldest first (the live store: read it, or change it to act on the club's side). */
  members: GymMember[];
  events: GymEvent[];
  /** The next `times` requests matching `match` (every request for {}) answer with `fault`. */
  fail(match: StubFaultMatch, fault: StubFault, times?: number): void;
  /** fail({}, fault, times). */
  failNext(fault: StubFault, times?: number): void;
  /** A member added on the club's side. */
  addMember(input?: Partial<GymMember>): GymMember;
  /** An event booked on the club's side; `attendeeId` defaults to the first member. */
  addEvent(input?: Partial<GymEvent>): GymEvent;
  /** Forgets members, events, requests, queued faults and idempotency keys. */
  reset(): void;
  /** Closes the server and every connection, hanging ones too. */
  close(): Promise<void>;
}

export interface GymStubOptions {
  apiKey?: string;
  /** Role names by id, for roleName; "7" is "Member" unless told. Unknown ids are named "Role <id>". */
  roles?: Record<string, string>;
}

export const GYM_STUB_API_KEY = "clubcore_test_key_0123456789abcdef";

// --- The contract (gym-management.json, payload schemas) ----------------------

const UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;

const ID64: FieldSchema = { type: "string", minLength: 1, maxLength: 64 };
const NAME: FieldSchema = { type: "string", minLength: 1, maxLength: 100 };
const ROLE: FieldSchema = { type: "string", pattern: /^[1-9][0-9]*$/ };
const EMAIL: FieldSchema = { type: "string", format: "email", pattern: EMAIL_PATTERN, maxLength: 254 };
const PHONE: FieldSchema = { type: "string", pattern: PHONE_PATTERN };
const UTC: FieldSchema = { type: "string", format: "date-time", pattern: UTC_DATE_TIME };
const MEMBER_STATUSES = ["active", "inactive", "frozen", "prospect"] as const;
const EVENT_STATUSES = ["scheduled", "completed", "cancelled", "no_show"] as const;
const VISIT_TYPES = ["consultation", "follow_up", "tour", "service_appointment", "class", "personal_training", "other"] as const;
const GENDERS = ["female", "male", "non_binary", "undisclosed"] as const;
const PAGE: FieldSchema = { type: "integer", minimum: 1 };
const PAGE_SIZE: FieldSchema = { type: "integer", minimum: 1, maximum: 100 };
const SEARCH_STRING: FieldSchema = { type: "string", minLength: 1 };

const CREATE_USER: FieldSchema = {
  type: "object",
  properties: {
    clubId: ID64,
    locationId: ID64,
    firstName: NAME,
    lastName: NAME,
    role: ROLE,
    email: EMAIL,
    mobilePhone: PHONE,
    dateOfBirth: { type: "string", format: "date" },
    gender: { type: "string", enum: GENDERS },
    externalId: { type: "string", maxLength: 100 },
    notes: { type: "string", maxLength: 2000 },
    marketingOptIn: { type: "boolean" },
  },
  required: ["clubId", "locationId", "firstName", "lastName", "role", "email", "mobilePhone"],
  additionalProperties: false,
};

const UPDATE_USER: FieldSchema = {
  type: "object",
  properties: {
    locationId: ID64,
    firstName: NAME,
    lastName: NAME,
    role: ROLE,
    email: EMAIL,
    mobilePhone: PHONE,
    dateOfBirth: { type: "string", format: "date" },
    gender: { type: "string", enum: GENDERS },
    notes: { type: "string", maxLength: 2000 },
    marketingOptIn: { type: "boolean" },
    status: { type: "string", enum: MEMBER_STATUSES },
  },
  additionalProperties: false,
  minProperties: 1,
};

const SEARCH_USERS: FieldSchema = {
  type: "object",
  properties: {
    page: PAGE,
    page_size: PAGE_SIZE,
    clubId: SEARCH_STRING,
    locationId: SEARCH_STRING,
    email: { type: "string", format: "email", pattern: EMAIL_PATTERN },
    mobilePhone: PHONE,
    search: { type: "string", minLength: 1, maxLength: 100 },
    status: { type: "string", enum: MEMBER_STATUSES },
    updatedSince: UTC,
  },
  additionalProperties: false,
};

const SEARCH_EVENTS: FieldSchema = {
  type: "object",
  properties: {
    page: PAGE,
    page_size: PAGE_SIZE,
    clubId: SEARCH_STRING,
    locationId: SEARCH_STRING,
    attendeeId: SEARCH_STRING,
    eventTypeId: SEARCH_STRING,
    startFrom: UTC,
    startTo: UTC,
    status: { type: "string", enum: EVENT_STATUSES },
  },
  additionalProperties: false,
};

const CREATE_EVENT: FieldSchema = {
  type: "object",
  properties: {
    clubId: ID64,
    locationId: ID64,
    eventTypeId: ID64,
    attendeeId: ID64,
    visitType: { type: "string", enum: VISIT_TYPES },
    startTime: UTC,
    endTime: UTC,
    subject: { type: "string", minLength: 1, maxLength: 200 },
    staffId: ID64,
    notes: { type: "string", maxLength: 2000 },
    externalId: { type: "string", maxLength: 100 },
    sendConfirmation: { type: "boolean" },
  },
  required: ["clubId", "locationId", "eventTypeId", "attendeeId", "visitType", "startTime", "endTime", "subject"],
  additionalProperties: false,
};

// --- The stub -------------------------------------------------------------------

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface QueuedFault {
  match: StubFaultMatch;
  fault: StubFault;
  remaining: number;
}

export async function startGymStub(options: GymStubOptions = {}): Promise<GymStub> {
  const apiKey = options.apiKey ?? GYM_STUB_API_KEY;
  const roles: Record<string, string> = { "7": "Member", ...options.roles };
  const members: GymMember[] = [];
  const events: GymEvent[] = [];
  const requests: RecordedRequest[] = [];
  const faults: QueuedFault[] = [];
  const idempotent = new Map<string, Answer>();
  const sockets = new Set<Socket>();
  let nextMember = 5521;
  let nextEvent = 30917;

  const roleName = (id: string) => roles[id] ?? `Role ${id}`;
  const findMember = (id: string) => members.find((member) => member.id === id);

  function storeMember(input: Partial<GymMember>): GymMember {
    const at = clubNow();
    const roleId = input.roleId ?? "7";
    const member: GymMember = {
      id: `usr_${nextMember++}`,
      clubId: "club_1024",
      locationId: "loc_88",
      firstName: "Ada",
      lastName: "Lovelace",
      email: null,
      mobilePhone: null,
      status: "prospect",
      createdAt: at,
      updatedAt: at,
      ...input,
      roleId,
      roleName: input.roleName ?? roleName(roleId),
    };
    members.push(member);
    return member;
  }

  function storeEvent(input: Partial<GymEvent> & { attendeeId: string; startTime: string; endTime: string }): GymEvent {
    const at = clubNow();
    const event: GymEvent = {
      id: `evt_${nextEvent++}`,
      clubId: "club_1024",
      locationId: "loc_88",
      eventTypeId: "evtype_12",
      staffId: null,
      visitType: "consultation",
      subject: "Membership consultation",
      status: "scheduled",
      notes: null,
      externalId: null,
      createdAt: at,
      updatedAt: at,
      ...input,
    };
    events.push(event);
    return event;
  }

  // --- Routes ---------------------------------------------------------------------

  interface RouteContext {
    query: URLSearchParams;
    body: unknown;
  }

  const routes: Array<{ method: string; pattern: RegExp; handle: (ctx: RouteContext, ...ids: string[]) => Answer }> = [
    { method: "POST", pattern: /^\/v1\/users\/?$/, handle: createUser },
    { method: "GET", pattern: /^\/v1\/users\/?$/, handle: searchUsers },
    { method: "PUT", pattern: /^\/v1\/users\/([^/]+)\/?$/, handle: updateUser },
    { method: "GET", pattern: /^\/v1\/events\/?$/, handle: searchEvents },
    { method: "POST", pattern: /^\/v1\/events\/?$/, handle: createEvent },
  ];

  function createUser({ body }: RouteContext): Answer {
    const problems = validate(body, CREATE_USER);
    if (problems.length > 0) return invalid(problems);
    const input = body as Record<string, unknown> & {
      clubId: string;
      locationId: string;
      firstName: string;
      lastName: string;
      role: string;
      email: string;
      mobilePhone: string;
    };
    const member = storeMember({
      clubId: input.clubId,
      locationId: input.locationId,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      mobilePhone: input.mobilePhone,
      roleId: input.role,
      ...pick(input, ["dateOfBirth", "gender", "externalId", "notes", "marketingOptIn"]),
    });
    return { status: 201, body: memberView(member) };
  }

  function searchUsers({ query }: RouteContext): Answer {
    const params = coerceQuery(query, SEARCH_USERS);
    const problems = validate(params, SEARCH_USERS);
    if (problems.length > 0) return invalid(problems);
    const text = typeof params.search === "string" ? params.search.toLowerCase() : null;
    const matching = members.filter(
      (member) =>
        (params.clubId === undefined || member.clubId === params.clubId) &&
        (params.locationId === undefined || member.locationId === params.locationId) &&
        (params.email === undefined || member.email?.toLowerCase() === String(params.email).toLowerCase()) &&
        (params.mobilePhone === undefined || member.mobilePhone === params.mobilePhone) &&
        (params.status === undefined || member.status === params.status) &&
        (params.updatedSince === undefined || Date.parse(member.updatedAt) >= Date.parse(String(params.updatedSince))) &&
        (text === null || [member.firstName, member.lastName, member.email ?? ""].some((value) => value.toLowerCase().includes(text))),
    );
    return page(matching.map(memberView), params);
  }

  function updateUser({ body }: RouteContext, id: string): Answer {
    const member = findMember(id);
    if (!member) return clubError(404, "not_found", `No member with id ${id}.`);
    const problems = validate(body, UPDATE_USER);
    if (problems.length > 0) return invalid(problems);
    const { role, ...changes } = body as Partial<GymMember> & { role?: string };
    Object.assign(member, changes);
    if (role !== undefined) {
      member.roleId = role;
      member.roleName = roleName(role);
    }
    member.updatedAt = clubNow();
    return { status: 200, body: memberView(member) };
  }

  function searchEvents({ query }: RouteContext): Answer {
    const params = coerceQuery(query, SEARCH_EVENTS);
    const problems = validate(params, SEARCH_EVENTS);
    if (problems.length > 0) return invalid(problems);
    const from = params.startFrom === undefined ? null : Date.parse(String(params.startFrom));
    const to = params.startTo === undefined ? null : Date.parse(String(params.startTo));
    const matching = events
      .filter(
        (event) =>
          (params.clubId === undefined || event.clubId === params.clubId) &&
          (params.locationId === undefined || event.locationId === params.locationId) &&
          (params.attendeeId === undefined || event.attendeeId === params.attendeeId) &&
          (params.eventTypeId === undefined || event.eventTypeId === params.eventTypeId) &&
          (params.status === undefined || event.status === params.status) &&
          (from === null || Date.parse(event.startTime) >= from) &&
          (to === null || Date.parse(event.startTime) <= to),
      )
      .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime) || a.id.localeCompare(b.id));
    return page(matching.map(eventView), params);
  }

  function createEvent({ body }: RouteContext): Answer {
    const problems = validate(body, CREATE_EVENT);
    if (problems.length > 0) return invalid(problems);
    const input = body as Omit<GymEvent, "id" | "status" | "createdAt" | "updatedAt">;
    if (!findMember(input.attendeeId)) problems.push({ field: "attendeeId", message: `No member with id ${input.attendeeId}.` });
    if (Date.parse(input.endTime) <= Date.parse(input.startTime)) problems.push({ field: "endTime", message: "must be after startTime" });
    if (problems.length > 0) return invalid(problems);
    const event = storeEvent({
      clubId: input.clubId,
      locationId: input.locationId,
      eventTypeId: input.eventTypeId,
      attendeeId: input.attendeeId,
      visitType: input.visitType,
      subject: input.subject,
      startTime: input.startTime,
      endTime: input.endTime,
      staffId: input.staffId ?? null,
      notes: input.notes ?? null,
      externalId: input.externalId ?? null,
      ...pick(input as unknown as Record<string, unknown>, ["sendConfirmation"]),
    });
    return { status: 201, body: eventView(event) };
  }

  function answerApi(record: RecordedRequest, url: URL, bodyIsJson: boolean): { answer: Answer; replayed: boolean } {
    if (!/^\/v1(\/|$)/.test(url.pathname)) return { answer: clubError(404, "not_found", `No route for ${record.method} ${url.pathname}.`), replayed: false };
    const key = record.headers["x-api-key"];
    if (!key) return { answer: clubError(401, "unauthorized", "Missing API key: send it in the X-API-Key header."), replayed: false };
    if (key !== apiKey) return { answer: clubError(401, "unauthorized", "Invalid API key."), replayed: false };

    const idempotencyKey = record.headers["idempotency-key"];
    const cacheKey = idempotencyKey ? `${record.method} ${record.path} ${idempotencyKey}` : null;
    const stored = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (stored) return { answer: structuredClone(stored), replayed: true };

    let answer: Answer;
    const known = routes.filter((route) => route.pattern.test(url.pathname));
    const route = known.find((candidate) => candidate.method === record.method);
    if (!route) {
      answer =
        known.length > 0
          ? clubError(405, "method_not_allowed", `${record.method} is not allowed on ${url.pathname}.`)
          : clubError(404, "not_found", `No route for ${record.method} ${url.pathname}.`);
    } else if (!bodyIsJson) {
      answer = clubError(400, "invalid_json", "The request body is not valid JSON.");
    } else {
      const ids = route.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
      answer = route.handle({ query: url.searchParams, body: record.body }, ...ids);
    }
    if (cacheKey && answer.status < 500) idempotent.set(cacheKey, structuredClone(answer));
    return { answer, replayed: false };
  }

  // --- Server ---------------------------------------------------------------------

  function takeFault(method: string, path: string): StubFault | undefined {
    const index = faults.findIndex((queued) => matches(queued.match, method, path));
    const queued = faults[index];
    if (!queued) return undefined;
    queued.remaining -= 1;
    if (queued.remaining <= 0) faults.splice(index, 1);
    return queued.fault;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://stub.invalid");
      let body: unknown = null;
      let bodyIsJson = true;
      if (rawBody) {
        try {
          body = JSON.parse(rawBody);
        } catch {
          body = rawBody;
          bodyIsJson = false;
        }
      }
      const record: RecordedRequest = {
        method: (req.method ?? "GET").toUpperCase(),
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: headersOf(req),
        body,
        status: 0,
        replayed: false,
      };
      requests.push(record);

      const fault = takeFault(record.method, record.path);
      if (fault && "status" in fault) return send(res, record, faultAnswer(fault, clubFaultBody));
      if (fault && fault.afterHandling) record.replayed = answerApi(record, url, bodyIsJson).replayed;
      if (fault && "hang" in fault) return;
      if (fault) return req.socket.destroy();
      const { answer, replayed } = answerApi(record, url, bodyIsJson);
      record.replayed = replayed;
      send(res, record, answer);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    baseUrl: `${origin}/v1`,
    origin,
    apiKey,
    requests,
    members,
    events,
    fail(match, fault, times = 1) {
      if (times > 0) faults.push({ match, fault, remaining: times });
    },
    failNext(fault, times = 1) {
      if (times > 0) faults.push({ match: {}, fault, remaining: times });
    },
    addMember(input = {}) {
      return storeMember({ email: `member${nextMember}@example.test`, mobilePhone: `+1416555${String(nextMember).padStart(4, "0").slice(-4)}`, ...input });
    },
    addEvent(input = {}) {
      const attendeeId = input.attendeeId ?? members[0]?.id;
      if (!attendeeId) throw new Error("The gym stub has no member to book an event for: add one first or give attendeeId.");
      const startTime = input.startTime ?? new Date(Date.UTC(2030, 0, 7, 15)).toISOString().replace(/\.\d{3}Z$/, "Z");
      const endTime = input.endTime ?? new Date(Date.parse(startTime) + 30 * 60_000).toISOString().replace(/\.\d{3}Z$/, "Z");
      return storeEvent({ ...input, attendeeId, startTime, endTime });
    },
    reset() {
      members.length = 0;
      events.length = 0;
      requests.length = 0;
      faults.length = 0;
      idempotent.clear();
      nextMember = 5521;
      nextEvent = 30917;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// --- Wire format ----------------------------------------------------------------------

function memberView(member: GymMember) {
  return {
    id: member.id,
    clubId: member.clubId,
    locationId: member.locationId,
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    mobilePhone: member.mobilePhone,
    roleId: member.roleId,
    roleName: member.roleName,
    status: member.status,
    createdAt: member.createdAt,
    updatedAt: member.updatedAt,
  };
}

function eventView(event: GymEvent) {
  return {
    id: event.id,
    clubId: event.clubId,
    locationId: event.locationId,
    eventTypeId: event.eventTypeId,
    attendeeId: event.attendeeId,
    staffId: event.staffId,
    visitType: event.visitType,
    subject: event.subject,
    startTime: event.startTime,
    endTime: event.endTime,
    status: event.status,
    notes: event.notes,
    externalId: event.externalId,
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
  };
}

function page(items: unknown[], params: Record<string, unknown>): Answer {
  const pageNumber = typeof params.page === "number" ? params.page : 1;
  const pageSize = typeof params.page_size === "number" ? params.page_size : 25;
  const start = (pageNumber - 1) * pageSize;
  return {
    status: 200,
    body: {
      data: items.slice(start, start + pageSize),
      pagination: { page: pageNumber, page_size: pageSize, total: items.length, totalPages: Math.ceil(items.length / pageSize) },
    },
  };
}

/** ClubCore's timestamps: ISO 8601 in UTC, whole seconds ("2025-03-01T14:05:00Z"). */
function clubNow() {
  return new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
}

function clubError(status: number, code: string, message: string): Answer {
  return { status, body: { error: { code, message } } };
}

function invalid(problems: Problem[]): Answer {
  return { status: 422, body: { error: { code: "validation_failed", message: "The request has invalid fields.", details: problems } } };
}

function clubFaultBody(status: number): unknown {
  if (status === 400) return clubError(400, "bad_request", "Bad request.").body;
  if (status === 401) return clubError(401, "unauthorized", "Invalid API key.").body;
  if (status === 403) return clubError(403, "forbidden", "This API key may not access this club.").body;
  if (status === 404) return clubError(404, "not_found", "Not found.").body;
  if (status === 409) return clubError(409, "conflict", "The record was changed by another request.").body;
  if (status === 422) return invalid([]).body;
  if (status === 429) return clubError(429, "rate_limited", "Rate limit exceeded: at most 60 requests a minute, 1000 an hour and 10000 a day.").body;
  if (status === 503) return clubError(503, "service_unavailable", "ClubCore is down for maintenance. Try again later.").body;
  if (status >= 500) return clubError(status, "server_error", "Something went wrong on our side.").body;
  return clubError(status, "error", `Injected ${status}.`).body;
}

function pick(source: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]));
}

// --- Shared with crm-suite-stub.ts (kept apart so each stub stands alone) ----------------

function headersOf(req: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

function matches(match: StubFaultMatch, method: string, path: string): boolean {
  if (match.method && match.method.toUpperCase() !== method) return false;
  if (match.path === undefined) return true;
  if (typeof match.path === "string") return match.path === path;
  match.path.lastIndex = 0;
  return match.path.test(path);
}

function faultAnswer(
  fault: { status: number; body?: unknown; retryAfter?: number | string; headers?: Record<string, string> },
  defaultBody: (status: number) => unknown,
): Answer {
  const headers: Record<string, string> = { ...fault.headers };
  if (fault.retryAfter !== undefined) headers["Retry-After"] = String(fault.retryAfter);
  return { status: fault.status, body: fault.body === undefined ? defaultBody(fault.status) : fault.body, headers };
}

function send(res: http.ServerResponse, record: RecordedRequest, answer: Answer) {
  record.status = answer.status;
  const raw = typeof answer.body === "string";
  const text = raw ? (answer.body as string) : answer.body === null ? "" : JSON.stringify(answer.body);
  const type = raw
    ? (answer.body as string).trimStart().startsWith("<")
      ? "text/html; charset=utf-8"
      : "text/plain; charset=utf-8"
    : "application/json; charset=utf-8";
  res.writeHead(answer.status, { ...(text ? { "Content-Type": type } : {}), ...answer.headers });
  res.end(text);
}

interface Problem {
  field: string;
  message: string;
}

type JsonType = "string" | "integer" | "number" | "boolean" | "object" | "array" | "null";

interface FieldSchema {
  type?: JsonType | readonly JsonType[];
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  format?: "email" | "date" | "date-time";
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  properties?: Record<string, FieldSchema>;
  required?: readonly string[];
  additionalProperties?: false;
  minProperties?: number;
  items?: FieldSchema;
  minItems?: number;
  maxItems?: number;
}

const EMAIL_FORMAT =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

function isCalendarDate(text: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

function isDateTime(text: string) {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.exec(text);
  return (
    !!match && isCalendarDate(match[1] ?? "") && Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4]) < 61 && !Number.isNaN(Date.parse(text))
  );
}

const FORMATS: Record<NonNullable<FieldSchema["format"]>, (text: string) => boolean> = {
  email: (text) => EMAIL_FORMAT.test(text),
  date: isCalendarDate,
  "date-time": isDateTime,
};

function hasType(value: unknown, type: JsonType): boolean {
  if (type === "null") return value === null;
  if (type === "array") return Array.isArray(value);
  if (type === "object") return typeof value === "object" && value !== null && !Array.isArray(value);
  if (type === "integer") return typeof value === "number" && Number.isInteger(value);
  if (type === "number") return typeof value === "number" && Number.isFinite(value);
  return typeof value === type;
}

/** Every problem of `value` against `schema` (a small JSON Schema subset), by dotted field path. */
function validate(value: unknown, schema: FieldSchema, at = ""): Problem[] {
  const problems: Problem[] = [];
  const field = at || "(body)";
  if (schema.type !== undefined) {
    const types: readonly JsonType[] = typeof schema.type === "string" ? [schema.type] : schema.type;
    if (!types.some((type) => hasType(value, type)))
      return [
        {
          field,
          message: `must be ${types.map((type) => (type === "integer" || type === "array" || type === "object" ? `an ${type}` : type === "null" ? "null" : `a ${type}`)).join(" or ")}`,
        },
      ];
  }
  if (typeof value === "string") {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength)
      problems.push({ field, message: schema.minLength === 1 ? "must not be empty" : `must be at least ${schema.minLength} characters` });
    if (schema.maxLength !== undefined && length > schema.maxLength) problems.push({ field, message: `must be at most ${schema.maxLength} characters` });
    if (schema.enum && !schema.enum.includes(value)) problems.push({ field, message: `must be one of ${schema.enum.join(", ")}` });
    if (schema.format && !FORMATS[schema.format](value)) problems.push({ field, message: `must be a valid ${schema.format}` });
    if (schema.pattern && !schema.pattern.test(value)) problems.push({ field, message: `must match ${schema.pattern.source}` });
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push({ field, message: `must be at least ${schema.minimum}` });
    if (schema.maximum !== undefined && value > schema.maximum) problems.push({ field, message: `must be at most ${schema.maximum}` });
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) problems.push({ field, message: `must have at least ${schema.minItems} items` });
    if (schema.maxItems !== undefined && value.length > schema.maxItems) problems.push({ field, message: `must have at most ${schema.maxItems} items` });
    if (schema.items) value.forEach((item, index) => problems.push(...validate(item, schema.items!, `${at}[${index}]`)));
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    const child = (key: string) => (at ? `${at}.${key}` : key);
    for (const key of schema.required ?? []) if (object[key] === undefined) problems.push({ field: child(key), message: "is required" });
    if (schema.minProperties !== undefined && Object.keys(object).length < schema.minProperties)
      problems.push({ field, message: `must have at least ${schema.minProperties} field${schema.minProperties === 1 ? "" : "s"}` });
    for (const [key, item] of Object.entries(object)) {
      const property = schema.properties?.[key];
      if (property) problems.push(...validate(item, property, child(key)));
      else if (schema.additionalProperties === false) problems.push({ field: child(key), message: "is not a known field" });
    }
  }
  return problems;
}

/** Query parameters as the schema's types: integers and booleans from their text, the rest as text. */
function coerceQuery(query: URLSearchParams, schema: FieldSchema): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, text] of query) {
    const type = schema.properties?.[key]?.type;
    if (type === "integer" && /^-?\d+$/.test(text)) params[key] = Number(text);
    else if (type === "boolean" && (text === "true" || text === "false")) params[key] = text === "true";
    else params[key] = text;
  }
  return params;
}
