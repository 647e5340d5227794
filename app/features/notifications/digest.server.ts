import { z } from "zod";
import { getEnv } from "~/config/env.server";
import { getDb, type DB } from "~/db/db.server";
import { outboxJob } from "~/db/outbox.server";
import { tenantLanguage } from "~/features/tenants/tenant-language";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { sendEmail } from "~/lib/email/mailer.server";
import { notificationMessage, parseParams } from "./messages";

/**
 * The daily digest (docs/decisions/0059-notifications.md). Once per UTC day,
 * every user who chose "daily" on /profile is claimed by moving their
 * notification_digest_at to now, in one conditional update: a second pass the
 * same day (another runner, a restart) finds nobody to claim, so no one gets
 * two digests. The claim enqueues the email as an outbox job in the same
 * transaction, covering unread notifications made since the previous digest;
 * the outbox sends it after commit, and again only if sending failed.
 */
export const DIGEST_CHOICES = ["off", "daily"] as const;
export type DigestChoice = (typeof DIGEST_CHOICES)[number];

export const digestJob = outboxJob<{ userId: string; since: string | null; until: string }>("notifications.digest");

/** At most this many lines in one email; the rest is "and N more" on the page. */
const DIGEST_LINES = 20;

function startOfUtcDay(at: Date) {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate())).toISOString();
}

/** The job runner's pass: claims and enqueues today's digests; returns how many were enqueued. */
export async function runNotificationDigests(now: Date, db: DB = getDb()): Promise<number> {
  const today = startOfUtcDay(now);
  const until = now.toISOString();
  const due = await db
    .selectFrom("users")
    .select(["id", "tenant_id", "notification_digest_at"])
    .where("notification_digest", "=", "daily")
    .where("disabled_at", "is", null)
    .where((eb) => eb.or([eb("notification_digest_at", "is", null), eb("notification_digest_at", "<", today)]))
    .execute();
  let enqueued = 0;
  for (const user of due) {
    enqueued += await db.transaction().execute(async (trx) => {
      let claim = trx.updateTable("users").set({ notification_digest_at: until }).where("id", "=", user.id).where("notification_digest", "=", "daily");
      claim =
        user.notification_digest_at === null
          ? claim.where("notification_digest_at", "is", null)
          : claim.where("notification_digest_at", "=", user.notification_digest_at);
      const claimed = await claim.executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return 0;
      let pending = trx
        .selectFrom("notifications")
        .select("id")
        .where("tenant_id", "=", user.tenant_id)
        .where("user_id", "=", user.id)
        .where("read_at", "is", null)
        .where("created_at", "<=", until);
      if (user.notification_digest_at) pending = pending.where("created_at", ">", user.notification_digest_at);
      if (!(await pending.limit(1).executeTakeFirst())) return 0;
      return digestJob.enqueue(trx, user.tenant_id, { userId: user.id, since: user.notification_digest_at, until });
    });
  }
  return enqueued;
}

/** The outbox handler: the email itself, in the organisation's language (the app stores no language per user). */
export async function sendDigest(tenantId: string, payload: { userId: string; since: string | null; until: string }, db: DB = getDb()) {
  const user = await db
    .selectFrom("users")
    .innerJoin("tenants", "tenants.id", "users.tenant_id")
    .select(["users.email", "users.name", "tenants.country", "tenants.time_zone"])
    .where("users.tenant_id", "=", tenantId)
    .where("users.id", "=", payload.userId)
    .executeTakeFirst();
  if (!user) return;
  let query = db
    .selectFrom("notifications")
    .select(["kind", "params"])
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", payload.userId)
    .where("read_at", "is", null)
    .where("created_at", "<=", payload.until);
  if (payload.since) query = query.where("created_at", ">", payload.since);
  const rows = await query.orderBy("created_at", "desc").execute();
  // Read on the page since the claim: nothing left to tell.
  if (rows.length === 0) return;
  const language = tenantLanguage({ country: user.country, timeZone: user.time_zone });
  const t = await getTranslatorFor(language, "notifications");
  const pageUrl = new URL("/notifications", getEnv().appUrl).toString();
  const profileUrl = new URL("/profile", getEnv().appUrl).toString();
  const lines = rows.slice(0, DIGEST_LINES).map((row) => `- ${notificationMessage(t, row.kind, parseParams(row.params), language)}`);
  const text = [t("digest.intro"), lines.join("\n"), pageUrl, t("digest.footer", { url: profileUrl })].join("\n\n");
  await sendEmail({
    to: user.email,
    subject: t("digest.subject", { count: rows.length }),
    text,
    html: text
      .split("\n\n")
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
      .join(""),
  });
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const digestSchema = z.object({ digest: z.enum(DIGEST_CHOICES) });

/** /profile's digest form: a choice of two radios, so anything else is a bad request (null). */
export function parseDigestChoice(formData: FormData): DigestChoice | null {
  const parsed = digestSchema.safeParse({ digest: formData.get("digest") });
  return parsed.success ? parsed.data.digest : null;
}

export async function setDigestChoice(tenantId: string, userId: string, choice: DigestChoice, db: DB = getDb()) {
  await db.updateTable("users").set({ notification_digest: choice }).where("tenant_id", "=", tenantId).where("id", "=", userId).execute();
}

export async function digestChoiceOf(tenantId: string, userId: string, db: DB = getDb()): Promise<DigestChoice> {
  const row = await db.selectFrom("users").select("notification_digest").where("tenant_id", "=", tenantId).where("id", "=", userId).executeTakeFirst();
  return row?.notification_digest === "daily" ? "daily" : "off";
}
