import { getDb, newId, now, type DB } from "~/db/db.server";
import { DASHBOARD_SEGMENTS, TENANT_SEGMENTS } from "~/lib/navigation/routes";
import { grantAll, grantRead, parsePermissions, type PermissionMap } from "./permissions";

/**
 * Money stays with owners: an admin reads what was billed but cannot pay, top up or change the plan.
 * So do the tenant's roles: whoever shapes roles and hands them out could hand themselves anything (docs/product/roles.md).
 */
const OWNER_ONLY_SEGMENTS = ["billing", "add-topup-balance", "subscriptions-history", "invoices", "choose-plan", "roles"];

/** Built-in roles. Role management screens (super-admin) come later and edit these rows. */
export const BUILT_IN_ROLES: Array<{ key: string; name: string; permissions: PermissionMap; isPlatformAdmin: boolean }> = [
  // The audit log is the owner's: an area of its own (gate.server.ts AUDIT_LOG_AREA), not a screen of the sidebar.
  { key: "owner", name: "Owner", permissions: { ...grantAll(TENANT_SEGMENTS), ...grantRead(["audit-log"]) }, isPlatformAdmin: false },
  {
    key: "admin",
    name: "Admin",
    permissions: {
      ...grantAll(TENANT_SEGMENTS.filter((segment) => !OWNER_ONLY_SEGMENTS.includes(segment))),
      ...grantRead(["billing", "subscriptions-history", "invoices"]),
    },
    isPlatformAdmin: false,
  },
  {
    key: "agent",
    name: "Agent (read-only)",
    permissions: grantRead([
      "overview",
      "call-management",
      "recordings",
      "contacts",
      // Deals to look at, not to move: the agent's calls are often a deal's first step.
      "crm-deals",
      "profile",
      "settings",
      "help",
      "organizations",
      "appointments",
      "appointment-insights",
      "calendar",
      "staff",
      // Customer feedback is read beside the recordings it is about.
      "feedback",
      "templates",
      "response",
      // Sees the desk's tickets; working them (taking, notes, status) is the support role's (docs/product/service-desk.md#roles).
      "service-desk",
      // Finding a contact and reading its history changes nothing.
      "main-contact-center",
      // The affiliate programme is the user's own, not the tenant's (docs/product/affiliates.md): every signed-in user may join.
      "affiliates",
      // Each user's own notifications (docs/decisions/0059-notifications.md).
      "notifications",
    ]),
    isPlatformAdmin: false,
  },
  {
    key: "support",
    name: "Support",
    // Works tickets and reads what a ticket points at (calls, recordings, contacts); no billing, settings, API access or deleting.
    permissions: {
      // The contact center: who a ticket's caller is and what happened before (its timeline shows no deals or campaigns to this role).
      ...grantRead(["overview", "call-management", "recordings", "contacts", "main-contact-center", "profile", "help", "affiliates", "notifications"]),
      "service-desk": ["read", "create", "update"],
    },
    isPlatformAdmin: false,
  },
  {
    key: "platform-admin",
    name: "Platform super-admin",
    permissions: { ...grantAll([...DASHBOARD_SEGMENTS, "choose-plan"]), ...grantRead(["audit-log"]) },
    isPlatformAdmin: true,
  },
];

export async function ensureBuiltInRoles(db: DB = getDb()) {
  for (const role of BUILT_IN_ROLES) {
    await db
      .insertInto("roles")
      .values({
        id: newId(),
        key: role.key,
        name: role.name,
        permissions: JSON.stringify(role.permissions),
        is_platform_admin: role.isPlatformAdmin ? 1 : 0,
        created_at: now(),
      })
      .onConflict((oc) => oc.column("key").doUpdateSet({ permissions: JSON.stringify(role.permissions) }))
      .execute();
  }
}

export async function getRoleIdByKey(key: string, db: DB = getDb()) {
  const role = await db.selectFrom("roles").select("id").where("key", "=", key).executeTakeFirstOrThrow();
  return role.id;
}

export { parsePermissions };
