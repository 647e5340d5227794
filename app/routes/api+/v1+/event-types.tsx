import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApiRequest, methodNotAllowed, requireApiTenant } from "~/features/api-keys/api-request.server";
import { apiEventTypes } from "~/features/scheduling/booking/booking-api.server";

/** GET /api/v1/event-types: what the agent can book, with the ids GET /slots and POST /appointments take. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApiRequest(async () => {
    const { tenantId } = await requireApiTenant(request, "appointments:read");
    return apiJson({ eventTypes: await apiEventTypes(tenantId) });
  });
}

export function action(_args: ActionFunctionArgs) {
  return methodNotAllowed(["GET"]);
}
