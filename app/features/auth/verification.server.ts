import { createHash, randomBytes } from "node:crypto";
import { getDb, newId, now, type DB } from "~/db/db.server";

type Purpose = "verify-email" | "reset-password";

const LIFETIME_MS: Record<Purpose, number> = {
  "verify-email": 48 * 3_600_000,
  "reset-password": 3_600_000,
};

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Issues a single-use token; only its hash is stored. Older unused tokens of the same purpose stop working. */
export async function issueToken(user: { id: string; tenantId: string }, purpose: Purpose, db: DB = getDb()) {
  const token = randomBytes(32).toString("base64url");
  const createdAt = new Date();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("verifications").where("user_id", "=", user.id).where("purpose", "=", purpose).where("used_at", "is", null).execute();
    await trx
      .insertInto("verifications")
      .values({
        id: newId(),
        tenant_id: user.tenantId,
        user_id: user.id,
        purpose,
        token_hash: hashToken(token),
        created_at: createdAt.toISOString(),
        expires_at: new Date(createdAt.getTime() + LIFETIME_MS[purpose]).toISOString(),
        used_at: null,
      })
      .execute();
  });
  return token;
}

/** Looks a token up without using it (to show the reset form only for a live link). */
export async function findLiveToken(token: string, purpose: Purpose, db: DB = getDb()) {
  return db
    .selectFrom("verifications")
    .select(["id", "user_id", "tenant_id"])
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now())
    .executeTakeFirst();
}

/** Marks the token used and returns its user, or null when unknown, used or expired. */
export async function consumeToken(token: string, purpose: Purpose, db: DB = getDb()) {
  const row = await findLiveToken(token, purpose, db);
  if (!row) return null;
  const result = await db.updateTable("verifications").set({ used_at: now() }).where("id", "=", row.id).where("used_at", "is", null).executeTakeFirst();
  // Two clicks racing on one link: only the one that flipped used_at wins.
  if (Number(result.numUpdatedRows) !== 1) return null;
  return { userId: row.user_id, tenantId: row.tenant_id };
}
