import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApiRequest, methodNotAllowed, notFound, requireApiTenant } from "~/features/api-keys/api-request.server";
import { serializeAppointment } from "~/features/scheduling/booking/booking-api.server";

/** GET /api/v1/appointments/<id>: an appointment as booked, and its status now. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApiRequest(async () => {
    const { tenantId } = await requireApiTenant(request, "appointments:read");
    const appointment = params.id ? await serializeAppointment(tenantId, params.id) : undefined;
    if (!appointment) return notFound("No appointment with this id.");
    return apiJson({ appointment });
  });
}

export function action(_args: ActionFunctionArgs) {
  return methodNotAllowed(["GET"]);
}
