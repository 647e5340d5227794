import { newId, now, type DB } from "~/db/db.server";
import { availableAt, commissionCents, DAY_MS } from "~/features/affiliates/commission";
import { getProgrammeSettings } from "~/features/affiliates/programme.server";
import { newReferralCode } from "~/features/affiliates/referral";

/**
 * The demo's affiliate programme (docs/product/affiliates.md): the demo owner
 * is an approved affiliate who referred the trial tenant, with two commissions
 * past their hold window (each in a payout waiting for approval: one as money,
 * one as balance) and one still held;
 * the demo agent has applied, so the approve tab has someone to decide on.
 * The trial tenant has no real invoices (it has no plan), so the commission
 * lines stand on invoice ids of their own.
 */
export async function seedDemoAffiliates(db: DB, { ownerId, tenantId, trialTenantId }: { ownerId: string; tenantId: string; trialTenantId: string }) {
  const timestamp = now();
  const settings = await getProgrammeSettings(db);
  const affiliateId = newId();
  const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
  await db
    .insertInto("affiliates")
    .values({
      id: affiliateId,
      user_id: ownerId,
      tenant_id: tenantId,
      status: "approved",
      rate_bps: null,
      referral_code: newReferralCode(),
      note: null,
      created_at: ago(60),
      decided_at: ago(59),
    })
    .execute();
  await db
    .insertInto("affiliate_referrals")
    .values({ id: newId(), affiliate_id: affiliateId, referred_tenant_id: trialTenantId, attributed_at: ago(50) })
    .execute();
  // Two requests waiting for approval, one paid as money and one as balance (the end-to-end test moves one each, per project).
  const payouts = [
    { id: newId(), method: "money" as const, requestedAt: ago(2) },
    { id: newId(), method: "balance" as const, requestedAt: ago(1) },
  ];
  const invoices = [
    { paidAt: ago(75), amountCents: 29_900, payoutId: payouts[0]!.id },
    { paidAt: ago(45), amountCents: 29_900, payoutId: payouts[1]!.id },
    { paidAt: ago(5), amountCents: 29_900, payoutId: null },
  ];
  const lines = invoices.map((invoice) => ({
    id: newId(),
    affiliate_id: affiliateId,
    referred_tenant_id: trialTenantId,
    invoice_id: newId(),
    kind: "commission" as const,
    invoice_amount_cents: invoice.amountCents,
    rate_bps: settings.commissionRateBps,
    amount_cents: commissionCents(invoice.amountCents, settings.commissionRateBps),
    currency: settings.currency,
    status: "held" as const,
    payout_id: invoice.payoutId,
    available_at: availableAt(invoice.paidAt, settings.holdDays),
    created_at: invoice.paidAt,
  }));
  await db
    .insertInto("affiliate_payouts")
    .values(
      payouts.map((payout) => ({
        id: payout.id,
        affiliate_id: affiliateId,
        amount_cents: lines.find((line) => line.payout_id === payout.id)!.amount_cents,
        currency: settings.currency,
        method: payout.method,
        state: "PENDING_APPROVAL" as const,
        reason: null,
        requested_at: payout.requestedAt,
        approved_at: null,
        paid_at: null,
        rejected_at: null,
      })),
    )
    .execute();
  await db.insertInto("affiliate_commissions").values(lines).execute();
  const agent = await db.selectFrom("users").select(["id", "tenant_id"]).where("email", "=", "agent@demo.test").executeTakeFirst();
  if (agent) {
    await db
      .insertInto("affiliates")
      .values({
        id: newId(),
        user_id: agent.id,
        tenant_id: agent.tenant_id,
        status: "applied",
        rate_bps: null,
        referral_code: newReferralCode(),
        note: null,
        created_at: timestamp,
        decided_at: null,
      })
      .execute();
  }
}
