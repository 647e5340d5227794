import { getDb, type DB } from "~/db/db.server";

/**
 * Whether the session is the user's first: createSession stamps the user's
 * first_signed_in_at with the created_at of their first session, so a visit
 * is the first while it runs in that session (reloads included) and never
 * again after the next sign-in.
 */
export async function isFirstVisit(tenantId: string, sessionIdHash: string, db: DB = getDb()) {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["sessions.created_at", "users.first_signed_in_at"])
    .where("sessions.id_hash", "=", sessionIdHash)
    .where("sessions.tenant_id", "=", tenantId)
    .executeTakeFirst();
  return row !== undefined && row.first_signed_in_at === row.created_at;
}
