import type { z } from "zod";
import type { ApiScope } from "~/features/api-keys/scopes";
import type { ApiErrorSchema } from "~/features/api-keys/api-error-schema";
import { CallEventSchema } from "~/features/calls/call-event-schema";
import { CallEventAcceptedSchema, CallEventDuplicateSchema, CallPathParamsSchema, CallResponseSchema } from "~/features/calls/call-api-schema";
import { BookingRequestSchema } from "~/features/scheduling/booking/booking-api.server";
import {
  AppointmentPathParamsSchema,
  AppointmentResponseSchema,
  BookingResponseSchema,
  EventTypesResponseSchema,
  SlotsQuerySchema,
  SlotsResponseSchema,
} from "~/features/scheduling/booking/booking-api-schema";
import { INTEGRATION_EVENTS, type IntegrationEvent } from "~/features/integrations/events";
import { WebhookPayloadSchema } from "~/features/integrations/delivery/webhook-payload-schema";

/**
 * Every /api/v1 operation and every outbound webhook, with the zod schemas
 * the routes validate with and an example for every request and answer.
 * The OpenAPI document (openapi.server.ts) is generated from this list, and
 * the contract test (tests/integration/openapi-contract.test.ts) checks that
 * every route file under app/routes/api+/v1+ is here and every example passes
 * its schema. Descriptions are English: the API's messages are English too.
 */
/** A key scope from its parts: written whole in quotes, a calls scope would read as a key of the calls translations to tools/route-namespaces.ts. */
const scope = (resource: "calls" | "appointments", access: "read" | "write") => `${resource}:${access}` satisfies ApiScope;

export interface ExampleOf {
  schema: z.ZodTypeAny;
  example: unknown;
}

export interface ApiAnswer {
  description: string;
  /** Absent for an error answer: those use the one error shape (ApiErrorSchema). */
  body?: ExampleOf;
  /** The error codes this status is answered with, and an example error. */
  errors?: { codes: string[]; example: z.input<typeof ApiErrorSchema> };
}

export interface ApiOperation {
  /** The route module that serves it, relative to app/routes. */
  routeFile: string;
  method: "get" | "post";
  /** The OpenAPI path ({param} style). */
  path: string;
  operationId: string;
  tag: "Calls" | "Appointments";
  summary: string;
  description: string;
  scope: ApiScope;
  params?: z.AnyZodObject;
  query?: z.AnyZodObject;
  body?: ExampleOf & { contentTypes: string[]; bodyDescription: string };
  /** Idempotency-Key request header (POST /appointments). */
  idempotencyHeader?: boolean;
  answers: Record<string, ApiAnswer>;
}

const error = (code: string, message: string, details?: { path: string; message: string }[]) => ({
  error: { code, message, ...(details ? { details } : {}) },
});

const CALL_EXAMPLE = {
  id: "pc_7f3a91",
  voxboardId: "3d0c8a52-6f0e-4b7e-9a55-2f1c9b1e7a10",
  status: "ended",
  direction: "inbound",
  from: "+14165550199",
  to: "+14165550100",
  campaign: null,
  agent: { name: "Front desk", id: "a6b1f0d2-52c4-4a53-8f6e-0f7d3b1c2e11", version: 3 },
  caller: { name: "Maria Rossi" },
  transcript: [
    { speaker: "agent", text: "Good morning, Demo Company Solar, how can I help?", startSeconds: 0 },
    { speaker: "caller", text: "I'd like a site assessment for solar panels.", startSeconds: 4.2 },
  ],
  summary: "Caller wants a site assessment; booked for Tuesday.",
  durationSeconds: 184,
  extractedData: { roofType: "tile", budget: 12000 },
  escalated: false,
  audio: { status: "stored", url: "https://platform.example.com/recordings/pc_7f3a91.mp3", mimeType: "audio/mpeg", bytes: 2_948_112 },
  analysis: { status: "done", sentiment: "positive" },
  cost: { currency: "USD", telephony: 14, speechToText: 9, llm: 21, textToSpeech: 11, total: 55 },
  queuedAt: null,
  startedAt: "2026-12-01T14:02:10.000Z",
  endedAt: "2026-12-01T14:05:14.000Z",
  createdAt: "2026-12-01T14:02:10.412Z",
  updatedAt: "2026-12-01T14:05:15.020Z",
};

const APPOINTMENT_EXAMPLE = {
  id: "9a7e2c1b-3f4d-4e5a-8b6c-7d8e9f0a1b2c",
  status: "booked",
  title: "Site assessment: Maria Rossi",
  eventTypeId: "0b6c4e2a-1d3f-4a5b-9c8d-7e6f5a4b3c2d",
  organizationId: "5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b",
  start: "2026-12-01T14:00:00.000Z",
  end: "2026-12-01T15:00:00.000Z",
  hostTimeZone: "America/Toronto",
  host: { id: "1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b", name: "Jonas Weber" },
  contact: { id: null, name: "Maria Rossi", email: "maria@example.com", phone: "+14165550199" },
  location: { kind: "in-person", detail: "At the customer's home" },
  callId: "3d0c8a52-6f0e-4b7e-9a55-2f1c9b1e7a10",
  clientKey: "pc_7f3a91-booking-1",
  createdAt: "2026-11-28T16:40:02.118Z",
};

const notFoundAnswer = (message: string): ApiAnswer => ({
  description: "Not found: an unknown id, or another account's (never a hint that it exists elsewhere).",
  errors: { codes: ["not_found"], example: error("not_found", message) },
});

const methodAnswer = (allowed: string): ApiAnswer => ({
  description: "Any other method on this path (with an Allow header).",
  errors: { codes: ["method_not_allowed"], example: error("method_not_allowed", `This endpoint accepts ${allowed} only.`) },
});

export const API_OPERATIONS: ApiOperation[] = [
  {
    routeFile: "api+/v1+/call-events.tsx",
    method: "post",
    path: "/api/v1/call-events",
    operationId: "postCallEvent",
    tag: "Calls",
    summary: "Report a call event",
    description:
      "Where voice platforms report calls: one event per request, about one call named by the platform's own call id. The first event creates the call, later ones update it. An eventId seen before answers 200 with duplicate: true and changes nothing, so retries are safe. Send JSON (at most 5 MiB), or multipart/form-data with an `event` part (the JSON) and an optional `audio` part (WAV, MP3, OGG, WebM or M4A). A cost is accepted on call.ended, call.missed and call.voicemail only.",
    scope: scope("calls", "write"),
    body: {
      contentTypes: ["application/json", "multipart/form-data"],
      bodyDescription: "The event. As multipart/form-data: a part named event holding this JSON and an optional part named audio.",
      schema: CallEventSchema,
      example: {
        eventId: "evt_01JD8K2M7Q",
        type: "call.ended",
        occurredAt: "2026-12-01T14:05:14Z",
        call: {
          id: "pc_7f3a91",
          direction: "inbound",
          from: "+14165550199",
          to: "+14165550100",
          agent: { name: "Front desk", version: 3 },
          caller: { name: "Maria Rossi" },
          transcript: [
            { speaker: "agent", text: "Good morning, Demo Company Solar, how can I help?", startSeconds: 0 },
            { speaker: "caller", text: "I'd like a site assessment for solar panels.", startSeconds: 4.2 },
          ],
          summary: "Caller wants a site assessment; booked for Tuesday.",
          durationSeconds: 184,
          extractedData: { roofType: "tile", budget: 12000 },
          escalated: false,
          audioUrl: "https://platform.example.com/recordings/pc_7f3a91.mp3",
          cost: { currency: "USD", telephony: 14, speechToText: 9, llm: 21, textToSpeech: 11 },
        },
      },
    },
    answers: {
      "201": {
        description: "The event created the call.",
        body: {
          schema: CallEventAcceptedSchema,
          example: { duplicate: false, callId: CALL_EXAMPLE.voxboardId, platformCallId: "pc_7f3a91", status: "ended", audioStatus: "pending" },
        },
      },
      "200": {
        description: "The event updated a call (duplicate: false), or its eventId was applied before (duplicate: true, nothing changed).",
        body: {
          schema: CallEventAcceptedSchema.or(CallEventDuplicateSchema),
          example: { duplicate: true, callId: CALL_EXAMPLE.voxboardId, platformCallId: "pc_7f3a91", status: "ended" },
        },
      },
      "400": {
        description: "Not valid JSON, an unreadable multipart body, or an event that breaks the contract (every problem in details). Nothing was saved.",
        errors: {
          codes: ["invalid_json", "invalid_multipart", "invalid_event"],
          example: error("invalid_event", "The event was not accepted: 2 problems. Nothing was saved.", [
            { path: "occurredAt", message: "must be an ISO 8601 date-time such as 2026-03-01T09:30:00Z" },
            { path: "call.direction", message: "must be inbound or outbound" },
          ]),
        },
      },
      "413": {
        description: "The event (5 MiB) or the audio (MAX_AUDIO_BYTES) is too large; the connection is closed.",
        errors: {
          codes: ["payload_too_large", "event_too_large", "audio_too_large"],
          example: error("event_too_large", "The event is larger than 5242880 bytes."),
        },
      },
      "415": {
        description: "Neither JSON nor multipart/form-data.",
        errors: {
          codes: ["unsupported_media_type"],
          example: error(
            "unsupported_media_type",
            "Send the event as application/json, or as multipart/form-data with an event part and an optional audio part.",
          ),
        },
      },
      "405": methodAnswer("POST"),
    },
  },
  {
    routeFile: "api+/v1+/calls.$callId.tsx",
    method: "get",
    path: "/api/v1/calls/{callId}",
    operationId: "getCall",
    tag: "Calls",
    summary: "Read a call",
    description: "The call as this account's platform reported it, and how far it got (audio stored, analysis done, cost).",
    scope: scope("calls", "read"),
    params: CallPathParamsSchema,
    answers: {
      "200": { description: "The call.", body: { schema: CallResponseSchema, example: { call: CALL_EXAMPLE } } },
      "404": notFoundAnswer("No call with this id."),
      "405": methodAnswer("GET"),
    },
  },
  {
    routeFile: "api+/v1+/event-types.tsx",
    method: "get",
    path: "/api/v1/event-types",
    operationId: "listEventTypes",
    tag: "Appointments",
    summary: "List event types",
    description: "What the agent can book, with the ids GET /api/v1/slots and POST /api/v1/appointments take. Ask once, or when the agent starts.",
    scope: scope("appointments", "read"),
    answers: {
      "200": {
        description: "The account's event types.",
        body: {
          schema: EventTypesResponseSchema,
          example: {
            eventTypes: [
              {
                id: APPOINTMENT_EXAMPLE.eventTypeId,
                name: "Site assessment",
                durationMinutes: 60,
                appointmentType: "service",
                location: { kind: "in-person", detail: "At the customer's home" },
                team: { id: "c3b2a190-8f7e-4d6c-9b5a-4f3e2d1c0b9a", name: "Site assessments" },
                organization: { id: APPOINTMENT_EXAMPLE.organizationId, name: "Demo Company Solar" },
                bookable: true,
              },
            ],
          },
        },
      },
      "405": methodAnswer("GET"),
    },
  },
  {
    routeFile: "api+/v1+/slots.tsx",
    method: "get",
    path: "/api/v1/slots",
    operationId: "listSlots",
    tag: "Appointments",
    summary: "List free times",
    description:
      "The free times of one event type: its hosts' working hours and date exceptions minus their booked appointments with buffers, no sooner than the minimum notice and no later than the days-ahead limit. Each slot carries a label in timeZone that the agent can read out as is. Problems are reported one at a time.",
    scope: scope("appointments", "read"),
    query: SlotsQuerySchema,
    answers: {
      "200": {
        description: "The free times in the range.",
        body: {
          schema: SlotsResponseSchema,
          example: {
            eventType: { id: APPOINTMENT_EXAMPLE.eventTypeId, name: "Site assessment", durationMinutes: 60 },
            timeZone: "America/New_York",
            from: "2026-12-01T05:00:00.000Z",
            to: "2026-12-02T05:00:00.000Z",
            slots: [{ start: "2026-12-01T14:00:00.000Z", end: "2026-12-01T15:00:00.000Z", label: "Tuesday, December 1, 9:00 AM", hostCount: 2 }],
          },
        },
      },
      "400": {
        description: "A missing event type, a bad from, to or timeZone, or a range over 31 days.",
        errors: {
          codes: ["invalid_request"],
          example: error("invalid_request", "The request was not accepted.", [
            { path: "eventType", message: "is required (an id from GET /api/v1/event-types)" },
          ]),
        },
      },
      "404": notFoundAnswer("No event type with this id."),
      "405": methodAnswer("GET"),
    },
  },
  {
    routeFile: "api+/v1+/appointments.tsx",
    method: "post",
    path: "/api/v1/appointments",
    operationId: "bookAppointment",
    tag: "Appointments",
    summary: "Book an appointment",
    description:
      "Book one of the free times of GET /api/v1/slots while the caller is on the line. Idempotent by clientKey (or the Idempotency-Key header): the same key again answers 200 with the appointment it made, never a second one. Two bookings of the same time never both succeed: the loser gets 409 slot_taken.",
    scope: scope("appointments", "write"),
    idempotencyHeader: true,
    body: {
      contentTypes: ["application/json"],
      bodyDescription: "The booking, at most 64 KiB. contactId or contact { name, phone and/or email } is required.",
      schema: BookingRequestSchema,
      example: {
        eventType: APPOINTMENT_EXAMPLE.eventTypeId,
        start: "2026-12-01T14:00:00Z",
        contact: { name: "Maria Rossi", phone: "+1 416 555 0199", email: "maria@example.com" },
        platformCallId: "pc_7f3a91",
        notes: "Asked about battery storage.",
        clientKey: "pc_7f3a91-booking-1",
      },
    },
    answers: {
      "201": { description: "Booked.", body: { schema: BookingResponseSchema, example: { duplicate: false, appointment: APPOINTMENT_EXAMPLE } } },
      "200": {
        description: "This clientKey booked before: the appointment it made, nothing new.",
        body: { schema: BookingResponseSchema, example: { duplicate: true, appointment: APPOINTMENT_EXAMPLE } },
      },
      "400": {
        description: "Not valid JSON, or a booking that breaks the contract (every problem in details). Nothing was saved.",
        errors: {
          codes: ["invalid_json", "invalid_request"],
          example: error("invalid_request", "The booking was not accepted. Nothing was saved.", [
            { path: "contact", message: "a contact needs a phone or an email" },
          ]),
        },
      },
      "404": notFoundAnswer("No event type with this id."),
      "409": {
        description: "Someone else got that time first: ask GET /api/v1/slots again and offer another time.",
        errors: {
          codes: ["slot_taken"],
          example: error("slot_taken", "That time was just taken. Ask GET /api/v1/slots for the times still free and offer another."),
        },
      },
      "413": {
        description: "The body is larger than 64 KiB.",
        errors: { codes: ["payload_too_large"], example: error("payload_too_large", "The body is larger than 65536 bytes.") },
      },
      "415": {
        description: "Not Content-Type: application/json.",
        errors: { codes: ["unsupported_media_type"], example: error("unsupported_media_type", "Send the booking as Content-Type: application/json.") },
      },
      "422": {
        description: "slot_not_offered: not a free time of this event type. invalid_host: hostId is not one of its hosts.",
        errors: {
          codes: ["slot_not_offered", "invalid_host"],
          example: error(
            "slot_not_offered",
            "That time is not offered for this event type (outside working hours, too soon, too far ahead, or not a slot start). Ask GET /api/v1/slots.",
          ),
        },
      },
      "405": methodAnswer("POST"),
    },
  },
  {
    routeFile: "api+/v1+/appointments.$id.tsx",
    method: "get",
    path: "/api/v1/appointments/{id}",
    operationId: "getAppointment",
    tag: "Appointments",
    summary: "Read an appointment",
    description: "An appointment as booked, and its status now (booked, cancelled or no-show).",
    scope: scope("appointments", "read"),
    params: AppointmentPathParamsSchema,
    answers: {
      "200": { description: "The appointment.", body: { schema: AppointmentResponseSchema, example: { appointment: APPOINTMENT_EXAMPLE } } },
      "404": notFoundAnswer("No appointment with this id."),
      "405": methodAnswer("GET"),
    },
  },
];

/**
 * Route files under app/routes/api+/v1+ that are not operations, and why.
 * The contract test accepts nothing else without documentation.
 */
export const NOT_OPERATIONS: Record<string, string> = {
  "api+/v1+/$.tsx": "Any other /api/v1 path: 404 not_found after authentication (documented in the API description, not as an operation).",
};

/** What an outbound webhook delivers for an event: the record it carries and an example of its fields. */
const WEBHOOK_EXAMPLES: Record<
  IntegrationEvent,
  { summary: string; recordKind: "contact" | "appointment" | "deal"; fields: Record<string, string | number | boolean | null> }
> = {
  "call.ended": {
    summary: "A call ended: its lead, a contact record with the call's fields.",
    recordKind: "contact",
    fields: {
      "contact.fullName": "Maria Rossi",
      "contact.phone": "+14165550199",
      "call.id": "pc_7f3a91",
      "call.direction": "inbound",
      "call.durationSeconds": 184,
      "call.summary": "Caller wants a site assessment; booked for Tuesday.",
      "call.sentiment": "positive",
      "call.extractedData.budget": 12000,
    },
  },
  "contact.created": {
    summary: "A contact was created in Voxboard.",
    recordKind: "contact",
    fields: { "contact.firstName": "Maria", "contact.lastName": "Rossi", "contact.email": "maria@example.com", "contact.phone": "+14165550199" },
  },
  "contact.imported": {
    summary: "A contact came in through a contact import.",
    recordKind: "contact",
    fields: { "contact.fullName": "Lukas Brandt", "contact.phone": "+4930555012", "contact.listName": "Trade fair leads" },
  },
  "appointment.booked": {
    summary: "An appointment was booked (dashboard, API or Cal.com).",
    recordKind: "appointment",
    fields: {
      "appointment.id": APPOINTMENT_EXAMPLE.id,
      "appointment.title": APPOINTMENT_EXAMPLE.title,
      "appointment.start": APPOINTMENT_EXAMPLE.start,
      "appointment.end": APPOINTMENT_EXAMPLE.end,
      "appointment.timeZone": "America/Toronto",
      "appointment.status": "booked",
      "appointment.contactName": "Maria Rossi",
      "appointment.hostName": "Jonas Weber",
    },
  },
  "appointment.rescheduled": {
    summary: "An appointment moved to another time.",
    recordKind: "appointment",
    fields: { "appointment.id": APPOINTMENT_EXAMPLE.id, "appointment.start": "2026-12-02T15:00:00.000Z", "appointment.end": "2026-12-02T16:00:00.000Z" },
  },
  "appointment.cancelled": {
    summary: "An appointment was cancelled.",
    recordKind: "appointment",
    fields: {
      "appointment.id": APPOINTMENT_EXAMPLE.id,
      "appointment.status": "cancelled",
      "appointment.cancelReason": "The customer found another installer.",
    },
  },
  "deal.created": {
    summary: "A deal was created.",
    recordKind: "deal",
    fields: {
      "deal.title": "Rooftop solar, 9 kWp",
      "deal.stageName": "Qualified",
      "deal.valueMinor": 1_850_000,
      "deal.currency": "EUR",
      "contact.fullName": "Maria Rossi",
    },
  },
  "deal.updated": {
    summary: "A deal's fields changed.",
    recordKind: "deal",
    fields: { "deal.title": "Rooftop solar, 11 kWp", "deal.valueMinor": 2_150_000 },
  },
  "deal.stage-changed": {
    summary: "A deal moved to another stage.",
    recordKind: "deal",
    fields: { "deal.title": "Rooftop solar, 11 kWp", "deal.previousStageName": "Qualified", "deal.stageName": "Won" },
  },
  "deal.deleted": {
    summary: "A deal was deleted.",
    recordKind: "deal",
    fields: { "deal.title": "Rooftop solar, 11 kWp" },
  },
};

export interface ApiWebhook {
  event: IntegrationEvent;
  summary: string;
  payload: ExampleOf;
}

export const API_WEBHOOKS: ApiWebhook[] = INTEGRATION_EVENTS.map((event) => ({
  event,
  summary: WEBHOOK_EXAMPLES[event].summary,
  payload: {
    schema: WebhookPayloadSchema,
    example: {
      type: event,
      timestamp: "2026-12-01T14:05:16.000Z",
      data: { recordKind: WEBHOOK_EXAMPLES[event].recordKind, recordId: "4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f", fields: WEBHOOK_EXAMPLES[event].fields },
    },
  },
}));
