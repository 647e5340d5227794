import { getDb, type DB } from "~/db/db.server";
import { can, parsePermissions, permissionsInOrganization, type PermissionAction, type PermissionMap } from "~/features/roles/permissions";
import { effectiveRoleKey } from "~/features/roles/role-rank";
import { forbidden } from "~/lib/http/errors.server";

export interface OrganizationAccess {
  roleKey: string;
  permissions: PermissionMap;
}

/**
 * What this module reads of the request's gate (features/access/gate.server.ts builds it): organizations sit below the
 * gate (docs/decisions/0029-code-layout.md), so they name the part they use instead of importing its type.
 */
export interface OrganizationGate {
  user: { id: string; roleKey: string; accountRoleKey: string; permissions: PermissionMap; accountPermissions: PermissionMap };
  tenant: { id: string };
  selection: { organization: { id: string } | null };
}

/**
 * What the user may do to one organization: the higher of their account role
 * and their role in *that* organization. The gate's map belongs to the
 * selected organization; a request about another one (its page, its teams,
 * its event types, deleting it) is judged by the user's standing there, so
 * being an admin of one organization never reaches into another.
 */
export async function organizationAccess(gate: OrganizationGate, organizationId: string, db: DB = getDb()): Promise<OrganizationAccess> {
  if (gate.selection.organization?.id === organizationId) return { roleKey: gate.user.roleKey, permissions: gate.user.permissions };
  const membership = await db
    .selectFrom("organization_members")
    .select("role_key")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", gate.user.id)
    .executeTakeFirst();
  const roleKey = effectiveRoleKey(gate.user.accountRoleKey, membership?.role_key);
  const role = await db.selectFrom("roles").select("permissions").where("key", "=", roleKey).executeTakeFirst();
  return { roleKey, permissions: permissionsInOrganization(gate.user.accountPermissions, role ? parsePermissions(role.permissions) : {}) };
}

/** Throws 403 unless the user may take `action` on organizations within this one. */
export async function requireOrganizationAction(request: Request, gate: OrganizationGate, organizationId: string, action: PermissionAction) {
  const access = await organizationAccess(gate, organizationId);
  if (!can(access.permissions, "organizations", action)) throw await forbidden(request);
  return access;
}

/** organizationAccess for a page of organizations at once: which of them the user may edit or delete. */
export async function accessForOrganizations(
  gate: OrganizationGate,
  organizationIds: readonly string[],
  db: DB = getDb(),
): Promise<Record<string, PermissionMap>> {
  if (organizationIds.length === 0) return {};
  const [memberships, roles] = await Promise.all([
    db
      .selectFrom("organization_members")
      .select(["organization_id", "role_key"])
      .where("user_id", "=", gate.user.id)
      .where("organization_id", "in", organizationIds)
      .execute(),
    db.selectFrom("roles").select(["key", "permissions"]).execute(),
  ]);
  return Object.fromEntries(
    organizationIds.map((id) => {
      if (gate.selection.organization?.id === id) return [id, gate.user.permissions];
      const key = effectiveRoleKey(gate.user.accountRoleKey, memberships.find((membership) => membership.organization_id === id)?.role_key);
      const role = roles.find((candidate) => candidate.key === key);
      return [id, permissionsInOrganization(gate.user.accountPermissions, role ? parsePermissions(role.permissions) : {})];
    }),
  );
}

/**
 * Creating an organization, or deleting one with everything in it, is the
 * account's business: the account role alone decides, whatever role the user
 * holds in the organization itself (decision 0025).
 */
export async function requireAccountOrganizationAction(request: Request, gate: OrganizationGate, action: "create" | "delete") {
  if (!can(gate.user.accountPermissions, "organizations", action)) throw await forbidden(request);
}
