import { z } from "zod";
import { isKnownTimeZone } from "~/lib/dates/zoned-time";
import { APPOINTMENT_STATUSES } from "./appointment-params";

/**
 * The query and answers of the booking API (docs/api/appointments.md) as
 * schemas: GET /api/v1/slots validates its query with SlotsQuerySchema, the
 * OpenAPI document is generated from all of them, and the contract test checks
 * every example against them. The booking request is BookingRequestSchema.
 */

/**
 * The order of the keys is the order problems are reported in (one at a time,
 * as the route always has). `from` and `to` are read by readSlotRange, which
 * needs the time zone and runs after the event type is found.
 */
export const SlotsQuerySchema = z.object({
  timeZone: z
    .string()
    .optional()
    .refine((zone) => !zone || isKnownTimeZone(zone), "must be an IANA time zone such as America/New_York")
    .describe("IANA zone for days and labels, e.g. the caller's; default the account's."),
  eventType: z
    .string({ required_error: "is required (an id from GET /api/v1/event-types)" })
    .min(1, "is required (an id from GET /api/v1/event-types)")
    .describe("An event type id from GET /api/v1/event-types."),
  from: z.string().optional().describe("An ISO 8601 instant with a zone, or a day YYYY-MM-DD (read in timeZone); default now."),
  to: z.string().optional().describe("The same; default from + 7 days; at most 31 days after from."),
});

/** The query as the schema reads it: a parameter given empty counts as left out, as it always has. */
export function slotsQueryInput(searchParams: URLSearchParams) {
  const value = (name: string) => searchParams.get(name) || undefined;
  return { timeZone: value("timeZone"), eventType: value("eventType"), from: value("from"), to: value("to") };
}

const location = z.object({
  kind: z.string().describe("google-meet, in-person or phone."),
  detail: z.string().nullable().describe("The Meet link, the address, or agent-calls / contact-calls."),
});

export const ApiEventTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  durationMinutes: z.number().int(),
  appointmentType: z.string().describe("consultation, follow-up, demo, service or other."),
  location,
  team: z.object({ id: z.string(), name: z.string() }),
  organization: z.object({ id: z.string(), name: z.string() }),
  bookable: z.boolean().describe("false while the event type has no host."),
});

export const EventTypesResponseSchema = z.object({ eventTypes: z.array(ApiEventTypeSchema) });

export const SlotsResponseSchema = z.object({
  eventType: z.object({ id: z.string(), name: z.string(), durationMinutes: z.number().int() }),
  timeZone: z.string(),
  from: z.string().datetime(),
  to: z.string().datetime(),
  slots: z.array(
    z.object({
      start: z.string().datetime(),
      end: z.string().datetime(),
      label: z.string().describe("English, in timeZone, ready to be read out."),
      hostCount: z.number().int().describe("How many hosts are free then; round robin picks one when booking."),
    }),
  ),
});

export const ApiAppointmentSchema = z.object({
  id: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  title: z.string(),
  eventTypeId: z.string().nullable(),
  organizationId: z.string(),
  start: z.string(),
  end: z.string(),
  hostTimeZone: z.string(),
  host: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  contact: z.object({ id: z.string().nullable(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  location,
  callId: z.string().nullable(),
  clientKey: z.string().nullable(),
  createdAt: z.string(),
});

export const AppointmentPathParamsSchema = z.object({ id: z.string().min(1).describe("The appointment's id (appointment.id of the booking answer).") });

export const AppointmentResponseSchema = z.object({ appointment: ApiAppointmentSchema });

export const BookingResponseSchema = z.object({
  duplicate: z.boolean().describe("true when this clientKey booked before: the appointment it made, nothing new."),
  appointment: ApiAppointmentSchema,
});
