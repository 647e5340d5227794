import { getDb, newId, now, type DB } from "~/db/db.server";
import { parsePermissions } from "~/features/roles/permissions";
import type { Candidate } from "./recipients";
import type { NotificationKind, NotificationParams } from "./messages";

/** The bell's popover shows this many; the page pages through the rest. */
export const BELL_LATEST = 5;
export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface NotificationRow {
  id: string;
  kind: string;
  params: string;
  link: string;
  created_at: string;
  read_at: string | null;
}

/** The tenant's users with their account role, as the recipient rule reads them (recipients.ts). */
export async function tenantCandidates(tenantId: string, db: DB, userIds?: string[]): Promise<Candidate[]> {
  if (userIds && userIds.length === 0) return [];
  let query = db
    .selectFrom("users")
    .innerJoin("roles", "roles.id", "users.role_id")
    .select(["users.id", "users.disabled_at", "roles.key as role_key", "roles.permissions"])
    .where("users.tenant_id", "=", tenantId);
  if (userIds) query = query.where("users.id", "in", userIds);
  const rows = await query.execute();
  return rows.map((row) => ({ id: row.id, roleKey: row.role_key, permissions: parsePermissions(row.permissions), disabled: row.disabled_at !== null }));
}

/** One row per recipient, in the caller's transaction (the event's). */
export async function createNotifications(
  trx: DB,
  tenantId: string,
  userIds: string[],
  notification: { kind: NotificationKind; params: NotificationParams; link: string },
) {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  const createdAt = now();
  await trx
    .insertInto("notifications")
    .values(
      unique.map((userId) => ({
        id: newId(),
        tenant_id: tenantId,
        user_id: userId,
        kind: notification.kind,
        params: JSON.stringify(notification.params),
        link: notification.link,
        created_at: createdAt,
        read_at: null,
      })),
    )
    .execute();
}

/** The top bar's badge: one count on the (tenant_id, user_id, read_at) index, on every dashboard request. */
export async function countUnread(tenantId: string, userId: string, db: DB = getDb()): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export type NotificationFilter = "unread" | "all";

export async function listNotifications(
  tenantId: string,
  userId: string,
  { filter, page, pageSize = NOTIFICATIONS_PAGE_SIZE }: { filter: NotificationFilter; page: number; pageSize?: number },
  db: DB = getDb(),
): Promise<{ rows: NotificationRow[]; total: number }> {
  let base = db.selectFrom("notifications").where("tenant_id", "=", tenantId).where("user_id", "=", userId);
  if (filter === "unread") base = base.where("read_at", "is", null);
  const [rows, count] = await Promise.all([
    base
      .select(["id", "kind", "params", "link", "created_at", "read_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string | bigint>().as("n")).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function latestNotifications(tenantId: string, userId: string, db: DB = getDb()) {
  return (await listNotifications(tenantId, userId, { filter: "all", page: 1, pageSize: BELL_LATEST }, db)).rows;
}

/** Marks the user's own notification read and answers its link; another user's or tenant's id answers null (a 404). */
export async function openNotification(tenantId: string, userId: string, id: string, db: DB = getDb()): Promise<{ link: string } | null> {
  const row = await db
    .selectFrom("notifications")
    .select(["link", "read_at"])
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  if (row.read_at === null) await markRead(tenantId, userId, id, db);
  return { link: row.link };
}

export async function markRead(tenantId: string, userId: string, id: string, db: DB = getDb()): Promise<boolean> {
  const result = await db
    .updateTable("notifications")
    .set({ read_at: now() })
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markAllRead(tenantId: string, userId: string, db: DB = getDb()): Promise<number> {
  const result = await db
    .updateTable("notifications")
    .set({ read_at: now() })
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
