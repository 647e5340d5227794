import { newId, now, type DB } from "~/db/db.server";
import type { EventOf } from "~/lib/events/events";
import { subscribe } from "~/lib/events/bus.server";
import { availableAt, commissionCents, effectiveRateBps } from "./commission";
import { getProgrammeSettings } from "./programme.server";

/**
 * Commissions from paid invoices only (docs/decisions/0054-affiliate-commissions-and-hold.md).
 * Billing announces invoice.paid and invoice.refunded inside its own
 * transaction; these subscribers book the commission or its clawback in that
 * same transaction, so billing never imports the programme.
 */

async function referralOf(trx: DB, tenantId: string) {
  return trx
    .selectFrom("affiliate_referrals")
    .innerJoin("affiliates", "affiliates.id", "affiliate_referrals.affiliate_id")
    .select(["affiliates.id as affiliateId", "affiliates.tenant_id as affiliateTenantId", "affiliates.status", "affiliates.rate_bps"])
    .where("affiliate_referrals.referred_tenant_id", "=", tenantId)
    .executeTakeFirst();
}

export async function bookCommission(trx: DB, event: EventOf<"invoice.paid">) {
  const referral = await referralOf(trx, event.tenantId);
  // Only an approved affiliate earns; an affiliate's own tenant never does (self-referral, decision 0053).
  if (!referral || referral.status !== "approved" || referral.affiliateTenantId === event.tenantId) return;
  const invoice = await trx
    .selectFrom("invoices")
    .select(["id", "amount_cents", "currency", "created_at"])
    .where("tenant_id", "=", event.tenantId)
    .where("id", "=", event.invoiceId)
    .executeTakeFirst();
  if (!invoice) return;
  const settings = await getProgrammeSettings(trx);
  const rate = effectiveRateBps(referral.rate_bps, settings.commissionRateBps);
  const amount = commissionCents(Number(invoice.amount_cents), rate);
  if (amount <= 0) return;
  await trx
    .insertInto("affiliate_commissions")
    .values({
      id: newId(),
      affiliate_id: referral.affiliateId,
      referred_tenant_id: event.tenantId,
      invoice_id: invoice.id,
      kind: "commission",
      invoice_amount_cents: Number(invoice.amount_cents),
      rate_bps: rate,
      amount_cents: amount,
      currency: invoice.currency,
      status: "held",
      payout_id: null,
      available_at: availableAt(invoice.created_at, settings.holdDays),
      created_at: now(),
    })
    .onConflict((oc) => oc.columns(["invoice_id", "kind"]).doNothing())
    .execute();
}

/**
 * A refunded invoice takes its commission back with a clawback line. A
 * commission not yet paid out is cancelled with it (both lines clawed_back,
 * netting to nothing); one already requested or paid stays as it was and the
 * negative line is payable at once, so the next payout is reduced by it.
 */
export async function bookClawback(trx: DB, event: EventOf<"invoice.refunded">) {
  const commission = await trx
    .selectFrom("affiliate_commissions")
    .selectAll()
    .where("invoice_id", "=", event.invoiceId)
    .where("referred_tenant_id", "=", event.tenantId)
    .where("kind", "=", "commission")
    .executeTakeFirst();
  if (!commission) return;
  const at = now();
  const cancelled = commission.status === "held" && commission.payout_id === null;
  if (cancelled) await trx.updateTable("affiliate_commissions").set({ status: "clawed_back" }).where("id", "=", commission.id).execute();
  await trx
    .insertInto("affiliate_commissions")
    .values({
      id: newId(),
      affiliate_id: commission.affiliate_id,
      referred_tenant_id: commission.referred_tenant_id,
      invoice_id: commission.invoice_id,
      kind: "clawback",
      invoice_amount_cents: commission.invoice_amount_cents,
      rate_bps: commission.rate_bps,
      amount_cents: -commission.amount_cents,
      currency: commission.currency,
      status: cancelled ? "clawed_back" : "held",
      payout_id: null,
      available_at: at,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(["invoice_id", "kind"]).doNothing())
    .execute();
}

/** Registered from app/subscriptions.server.ts. */
export function subscribeAffiliates() {
  subscribe("invoice.paid", bookCommission);
  subscribe("invoice.refunded", bookClawback);
}
