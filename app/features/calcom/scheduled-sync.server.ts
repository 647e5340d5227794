import { getDb, type DB } from "~/db/db.server";
import { pullBookings } from "./sync.server";

/** Webhooks bring changes at once; this pull catches what a missed or unconfigured webhook did not. */
export const CALCOM_SYNC_INTERVAL_MS = 15 * 60_000;

/**
 * The job runner's Cal.com pass: each connection not synced for 15 minutes
 * is claimed by moving its last_sync_at with a conditional update (so two
 * app servers never pull the same account at once), then pulled. A failure
 * is recorded on the connection and shown on /calcom; it never stops the pass.
 */
export async function syncDueCalcomConnections(now: Date, db: DB = getDb()) {
  const due = new Date(now.getTime() - CALCOM_SYNC_INTERVAL_MS).toISOString();
  const candidates = await db
    .selectFrom("calcom_connections")
    .selectAll()
    .where((eb) => eb.or([eb("last_sync_at", "is", null), eb("last_sync_at", "<", due)]))
    .orderBy("last_sync_at")
    .limit(20)
    .execute();
  let pulled = 0;
  for (const connection of candidates) {
    let claim = db.updateTable("calcom_connections").set({ last_sync_at: now.toISOString() }).where("id", "=", connection.id);
    claim = connection.last_sync_at === null ? claim.where("last_sync_at", "is", null) : claim.where("last_sync_at", "=", connection.last_sync_at);
    if (Number((await claim.executeTakeFirst()).numUpdatedRows) !== 1) continue;
    try {
      await pullBookings(connection, db);
      pulled += 1;
    } catch {
      // pullBookings recorded what went wrong on the connection.
    }
  }
  return pulled;
}
