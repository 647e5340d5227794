import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * Cal.com webhooks, as Cal.com sends them (confirmed in calcom/cal.com,
 * packages/features/webhooks/lib/sendPayload.ts):
 * - The body is `JSON.stringify({ triggerEvent, createdAt, payload })` unless the
 *   webhook has a custom payload template (then this parser answers null).
 * - `X-Cal-Signature-256` is the hex HMAC-SHA256 of that exact body with the
 *   webhook's secret; a webhook without a secret sends "no-secret-provided", which
 *   never verifies here. There is no timestamp in the signature, so a captured
 *   delivery can be replayed: handlers must be idempotent (key on uid + trigger).
 * - Booking payloads are Cal.com's CalendarEvent plus bookingId, eventTypeId,
 *   status, metadata, rescheduleUid / rescheduleStartTime / rescheduleEndTime
 *   (BOOKING_RESCHEDULED) and cancellationReason (BOOKING_CANCELLED); attendees
 *   and organizer carry name, email, timeZone.
 * - The "Ping test" in Cal.com's settings sends triggerEvent "PING".
 *
 * Assumed, not confirmed in Cal.com's source: on BOOKING_RESCHEDULED `uid` is the
 * new booking and `rescheduleUid` the one it replaces (third-party docs say so,
 * and it matches the API's rescheduledFromUid).
 *
 * Verify the raw body (request.text()) before parsing it: a JSON round trip
 * changes the bytes and the signature no longer matches.
 */

export const CALCOM_SIGNATURE_HEADER = "X-Cal-Signature-256";

/** True when `header` is the HMAC-SHA256 of `rawBody` with `secret` (hex, an optional "sha256=" accepted), compared in constant time. */
export function verifyCalcomSignature(rawBody: string, header: string | null, secret: string): boolean {
  if (!secret || !header) return false;
  const provided = header.trim().replace(/^sha256=/i, "");
  if (!/^[0-9a-f]{64}$/i.test(provided)) return false;
  const expected = createHmac("sha256", secret).update(rawBody, "utf8").digest();
  return timingSafeEqual(expected, Buffer.from(provided, "hex"));
}

export const CALCOM_BOOKING_TRIGGERS = ["BOOKING_CREATED", "BOOKING_RESCHEDULED", "BOOKING_CANCELLED", "BOOKING_REQUESTED", "BOOKING_REJECTED"] as const;
export type CalcomBookingTrigger = (typeof CALCOM_BOOKING_TRIGGERS)[number];

const dateString = z.string().refine((value) => !Number.isNaN(Date.parse(value)), "not a date");
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value || null);
const optionalDate = dateString.nullish().transform((value) => (value ? new Date(value).toISOString() : null));

const personSchema = z
  .object({ name: z.string().nullish(), email: z.string().nullish(), timeZone: z.string().nullish() })
  .passthrough()
  .transform((person) => ({ name: person.name ?? "", email: person.email || null, timeZone: person.timeZone || null }));

export type CalcomWebhookPerson = z.output<typeof personSchema>;

const bookingPayloadSchema = z
  .object({
    uid: z.string().min(1),
    bookingId: z.number().int().nullish(),
    title: z.string().nullish(),
    startTime: dateString,
    endTime: dateString,
    eventTypeId: z.number().int().nullish(),
    type: z.string().nullish(),
    status: z.string().nullish(),
    attendees: z.array(personSchema).nullish(),
    organizer: personSchema.nullish(),
    location: z.string().nullish(),
    rescheduleUid: optionalText,
    rescheduleStartTime: optionalDate,
    rescheduleEndTime: optionalDate,
    cancellationReason: optionalText,
    metadata: z.record(z.unknown()).nullish(),
  })
  .passthrough()
  .transform((payload) => {
    const metadata: Record<string, string> = {};
    for (const [key, value] of Object.entries(payload.metadata ?? {})) if (typeof value === "string") metadata[key] = value;
    return {
      uid: payload.uid,
      bookingId: payload.bookingId ?? null,
      title: payload.title ?? "",
      start: new Date(payload.startTime).toISOString(),
      end: new Date(payload.endTime).toISOString(),
      eventTypeId: payload.eventTypeId ?? null,
      /** The event type's slug. */
      eventTypeSlug: payload.type || null,
      /** Cal.com's upper-case status (ACCEPTED, CANCELLED, PENDING, …) when sent. */
      status: payload.status || null,
      attendees: payload.attendees ?? [],
      organizer: payload.organizer ?? null,
      location: payload.location || null,
      /** BOOKING_RESCHEDULED: the booking this one replaces, and its times. */
      rescheduleUid: payload.rescheduleUid,
      previousStart: payload.rescheduleStartTime,
      previousEnd: payload.rescheduleEndTime,
      /** BOOKING_CANCELLED: the reason given, when one was. */
      cancellationReason: payload.cancellationReason,
      metadata,
    };
  });

export type CalcomWebhookBooking = z.output<typeof bookingPayloadSchema>;

export type CalcomWebhookEvent =
  { triggerEvent: "PING"; createdAt: string | null } | { triggerEvent: CalcomBookingTrigger; createdAt: string | null; booking: CalcomWebhookBooking };

const envelopeSchema = z.object({ triggerEvent: z.string(), createdAt: optionalDate, payload: z.unknown() });

/**
 * The delivery as the app needs it, or null for anything else: not JSON, a
 * trigger the app does not handle (MEETING_ENDED, FORM_SUBMITTED, …), or a
 * booking payload without the fields every booking has. Verify the signature first.
 */
export function parseCalcomWebhook(rawBody: string): CalcomWebhookEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) return null;
  const { triggerEvent, createdAt, payload } = envelope.data;
  if (triggerEvent === "PING") return { triggerEvent, createdAt };
  if (!(CALCOM_BOOKING_TRIGGERS as readonly string[]).includes(triggerEvent)) return null;
  const booking = bookingPayloadSchema.safeParse(payload);
  if (!booking.success) return null;
  return { triggerEvent: triggerEvent as CalcomBookingTrigger, createdAt, booking: booking.data };
}
