import { sql, type Kysely, type SqlBool } from "kysely";

/**
 * Post-call feedback (docs/decisions/0033-post-call-feedback.md):
 *
 * - `campaigns.request_feedback`: the campaign asks its contacts for a rating
 *   by email after each answered call (0/1).
 * - `calls.feedback_moment_seconds`: the moment of the call the feedback is
 *   about, when the person who gave it said so (the recording's feedback
 *   form); null otherwise, and /feedback then works the moment out from the
 *   transcript (app/features/feedback/moment.ts).
 * - `feedback_requests`: one emailed rating link per call. Only the SHA-256
 *   of the token is kept; it is set when the email is sent (the job), with
 *   its expiry, and `used_at` is set by the one submission that consumes it.
 * - An index for /feedback, which lists and charts a tenant's rated calls by
 *   the time the rating came in: partial, so it holds rated calls only.
 * - An index finding a campaign's dispatch of a call by the platform's call
 *   id, which every call's end now looks up (is it a campaign's call that
 *   asks for feedback?); before, that read the whole activity table.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("campaigns")
    .addColumn("request_feedback", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("calls").addColumn("feedback_moment_seconds", "double precision").execute();

  await db.schema
    .createTable("feedback_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("call_id", "text", (c) => c.notNull().references("calls.id").onDelete("cascade"))
    .addColumn("campaign_id", "text", (c) => c.references("campaigns.id").onDelete("set null"))
    .addColumn("contact_id", "text", (c) => c.references("contacts.id").onDelete("set null"))
    .addColumn("email", "text", (c) => c.notNull())
    // Null until the email goes out; a resend (a retried job) replaces it, so only the last link works.
    .addColumn("token_hash", "text", (c) => c.unique())
    .addColumn("sent_at", "text")
    .addColumn("expires_at", "text")
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    // One request per call, whatever two deliveries of its end do at once.
    .addUniqueConstraint("feedback_requests_call_unique", ["tenant_id", "call_id"])
    .execute();

  await db.schema
    .createIndex("calls_feedback_idx")
    .on("calls")
    .columns(["tenant_id", "feedback_at"])
    .where(sql.raw<SqlBool>("feedback_rating is not null"))
    .execute();
  await db.schema
    .createIndex("campaign_activity_platform_call")
    .on("campaign_activity")
    .columns(["tenant_id", "platform_call_id"])
    .where(sql.raw<SqlBool>("platform_call_id is not null"))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("campaign_activity_platform_call").ifExists().execute();
  await db.schema.dropIndex("calls_feedback_idx").ifExists().execute();
  await db.schema.dropTable("feedback_requests").ifExists().execute();
  await db.schema.alterTable("calls").dropColumn("feedback_moment_seconds").execute();
  await db.schema.alterTable("campaigns").dropColumn("request_feedback").execute();
}
