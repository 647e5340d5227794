import { requireActionAccess, requireReadAccess, type GateContext, type PermissionArea } from "~/features/access/gate.server";
import type { PermissionAction } from "~/features/roles/permissions";
import { forbidden } from "~/lib/http/errors.server";

/**
 * The gate of every super-admin screen (users, products, analytics,
 * affiliates, API access administration): the route gate on the screen's
 * area (only the platform's role has these; a custom role can never grant
 * them, decision 0040), and the platform flag itself on top, so a permission
 * map edited by mistake still opens nothing.
 */
export async function requireSuperAdmin(request: Request, area: PermissionArea, action: PermissionAction = "read"): Promise<GateContext> {
  const gate = action === "read" ? await requireReadAccess(request, area) : await requireActionAccess(request, action, area);
  if (!gate.user.isPlatformAdmin) throw await forbidden(request);
  return gate;
}
