import { handleApiRequest, notFound, requireApiTenant } from "~/features/api-keys/api-request.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

/** Any other /api/v1 path: a JSON 404 (after authentication, so the API's shape is not shown to strangers), never the dashboard. */
async function unknownEndpoint({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  return handleApiRequest(async () => {
    await requireApiTenant(request, null);
    return notFound("No such endpoint. See docs/api/call-events.md.");
  });
}

export const loader = unknownEndpoint;
export const action = unknownEndpoint;
