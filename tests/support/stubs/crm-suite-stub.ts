import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A stand-in for the "Marketing & Sales CRM Suite" of
 * app/features/integrations/templates/crm-suite.json, a HubSpot-style CRM v3
 * objects API, for tests only: nothing may reach a real CRM. It listens on
 * 127.0.0.1 on a free port; `baseUrl` is the connection's base URL (paths then
 * start with /crm/v3/objects/...).
 *
 * It keeps contacts and meetings as the template's ten endpoints describe them,
 * in HubSpot's wire format: records are `{ id, properties, createdAt, updatedAt,
 * archived }` with every property value a string; ids are numeric strings.
 *   POST  /crm/v3/objects/{contacts|meetings}            create, 201
 *   GET   /crm/v3/objects/{contacts|meetings}            list: limit (10, at most 100), after (a cursor: paging.next.after)
 *   POST  /crm/v3/objects/{contacts|meetings}/search     filterGroups (ORed groups of ANDed filters), query, sorts,
 *                                                        properties, limit (10, at most 200), after (an offset): { total, results, paging? }
 *   GET   /crm/v3/objects/{contacts|meetings}/{id}       read one (contacts: idProperty=email); 404 unknown
 *   PATCH /crm/v3/objects/{contacts|meetings}/{id}       merge properties; 404 unknown
 * As HubSpot does: emails are kept in lower case, and a second contact with an
 * email already in use is a 409 "Contact already exists. Existing ID: N";
 * meeting times are kept as ISO 8601 in UTC with milliseconds; reads answer the
 * `properties` asked for (null when unset) plus the system ones, or without
 * `properties` a default set (contacts: firstname, lastname, email; meetings:
 * none); creates and updates answer every property. Meeting associations (to
 * contacts, HUBSPOT_DEFINED type 200) come back on create and update, and on
 * reads that ask for `associations=contacts`; searches never carry them.
 *
 * Bodies and query strings are checked against the contract written down in
 * this file (a copy of the template's payload schemas, kept apart on purpose so
 * a change to the template does not quietly change "the CRM"); a problem is a
 * 400 with category VALIDATION_ERROR and every problem in `errors`. Unknown
 * query parameters are refused too (the template says additionalProperties:
 * false). Errors use HubSpot's envelope `{ status: "error", message,
 * correlationId, category }`. The token goes in `Authorization: Bearer
 * <token>`; a missing or wrong one is a 401 with category INVALID_AUTHENTICATION.
 *
 * Test helpers, not CRM features:
 *   - Idempotency-Key: a repeat of the same method + path + key (after the token
 *     check) answers the first answer again, status and body, without doing
 *     anything; the recorded request says `replayed: true`. Answers of 5xx are
 *     not kept, so a retry after a server error runs again.
 *   - fail(match, fault, times): the next `times` requests that match answer
 *     with the fault instead (before the token check). `afterHandling: true` on
 *     a hang or a drop runs the request first, the "done, but the answer got
 *     lost" case that idempotency keys exist for.
 *   - addContact / addMeeting: records made on the CRM's side.
 */

export interface RecordedRequest {
  method: string;
  /** The path without the query string. */
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
  /** Answers with this status; the body defaults to the CRM's error for the status (a string is sent as raw text). */
  | { status: number; body?: unknown; retryAfter?: number | string; headers?: Record<string, string> }
  /** Never answers; the connection stays open until the client gives up or the stub closes. */
  | { hang: true; afterHandling?: boolean }
  /** Destroys the socket without an answer. */
  | { dropConnection: true; afterHandling?: boolean };

export interface CrmRecord {
  /** A numeric string. */
  id: string;
  /** Every property value is a string, system ones included (hs_object_id, createdate / hs_createdate, ...). */
  properties: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
}

export type CrmContact = CrmRecord;

export interface CrmMeeting extends CrmRecord {
  /** Ids of the contacts the meeting is associated with. */
  contactIds: string[];
}

export interface CrmSuiteStub {
  /** The connection's base URL, e.g. http://127.0.0.1:40123 */
  baseUrl: string;
  token: string;
  requests: RecordedRequest[];
  /** The contacts, oldest first (the live store: read it, or change it to act on the CRM's side). */
  contacts: CrmContact[];
  meetings: CrmMeeting[];
  /** The next `times` requests matching `match` (every request for {}) answer with `fault`. */
  fail(match: StubFaultMatch, fault: StubFault, times?: number): void;
  /** fail({}, fault, times). */
  failNext(fault: StubFault, times?: number): void;
  /** A contact added on the CRM's side (no checks). */
  addContact(properties?: Record<string, string>): CrmContact;
  /** A meeting added on the CRM's side (no checks), associated with these contacts. */
  addMeeting(properties?: Record<string, string>, contactIds?: string[]): CrmMeeting;
  /** Forgets contacts, meetings, requests, queued faults and idempotency keys. */
  reset(): void;
  /** Closes the server and every connection, hanging ones too. */
  close(): Promise<void>;
}

export interface CrmSuiteStubOptions {
  token?: string;
}

export const CRM_SUITE_STUB_TOKEN = "pat-na1-00000000-test-0000-0000-crmsuitestub";

// --- The contract (crm-suite.json, payload schemas) ---------------------------------

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;
const PROPERTY_LIST: FieldSchema = { type: "string", pattern: /^[a-z0-9_]+(,[a-z0-9_]+)*$/ };
const CURSOR: FieldSchema = { type: "string", minLength: 1 };
const OUTCOMES = ["SCHEDULED", "COMPLETED", "RESCHEDULED", "NO_SHOW", "CANCELED"] as const;
const OPERATORS = [
  "EQ",
  "NEQ",
  "LT",
  "LTE",
  "GT",
  "GTE",
  "BETWEEN",
  "IN",
  "NOT_IN",
  "HAS_PROPERTY",
  "NOT_HAS_PROPERTY",
  "CONTAINS_TOKEN",
  "NOT_CONTAINS_TOKEN",
] as const;
const SCALAR: FieldSchema = { type: ["string", "number", "boolean"] };

const CONTACT_PROPERTIES: Record<string, FieldSchema> = {
  email: { type: "string", format: "email", pattern: EMAIL_PATTERN, maxLength: 254 },
  firstname: { type: "string", maxLength: 100 },
  lastname: { type: "string", maxLength: 100 },
  phone: { type: "string", pattern: PHONE_PATTERN },
  company: { type: "string", maxLength: 200 },
  jobtitle: { type: "string", maxLength: 200 },
};

const MEETING_PROPERTIES: Record<string, FieldSchema> = {
  hs_meeting_title: { type: "string", minLength: 1, maxLength: 255 },
  hs_meeting_body: { type: "string", maxLength: 65536 },
  hs_meeting_start_time: { type: "string", format: "date-time" },
  hs_meeting_end_time: { type: "string", format: "date-time" },
  hs_meeting_location: { type: "string", maxLength: 255 },
  hs_meeting_outcome: { type: "string", enum: OUTCOMES },
  hs_meeting_notes: { type: "string", maxLength: 65536 },
};

const CONTACT_WRITE: FieldSchema = {
  type: "object",
  properties: { properties: { type: "object", properties: CONTACT_PROPERTIES, additionalProperties: false, minProperties: 1 } },
  required: ["properties"],
  additionalProperties: false,
};

const ASSOCIATIONS: FieldSchema = {
  type: "array",
  items: {
    type: "object",
    properties: {
      to: { type: "object", properties: { id: { type: "string", pattern: /^[0-9]+$/ } }, required: ["id"], additionalProperties: false },
      types: {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          properties: {
            associationCategory: { type: "string", enum: ["HUBSPOT_DEFINED", "USER_DEFINED", "INTEGRATOR_DEFINED"] },
            associationTypeId: { type: "integer", minimum: 1 },
          },
          required: ["associationCategory", "associationTypeId"],
          additionalProperties: false,
        },
      },
    },
    required: ["to", "types"],
    additionalProperties: false,
  },
};

const MEETING_CREATE: FieldSchema = {
  type: "object",
  properties: {
    properties: {
      type: "object",
      properties: MEETING_PROPERTIES,
      required: ["hs_meeting_title", "hs_meeting_start_time", "hs_meeting_end_time"],
      additionalProperties: false,
    },
    associations: ASSOCIATIONS,
  },
  required: ["properties"],
  additionalProperties: false,
};

const MEETING_UPDATE: FieldSchema = {
  type: "object",
  properties: { properties: { type: "object", properties: MEETING_PROPERTIES, additionalProperties: false, minProperties: 1 } },
  required: ["properties"],
  additionalProperties: false,
};

const SEARCH: FieldSchema = {
  type: "object",
  properties: {
    filterGroups: {
      type: "array",
      maxItems: 5,
      items: {
        type: "object",
        properties: {
          filters: {
            type: "array",
            minItems: 1,
            maxItems: 6,
            items: {
              type: "object",
              properties: {
                propertyName: { type: "string", minLength: 1 },
                operator: { type: "string", enum: OPERATORS },
                value: SCALAR,
                highValue: SCALAR,
                values: { type: "array", items: SCALAR },
              },
              required: ["propertyName", "operator"],
              additionalProperties: false,
            },
          },
        },
        required: ["filters"],
        additionalProperties: false,
      },
    },
    sorts: {
      type: "array",
      maxItems: 1,
      items: {
        type: "object",
        properties: { propertyName: { type: "string", minLength: 1 }, direction: { type: "string", enum: ["ASCENDING", "DESCENDING"] } },
        required: ["propertyName", "direction"],
        additionalProperties: false,
      },
    },
    query: { type: "string", maxLength: 3000 },
    properties: { type: "array", items: { type: "string", minLength: 1 } },
    limit: { type: "integer", minimum: 1, maximum: 200 },
    after: CURSOR,
  },
  additionalProperties: false,
};

const LIST_CONTACTS: FieldSchema = {
  type: "object",
  properties: { limit: { type: "integer", minimum: 1, maximum: 100 }, after: CURSOR, properties: PROPERTY_LIST, archived: { type: "boolean" } },
  additionalProperties: false,
};
const LIST_MEETINGS: FieldSchema = {
  ...LIST_CONTACTS,
  properties: { ...LIST_CONTACTS.properties, associations: { type: "string", pattern: /^[a-z_]+(,[a-z_]+)*$/ } },
};
const GET_CONTACT: FieldSchema = {
  type: "object",
  properties: { properties: PROPERTY_LIST, archived: { type: "boolean" }, idProperty: { type: "string", enum: ["email"] } },
  additionalProperties: false,
};
const GET_MEETING: FieldSchema = {
  type: "object",
  properties: { properties: PROPERTY_LIST, archived: { type: "boolean" }, associations: { type: "string", pattern: /^[a-z_]+(,[a-z_]+)*$/ } },
  additionalProperties: false,
};

interface ObjectKind {
  name: "contacts" | "meetings";
  /** What a read without `properties` answers (besides the system properties). */
  defaults: string[];
  /** Always answered. */
  system: string[];
  created: string;
  modified: string;
  /** What `query` in a search looks at. */
  searchable: string[];
  list: FieldSchema;
  get: FieldSchema;
}

const CONTACTS: ObjectKind = {
  name: "contacts",
  defaults: ["email", "firstname", "lastname"],
  system: ["createdate", "hs_object_id", "lastmodifieddate"],
  created: "createdate",
  modified: "lastmodifieddate",
  searchable: ["firstname", "lastname", "email", "phone", "company"],
  list: LIST_CONTACTS,
  get: GET_CONTACT,
};

const MEETINGS: ObjectKind = {
  name: "meetings",
  defaults: [],
  system: ["hs_createdate", "hs_lastmodifieddate", "hs_object_id"],
  created: "hs_createdate",
  modified: "hs_lastmodifieddate",
  searchable: ["hs_meeting_title", "hs_meeting_body", "hs_meeting_location"],
  list: LIST_MEETINGS,
  get: GET_MEETING,
};

/** HUBSPOT_DEFINED meeting → contact. */
const MEETING_TO_CONTACT = 200;

// --- The stub ---------------------------------------------------------------------

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

type Filter = {
  propertyName: string;
  operator: (typeof OPERATORS)[number];
  value?: string | number | boolean;
  highValue?: string | number | boolean;
  values?: Array<string | number | boolean>;
};

interface SearchBody {
  filterGroups?: Array<{ filters: Filter[] }>;
  sorts?: Array<{ propertyName: string; direction: "ASCENDING" | "DESCENDING" }>;
  query?: string;
  properties?: string[];
  limit?: number;
  after?: string;
}

export async function startCrmSuiteStub(options: CrmSuiteStubOptions = {}): Promise<CrmSuiteStub> {
  const token = options.token ?? CRM_SUITE_STUB_TOKEN;
  const contacts: CrmContact[] = [];
  const meetings: CrmMeeting[] = [];
  const requests: RecordedRequest[] = [];
  const faults: QueuedFault[] = [];
  const idempotent = new Map<string, Answer>();
  const sockets = new Set<Socket>();
  let nextContact = 51;
  let nextMeeting = 9012;
  let baseUrl = "";

  const storeOf = (kind: ObjectKind): CrmRecord[] => (kind === CONTACTS ? contacts : meetings);
  const contactByEmail = (email: string) => contacts.find((contact) => contact.properties.email === email.toLowerCase());

  function storeContact(properties: Record<string, string>): CrmContact {
    const at = new Date().toISOString();
    const id = String(nextContact++);
    const contact: CrmContact = {
      id,
      properties: {
        ...properties,
        ...(properties.email ? { email: properties.email.toLowerCase() } : {}),
        createdate: at,
        lastmodifieddate: at,
        hs_object_id: id,
      },
      createdAt: at,
      updatedAt: at,
      archived: false,
    };
    contacts.push(contact);
    return contact;
  }

  function storeMeeting(properties: Record<string, string>, contactIds: string[]): CrmMeeting {
    const at = new Date().toISOString();
    const id = String(nextMeeting++);
    const meeting: CrmMeeting = {
      id,
      properties: { ...normalizeTimes(properties), hs_object_id: id, hs_createdate: at, hs_lastmodifieddate: at },
      createdAt: at,
      updatedAt: at,
      archived: false,
      contactIds: [...contactIds],
    };
    meetings.push(meeting);
    return meeting;
  }

  /** The record as the API shows it: `names` null for every property (with nulls for unset ones), or only those. */
  function view(kind: ObjectKind, record: CrmRecord, names: string[] | null, withAssociations: boolean) {
    const properties: Record<string, string | null> = {};
    if (names === null) Object.assign(properties, record.properties);
    else for (const name of [...names, ...kind.system]) properties[name] = record.properties[name] ?? null;
    const contactIds = (record as Partial<CrmMeeting>).contactIds ?? [];
    return {
      id: record.id,
      properties,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      archived: record.archived,
      ...(withAssociations && contactIds.length > 0
        ? { associations: { contacts: { results: contactIds.map((id) => ({ id, type: "meeting_event_to_contact" })) } } }
        : {}),
    };
  }

  const requested = (kind: ObjectKind, list: string | string[] | undefined) =>
    list === undefined ? kind.defaults : typeof list === "string" ? list.split(",") : list;

  // --- Routes ---------------------------------------------------------------------

  interface RouteContext {
    query: URLSearchParams;
    body: unknown;
  }

  const routes: Array<{ method: string; pattern: RegExp; handle: (ctx: RouteContext, kind: ObjectKind, id: string) => Answer }> = [
    { method: "POST", pattern: /^\/crm\/v3\/objects\/(contacts|meetings)\/search\/?$/, handle: search },
    { method: "POST", pattern: /^\/crm\/v3\/objects\/(contacts|meetings)\/?$/, handle: create },
    { method: "GET", pattern: /^\/crm\/v3\/objects\/(contacts|meetings)\/?$/, handle: list },
    { method: "GET", pattern: /^\/crm\/v3\/objects\/(contacts|meetings)\/([^/]+)\/?$/, handle: read },
    { method: "PATCH", pattern: /^\/crm\/v3\/objects\/(contacts|meetings)\/([^/]+)\/?$/, handle: update },
  ];

  function create({ body }: RouteContext, kind: ObjectKind): Answer {
    if (kind === CONTACTS) {
      const problems = validate(body, CONTACT_WRITE);
      if (problems.length > 0) return invalid(problems);
      const properties = (body as { properties: Record<string, string> }).properties;
      const existing = properties.email ? contactByEmail(properties.email) : undefined;
      if (existing) return conflict(existing.id);
      return { status: 201, body: view(kind, storeContact(properties), null, false) };
    }
    const problems = validate(body, MEETING_CREATE);
    if (problems.length > 0) return invalid(problems);
    const input = body as {
      properties: Record<string, string>;
      associations?: Array<{ to: { id: string }; types: Array<{ associationCategory: string; associationTypeId: number }> }>;
    };
    const contactIds: string[] = [];
    for (const [index, association] of (input.associations ?? []).entries()) {
      const type = association.types.find(
        (candidate) => candidate.associationCategory !== "HUBSPOT_DEFINED" || candidate.associationTypeId !== MEETING_TO_CONTACT,
      );
      if (type)
        problems.push({
          in: `associations[${index}].types`,
          message: `association type ${type.associationCategory} ${type.associationTypeId} is not defined between meetings and contacts`,
        });
      else if (!contacts.some((contact) => contact.id === association.to.id))
        problems.push({ in: `associations[${index}].to.id`, message: `contact ${association.to.id} does not exist` });
      else if (!contactIds.includes(association.to.id)) contactIds.push(association.to.id);
    }
    if (problems.length > 0)
      return hsError(
        400,
        "VALIDATION_ERROR",
        `One or more associations are invalid: ${problems.map((problem) => `${problem.in} ${problem.message}`).join("; ")}`,
        { errors: problems },
      );
    return { status: 201, body: view(kind, storeMeeting(input.properties, contactIds), null, true) };
  }

  function list({ query }: RouteContext, kind: ObjectKind): Answer {
    const params = coerceQuery(query, kind.list);
    const problems = validate(params, kind.list);
    if (problems.length > 0) return invalid(problems);
    const limit = typeof params.limit === "number" ? params.limit : 10;
    const after = params.after === undefined ? null : Number(params.after);
    if (after !== null && !Number.isSafeInteger(after)) return hsError(400, "VALIDATION_ERROR", `Invalid paging cursor: ${String(params.after)}`);
    const names = requested(kind, params.properties as string | undefined);
    const withAssociations = typeof params.associations === "string" && params.associations.split(",").includes("contacts");
    const sorted = storeOf(kind)
      .filter((record) => record.archived === (params.archived === true))
      .sort((a, b) => Number(a.id) - Number(b.id));
    const rest = after === null ? sorted : sorted.filter((record) => Number(record.id) >= after);
    const results = rest.slice(0, limit);
    const last = results[results.length - 1];
    const next = rest.length > limit && last ? String(Number(last.id) + 1) : null;
    return {
      status: 200,
      body: {
        results: results.map((record) => view(kind, record, names, withAssociations)),
        ...(next ? { paging: { next: { after: next, link: `${baseUrl}/crm/v3/objects/${kind.name}?after=${next}` } } } : {}),
      },
    };
  }

  function search({ body }: RouteContext, kind: ObjectKind): Answer {
    const problems = validate(body ?? {}, SEARCH);
    const input = (body ?? {}) as SearchBody;
    if (problems.length === 0) {
      (input.filterGroups ?? []).forEach((group, g) =>
        group.filters.forEach((filter, f) => {
          const at = `filterGroups[${g}].filters[${f}]`;
          if (filter.operator === "BETWEEN" && (filter.value === undefined || filter.highValue === undefined))
            problems.push({ in: at, message: "BETWEEN needs value and highValue" });
          else if ((filter.operator === "IN" || filter.operator === "NOT_IN") && !filter.values?.length)
            problems.push({ in: at, message: `${filter.operator} needs values` });
          else if (!["BETWEEN", "IN", "NOT_IN", "HAS_PROPERTY", "NOT_HAS_PROPERTY"].includes(filter.operator) && filter.value === undefined)
            problems.push({ in: at, message: `${filter.operator} needs a value` });
        }),
      );
      if (input.after !== undefined && !/^\d+$/.test(input.after)) problems.push({ in: "after", message: "must be a paging offset from an earlier answer" });
    }
    if (problems.length > 0) return invalid(problems);
    const groups = input.filterGroups ?? [];
    const terms = (input.query ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    let matching = storeOf(kind).filter(
      (record) =>
        !record.archived &&
        (groups.length === 0 || groups.some((group) => group.filters.every((filter) => passes(record.properties, filter)))) &&
        terms.every((term) => kind.searchable.some((name) => (record.properties[name] ?? "").toLowerCase().includes(term))),
    );
    const sort = input.sorts?.[0];
    matching = matching.sort((a, b) => {
      if (sort) {
        const order = compareValues(a.properties[sort.propertyName], b.properties[sort.propertyName]);
        if (order !== 0) return sort.direction === "DESCENDING" ? -order : order;
      }
      return Number(a.id) - Number(b.id);
    });
    const limit = input.limit ?? 10;
    const offset = input.after === undefined ? 0 : Number(input.after);
    const names = requested(kind, input.properties);
    const results = matching.slice(offset, offset + limit);
    return {
      status: 200,
      body: {
        total: matching.length,
        results: results.map((record) => view(kind, record, names, false)),
        ...(offset + limit < matching.length ? { paging: { next: { after: String(offset + limit) } } } : {}),
      },
    };
  }

  function read({ query }: RouteContext, kind: ObjectKind, id: string): Answer {
    const params = coerceQuery(query, kind.get);
    const problems = validate(params, kind.get);
    if (problems.length > 0) return invalid(problems);
    const record = params.idProperty === "email" ? contactByEmail(id) : storeOf(kind).find((candidate) => candidate.id === id);
    if (!record || record.archived !== (params.archived === true)) return notFound(id);
    const withAssociations = typeof params.associations === "string" && params.associations.split(",").includes("contacts");
    return { status: 200, body: view(kind, record, requested(kind, params.properties as string | undefined), withAssociations) };
  }

  function update({ body }: RouteContext, kind: ObjectKind, id: string): Answer {
    const record = storeOf(kind).find((candidate) => candidate.id === id && !candidate.archived);
    if (!record) return notFound(id);
    const problems = validate(body, kind === CONTACTS ? CONTACT_WRITE : MEETING_UPDATE);
    if (problems.length > 0) return invalid(problems);
    let changes = (body as { properties: Record<string, string> }).properties;
    if (kind === CONTACTS && changes.email) {
      const existing = contactByEmail(changes.email);
      if (existing && existing.id !== id) return conflict(existing.id);
      changes = { ...changes, email: changes.email.toLowerCase() };
    }
    if (kind === MEETINGS) changes = normalizeTimes(changes);
    const at = new Date().toISOString();
    Object.assign(record.properties, changes, { [kind.modified]: at });
    record.updatedAt = at;
    return { status: 200, body: view(kind, record, null, true) };
  }

  function answerApi(record: RecordedRequest, url: URL, bodyIsJson: boolean): { answer: Answer; replayed: boolean } {
    const authorization = record.headers.authorization;
    if (!authorization)
      return {
        answer: hsError(
          401,
          "INVALID_AUTHENTICATION",
          "Authentication credentials not found. This API supports OAuth 2.0 authentication and private app access tokens.",
        ),
        replayed: false,
      };
    if (authorization !== `Bearer ${token}`)
      return { answer: hsError(401, "INVALID_AUTHENTICATION", "Authentication credentials not found: the access token is not valid."), replayed: false };

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
          ? hsError(405, "VALIDATION_ERROR", `HTTP method ${record.method} is not supported by ${url.pathname}`)
          : hsError(404, "OBJECT_NOT_FOUND", `Unable to route ${record.method} request to ${url.pathname}`);
    } else if (!bodyIsJson) {
      answer = hsError(400, "VALIDATION_ERROR", "Invalid input JSON on line 1: the body is not JSON.");
    } else {
      const [kindName, id] = route.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
      answer = route.handle({ query: url.searchParams, body: record.body }, kindName === "contacts" ? CONTACTS : MEETINGS, id ?? "");
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
      if (fault && "status" in fault) return send(res, record, faultAnswer(fault, crmFaultBody));
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
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    token,
    requests,
    contacts,
    meetings,
    fail(match, fault, times = 1) {
      if (times > 0) faults.push({ match, fault, remaining: times });
    },
    failNext(fault, times = 1) {
      if (times > 0) faults.push({ match: {}, fault, remaining: times });
    },
    addContact(properties = {}) {
      return storeContact({
        firstname: "Grace",
        lastname: "Hopper",
        email: `contact${nextContact}@example.test`,
        phone: `+1416555${String(nextContact).padStart(4, "0").slice(-4)}`,
        ...properties,
      });
    },
    addMeeting(properties = {}, contactIds = []) {
      const start = properties.hs_meeting_start_time ?? new Date(Date.UTC(2030, 0, 7, 15)).toISOString();
      return storeMeeting(
        {
          hs_meeting_title: "Consultation",
          hs_meeting_start_time: start,
          hs_meeting_end_time: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
          hs_meeting_outcome: "SCHEDULED",
          ...properties,
        },
        contactIds,
      );
    },
    reset() {
      contacts.length = 0;
      meetings.length = 0;
      requests.length = 0;
      faults.length = 0;
      idempotent.clear();
      nextContact = 51;
      nextMeeting = 9012;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// --- Wire format ----------------------------------------------------------------------

function hsError(status: number, category: string, message: string, extra: Record<string, unknown> = {}): Answer {
  return { status, body: { status: "error", message, correlationId: randomUUID(), category, ...extra } };
}

function invalid(problems: Problem[]): Answer {
  return hsError(400, "VALIDATION_ERROR", `Invalid input: ${problems.map((problem) => `${problem.in} ${problem.message}`).join("; ")}`, { errors: problems });
}

function conflict(existingId: string): Answer {
  return hsError(409, "CONFLICT", `Contact already exists. Existing ID: ${existingId}`);
}

function notFound(id: string): Answer {
  return hsError(404, "OBJECT_NOT_FOUND", "Object not found.  objectId are usually numeric.", { context: { id: [id] } });
}

function crmFaultBody(status: number): unknown {
  if (status === 401) return hsError(401, "INVALID_AUTHENTICATION", "Authentication credentials not found: the access token is not valid.").body;
  if (status === 403) return hsError(403, "MISSING_SCOPES", "This app hasn't been granted all required scopes to make this call.").body;
  if (status === 404) return notFound("0").body;
  if (status === 409) return conflict("51").body;
  if (status === 429) {
    return {
      status: "error",
      message: "You have reached your ten_secondly_rolling limit.",
      errorType: "RATE_LIMIT",
      correlationId: randomUUID(),
      policyName: "TEN_SECONDLY_ROLLING",
      groupName: "publicapi:private-app",
    };
  }
  if (status === 502 || status === 503 || status === 504)
    return hsError(status, "SERVICE_UNAVAILABLE", "The service is temporarily unavailable. Try again later.").body;
  if (status >= 500) return hsError(status, "INTERNAL_ERROR", "internal error").body;
  return hsError(status, "VALIDATION_ERROR", `Injected ${status}`).body;
}

/** Meeting times as the CRM keeps them: ISO 8601 in UTC with milliseconds. */
function normalizeTimes(properties: Record<string, string>): Record<string, string> {
  const out = { ...properties };
  for (const name of ["hs_meeting_start_time", "hs_meeting_end_time"]) {
    const value = out[name];
    if (value !== undefined && !Number.isNaN(Date.parse(value))) out[name] = new Date(value).toISOString();
  }
  return out;
}

/** A property value (or a filter value) for comparing: a number, a time in ms, or lower-case text. */
function comparable(value: string | number | boolean): number | string {
  if (typeof value === "number") return value;
  const text = String(value).trim();
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (/^\d{4}-\d{2}-\d{2}(T|$)/.test(text) && !Number.isNaN(Date.parse(text))) return Date.parse(text);
  return text.toLowerCase();
}

function compareValues(a: string | undefined, b: string | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  const [x, y] = [comparable(a), comparable(b)];
  if (typeof x === "number" && typeof y === "number") return x - y;
  return String(x).localeCompare(String(y));
}

const same = (actual: string, wanted: string | number | boolean) => compareValues(actual, String(wanted)) === 0;

function containsToken(actual: string, wanted: string | number | boolean) {
  const token = String(wanted).toLowerCase();
  const text = actual.toLowerCase();
  if (token.includes("*")) {
    const pattern = new RegExp(
      `^${token
        .split("*")
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*")}$`,
    );
    return pattern.test(text) || text.split(/[\s,;:()]+/).some((part) => pattern.test(part));
  }
  return text === token || text.split(/[^a-z0-9]+/).includes(token);
}

function passes(properties: Record<string, string>, filter: Filter): boolean {
  const actual = properties[filter.propertyName];
  const has = actual !== undefined && actual !== "";
  const value = filter.value ?? "";
  switch (filter.operator) {
    case "HAS_PROPERTY":
      return has;
    case "NOT_HAS_PROPERTY":
      return !has;
    case "EQ":
      return has && same(actual, value);
    case "NEQ":
      return !has || !same(actual, value);
    case "LT":
      return has && compareValues(actual, String(value)) < 0;
    case "LTE":
      return has && compareValues(actual, String(value)) <= 0;
    case "GT":
      return has && compareValues(actual, String(value)) > 0;
    case "GTE":
      return has && compareValues(actual, String(value)) >= 0;
    case "BETWEEN":
      return has && compareValues(actual, String(value)) >= 0 && compareValues(actual, String(filter.highValue ?? "")) <= 0;
    case "IN":
      return has && (filter.values ?? []).some((candidate) => same(actual, candidate));
    case "NOT_IN":
      return !has || !(filter.values ?? []).some((candidate) => same(actual, candidate));
    case "CONTAINS_TOKEN":
      return has && containsToken(actual, value);
    case "NOT_CONTAINS_TOKEN":
      return !has || !containsToken(actual, value);
  }
}

// --- Shared with gym-stub.ts (kept apart so each stub stands alone) ----------------

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
  /** The field's dotted path in the body or the query ("(body)" for the whole body). */
  in: string;
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
          in: field,
          message: `must be ${types.map((type) => (type === "integer" || type === "array" || type === "object" ? `an ${type}` : type === "null" ? "null" : `a ${type}`)).join(" or ")}`,
        },
      ];
  }
  if (typeof value === "string") {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength)
      problems.push({ in: field, message: schema.minLength === 1 ? "must not be empty" : `must be at least ${schema.minLength} characters` });
    if (schema.maxLength !== undefined && length > schema.maxLength) problems.push({ in: field, message: `must be at most ${schema.maxLength} characters` });
    if (schema.enum && !schema.enum.includes(value)) problems.push({ in: field, message: `must be one of ${schema.enum.join(", ")}` });
    if (schema.format && !FORMATS[schema.format](value)) problems.push({ in: field, message: `must be a valid ${schema.format}` });
    if (schema.pattern && !schema.pattern.test(value)) problems.push({ in: field, message: `must match ${schema.pattern.source}` });
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push({ in: field, message: `must be at least ${schema.minimum}` });
    if (schema.maximum !== undefined && value > schema.maximum) problems.push({ in: field, message: `must be at most ${schema.maximum}` });
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) problems.push({ in: field, message: `must have at least ${schema.minItems} items` });
    if (schema.maxItems !== undefined && value.length > schema.maxItems) problems.push({ in: field, message: `must have at most ${schema.maxItems} items` });
    if (schema.items) value.forEach((item, index) => problems.push(...validate(item, schema.items!, `${at}[${index}]`)));
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    const child = (key: string) => (at ? `${at}.${key}` : key);
    for (const key of schema.required ?? []) if (object[key] === undefined) problems.push({ in: child(key), message: "is required" });
    if (schema.minProperties !== undefined && Object.keys(object).length < schema.minProperties)
      problems.push({ in: field, message: `must have at least ${schema.minProperties} propert${schema.minProperties === 1 ? "y" : "ies"}` });
    for (const [key, item] of Object.entries(object)) {
      const property = schema.properties?.[key];
      if (property) problems.push(...validate(item, property, child(key)));
      else if (schema.additionalProperties === false) problems.push({ in: child(key), message: "is not a known property" });
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
