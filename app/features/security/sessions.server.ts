import { getDb, type DB } from "~/db/db.server";
import { recordAudit } from "~/features/audit/audit.server";
import { getEnv } from "~/config/env.server";
import { describeUserAgent, type DeviceDescription } from "./devices";

/**
 * A user's own sessions for /profile/security (docs/product/two-factor.md#sessions):
 * where each is signed in and when it was last used, and signing one or all
 * others out. A session is named on the page by its id hash (the cookie's
 * secret never leaves the cookie), and every query is scoped to the user, so
 * no one can end another user's session by posting its hash.
 */
export interface SessionListItem {
  idHash: string;
  device: DeviceDescription;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export async function listUserSessions(user: { id: string; tenantId: string }, currentIdHash: string, db: DB = getDb()): Promise<SessionListItem[]> {
  const env = getEnv();
  const idleCutoff = new Date(Date.now() - env.SESSION_IDLE_MINUTES * 60_000).toISOString();
  const rows = await db
    .selectFrom("sessions")
    .select(["id_hash", "user_agent", "ip", "created_at", "last_seen_at"])
    .where("user_id", "=", user.id)
    .where("tenant_id", "=", user.tenantId)
    // Idle or expired rows wait for the housekeeping timer; they are not active, so the list leaves them out.
    .where("expires_at", ">", new Date().toISOString())
    .where("last_seen_at", ">", idleCutoff)
    .orderBy("last_seen_at", "desc")
    .orderBy("id_hash")
    .execute();
  const items = rows.map((row) => ({
    idHash: row.id_hash,
    device: describeUserAgent(row.user_agent),
    ip: row.ip,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    current: row.id_hash === currentIdHash,
  }));
  // This browser first: it is the one the user looks for.
  return [...items.filter((item) => item.current), ...items.filter((item) => !item.current)];
}

/** Ends one of the user's other sessions. False when it is not theirs or already gone. */
export async function signOutSession(user: { id: string; tenantId: string }, idHash: string, currentIdHash: string, db: DB = getDb()) {
  if (idHash === currentIdHash) return false;
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("sessions").select(["user_agent", "ip"]).where("id_hash", "=", idHash).where("user_id", "=", user.id).executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom("sessions").where("id_hash", "=", idHash).where("user_id", "=", user.id).execute();
    const device = describeUserAgent(row.user_agent);
    await recordAudit(trx, {
      tenantId: user.tenantId,
      actorUserId: user.id,
      action: "session.signed-out",
      details: { sessions: 1, browser: device.browser, system: device.system, ip: row.ip },
    });
    return true;
  });
}

/** Ends every session of the user but this one. Returns how many ended. */
export async function signOutOtherSessions(user: { id: string; tenantId: string }, currentIdHash: string, db: DB = getDb()) {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom("sessions").where("user_id", "=", user.id).where("id_hash", "!=", currentIdHash).executeTakeFirst();
    const count = Number(removed.numDeletedRows);
    if (count > 0)
      await recordAudit(trx, { tenantId: user.tenantId, actorUserId: user.id, action: "session.signed-out", details: { sessions: count, others: true } });
    return count;
  });
}
