import { sql, type Kysely } from "kysely";

/**
 * The affiliate programme (issue 26, docs/product/affiliates.md, decisions
 * 0053 attribution cookie, 0054 commissions and hold, 0055 payout states):
 *
 * - affiliate_settings: one row (id "programme"): the default commission rate
 *   in basis points, the hold window in days, the payout minimum in cents and
 *   how long the attribution cookie lives.
 * - affiliates: a user's membership (one per user), its status
 *   (applied | approved | rejected), an optional rate override and the
 *   referral code of its link.
 * - affiliate_referrals: a tenant signed up through an affiliate's link (one
 *   affiliate per referred tenant, first attribution wins).
 * - affiliate_commissions: one line per paid invoice of a referred tenant
 *   (kind "commission") and one negative line when that invoice is refunded
 *   (kind "clawback"); unique per invoice and kind, so a repeated event books
 *   nothing twice. "payable" is not stored: a held line whose available_at has
 *   passed is payable (computed when read, commission.ts).
 * - affiliate_payouts: a payout request and its state
 *   (docs/decisions/0055-affiliate-payout-states.md).
 * - invoices.refunded_at: when the invoice's payment was returned.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("affiliate_settings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("commission_rate_bps", "integer", (c) => c.notNull())
    .addColumn("hold_days", "integer", (c) => c.notNull())
    .addColumn("payout_minimum_cents", "integer", (c) => c.notNull())
    .addColumn("cookie_days", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await sql`insert into affiliate_settings (id, commission_rate_bps, hold_days, payout_minimum_cents, cookie_days, updated_at)
    values ('programme', 2000, 30, 5000, 30, ${new Date().toISOString()})`.execute(db);

  await db.schema
    .createTable("affiliates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().unique())
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("rate_bps", "integer")
    .addColumn("referral_code", "text", (c) => c.notNull().unique())
    .addColumn("note", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("decided_at", "text")
    .execute();
  await db.schema.createIndex("affiliates_status").on("affiliates").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("affiliate_referrals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("affiliate_id", "text", (c) => c.notNull())
    .addColumn("referred_tenant_id", "text", (c) => c.notNull().unique())
    .addColumn("attributed_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("affiliate_referrals_affiliate").on("affiliate_referrals").column("affiliate_id").execute();

  await db.schema
    .createTable("affiliate_commissions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("affiliate_id", "text", (c) => c.notNull())
    .addColumn("referred_tenant_id", "text", (c) => c.notNull())
    .addColumn("invoice_id", "text", (c) => c.notNull())
    // commission | clawback
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("invoice_amount_cents", "integer", (c) => c.notNull())
    .addColumn("rate_bps", "integer", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    // held | paid | clawed_back (payable is computed from available_at)
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("payout_id", "text")
    .addColumn("available_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("affiliate_commissions_invoice_kind", ["invoice_id", "kind"])
    .execute();
  await db.schema.createIndex("affiliate_commissions_affiliate").on("affiliate_commissions").columns(["affiliate_id", "status"]).execute();

  await db.schema
    .createTable("affiliate_payouts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("affiliate_id", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    // money | balance
    .addColumn("method", "text", (c) => c.notNull())
    // PENDING_APPROVAL | APPROVED_PENDING_PAYMENT | PAID | REJECTED
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("requested_at", "text", (c) => c.notNull())
    .addColumn("approved_at", "text")
    .addColumn("paid_at", "text")
    .addColumn("rejected_at", "text")
    .execute();
  await db.schema.createIndex("affiliate_payouts_state").on("affiliate_payouts").columns(["state", "requested_at"]).execute();
  await db.schema.createIndex("affiliate_payouts_affiliate").on("affiliate_payouts").column("affiliate_id").execute();

  await db.schema.alterTable("invoices").addColumn("refunded_at", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("invoices").dropColumn("refunded_at").execute();
  for (const table of ["affiliate_payouts", "affiliate_commissions", "affiliate_referrals", "affiliates", "affiliate_settings"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
