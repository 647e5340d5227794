import { getDb, inTransaction, now, type DB } from "~/db/db.server";
import { recordAudit } from "~/features/audit/audit.server";
import { TENANT_BUILT_IN_ROLE_KEYS } from "./custom-role-rules";

/**
 * Members' roles in the account (docs/product/roles.md#assigning-roles): the
 * owner gives each user of the tenant a built-in role below owner or one of
 * the tenant's custom roles. The gate reads the role at every request, so
 * the change applies from the member's next page.
 */

export interface AccountMember {
  id: string;
  name: string;
  email: string;
  roleId: string;
  roleKey: string;
  roleName: string;
  customRole: boolean;
}

export function listAccountMembers(tenantId: string, db: DB = getDb()): Promise<AccountMember[]> {
  return db
    .selectFrom("users")
    .innerJoin("roles", "roles.id", "users.role_id")
    .select([
      "users.id",
      "users.name",
      "users.email",
      "roles.id as roleId",
      "roles.key as roleKey",
      "roles.name as roleName",
      "roles.tenant_id as roleTenantId",
    ])
    .where("users.tenant_id", "=", tenantId)
    .orderBy("users.name")
    .orderBy("users.id")
    .execute()
    .then((rows) => rows.map(({ roleTenantId, ...row }) => ({ ...row, customRole: roleTenantId !== null })));
}

/** The roles an owner hands out: every built-in tenant role but owner (ownership is not passed around here), and the tenant's own. */
const ASSIGNABLE_BUILT_IN = TENANT_BUILT_IN_ROLE_KEYS.filter((key) => key !== "owner");

/** Whose role the owner leaves alone: other owners and the platform's super admins. */
export const isProtectedRoleKey = (roleKey: string) => roleKey === "owner" || roleKey === "platform-admin";

export function assignableRoles(tenantId: string, db: DB = getDb()) {
  return db
    .selectFrom("roles")
    .select(["id", "key", "name", "tenant_id"])
    .where((eb) => eb.or([eb("tenant_id", "=", tenantId), eb.and([eb("tenant_id", "is", null), eb("key", "in", [...ASSIGNABLE_BUILT_IN])])]))
    .execute()
    .then((rows) => [
      ...ASSIGNABLE_BUILT_IN.flatMap((key) => rows.filter((row) => row.tenant_id === null && row.key === key)),
      ...rows.filter((row) => row.tenant_id !== null).sort((a, b) => a.name.localeCompare(b.name)),
    ]);
}

export type AssignOutcome = { kind: "done"; name: string; changed: boolean } | { kind: "not-found" } | { kind: "self" } | { kind: "protected" };

/** How a role is named in an audit entry: a built-in role by its key (translated when shown), a custom one by its name. */
const auditRoleName = (role: { key: string; name: string; tenant_id: string | null }) => (role.tenant_id === null ? role.key : role.name);

export async function assignAccountRole(
  tenantId: string,
  actorUserId: string,
  input: { userId: string; roleId: string },
  db: DB = getDb(),
): Promise<AssignOutcome> {
  return inTransaction(db, async (trx) => {
    const member = await trx
      .selectFrom("users")
      .innerJoin("roles", "roles.id", "users.role_id")
      .select(["users.id", "users.name", "users.email", "roles.key", "roles.name as role_name", "roles.tenant_id"])
      .where("users.id", "=", input.userId)
      .where("users.tenant_id", "=", tenantId)
      .executeTakeFirst();
    const role = (await assignableRoles(tenantId, trx)).find((candidate) => candidate.id === input.roleId);
    // Another tenant's user or role, or a role that is not handed out here: as if it did not exist.
    if (!member || !role) return { kind: "not-found" } as const;
    // Lowering one's own role could leave the account without anyone able to raise it again.
    if (member.id === actorUserId) return { kind: "self" } as const;
    if (isProtectedRoleKey(member.key)) return { kind: "protected" } as const;
    if (member.key === role.key) return { kind: "done", name: member.name, changed: false } as const;
    await trx.updateTable("users").set({ role_id: role.id, updated_at: now() }).where("id", "=", member.id).where("tenant_id", "=", tenantId).execute();
    await recordAudit(trx, {
      tenantId,
      actorUserId,
      action: "member.role-changed",
      target: { kind: "user", id: member.id, label: `${member.name} <${member.email}>` },
      details: { from: auditRoleName({ key: member.key, name: member.role_name, tenant_id: member.tenant_id }), to: auditRoleName(role) },
    });
    return { kind: "done", name: member.name, changed: true } as const;
  });
}
