import { getEnv } from "~/config/env.server";
import { getDb, newId, now } from "~/db/db.server";
import { getRoleIdByKey } from "~/features/roles/roles.server";
import { initialTimeZone } from "~/features/onboarding/initial-time-zone.server";
import { sendParagraphEmail as sendParagraphs } from "~/lib/email/paragraph-email.server";
import { countryOfPhone, toE164 } from "~/features/phone/phone";
import { getTranslatorFor } from "~/i18n/i18next.server";
import type { Language } from "~/i18n/config";
import { hashPassword } from "./password.server";
import { revokeUserSessions } from "./session.server";
import { consumeToken, issueToken } from "./verification.server";

export class EmailTakenError extends Error {
  constructor() {
    super("email taken");
  }
}

/**
 * Registration opens a new tenant, named after the company, with the user as
 * its owner, its country that of the user's number and its time zone taken
 * from the number too (or, when that spans zones, from the browser's zone the
 * form sent). The tenant has no subscription yet, so the gate sends the user
 * to /choose-plan first.
 */
export async function registerAccount(input: {
  name: string;
  company: string;
  email: string;
  phone: string;
  password: string;
  browserTimeZone?: string | null;
  /** The country a phone typed with a leading 0 is read in, the one the form judged it in (registrationPhoneCountry). */
  phoneCountry?: string | null;
}) {
  const db = getDb();
  const passwordHash = await hashPassword(input.password);
  const ownerRoleId = await getRoleIdByKey("owner");
  const timestamp = now();
  const tenantId = newId();
  const userId = newId();
  const phone = toE164(input.phone, input.phoneCountry);
  try {
    await db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom("users").select("id").where("email", "=", input.email).executeTakeFirst();
      if (existing) throw new EmailTakenError();
      await trx
        .insertInto("tenants")
        .values({
          id: tenantId,
          name: input.company,
          time_zone: initialTimeZone(phone, input.browserTimeZone),
          country: phone ? countryOfPhone(phone) : null,
          created_at: timestamp,
          updated_at: timestamp,
        })
        .execute();
      await trx
        .insertInto("users")
        .values({
          id: userId,
          tenant_id: tenantId,
          role_id: ownerRoleId,
          email: input.email,
          name: input.name,
          phone,
          caller_phone: phone,
          password_hash: passwordHash,
          email_verified_at: null,
          profile_picture: null,
          created_at: timestamp,
          updated_at: timestamp,
        })
        .execute();
    });
  } catch (error) {
    // The unique index is the final word when two registrations race.
    if (error instanceof EmailTakenError || (error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message))) {
      throw new EmailTakenError();
    }
    throw error;
  }
  return { id: userId, tenantId };
}

function link(pathname: string, token: string) {
  const url = new URL(pathname, getEnv().appUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

async function sendLinkEmail(to: string, language: Language, kind: "verify" | "reset", url: string, name: string) {
  const t = await getTranslatorFor(language, "auth");
  await sendParagraphs(to, t(`email.${kind}.subject`), [t("email.greeting", { name }), t(`email.${kind}.body`), { url }, t(`email.${kind}.footer`)]);
}

/**
 * Registering an address that already has an account looks, on the page,
 * exactly like registering a new one, so the form cannot be used to find out
 * who has an account. The address's owner learns of it here instead, with the
 * ways in: signing in, or choosing a new password.
 */
export async function sendRegistrationAttemptNotice(email: string, language: Language) {
  const user = await getDb().selectFrom("users").select(["email", "name"]).where("email", "=", email).executeTakeFirst();
  if (!user) return;
  const t = await getTranslatorFor(language, "auth");
  const appUrl = getEnv().appUrl;
  await sendParagraphs(user.email, t("email.registrationAttempt.subject"), [
    t("email.greeting", { name: user.name }),
    t("email.registrationAttempt.body"),
    { url: new URL("/login", appUrl).toString() },
    t("email.registrationAttempt.resetHint"),
    { url: new URL("/reset-password", appUrl).toString() },
    t("email.registrationAttempt.footer"),
  ]);
}

export async function sendVerificationEmail(user: { id: string; tenantId: string; email: string; name: string }, language: Language) {
  const token = await issueToken(user, "verify-email");
  await sendLinkEmail(user.email, language, "verify", link("/verify-email", token), user.name);
}

/** Sends a reset link when the account exists; says nothing either way, so the form cannot be used to probe for accounts. */
export async function requestPasswordReset(email: string, language: Language) {
  const user = await getDb().selectFrom("users").select(["id", "tenant_id", "email", "name"]).where("email", "=", email).executeTakeFirst();
  if (!user) return;
  const token = await issueToken({ id: user.id, tenantId: user.tenant_id }, "reset-password");
  await sendLinkEmail(user.email, language, "reset", link("/reset-password", token), user.name);
}

export async function resendVerification(email: string, language: Language) {
  const user = await getDb()
    .selectFrom("users")
    .select(["id", "tenant_id", "email", "name", "email_verified_at"])
    .where("email", "=", email)
    .executeTakeFirst();
  if (!user || user.email_verified_at) return;
  await sendVerificationEmail({ id: user.id, tenantId: user.tenant_id, email: user.email, name: user.name }, language);
}

export async function verifyEmailWithToken(token: string) {
  const owner = await consumeToken(token, "verify-email");
  if (!owner) return false;
  await getDb()
    .updateTable("users")
    .set({ email_verified_at: now(), updated_at: now() })
    .where("id", "=", owner.userId)
    .where("tenant_id", "=", owner.tenantId)
    .execute();
  return true;
}

/** Sets the new password and ends every session of the user: whoever held the old password is out. */
export async function resetPasswordWithToken(token: string, password: string) {
  const passwordHash = await hashPassword(password);
  const owner = await consumeToken(token, "reset-password");
  if (!owner) return false;
  await getDb()
    .updateTable("users")
    .set({ password_hash: passwordHash, updated_at: now() })
    .where("id", "=", owner.userId)
    .where("tenant_id", "=", owner.tenantId)
    .execute();
  await revokeUserSessions(owner.userId);
  return true;
}
