import { createHash, randomBytes } from "node:crypto";
import { getEnv } from "~/config/env.server";
import { getDb, newId, type DB } from "~/db/db.server";
import { outboxJob } from "~/db/outbox.server";
import { saveFeedback } from "~/features/recordings/recording.server";
import { tenantLanguage } from "~/features/tenants/tenant-language";
import { dateTimeFormat } from "~/i18n/format";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { sendParagraphEmail } from "~/lib/email/paragraph-email.server";
import { FEEDBACK_LINK_LIFETIME_DAYS, RATING_TOKEN_BYTES, RATING_TOKEN_PATTERN, ratingPath, type RatingLinkState } from "./rating-rules";

/**
 * Feedback requests (docs/product/feedback.md#rating-link): when a call of a
 * campaign that asks for feedback ends answered, its contact gets an email
 * with a one-time link to a public rating page.
 *
 * The request row is written in the transaction of the call's end (the
 * `call.ended` subscriber) with an outbox job; the job, after commit, makes
 * the token, stores its SHA-256 with the expiry and sends the email. The
 * token itself is never stored, not even in the job's payload: a job that
 * runs again (a failed send) makes a new one, and only the newest link works.
 * Submitting consumes the token with one UPDATE … WHERE used_at IS NULL AND
 * expires_at > now, in the transaction that saves the rating, so of two
 * submissions at once exactly one changes the row and saves; the other finds
 * the link used.
 */
export const feedbackRequestJob = outboxJob<{ requestId: string }>("feedback.request");

const DAY_MS = 86_400_000;

export const hashRatingToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The call's campaign and contact: the campaign's own dispatch of it (its activity names the platform's call id), else the campaign of the call's name and the contact on its list with the other party's number. */
async function campaignAndContactOf(
  trx: DB,
  tenantId: string,
  call: { external_id: string; campaign_name: string | null; direction: string; from_number: string | null; to_number: string | null },
) {
  const placed = await trx
    .selectFrom("campaign_activity")
    .select(["campaign_id", "contact_id"])
    .where("tenant_id", "=", tenantId)
    .where("platform_call_id", "=", call.external_id)
    .executeTakeFirst();
  const campaign = placed
    ? await trx
        .selectFrom("campaigns")
        .select(["id", "contact_list_id", "request_feedback"])
        .where("tenant_id", "=", tenantId)
        .where("id", "=", placed.campaign_id)
        .executeTakeFirst()
    : call.campaign_name
      ? await trx
          .selectFrom("campaigns")
          .select(["id", "contact_list_id", "request_feedback"])
          .where("tenant_id", "=", tenantId)
          .where("name", "=", call.campaign_name)
          .orderBy("created_at", "desc")
          .executeTakeFirst()
      : undefined;
  if (!campaign) return null;
  const contactQuery = trx.selectFrom("contacts").select(["id", "email", "opted_out_at"]).where("tenant_id", "=", tenantId);
  // The contact is the other party: called by an outbound campaign, calling in to an inbound one.
  const otherParty = call.direction === "outbound" ? call.to_number : call.from_number;
  const contact = placed?.contact_id
    ? await contactQuery.where("id", "=", placed.contact_id).executeTakeFirst()
    : otherParty
      ? await contactQuery.where("list_id", "=", campaign.contact_list_id).where("phone", "=", otherParty).executeTakeFirst()
      : undefined;
  return { campaign, contact: contact ?? null };
}

/**
 * The `call.ended` subscriber: a request and its job when the call was
 * answered (status ended, not missed or voicemail), its campaign asks for
 * feedback, and its contact has an email and has not opted out. Returns the
 * number of jobs queued.
 */
export async function queueFeedbackRequest(trx: DB, tenantId: string, callId: string): Promise<number> {
  const call = await trx
    .selectFrom("calls")
    .select(["id", "status", "external_id", "campaign_name", "direction", "from_number", "to_number"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", callId)
    .executeTakeFirst();
  if (!call || call.status !== "ended") return 0;
  const found = await campaignAndContactOf(trx, tenantId, call);
  if (!found || found.campaign.request_feedback !== 1) return 0;
  const { contact } = found;
  if (!contact || contact.opted_out_at !== null || contact.email.trim() === "") return 0;
  const id = newId();
  const inserted = await trx
    .insertInto("feedback_requests")
    .values({
      id,
      tenant_id: tenantId,
      call_id: call.id,
      campaign_id: found.campaign.id,
      contact_id: contact.id,
      email: contact.email.trim(),
      token_hash: null,
      sent_at: null,
      expires_at: null,
      used_at: null,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(["tenant_id", "call_id"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 0;
  return feedbackRequestJob.enqueue(trx, tenantId, { requestId: id });
}

/**
 * The job: a fresh token (its hash and expiry stored first, so a link that
 * went out always works), then the email in the organisation's language. A
 * request already used, or whose contact opted out since, sends nothing.
 */
export async function sendFeedbackRequest(tenantId: string, requestId: string, { db = getDb(), now = new Date() }: { db?: DB; now?: Date } = {}) {
  const request = await db
    .selectFrom("feedback_requests")
    .innerJoin("calls", (join) => join.onRef("calls.id", "=", "feedback_requests.call_id").onRef("calls.tenant_id", "=", "feedback_requests.tenant_id"))
    .innerJoin("tenants", "tenants.id", "feedback_requests.tenant_id")
    .leftJoin("contacts", (join) =>
      join.onRef("contacts.id", "=", "feedback_requests.contact_id").onRef("contacts.tenant_id", "=", "feedback_requests.tenant_id"),
    )
    .select([
      "feedback_requests.id",
      "feedback_requests.email",
      "feedback_requests.used_at",
      "calls.created_at as call_at",
      "tenants.name as business",
      "tenants.time_zone",
      "tenants.country",
      "contacts.first_name",
      "contacts.opted_out_at",
    ])
    .where("feedback_requests.tenant_id", "=", tenantId)
    .where("feedback_requests.id", "=", requestId)
    .executeTakeFirst();
  if (!request || request.used_at !== null || request.opted_out_at) return { sent: false as const };
  const token = randomBytes(RATING_TOKEN_BYTES).toString("base64url");
  const expiresAt = new Date(now.getTime() + FEEDBACK_LINK_LIFETIME_DAYS * DAY_MS);
  const stored = await db
    .updateTable("feedback_requests")
    .set({ token_hash: hashRatingToken(token), sent_at: now.toISOString(), expires_at: expiresAt.toISOString() })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", requestId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(stored.numUpdatedRows) === 0) return { sent: false as const };

  const language = tenantLanguage({ country: request.country, timeZone: request.time_zone });
  const t = await getTranslatorFor(language, "feedback");
  const date = (iso: Date | string, options: Intl.DateTimeFormatOptions) =>
    dateTimeFormat(language, { ...options, timeZone: request.time_zone }).format(new Date(iso));
  const values = {
    business: request.business,
    name: request.first_name?.trim() ?? "",
    date: date(request.call_at, { dateStyle: "long" }),
    expires: date(expiresAt, { dateStyle: "long" }),
  };
  const url = new URL(ratingPath(token), getEnv().appUrl).toString();
  await sendParagraphEmail(request.email, t("email.subject", values), [
    values.name ? t("email.greeting", values) : t("email.greetingNoName"),
    t("email.body", values),
    { url },
    t("email.footer", values),
  ]);
  return { sent: true as const, url };
}

/** What a rating link is, with what its page shows. */
export interface RatingLink {
  state: RatingLinkState;
  business: string | null;
  callAt: string | null;
  timeZone: string | null;
}

const UNKNOWN: RatingLink = { state: "unknown", business: null, callAt: null, timeZone: null };

/** Looks a token up without using it. A token of the wrong shape is unknown without a look. */
export async function findRatingLink(token: string, { db = getDb(), now = new Date() }: { db?: DB; now?: Date } = {}): Promise<RatingLink> {
  if (!RATING_TOKEN_PATTERN.test(token)) return UNKNOWN;
  const row = await db
    .selectFrom("feedback_requests")
    .innerJoin("calls", (join) => join.onRef("calls.id", "=", "feedback_requests.call_id").onRef("calls.tenant_id", "=", "feedback_requests.tenant_id"))
    .innerJoin("tenants", "tenants.id", "feedback_requests.tenant_id")
    .select(["feedback_requests.used_at", "feedback_requests.expires_at", "calls.created_at as call_at", "tenants.name as business", "tenants.time_zone"])
    .where("feedback_requests.token_hash", "=", hashRatingToken(token))
    .executeTakeFirst();
  if (!row || row.expires_at === null) return UNKNOWN;
  const state: RatingLinkState = row.used_at !== null ? "used" : row.expires_at <= now.toISOString() ? "expired" : "open";
  return { state, business: row.business, callAt: row.call_at, timeZone: row.time_zone };
}

export type RatingOutcome = "saved" | Exclude<RatingLinkState, "open">;

/**
 * Uses the link and saves the rating, together or not at all: the UPDATE
 * that marks the link used decides (one row changed: this submission won),
 * and saveFeedback joins its transaction, so the rating and its `call.rated`
 * event commit with the used link.
 */
export async function submitRating(
  token: string,
  feedback: { rating: number; text: string | null },
  { db = getDb(), now = new Date() }: { db?: DB; now?: Date } = {},
): Promise<RatingOutcome> {
  if (!RATING_TOKEN_PATTERN.test(token)) return "unknown";
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const consumed = await trx
      .updateTable("feedback_requests")
      .set({ used_at: at })
      .where("token_hash", "=", hashRatingToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", at)
      .returning(["tenant_id", "call_id"])
      .executeTakeFirst();
    if (!consumed) {
      const link = await findRatingLink(token, { db: trx, now });
      return link.state === "open" ? "used" : link.state;
    }
    if (!(await saveFeedback(consumed.tenant_id, consumed.call_id, { ...feedback, moment: null }, trx))) throw new Error("a rating link whose call is gone");
    return "saved";
  });
}
