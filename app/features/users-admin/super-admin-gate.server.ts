import { requireActionAccess, requireReadAccess, type GateContext } from "~/features/access/gate.server";
import type { PermissionAction } from "~/features/roles/permissions";
import { forbidden } from "~/lib/http/errors.server";

/**
 * The gate of the super admin's users screens: the route gate on the
 * usersManagement area (only the platform's role has it; a custom role can
 * never grant it), and the platform flag itself on top, so a permission map
 * edited by mistake still opens nothing.
 */
export async function requireSuperAdmin(request: Request, action: PermissionAction = "read"): Promise<GateContext> {
  const gate = action === "read" ? await requireReadAccess(request, "usersManagement") : await requireActionAccess(request, action, "usersManagement");
  if (!gate.user.isPlatformAdmin) throw await forbidden(request);
  return gate;
}
