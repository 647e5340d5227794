import { getDb, newId, now, type DB } from "~/db/db.server";
import type { AffiliateStatus } from "~/db/schema";
import { BILLING_CURRENCY } from "~/features/billing/usage/limits";
import { commissionTotals, type CommissionTotals } from "./commission";
import { newReferralCode, parseReferralCode } from "./referral";

/**
 * The affiliate programme as a member sees it (docs/product/affiliates.md):
 * its settings, joining, and the member's own figures. Everything here is
 * keyed by the signed-in user, so nobody reads another affiliate's rows.
 */

export interface ProgrammeSettings {
  commissionRateBps: number;
  holdDays: number;
  payoutMinimumCents: number;
  cookieDays: number;
  currency: string;
}

export async function getProgrammeSettings(db: DB = getDb()): Promise<ProgrammeSettings> {
  const row = await db.selectFrom("affiliate_settings").selectAll().where("id", "=", "programme").executeTakeFirst();
  // Migration 0032 writes the row; these are its values should someone delete it.
  return {
    commissionRateBps: row?.commission_rate_bps ?? 2000,
    holdDays: row?.hold_days ?? 30,
    payoutMinimumCents: row?.payout_minimum_cents ?? 5000,
    cookieDays: row?.cookie_days ?? 30,
    currency: BILLING_CURRENCY,
  };
}

export function getMembership(userId: string, db: DB = getDb()) {
  return db.selectFrom("affiliates").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** Applies to the programme; a second application returns the first (one membership per user). */
export async function joinProgramme(user: { id: string; tenantId: string }, db: DB = getDb(), at: string = now()) {
  const existing = await getMembership(user.id, db);
  if (existing) return existing;
  const row = {
    id: newId(),
    user_id: user.id,
    tenant_id: user.tenantId,
    status: "applied" as AffiliateStatus,
    rate_bps: null,
    referral_code: newReferralCode(),
    note: null,
    created_at: at,
    decided_at: null,
  };
  await db
    .insertInto("affiliates")
    .values(row)
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  return (await getMembership(user.id, db))!;
}

/** The approved affiliate a referral code belongs to, if any. */
export async function findApprovedAffiliateByCode(value: string | null | undefined, db: DB = getDb()) {
  const code = parseReferralCode(value);
  if (!code) return undefined;
  return db
    .selectFrom("affiliates")
    .innerJoin("users", "users.id", "affiliates.user_id")
    .select(["affiliates.id", "affiliates.tenant_id", "affiliates.referral_code", "users.email"])
    .where("affiliates.referral_code", "=", code)
    .where("affiliates.status", "=", "approved")
    .executeTakeFirst();
}

export interface AffiliateFigures {
  signUps: number;
  payingCustomers: number;
  totals: CommissionTotals;
}

export async function affiliateFigures(affiliateId: string, at: string = now(), db: DB = getDb()): Promise<AffiliateFigures> {
  const [signUps, paying, lines] = await Promise.all([
    db
      .selectFrom("affiliate_referrals")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("affiliate_id", "=", affiliateId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("affiliate_commissions")
      .select((eb) => eb.fn.count<number>("referred_tenant_id").distinct().as("n"))
      .where("affiliate_id", "=", affiliateId)
      .where("kind", "=", "commission")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("affiliate_commissions")
      .select(["kind", "status", "available_at", "payout_id", "amount_cents"])
      .where("affiliate_id", "=", affiliateId)
      .execute(),
  ]);
  return {
    signUps: Number(signUps.n),
    payingCustomers: Number(paying.n),
    totals: commissionTotals(
      lines.map((l) => ({ kind: l.kind, status: l.status, availableAt: l.available_at, payoutId: l.payout_id, amountCents: Number(l.amount_cents) })),
      at,
    ),
  };
}

export function listCommissionLines(affiliateId: string, db: DB = getDb(), limit = 50) {
  return db
    .selectFrom("affiliate_commissions")
    .select(["id", "kind", "status", "amount_cents", "currency", "available_at", "payout_id", "created_at", "invoice_amount_cents", "rate_bps"])
    .where("affiliate_id", "=", affiliateId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function listOwnPayouts(affiliateId: string, db: DB = getDb(), limit = 50) {
  return db.selectFrom("affiliate_payouts").selectAll().where("affiliate_id", "=", affiliateId).orderBy("requested_at", "desc").limit(limit).execute();
}
