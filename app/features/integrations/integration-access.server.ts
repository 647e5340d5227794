import type { GateContext } from "~/features/access/gate.server";
import { can, type PermissionAction } from "~/features/roles/permissions";
import { organizationAccess } from "~/features/organizations/organization-access.server";
import { requireIntegration } from "./integrations.server";
import { forbidden } from "~/lib/http/errors.server";

/**
 * An integration belongs to one organization: what the user may do to it is
 * judged by their role there, as for the organization's other pages. Another
 * tenant's id is a 404, a missing permission a 403.
 */
export async function requireIntegrationAccess(request: Request, gate: GateContext, integrationId: string, action: PermissionAction) {
  const integration = await requireIntegration(gate.tenant.id, integrationId);
  const access = await organizationAccess(gate, integration.organization_id);
  if (!can(access.permissions, "integrations-hub", action)) throw await forbidden(request);
  return { integration, permissions: access.permissions, can: (next: PermissionAction) => can(access.permissions, "integrations-hub", next) };
}
