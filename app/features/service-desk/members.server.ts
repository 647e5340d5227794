import { getDb, now, type DB } from "~/db/db.server";
import { can, parsePermissions } from "~/features/roles/permissions";
import { lockServiceDesk } from "./settings.server";

/**
 * The members who work the desk (docs/product/service-desk.md#assignment):
 * users of the tenant whose account role may update the service desk
 * (owner, admin, support; service-desk is no organization screen, so the
 * account role alone decides). Only they can be assigned a ticket, and each
 * marks themselves available for the round robin on the desk.
 */
export interface DeskMember {
  id: string;
  name: string;
  email: string;
  available: boolean;
}

export async function listDeskMembers(tenantId: string, db: DB = getDb()): Promise<DeskMember[]> {
  const rows = await db
    .selectFrom("users")
    .innerJoin("roles", "roles.id", "users.role_id")
    .leftJoin("service_desk_availability as availability", (join) =>
      join.onRef("availability.user_id", "=", "users.id").onRef("availability.tenant_id", "=", "users.tenant_id"),
    )
    .select(["users.id", "users.name", "users.email", "roles.permissions", "availability.available"])
    .where("users.tenant_id", "=", tenantId)
    .orderBy("users.name")
    .orderBy("users.email")
    .execute();
  return rows
    .filter((row) => can(parsePermissions(row.permissions), "service-desk", "update"))
    .map((row) => ({ id: row.id, name: row.name || row.email, email: row.email, available: row.available === 1 }));
}

export async function isDeskMember(tenantId: string, userId: string, db: DB = getDb()) {
  return (await listDeskMembers(tenantId, db)).some((member) => member.id === userId);
}

/** A member marks themselves available for the round robin, or not. */
export async function setAvailability(tenantId: string, userId: string, available: boolean, db: DB = getDb()) {
  const timestamp = now();
  await db
    .insertInto("service_desk_availability")
    .values({ tenant_id: tenantId, user_id: userId, available: available ? 1 : 0, updated_at: timestamp })
    .onConflict((oc) => oc.columns(["tenant_id", "user_id"]).doUpdateSet({ available: available ? 1 : 0, updated_at: timestamp }))
    .execute();
}

/**
 * The round robin's pick: the available member after the one it picked last,
 * in a fixed order (user ids, so renaming someone does not move their turn),
 * wrapping round; null when nobody is available. The cursor lives on the
 * tenant's settings row, locked for the transaction, so two servers picking
 * at once give two members in turn, never one twice.
 */
export async function roundRobinPick(trx: DB, tenantId: string): Promise<string | null> {
  await lockServiceDesk(trx, tenantId);
  const available = (await listDeskMembers(tenantId, trx)).filter((member) => member.available).map((member) => member.id);
  if (available.length === 0) return null;
  available.sort();
  const settings = await trx.selectFrom("service_desk_settings").select("round_robin_last_user_id").where("tenant_id", "=", tenantId).executeTakeFirstOrThrow();
  const last = settings.round_robin_last_user_id;
  const next = (last === null ? undefined : available.find((id) => id > last)) ?? available[0]!;
  await trx.updateTable("service_desk_settings").set({ round_robin_last_user_id: next, updated_at: now() }).where("tenant_id", "=", tenantId).execute();
  return next;
}
