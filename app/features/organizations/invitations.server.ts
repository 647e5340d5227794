import { createHash, randomBytes } from "node:crypto";
import { getEnv } from "~/config/env.server";
import { getDb, newId, now, type DB } from "~/db/db.server";
import { getRoleIdByKey } from "~/features/roles/roles.server";
import { hashPassword } from "~/features/auth/password.server";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { isLanguage, type Language } from "~/i18n/config";
import { sendParagraphEmail } from "~/lib/email/paragraph-email.server";
import { runAfterResponse } from "~/lib/background/after-response.server";

/** An invitation link works for a week; a new invitation to the same address replaces it. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 3_600_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function invitationUrl(token: string) {
  const url = new URL("/invitation", getEnv().appUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

/**
 * Stores the invitation (only the token's hash) and mails the link in the
 * inviter's language. The mail goes after the answer, as every account mail
 * does, so a slow mail server never holds up the page.
 */
export async function inviteToOrganization(
  tenantId: string,
  organizationId: string,
  input: { email: string; roleKey: string },
  inviter: { id: string; language: Language },
  db: DB = getDb(),
) {
  const token = randomBytes(32).toString("base64url");
  const created = new Date();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("invitations")
      .where("organization_id", "=", organizationId)
      .where("email", "=", input.email)
      .where("accepted_at", "is", null)
      .execute();
    await trx
      .insertInto("invitations")
      .values({
        id: newId(),
        tenant_id: tenantId,
        organization_id: organizationId,
        email: input.email,
        role_key: input.roleKey,
        language: inviter.language,
        token_hash: hashToken(token),
        invited_by_user_id: inviter.id,
        created_at: created.toISOString(),
        expires_at: new Date(created.getTime() + INVITATION_LIFETIME_MS).toISOString(),
        accepted_at: null,
      })
      .execute();
  });
  const names = await db
    .selectFrom("organizations")
    .innerJoin("users", (join) => join.on("users.id", "=", inviter.id))
    .select(["organizations.name as organization", "users.name as inviter"])
    .where("organizations.id", "=", organizationId)
    .executeTakeFirstOrThrow();
  runAfterResponse("Invitation email", async () => {
    const t = await getTranslatorFor(inviter.language, "organizations");
    await sendParagraphEmail(input.email, t("invitation.email.subject", { organization: names.organization }), [
      t("invitation.email.body", { inviter: names.inviter, organization: names.organization }),
      { url: invitationUrl(token) },
      t("invitation.email.footer"),
    ]);
  });
  return token;
}

export async function findLiveInvitation(token: string, db: DB = getDb()) {
  return db
    .selectFrom("invitations")
    .innerJoin("organizations", "organizations.id", "invitations.organization_id")
    .select([
      "invitations.id",
      "invitations.tenant_id",
      "invitations.organization_id",
      "invitations.email",
      "invitations.role_key",
      "invitations.language",
      "organizations.name as organization_name",
    ])
    .where("invitations.token_hash", "=", hashToken(token))
    .where("invitations.accepted_at", "is", null)
    .where("invitations.expires_at", ">", now())
    .executeTakeFirst();
}

export type AcceptOutcome = { kind: "accepted"; userId: string; tenantId: string; organizationId: string } | { kind: "invalid" } | { kind: "email-taken" };

/**
 * Creates the invited user in the inviting account: verified (the link
 * proved the address), an agent in the account, and the invited role in
 * the organization, so an invitation never grants more outside it. The
 * invitation flips to accepted in the same transaction, once.
 */
export async function acceptInvitation(token: string, input: { name: string; password: string }, db: DB = getDb()): Promise<AcceptOutcome> {
  const invitation = await findLiveInvitation(token, db);
  if (!invitation) return { kind: "invalid" };
  const passwordHash = await hashPassword(input.password);
  const agentRoleId = await getRoleIdByKey("agent", db);
  const userId = newId();
  const timestamp = now();
  try {
    const accepted = await db.transaction().execute(async (trx) => {
      const flipped = await trx
        .updateTable("invitations")
        .set({ accepted_at: timestamp })
        .where("id", "=", invitation.id)
        .where("accepted_at", "is", null)
        .executeTakeFirst();
      if (Number(flipped.numUpdatedRows) !== 1) return false;
      const taken = await trx.selectFrom("users").select("id").where("email", "=", invitation.email).executeTakeFirst();
      if (taken) throw new EmailTakenDuringAccept();
      await trx
        .insertInto("users")
        .values({
          id: userId,
          tenant_id: invitation.tenant_id,
          role_id: agentRoleId,
          email: invitation.email,
          name: input.name,
          phone: null,
          caller_phone: null,
          password_hash: passwordHash,
          email_verified_at: timestamp,
          profile_picture: null,
          created_at: timestamp,
          updated_at: timestamp,
        })
        .execute();
      await trx
        .insertInto("organization_members")
        .values({ organization_id: invitation.organization_id, user_id: userId, role_key: invitation.role_key, created_at: timestamp })
        .execute();
      return true;
    });
    if (!accepted) return { kind: "invalid" };
  } catch (error) {
    if (error instanceof EmailTakenDuringAccept || (error instanceof Error && /unique|duplicate key/i.test(error.message) && /email/i.test(error.message)))
      return { kind: "email-taken" };
    throw error;
  }
  return { kind: "accepted", userId, tenantId: invitation.tenant_id, organizationId: invitation.organization_id };
}

class EmailTakenDuringAccept extends Error {}

export const invitationLanguage = (value: string): Language => (isLanguage(value) ? value : "en");
