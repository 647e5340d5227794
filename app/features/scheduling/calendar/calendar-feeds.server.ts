import { createHash, randomBytes } from "node:crypto";
import { getEnv } from "~/config/env.server";
import { getDb, newId, now, type DB } from "~/db/db.server";

/**
 * A host's subscription feed: a URL with a secret token that calendar apps
 * poll without a session. Only the token's hash is stored; a new link revokes
 * the old one, and revoking leaves none.
 */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function feedUrl(token: string) {
  return new URL(`/calendar-feed/${token}.ics`, getEnv().appUrl).toString();
}

export async function hasLiveFeed(tenantId: string, userId: string, db: DB = getDb()) {
  const row = await db
    .selectFrom("calendar_feeds")
    .select(["id", "created_at"])
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return row ?? null;
}

export async function issueFeed(tenantId: string, userId: string, db: DB = getDb()) {
  const token = randomBytes(24).toString("base64url");
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("calendar_feeds")
      .set({ revoked_at: now() })
      .where("tenant_id", "=", tenantId)
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .execute();
    await trx
      .insertInto("calendar_feeds")
      .values({ id: newId(), tenant_id: tenantId, user_id: userId, token_hash: hashToken(token), created_at: now(), revoked_at: null })
      .execute();
  });
  return token;
}

export async function revokeFeeds(tenantId: string, userId: string, db: DB = getDb()) {
  await db
    .updateTable("calendar_feeds")
    .set({ revoked_at: now() })
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
}

export async function feedOwner(token: string, db: DB = getDb()) {
  return db
    .selectFrom("calendar_feeds")
    .innerJoin("users", "users.id", "calendar_feeds.user_id")
    .select(["calendar_feeds.tenant_id", "calendar_feeds.user_id", "users.name"])
    .where("calendar_feeds.token_hash", "=", hashToken(token))
    .where("calendar_feeds.revoked_at", "is", null)
    .whereRef("users.tenant_id", "=", "calendar_feeds.tenant_id")
    .executeTakeFirst();
}
