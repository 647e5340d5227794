import { getDb, newId, now, type DB } from "~/db/db.server";
import { recordAudit } from "~/features/audit/audit.server";
import { verifyPassword } from "~/features/auth/password.server";
import { openSecret, sealSecret } from "~/lib/security/secrets.server";
import { hashRecoveryCode, newRecoveryCodes, recoveryCodeMatches } from "./recovery-codes.server";
import { acceptedTotpStep, looksLikeTotpCode, newTotpSecret } from "./totp.server";

/**
 * A user's second factor (docs/product/two-factor.md): enrolling (a secret
 * made, no code confirmed yet), on (confirmed, with recovery codes), or off
 * (no row). Every change that turns it on or off, or replaces the recovery
 * codes, is audited in its own transaction.
 */
export interface AccountRef {
  id: string;
  tenantId: string;
}

export type TwoFactorStatus = { state: "off" } | { state: "enrolling"; secret: string } | { state: "on"; confirmedAt: string; recoveryCodesLeft: number };

export async function twoFactorStatus(user: AccountRef, db: DB = getDb()): Promise<TwoFactorStatus> {
  const row = await db
    .selectFrom("two_factor_credentials")
    .select(["secret", "confirmed_at"])
    .where("user_id", "=", user.id)
    .where("tenant_id", "=", user.tenantId)
    .executeTakeFirst();
  if (!row) return { state: "off" };
  if (!row.confirmed_at) return { state: "enrolling", secret: openSecret(row.secret) };
  const left = await db
    .selectFrom("two_factor_recovery_codes")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("user_id", "=", user.id)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return { state: "on", confirmedAt: row.confirmed_at, recoveryCodesLeft: Number(left.count) };
}

export async function hasTwoFactor(userId: string, db: DB = getDb()) {
  const row = await db
    .selectFrom("two_factor_credentials")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Makes a new secret to enrol with (a restarted enrolment gets a new one); an enabled second factor is left alone. */
export async function startEnrolment(user: AccountRef, db: DB = getDb()) {
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("two_factor_credentials").select("confirmed_at").where("user_id", "=", user.id).executeTakeFirst();
    if (existing?.confirmed_at) return;
    await trx.deleteFrom("two_factor_credentials").where("user_id", "=", user.id).execute();
    await trx
      .insertInto("two_factor_credentials")
      .values({ user_id: user.id, tenant_id: user.tenantId, secret: sealSecret(newTotpSecret()), confirmed_at: null, last_used_step: null, created_at: now() })
      .execute();
  });
}

export async function cancelEnrolment(user: AccountRef, db: DB = getDb()) {
  await db
    .deleteFrom("two_factor_credentials")
    .where("user_id", "=", user.id)
    .where("tenant_id", "=", user.tenantId)
    .where("confirmed_at", "is", null)
    .execute();
}

async function replaceRecoveryCodes(trx: DB, user: AccountRef, at: string) {
  const codes = newRecoveryCodes();
  await trx.deleteFrom("two_factor_recovery_codes").where("user_id", "=", user.id).execute();
  await trx
    .insertInto("two_factor_recovery_codes")
    .values(
      codes.map((code) => ({ id: newId(), user_id: user.id, tenant_id: user.tenantId, code_hash: hashRecoveryCode(code), used_at: null, created_at: at })),
    )
    .execute();
  return codes;
}

/**
 * Turns the second factor on when `code` is valid for the enrolment's
 * secret. Returns the ten recovery codes (shown once), or null for a wrong
 * code or no enrolment under way.
 */
export async function confirmEnrolment(user: AccountRef, code: string, db: DB = getDb()): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("two_factor_credentials")
      .select(["secret", "confirmed_at", "last_used_step"])
      .where("user_id", "=", user.id)
      .where("tenant_id", "=", user.tenantId)
      .executeTakeFirst();
    if (!row || row.confirmed_at) return null;
    const step = await acceptedTotpStep(openSecret(row.secret), code, row.last_used_step);
    if (step === null) return null;
    const at = now();
    const updated = await trx
      .updateTable("two_factor_credentials")
      .set({ confirmed_at: at, last_used_step: step })
      .where("user_id", "=", user.id)
      .where("confirmed_at", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return null;
    const codes = await replaceRecoveryCodes(trx, user, at);
    await recordAudit(trx, { tenantId: user.tenantId, actorUserId: user.id, action: "two-factor.enabled", target: await userTarget(trx, user.id) }, at);
    return codes;
  });
}

async function userTarget(db: DB, userId: string) {
  const row = await db.selectFrom("users").select(["name", "email"]).where("id", "=", userId).executeTakeFirst();
  return { kind: "user", id: userId, label: row ? `${row.name} <${row.email}>` : userId };
}

/**
 * Spends a code from the authenticator app: accepted only when valid now and
 * of a later time step than the last accepted one. The step is stored by a
 * conditional update, so two requests racing with the same code cannot both pass.
 */
async function consumeTotpCode(userId: string, code: string, db: DB) {
  const row = await db
    .selectFrom("two_factor_credentials")
    .select(["secret", "last_used_step"])
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  if (!row) return false;
  const step = await acceptedTotpStep(openSecret(row.secret), code, row.last_used_step);
  if (step === null) return false;
  const updated = await db
    .updateTable("two_factor_credentials")
    .set({ last_used_step: step })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Spends a recovery code: each works once (the conditional update is the final word when two requests race). */
async function consumeRecoveryCode(userId: string, code: string, db: DB) {
  const unused = await db
    .selectFrom("two_factor_recovery_codes")
    .select(["id", "code_hash"])
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
  // Every stored hash is compared, in constant time each, so the time taken says nothing about which one matched.
  let match: string | null = null;
  for (const row of unused) if (recoveryCodeMatches(code, row.code_hash)) match = row.id;
  if (!match) return false;
  const updated = await db
    .updateTable("two_factor_recovery_codes")
    .set({ used_at: now() })
    .where("id", "=", match)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export type SecondFactorKind = "totp" | "recovery";

/** The second step of sign-in: a code from the app, or else one of the recovery codes. Returns which was used, or null. */
export async function verifySecondFactor(userId: string, code: string, db: DB = getDb()): Promise<SecondFactorKind | null> {
  const trimmed = code.trim();
  if (!trimmed) return null;
  if (looksLikeTotpCode(trimmed)) return (await consumeTotpCode(userId, trimmed, db)) ? "totp" : null;
  return (await consumeRecoveryCode(userId, trimmed, db)) ? "recovery" : null;
}

/**
 * The step-up before turning the second factor off or replacing the recovery
 * codes: the current password, or a current code from the app (a recovery
 * code is not enough: whoever found the paper must not be able to remove the factor).
 */
export async function passesStepUp(userId: string, proof: string, db: DB = getDb()) {
  if (looksLikeTotpCode(proof)) return consumeTotpCode(userId, proof, db);
  const row = await db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirst();
  return row ? verifyPassword(row.password_hash, proof) : false;
}

export async function disableTwoFactor(user: AccountRef, db: DB = getDb()) {
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom("two_factor_credentials").where("user_id", "=", user.id).where("tenant_id", "=", user.tenantId).executeTakeFirst();
    await trx.deleteFrom("two_factor_recovery_codes").where("user_id", "=", user.id).execute();
    if (Number(removed.numDeletedRows) > 0) {
      await recordAudit(trx, { tenantId: user.tenantId, actorUserId: user.id, action: "two-factor.disabled", target: await userTarget(trx, user.id) });
    }
  });
}

/** New recovery codes, the old ones void at once. Null when the second factor is not on. */
export async function regenerateRecoveryCodes(user: AccountRef, db: DB = getDb()): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await hasTwoFactor(user.id, trx))) return null;
    const at = now();
    const codes = await replaceRecoveryCodes(trx, user, at);
    await recordAudit(
      trx,
      { tenantId: user.tenantId, actorUserId: user.id, action: "two-factor.recovery-codes-regenerated", target: await userTarget(trx, user.id) },
      at,
    );
    return codes;
  });
}

export async function isTwoFactorRequired(tenantId: string, db: DB = getDb()) {
  const row = await db.selectFrom("tenants").select("two_factor_required").where("id", "=", tenantId).executeTakeFirst();
  return row?.two_factor_required === 1;
}

/** The owner's tenant-wide requirement. Audited only when it really changes. */
export async function setTwoFactorRequirement(tenantId: string, actorUserId: string, required: boolean, db: DB = getDb()) {
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("tenants")
      .set({ two_factor_required: required ? 1 : 0, updated_at: now() })
      .where("id", "=", tenantId)
      .where("two_factor_required", "=", required ? 0 : 1)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return;
    await recordAudit(trx, { tenantId, actorUserId, action: "two-factor.requirement-changed", details: { required } });
  });
}
