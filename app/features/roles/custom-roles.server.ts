import { sql } from "kysely";
import { isUniqueViolation } from "~/db/constraints.server";
import { getDb, inTransaction, newId, now, type DB } from "~/db/db.server";
import { recordAudit } from "~/features/audit/audit.server";
import { permissionChanges, TENANT_BUILT_IN_ROLE_KEYS } from "./custom-role-rules";
import { parsePermissions, type PermissionMap } from "./permissions";
import { CUSTOM_ROLE_KEY_PREFIX } from "./role-rank";

/**
 * A tenant's roles (docs/product/roles.md): the four built-in roles every
 * tenant shares, read-only, and the tenant's own custom roles, each a named
 * permission map its owner edits. Every query of a custom role names the
 * tenant, so another tenant's role is "not found", never shown or assigned.
 */

export interface TenantRole {
  id: string;
  key: string;
  name: string;
  builtIn: boolean;
  permissions: PermissionMap;
  /** The tenant's users who hold it as their account role. */
  memberCount: number;
}

const BUILT_IN_ORDER = TENANT_BUILT_IN_ROLE_KEYS as readonly string[];

/** The built-in roles first (owner, admin, support, agent), then the tenant's own by name. */
export async function listTenantRoles(tenantId: string, db: DB = getDb()): Promise<TenantRole[]> {
  const rows = await db
    .selectFrom("roles")
    .select(["roles.id", "roles.key", "roles.name", "roles.permissions", "roles.tenant_id"])
    .select((eb) =>
      eb
        .selectFrom("users")
        .select((inner) => inner.fn.countAll<number | string>().as("count"))
        .whereRef("users.role_id", "=", "roles.id")
        .where("users.tenant_id", "=", tenantId)
        .as("member_count"),
    )
    .where((eb) => eb.or([eb("roles.tenant_id", "=", tenantId), eb.and([eb("roles.tenant_id", "is", null), eb("roles.key", "in", [...BUILT_IN_ORDER])])]))
    .execute();
  const roles = rows.map(toTenantRole);
  return [
    ...BUILT_IN_ORDER.flatMap((key) => roles.filter((role) => role.builtIn && role.key === key)),
    ...roles.filter((role) => !role.builtIn).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
  ];
}

function toTenantRole(row: {
  id: string;
  key: string;
  name: string;
  permissions: string;
  tenant_id: string | null;
  member_count?: number | string | null;
}): TenantRole {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    builtIn: row.tenant_id === null,
    permissions: parsePermissions(row.permissions),
    memberCount: Number(row.member_count ?? 0),
  };
}

/** One role the tenant may see: a built-in tenant role or its own custom role; null for anything else (another tenant's, the platform's). */
export async function getTenantRole(tenantId: string, roleId: string, db: DB = getDb()): Promise<TenantRole | null> {
  const row = await db
    .selectFrom("roles")
    .select(["id", "key", "name", "permissions", "tenant_id"])
    .where("id", "=", roleId)
    .where((eb) => eb.or([eb("tenant_id", "=", tenantId), eb.and([eb("tenant_id", "is", null), eb("key", "in", [...BUILT_IN_ORDER])])]))
    .executeTakeFirst();
  if (!row) return null;
  const { count } = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("tenant_id", "=", tenantId)
    .where("role_id", "=", roleId)
    .executeTakeFirstOrThrow();
  return toTenantRole({ ...row, member_count: count });
}

export interface RoleInput {
  name: string;
  permissions: PermissionMap;
}

export type RoleSaveOutcome = { ok: true; id: string } | { ok: false; refusal: "name-taken" | "not-found" };

/** A name is taken by another custom role of the tenant or by a built-in role, whatever the case. */
async function nameTaken(trx: DB, tenantId: string, name: string, exceptId: string | null) {
  const lowered = name.toLowerCase();
  const builtIn = await trx
    .selectFrom("roles")
    .select("id")
    .where("tenant_id", "is", null)
    .where((eb) => eb.or([eb(sql<string>`lower(name)`, "=", lowered), eb(sql<string>`lower(key)`, "=", lowered)]))
    .executeTakeFirst();
  if (builtIn) return true;
  let query = trx
    .selectFrom("roles")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where(sql<string>`lower(name)`, "=", lowered);
  if (exceptId) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

const roleTarget = (id: string, name: string) => ({ kind: "role", id, label: name });

export async function createCustomRole(tenantId: string, actorUserId: string, input: RoleInput, db: DB = getDb()): Promise<RoleSaveOutcome> {
  try {
    return await inTransaction(db, async (trx) => {
      if (await nameTaken(trx, tenantId, input.name, null)) return { ok: false, refusal: "name-taken" } as const;
      const id = newId();
      const timestamp = now();
      await trx
        .insertInto("roles")
        .values({
          id,
          key: `${CUSTOM_ROLE_KEY_PREFIX}${id}`,
          name: input.name,
          permissions: JSON.stringify(input.permissions),
          // Never the platform's: a tenant's role grants inside the tenant only.
          is_platform_admin: 0,
          tenant_id: tenantId,
          created_at: timestamp,
          updated_at: timestamp,
        })
        .execute();
      await recordAudit(trx, {
        tenantId,
        actorUserId,
        action: "role.created",
        target: roleTarget(id, input.name),
        details: { granted: describeGrants(input.permissions) },
      });
      return { ok: true, id } as const;
    });
  } catch (error) {
    // Two owners saving the same name at once: the unique index decides, and the loser hears why.
    if (isUniqueViolation(error)) return { ok: false, refusal: "name-taken" };
    throw error;
  }
}

export async function updateCustomRole(tenantId: string, roleId: string, actorUserId: string, input: RoleInput, db: DB = getDb()): Promise<RoleSaveOutcome> {
  try {
    return await inTransaction(db, async (trx) => {
      const current = await trx
        .selectFrom("roles")
        .select(["id", "name", "permissions"])
        .where("id", "=", roleId)
        .where("tenant_id", "=", tenantId)
        .executeTakeFirst();
      if (!current) return { ok: false, refusal: "not-found" } as const;
      if (await nameTaken(trx, tenantId, input.name, roleId)) return { ok: false, refusal: "name-taken" } as const;
      await trx
        .updateTable("roles")
        .set({ name: input.name, permissions: JSON.stringify(input.permissions), updated_at: now() })
        .where("id", "=", roleId)
        .where("tenant_id", "=", tenantId)
        .execute();
      const changes = permissionChanges(parsePermissions(current.permissions), input.permissions);
      const details: Record<string, string> = {};
      if (current.name !== input.name) details.renamedFrom = current.name;
      if (changes.granted.length) details.granted = changes.granted.join(", ");
      if (changes.withdrawn.length) details.withdrawn = changes.withdrawn.join(", ");
      await recordAudit(trx, { tenantId, actorUserId, action: "role.updated", target: roleTarget(roleId, input.name), details });
      return { ok: true, id: roleId } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, refusal: "name-taken" };
    throw error;
  }
}

export type RoleDeleteOutcome = { ok: true; name: string } | { ok: false; refusal: "not-found" } | { ok: false; refusal: "in-use"; members: number };

/** A role someone holds is not deleted: its members would be left without a role. The owner reassigns them first. */
export async function deleteCustomRole(tenantId: string, roleId: string, actorUserId: string, db: DB = getDb()): Promise<RoleDeleteOutcome> {
  return inTransaction(db, async (trx) => {
    const role = await trx.selectFrom("roles").select(["id", "name"]).where("id", "=", roleId).where("tenant_id", "=", tenantId).executeTakeFirst();
    if (!role) return { ok: false, refusal: "not-found" } as const;
    const { count } = await trx
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("role_id", "=", roleId)
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) return { ok: false, refusal: "in-use", members: Number(count) } as const;
    await trx.deleteFrom("roles").where("id", "=", roleId).where("tenant_id", "=", tenantId).execute();
    await recordAudit(trx, { tenantId, actorUserId, action: "role.deleted", target: roleTarget(roleId, role.name) });
    return { ok: true, name: role.name } as const;
  });
}

/** "contacts.read, contacts.create, …": what a new role grants, for its audit entry. */
function describeGrants(map: PermissionMap) {
  return Object.entries(map)
    .flatMap(([area, actions]) => actions.map((action) => `${area}.${action}`))
    .join(", ");
}
