import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApiRequest, methodNotAllowed, notFound, requireApiTenant } from "~/features/api-keys/api-request.server";
import { findCallByPlatformId, serializeCallForApi } from "~/features/calls/ingest.server";

/** GET /api/v1/calls/<platform call id>: the call as this tenant's platform reported it, and how far it got. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApiRequest(async () => {
    const { tenantId } = await requireApiTenant(request, "calls:read");
    // Another tenant's call is simply not found: no hint that the id exists elsewhere.
    const call = params.callId ? await findCallByPlatformId(tenantId, params.callId) : undefined;
    if (!call) return notFound("No call with this id.");
    return apiJson({ call: serializeCallForApi(call) });
  });
}

export function action(_args: ActionFunctionArgs) {
  return methodNotAllowed(["GET"]);
}
