import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, handleApiRequest, methodNotAllowed, notFound, requireApiTenant } from "~/features/api-keys/api-request.server";
import { dateTimeFormat } from "~/i18n/format";
import { availableSlots } from "~/features/scheduling/availability/availability.server";
import { startOfLocalDay } from "~/features/scheduling/booking/appointments.server";
import { apiTenantSettings } from "~/features/scheduling/booking/api-tenant.server";
import { apiEventType, readSlotRange } from "~/features/scheduling/booking/booking-api.server";
import { SlotsQuerySchema, slotsQueryInput } from "~/features/scheduling/booking/booking-api-schema";

/**
 * GET /api/v1/slots?eventType=&from=&to=&timeZone=: the free times an agent
 * can offer. Each slot carries a label in `timeZone` (the caller's, when the
 * agent knows it) so the agent can read it out as is.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApiRequest(async () => {
    const { tenantId } = await requireApiTenant(request, "appointments:read");
    const { searchParams } = new URL(request.url);
    const settings = await apiTenantSettings(tenantId);
    // The schema the OpenAPI document is generated from (app/features/api-docs); one problem at a time, as always.
    const query = SlotsQuerySchema.safeParse(slotsQueryInput(searchParams));
    if (!query.success) {
      const issue = query.error.issues[0]!;
      return apiError(400, "invalid_request", "The request was not accepted.", { details: [{ path: issue.path.join("."), message: issue.message }] });
    }
    const timeZone = query.data.timeZone ?? settings.timeZone;
    const found = await apiEventType(tenantId, query.data.eventType);
    if (!found) return notFound("No event type with this id.");
    const range = readSlotRange(searchParams, timeZone, startOfLocalDay);
    if ("problem" in range) return apiError(400, "invalid_request", "The request was not accepted.", { details: [range.problem] });
    const slots = await availableSlots(tenantId, found.eventType, { ...range, now: new Date().toISOString(), fallbackTimeZone: settings.timeZone });
    // Built from two parts: ICU versions join a date and a time differently (", " or " at ").
    const day = dateTimeFormat("en", { weekday: "long", day: "numeric", month: "long", timeZone });
    const time = dateTimeFormat("en", { hour: "numeric", minute: "2-digit", timeZone });
    const label = { format: (date: Date) => `${day.format(date)}, ${time.format(date)}` };
    return apiJson({
      eventType: { id: found.eventType.id, name: found.eventType.name, durationMinutes: found.eventType.duration_minutes },
      timeZone,
      from: range.from,
      to: range.to,
      slots: slots.map((slot) => ({ start: slot.start, end: slot.end, label: label.format(new Date(slot.start)), hostCount: slot.hostIds.length })),
    });
  });
}

export function action(_args: ActionFunctionArgs) {
  return methodNotAllowed(["GET"]);
}
