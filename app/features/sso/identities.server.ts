import { getDb, now, type DB } from "~/db/db.server";
import { recordAudit } from "~/features/audit/audit.server";
import type { LinkedAccountView, ProviderIdentity, SsoError } from "./oidc-claims";

export type SsoUserResult = { ok: true; user: { id: string; tenantId: string }; linked: boolean } | { ok: false; error: SsoError };

/**
 * Which user a provider's account signs in (docs/decisions/0048-oidc-single-sign-on.md):
 *
 * 1. An account linked before (issuer + subject in oidc_identities) is that
 *    user, whatever email the provider reports today.
 * 2. Otherwise it links, once, to the user with the same email, only when the
 *    provider verified the address (email_verified) and the user confirmed
 *    it here too: a Voxboard account someone registered with another
 *    person's address without confirming it is never handed to them.
 * 3. Nobody with that email: refused; single sign-on does not create
 *    accounts (registration makes the tenant, its owner and the plan choice).
 *
 * The link and its audit entry commit together.
 */
export async function resolveSsoUser(
  { issuer, identity, providerLabel }: { issuer: string; identity: ProviderIdentity; providerLabel: string },
  db: DB = getDb(),
): Promise<SsoUserResult> {
  const linked = await db
    .selectFrom("oidc_identities")
    .innerJoin("users", "users.id", "oidc_identities.user_id")
    .select(["users.id", "users.tenant_id"])
    .where("oidc_identities.issuer", "=", issuer)
    .where("oidc_identities.subject", "=", identity.subject)
    .executeTakeFirst();
  if (linked) {
    await db.updateTable("oidc_identities").set({ last_used_at: now() }).where("issuer", "=", issuer).where("subject", "=", identity.subject).execute();
    return { ok: true, user: { id: linked.id, tenantId: linked.tenant_id }, linked: false };
  }

  if (!identity.email || !identity.emailVerified) return { ok: false, error: "unverifiedEmail" };
  const email = identity.email;
  const user = await db.selectFrom("users").select(["id", "tenant_id", "email", "email_verified_at"]).where("email", "=", email).executeTakeFirst();
  if (!user) return { ok: false, error: "noAccount" };
  if (!user.email_verified_at) return { ok: false, error: "accountNotVerified" };

  await db.transaction().execute(async (trx) => {
    const at = now();
    await trx
      .insertInto("oidc_identities")
      .values({ issuer, subject: identity.subject, user_id: user.id, tenant_id: user.tenant_id, email, created_at: at, last_used_at: at })
      .execute();
    await recordAudit(trx, {
      tenantId: user.tenant_id,
      actorUserId: user.id,
      action: "sso.identity-linked",
      target: { kind: "user", id: user.id, label: user.email },
      details: { provider: providerLabel },
    });
  });
  return { ok: true, user: { id: user.id, tenantId: user.tenant_id }, linked: true };
}

/** The provider accounts linked to a user, for the list on /profile/security. */
export function listLinkedIdentities(userId: string, db: DB = getDb()) {
  return db
    .selectFrom("oidc_identities")
    .select(["issuer", "subject", "email", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
}

/**
 * Ends a link the user no longer wants (a lost or shared provider account).
 * Every account keeps its password (single sign-on creates none, decision
 * 0048), so unlinking never locks anyone out; a later sign-in with the same
 * provider account links again only through the verified-email rule. Only the
 * user's own link is touched; an unknown one is false. The removal and its
 * audit entry commit together.
 */
export async function unlinkIdentity(
  user: { id: string; tenantId: string; email: string },
  link: { issuer: string; subject: string },
  providerLabel: string,
  db: DB = getDb(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("oidc_identities")
      .where("user_id", "=", user.id)
      .where("issuer", "=", link.issuer)
      .where("subject", "=", link.subject)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return false;
    await recordAudit(trx, {
      tenantId: user.tenantId,
      actorUserId: user.id,
      action: "sso.identity-unlinked",
      target: { kind: "user", id: user.id, label: user.email },
      details: { provider: providerLabel },
    });
    return true;
  });
}

/**
 * The user's linked accounts as /profile/security lists them: named by the
 * configured button label when the issuer is today's provider, otherwise by
 * the issuer's host (a provider since removed from the configuration still
 * shows, so its link can be ended).
 */
export async function linkedAccountsOf(userId: string, configured: { issuerUrl: string; buttonLabel: string } | null, db: DB = getDb()) {
  const rows = await listLinkedIdentities(userId, db);
  return rows.map((row): LinkedAccountView => ({
    issuer: row.issuer,
    subject: row.subject,
    provider: providerLabelFor(row.issuer, configured),
    email: row.email,
    linkedAt: row.created_at,
    lastUsedAt: row.last_used_at,
  }));
}

export function providerLabelFor(issuer: string, configured: { issuerUrl: string; buttonLabel: string } | null) {
  const host = (url: string) => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  };
  return configured && host(configured.issuerUrl) === host(issuer) ? configured.buttonLabel : host(issuer);
}
