import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, handleApiRequest, methodNotAllowed, notFound, requireApiTenant } from "~/features/api-keys/api-request.server";
import { readTextBody } from "~/lib/http/text-body.server";
import { kickJobRunner } from "~/features/jobs/job-runner.server";
import { apiTenantSettings } from "~/features/scheduling/booking/api-tenant.server";
import {
  apiEventType,
  bookingCall,
  bookingContact,
  BookingRequestSchema,
  describeProblems,
  serializeAppointment,
} from "~/features/scheduling/booking/booking-api.server";
import { bookAppointment } from "~/features/scheduling/booking/booking.server";

const MAX_BODY_BYTES = 64 * 1024;

/**
 * POST /api/v1/appointments: book a free time during a call. Idempotent by
 * `clientKey` (or the Idempotency-Key header): the same key again answers
 * 200 with the appointment it made, never a second one. 409 `slot_taken`
 * when someone else got the time first.
 */
export function action({ request }: ActionFunctionArgs) {
  return handleApiRequest(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const { tenantId } = await requireApiTenant(request, "appointments:write");
    if (!/^application\/json\b/i.test(request.headers.get("Content-Type") ?? ""))
      return apiError(415, "unsupported_media_type", "Send the booking as Content-Type: application/json.");
    let body: unknown;
    try {
      body = JSON.parse(await readTextBody(request, MAX_BODY_BYTES));
    } catch (error) {
      if (error instanceof Response) return apiError(413, "payload_too_large", `The body is larger than ${MAX_BODY_BYTES} bytes.`);
      return apiError(400, "invalid_json", "The body is not valid JSON.");
    }
    const headerKey = request.headers.get("Idempotency-Key");
    const parsed = BookingRequestSchema.safeParse(
      body && typeof body === "object" && headerKey && !("clientKey" in body) ? { ...body, clientKey: headerKey } : body,
    );
    if (!parsed.success)
      return apiError(400, "invalid_request", "The booking was not accepted. Nothing was saved.", { details: describeProblems(parsed.error, body) });
    const booking = parsed.data;
    const settings = await apiTenantSettings(tenantId);
    const found = await apiEventType(tenantId, booking.eventType);
    if (!found) return notFound("No event type with this id.");
    // A host the event type does not have is a wrong request, not a taken time: retrying would never help.
    if (booking.hostId && !found.eventType.hosts.some((host) => host.id === booking.hostId)) {
      return apiError(
        422,
        "invalid_host",
        "hostId is not a host of this event type. Leave it out to let the event type choose, or use a host id from the event type.",
      );
    }
    const contact = await bookingContact(tenantId, booking, settings.country);
    if (!contact) return notFound("No contact with this id.");
    const call = await bookingCall(tenantId, booking);
    if (!call) return notFound("No call with this id.");
    const outcome = await bookAppointment(tenantId, {
      eventType: found.eventType,
      organizationId: found.organizationId,
      start: booking.start,
      contact,
      notes: booking.notes ?? null,
      source: "api",
      callId: call.id,
      clientKey: booking.clientKey ?? null,
      hostId: booking.hostId ?? null,
      actor: { kind: "api" },
      fallbackTimeZone: settings.timeZone,
    });
    if (outcome.kind === "taken")
      return apiError(409, "slot_taken", "That time was just taken. Ask GET /api/v1/slots for the times still free and offer another.");
    if (outcome.kind === "not-offered")
      return apiError(
        422,
        "slot_not_offered",
        "That time is not offered for this event type (outside working hours, too soon, too far ahead, or not a slot start). Ask GET /api/v1/slots.",
      );
    const appointment = await serializeAppointment(tenantId, outcome.appointmentId);
    if (outcome.kind === "duplicate") return apiJson({ duplicate: true, appointment });
    // The Cal.com push or the contact's email was queued with the booking; the runner sends it now rather than at its next interval.
    kickJobRunner();
    return apiJson({ duplicate: false, appointment }, 201);
  });
}

export function loader(_args: LoaderFunctionArgs) {
  return methodNotAllowed(["POST"]);
}
