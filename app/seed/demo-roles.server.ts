import type { DB } from "~/db/db.server";
import { normalizeCustomPermissions } from "~/features/roles/custom-role-rules";
import { createCustomRole } from "~/features/roles/custom-roles.server";

/**
 * The demo's own role (docs/product/roles.md): a dispatcher who works calls,
 * contacts and tickets and runs campaigns, without billing, settings or API
 * access. No demo user holds it, so the built-in demo sign-ins keep their
 * roles; the owner hands it out on /roles?tab=members.
 */
export async function seedDemoRoles(db: DB, tenantId: string, ownerId: string) {
  await createCustomRole(
    tenantId,
    ownerId,
    {
      name: "Dispatcher",
      permissions: normalizeCustomPermissions({
        "call-management": ["read", "update"],
        recordings: ["read"],
        contacts: ["read", "create", "update"],
        campaigns: ["read", "create", "update"],
        "main-contact-center": ["read"],
        "service-desk": ["read", "create", "update"],
      }),
    },
    db,
  );
}
