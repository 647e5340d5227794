import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import { getDb, now, type DB } from "~/db/db.server";
import { isHttpsUrl } from "~/lib/security/secure-cookies.server";

/**
 * The cookie carries only an opaque random id; the session itself is a row, so
 * logout, password change and password reset end it for real. See
 * docs/decisions/0004-server-side-sessions.md.
 */
let sessionCookie: ReturnType<typeof createCookie> | undefined;
export function getSessionCookie() {
  const env = getEnv();
  sessionCookie ??= createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    // The static half of the one cookie rule (secure-cookies.server.ts); the server adds X-Forwarded-Proto behind a trusted proxy.
    secure: isHttpsUrl(env.appUrl),
    path: "/",
    secrets: [env.sessionSecret],
  });
  return sessionCookie;
}

const hashId = (id: string) => createHash("sha256").update(id).digest("hex");

// Writing last_seen_at on every request would turn reads into writes; a minute of slack is harmless against a 30-minute idle limit.
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionRecord {
  idHash: string;
  userId: string;
  tenantId: string;
  /** The latest change to what the route gate reads for this tenant (gate_changes, migration 0037): its cache is good while this stays. */
  gateVersion: string;
}

export async function createSession(
  { userId, tenantId, ip, userAgent }: { userId: string; tenantId: string; ip?: string | null; userAgent?: string | null },
  db: DB = getDb(),
) {
  const env = getEnv();
  const id = randomBytes(32).toString("base64url");
  const createdAt = new Date();
  await db
    .insertInto("sessions")
    .values({
      id_hash: hashId(id),
      user_id: userId,
      tenant_id: tenantId,
      created_at: createdAt.toISOString(),
      last_seen_at: createdAt.toISOString(),
      expires_at: new Date(createdAt.getTime() + env.SESSION_ABSOLUTE_HOURS * 3_600_000).toISOString(),
      ip: ip ?? null,
      user_agent: userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  // The very first session of a user is their first visit (see isFirstVisit); later sessions leave the mark alone.
  await db.updateTable("users").set({ first_signed_in_at: createdAt.toISOString() }).where("id", "=", userId).where("first_signed_in_at", "is", null).execute();
  return { id, setCookie: await getSessionCookie().serialize(id) };
}

export async function readSessionId(request: Request): Promise<string | null> {
  const value: unknown = await getSessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** Returns the live session for this request, or null when missing, revoked, idle too long or past its absolute end. */
export async function getLiveSession(request: Request, db: DB = getDb()): Promise<SessionRecord | null> {
  const id = await readSessionId(request);
  if (!id) return null;
  const idHash = hashId(id);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("sessions")
    .select("users.disabled_at")
    // Two index seeks (gate_changes_tenant_seq) in the same query: no extra round trip for the gate's cache check.
    .select((eb) => [
      eb
        .selectFrom("gate_changes")
        .select((inner) => inner.fn.max("gate_changes.seq").as("seq"))
        .whereRef("gate_changes.tenant_id", "=", "sessions.tenant_id")
        .as("tenant_change"),
      eb
        .selectFrom("gate_changes")
        .select((inner) => inner.fn.max("gate_changes.seq").as("seq"))
        .where("gate_changes.tenant_id", "=", "*")
        .as("everyone_change"),
    ])
    .where("sessions.id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row) return null;
  const env = getEnv();
  const nowMs = Date.now();
  const lastSeen = new Date(row.last_seen_at).getTime();
  // A disabled user (docs/product/roles.md#disabled-users) is out at the next request, even through a session that slipped past the disabling.
  if (row.disabled_at !== null || nowMs >= new Date(row.expires_at).getTime() || nowMs - lastSeen >= env.SESSION_IDLE_MINUTES * 60_000) {
    await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
    return null;
  }
  if (nowMs - lastSeen >= TOUCH_INTERVAL_MS) {
    await db.updateTable("sessions").set({ last_seen_at: now() }).where("id_hash", "=", idHash).execute();
  }
  return { idHash, userId: row.user_id, tenantId: row.tenant_id, gateVersion: `${row.tenant_change ?? 0}/${row.everyone_change ?? 0}` };
}

export async function destroySession(request: Request, db: DB = getDb()) {
  const id = await readSessionId(request);
  if (id) await db.deleteFrom("sessions").where("id_hash", "=", hashId(id)).execute();
  return getSessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Ends every session of a user, optionally sparing the one making the request. */
export async function revokeUserSessions(userId: string, { except }: { except?: string } = {}, db: DB = getDb()) {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (except) query = query.where("id_hash", "!=", except);
  await query.execute();
}

export async function clearedSessionCookie() {
  return getSessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Expired rows would otherwise accumulate forever; called from the server's housekeeping timer. */
export async function purgeExpiredSessions(db: DB = getDb()) {
  const env = getEnv();
  const idleCutoff = new Date(Date.now() - env.SESSION_IDLE_MINUTES * 60_000).toISOString();
  await db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", now()), eb("last_seen_at", "<=", idleCutoff)]))
    .execute();
}

/** Whether the super admin has disabled the user: no sign-in, and getLiveSession refuses every session of theirs. */
export async function isUserDisabled(userId: string, db: DB = getDb()) {
  const row = await db.selectFrom("users").select("disabled_at").where("id", "=", userId).executeTakeFirst();
  return row?.disabled_at != null;
}
