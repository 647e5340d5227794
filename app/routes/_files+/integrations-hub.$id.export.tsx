import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireReadAccess } from "~/features/access/gate.server";
import { requireIntegrationAccess } from "~/features/integrations/integration-access.server";
import { exportIntegration } from "~/features/integrations/transfer.server";

/** GET /integrations-hub/<id>/export: the integration as a JSON file, without its key, token or webhook secrets. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "integrations-hub");
  const { integration } = await requireIntegrationAccess(request, gate, params.id ?? "", "read");
  const file = await exportIntegration(integration);
  const name = integration.crm_name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "integration";
  return new Response(`${JSON.stringify(file, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.voxboard-integration.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
