import { getDb, inTransaction, now, type DB } from "~/db/db.server";
import { recordAudit } from "~/features/audit/audit.server";
import { requestPasswordReset, sendVerificationEmail } from "~/features/auth/accounts.server";
import { isCustomRoleKey } from "~/features/roles/role-rank";
import type { Language } from "~/i18n/config";
import { toUserListItem } from "./list-query.server";
import type { PlatformAssignableRole } from "./user-rules";

/**
 * The super admin's actions on one user, whatever their tenant
 * (docs/product/roles.md#users-management). Each is recorded in the audit log
 * of the user's tenant, so the tenant's owner sees what the platform did to
 * their people, in the change's own transaction.
 */

export async function getManagedUser(userId: string, db: DB = getDb()) {
  const row = await db
    .selectFrom("users")
    .innerJoin("tenants", "tenants.id", "users.tenant_id")
    .innerJoin("roles", "roles.id", "users.role_id")
    .select([
      "users.id",
      "users.name",
      "users.email",
      "users.tenant_id",
      "tenants.name as tenant_name",
      "roles.key as role_key",
      "roles.name as role_name",
      "users.email_verified_at",
      "users.disabled_at",
      "users.created_at",
      "users.first_signed_in_at",
    ])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  const sessions = await db
    .selectFrom("sessions")
    .select((eb) => [eb.fn.countAll<number | string>().as("count"), eb.fn.max("last_seen_at").as("last_seen_at")])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return {
    ...toUserListItem(row),
    emailVerifiedAt: row.email_verified_at,
    disabledAt: row.disabled_at,
    firstSignedInAt: row.first_signed_in_at,
    sessionCount: Number(sessions.count),
    lastSeenAt: (sessions.last_seen_at as string | null) ?? null,
  };
}
export type ManagedUser = NonNullable<Awaited<ReturnType<typeof getManagedUser>>>;

export type UserActionRefusal = "self" | "already-disabled" | "not-disabled" | "already-verified" | "disabled" | "last-owner";
export type UserActionOutcome = { kind: "done" } | { kind: "not-found" } | { kind: "refused"; refusal: UserActionRefusal };

const done = { kind: "done" } as const;
const notFound = { kind: "not-found" } as const;
const refused = (refusal: UserActionRefusal) => ({ kind: "refused", refusal }) as const;

interface Actor {
  userId: string;
}

async function targetOf(trx: DB, userId: string) {
  return trx.selectFrom("users").select(["id", "tenant_id", "name", "email", "disabled_at", "email_verified_at"]).where("id", "=", userId).executeTakeFirst();
}

const userTarget = (user: { id: string; name: string; email: string }) => ({ kind: "user", id: user.id, label: `${user.name} <${user.email}>` });

/** Disables a user and ends every session of theirs in the same transaction: they are out at their next request. */
export async function disableUser(actor: Actor, userId: string, db: DB = getDb()): Promise<UserActionOutcome> {
  return inTransaction(db, async (trx) => {
    const user = await targetOf(trx, userId);
    if (!user) return notFound;
    // Disabling oneself would lock the platform's administration out with no one to undo it.
    if (user.id === actor.userId) return refused("self");
    if (user.disabled_at !== null) return refused("already-disabled");
    await trx.updateTable("users").set({ disabled_at: now(), updated_at: now() }).where("id", "=", user.id).where("disabled_at", "is", null).execute();
    const ended = await trx.deleteFrom("sessions").where("user_id", "=", user.id).executeTakeFirst();
    await recordAudit(trx, {
      tenantId: user.tenant_id,
      actorUserId: actor.userId,
      action: "user.disabled",
      target: userTarget(user),
      details: { sessions: Number(ended.numDeletedRows) },
    });
    return done;
  });
}

export async function enableUser(actor: Actor, userId: string, db: DB = getDb()): Promise<UserActionOutcome> {
  return inTransaction(db, async (trx) => {
    const user = await targetOf(trx, userId);
    if (!user) return notFound;
    if (user.disabled_at === null) return refused("not-disabled");
    await trx.updateTable("users").set({ disabled_at: null, updated_at: now() }).where("id", "=", user.id).execute();
    await recordAudit(trx, { tenantId: user.tenant_id, actorUserId: actor.userId, action: "user.enabled", target: userTarget(user) });
    return done;
  });
}

/** Ends every session of the user; the super admin signing themselves out everywhere keeps the session they are using. */
export async function signOutEverywhere(actor: Actor & { sessionIdHash: string }, userId: string, db: DB = getDb()): Promise<UserActionOutcome> {
  return inTransaction(db, async (trx) => {
    const user = await targetOf(trx, userId);
    if (!user) return notFound;
    let query = trx.deleteFrom("sessions").where("user_id", "=", user.id);
    if (user.id === actor.userId) query = query.where("id_hash", "!=", actor.sessionIdHash);
    const ended = await query.executeTakeFirst();
    await recordAudit(trx, {
      tenantId: user.tenant_id,
      actorUserId: actor.userId,
      action: "user.signed-out-everywhere",
      target: userTarget(user),
      details: { sessions: Number(ended.numDeletedRows) },
    });
    return done;
  });
}

/**
 * Gives the user a built-in role. The super admin never changes their own
 * (they could demote themselves out of the platform's administration), and a
 * tenant keeps at least one owner who is not disabled.
 */
export async function changeUserRole(actor: Actor, userId: string, roleKey: PlatformAssignableRole, db: DB = getDb()): Promise<UserActionOutcome> {
  return inTransaction(db, async (trx) => {
    const user = await trx
      .selectFrom("users")
      .innerJoin("roles", "roles.id", "users.role_id")
      .select(["users.id", "users.tenant_id", "users.name", "users.email", "roles.key as role_key", "roles.name as role_name"])
      .where("users.id", "=", userId)
      .executeTakeFirst();
    if (!user) return notFound;
    if (user.id === actor.userId) return refused("self");
    if (user.role_key === roleKey) return done;
    if (user.role_key === "owner") {
      const owners = await trx
        .selectFrom("users")
        .innerJoin("roles", "roles.id", "users.role_id")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("users.tenant_id", "=", user.tenant_id)
        .where("roles.key", "=", "owner")
        .where("users.disabled_at", "is", null)
        .where("users.id", "!=", user.id)
        .executeTakeFirstOrThrow();
      if (Number(owners.count) === 0) return refused("last-owner");
    }
    const role = await trx.selectFrom("roles").select("id").where("key", "=", roleKey).where("tenant_id", "is", null).executeTakeFirstOrThrow();
    await trx.updateTable("users").set({ role_id: role.id, updated_at: now() }).where("id", "=", user.id).execute();
    await recordAudit(trx, {
      tenantId: user.tenant_id,
      actorUserId: actor.userId,
      action: "member.role-changed",
      target: userTarget(user),
      details: { from: isCustomRoleKey(user.role_key) ? user.role_name : user.role_key, to: roleKey },
    });
    return done;
  });
}

/**
 * Sends the user a new verification link (the one of sign-up). The link is
 * issued and mailed first; the entry follows once it is on its way, so the
 * log never claims a mail that was not sent.
 */
export async function resendVerificationFor(actor: Actor, userId: string, language: Language, db: DB = getDb()): Promise<UserActionOutcome> {
  const user = await targetOf(db, userId);
  if (!user) return notFound;
  if (user.email_verified_at !== null) return refused("already-verified");
  if (user.disabled_at !== null) return refused("disabled");
  await sendVerificationEmail({ id: user.id, tenantId: user.tenant_id, email: user.email, name: user.name }, language);
  await recordAudit(db, { tenantId: user.tenant_id, actorUserId: actor.userId, action: "user.verification-resent", target: userTarget(user) });
  return done;
}

/** Sends the user the reset link of "Forgot password" (valid one hour); a disabled user could not use it, so none is sent. */
export async function sendPasswordResetFor(actor: Actor, userId: string, language: Language, db: DB = getDb()): Promise<UserActionOutcome> {
  const user = await targetOf(db, userId);
  if (!user) return notFound;
  if (user.disabled_at !== null) return refused("disabled");
  await requestPasswordReset(user.email, language);
  await recordAudit(db, { tenantId: user.tenant_id, actorUserId: actor.userId, action: "user.password-reset-sent", target: userTarget(user) });
  return done;
}
