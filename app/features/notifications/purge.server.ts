import { getDb, type DB } from "~/db/db.server";

/** Read notifications are kept this long (days from when they were made). */
export const READ_NOTIFICATION_DAYS = 90;
/** Any notification, read or not, is kept at most this long. */
export const ANY_NOTIFICATION_DAYS = 365;
const DAY_MS = 86_400_000;

/**
 * Notifications are not kept for ever (docs/decisions/0059-notifications.md,
 * "Retention"): on the job runner's purge pass, a read one goes 90 days after
 * it was made and any one after 365. The bell counts only unread rows and the
 * digest only unread ones since the last digest, so neither changes; the page's
 * "all" filter simply lists less. Every tenant at once, by the
 * notifications_created index (migration 0041). Returns how many went.
 */
export async function purgeOldNotifications(now: Date, db: DB = getDb()) {
  const readCutoff = new Date(now.getTime() - READ_NOTIFICATION_DAYS * DAY_MS).toISOString();
  const anyCutoff = new Date(now.getTime() - ANY_NOTIFICATION_DAYS * DAY_MS).toISOString();
  const result = await db
    .deleteFrom("notifications")
    .where("created_at", "<", readCutoff)
    .where((eb) => eb.or([eb("read_at", "is not", null), eb("created_at", "<", anyCutoff)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
