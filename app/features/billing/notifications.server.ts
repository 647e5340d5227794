import { getDb, type DB } from "~/db/db.server";
import { getEnv } from "~/config/env.server";
import { formatMoney } from "~/i18n/format";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { sendEmail } from "~/lib/email/mailer.server";
import { can, parsePermissions } from "~/features/roles/permissions";
import { tenantLanguage } from "~/features/tenants/tenant-language";
import type { CardErrorCode } from "./payments/card-errors";

export type BillingNotice =
  | { kind: "autoTopupFailed"; amountCents: number; currency: string; code: CardErrorCode }
  | { kind: "renewalFailed"; planName: string; graceEndsAt: string; code: CardErrorCode }
  | { kind: "lapsed"; planName: string };

/** Tells everyone in the tenant who may change billing, in the tenant's language, with a link to /billing. */
export async function notifyBillingContacts(tenantId: string, notice: BillingNotice, db: DB = getDb()) {
  const tenant = await db.selectFrom("tenants").select(["country", "time_zone"]).where("id", "=", tenantId).executeTakeFirstOrThrow();
  // Mail sent from the job runner has no request to take a language from: the organisation's decides.
  const language = tenantLanguage({ country: tenant.country, timeZone: tenant.time_zone });
  const t = await getTranslatorFor(language, "billing");
  const users = await db
    .selectFrom("users")
    .innerJoin("roles", "roles.id", "users.role_id")
    .select(["users.email", "users.name", "roles.permissions"])
    .where("users.tenant_id", "=", tenantId)
    .execute();
  const recipients = users.filter((user) => can(parsePermissions(user.permissions), "billing", "update"));
  const link = new URL("/billing", getEnv().appUrl).toString();
  const values =
    notice.kind === "autoTopupFailed"
      ? { amount: formatMoney(notice.amountCents, notice.currency, language), reason: t(`cardErrors.${notice.code}.message`) }
      : notice.kind === "renewalFailed"
        ? {
            plan: notice.planName,
            date: new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(notice.graceEndsAt)),
            reason: t(`cardErrors.${notice.code}.message`),
          }
        : { plan: notice.planName };
  for (const user of recipients) {
    const paragraphs = [t("email.greeting", { name: user.name }), t(`email.${notice.kind}.body`, values), t("email.whatNext"), link];
    await sendEmail({
      to: user.email,
      subject: t(`email.${notice.kind}.subject`),
      text: paragraphs.join("\n\n"),
      html: paragraphs
        .map((paragraph) => (paragraph === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(paragraph)}</p>`))
        .join(""),
    });
  }
  return recipients.length;
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
