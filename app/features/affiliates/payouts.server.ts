import { durableTransaction } from "~/db/durable.server";
import { getDb, newId, now, type DB } from "~/db/db.server";
import type { PayoutMethod, PayoutState } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { postLedgerEntry } from "~/features/billing/ledger.server";
import { canRequestPayout, commissionView } from "./commission";
import { checkPayoutMove, STAMP_OF, type PayoutMoveRefusal } from "./payout-states";
import { getMembership, getProgrammeSettings } from "./programme.server";

/**
 * Payouts: the one module that creates them and moves them between states
 * (docs/decisions/0055-affiliate-payout-states.md). Every move is checked
 * against payout-states.ts, audited ("payout moved") in its transaction, and
 * made with a compare-and-set on the state, so two admins moving the same
 * payout at once cannot both succeed.
 */

export type PayoutRequestOutcome =
  { kind: "requested"; payoutId: string; amountCents: number } | { kind: "refused"; refusal: "not-approved" | "below-minimum" };

/** Requests a payout of everything payable and not yet requested; the lines join the payout. */
export async function requestPayout(userId: string, method: PayoutMethod, db: DB = getDb(), at: string = now()): Promise<PayoutRequestOutcome> {
  return db.transaction().execute(async (trx) => {
    const affiliate = await getMembership(userId, trx);
    if (!affiliate || affiliate.status !== "approved") return { kind: "refused", refusal: "not-approved" };
    const settings = await getProgrammeSettings(trx);
    const lines = await trx
      .selectFrom("affiliate_commissions")
      .select(["id", "status", "available_at", "payout_id", "amount_cents", "currency"])
      .where("affiliate_id", "=", affiliate.id)
      .where("status", "=", "held")
      .where("payout_id", "is", null)
      .execute();
    const payable = lines.filter((l) => commissionView({ status: l.status, availableAt: l.available_at, payoutId: l.payout_id }, at) === "payable");
    const amount = payable.reduce((sum, l) => sum + Number(l.amount_cents), 0);
    if (!canRequestPayout(amount, settings.payoutMinimumCents)) return { kind: "refused", refusal: "below-minimum" };
    const payoutId = newId();
    await trx
      .insertInto("affiliate_payouts")
      .values({
        id: payoutId,
        affiliate_id: affiliate.id,
        amount_cents: amount,
        currency: payable[0]?.currency ?? settings.currency,
        method,
        state: "PENDING_APPROVAL",
        reason: null,
        requested_at: at,
        approved_at: null,
        paid_at: null,
        rejected_at: null,
      })
      .execute();
    await trx
      .updateTable("affiliate_commissions")
      .set({ payout_id: payoutId })
      .where(
        "id",
        "in",
        payable.map((l) => l.id),
      )
      .where("payout_id", "is", null)
      .execute();
    return { kind: "requested", payoutId, amountCents: amount };
  });
}

export type PayoutMoveOutcome = { kind: "moved"; state: PayoutState } | { kind: "not-found" } | { kind: "refused"; refusal: PayoutMoveRefusal };

/**
 * Moves a payout to `to`. PAID marks its commission lines paid and, for a
 * balance payout, credits the affiliate's tenant through the ledger (booked
 * once per payout: the reference is the payout's id). REJECTED releases the
 * lines, which are payable again.
 */
export async function movePayout(
  actor: { userId: string },
  payoutId: string,
  to: PayoutState,
  reason: string | null,
  db: DB = getDb(),
  at: string = now(),
): Promise<PayoutMoveOutcome> {
  return durableTransaction(db, async (trx) => {
    const payout = await trx
      .selectFrom("affiliate_payouts")
      .innerJoin("affiliates", "affiliates.id", "affiliate_payouts.affiliate_id")
      .innerJoin("users", "users.id", "affiliates.user_id")
      .select([
        "affiliate_payouts.id",
        "affiliate_payouts.state",
        "affiliate_payouts.method",
        "affiliate_payouts.amount_cents",
        "affiliate_payouts.currency",
        "affiliates.tenant_id",
        "users.name",
        "users.email",
      ])
      .where("affiliate_payouts.id", "=", payoutId)
      .executeTakeFirst();
    if (!payout) return { kind: "not-found" };
    const check = checkPayoutMove(payout.state, to, reason);
    if (!check.ok) return { kind: "refused", refusal: check.refusal };
    const stamp = STAMP_OF[to];
    const moved = await trx
      .updateTable("affiliate_payouts")
      .set({ state: to, ...(stamp ? { [stamp]: at } : {}), ...(to === "REJECTED" ? { reason: reason!.trim() } : {}) })
      .where("id", "=", payout.id)
      .where("state", "=", payout.state)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return { kind: "refused", refusal: "illegal-transition" };
    if (to === "PAID") {
      await trx.updateTable("affiliate_commissions").set({ status: "paid" }).where("payout_id", "=", payout.id).where("status", "=", "held").execute();
      if (payout.method === "balance") {
        await postLedgerEntry(trx, {
          tenantId: payout.tenant_id,
          kind: "adjustment",
          amountCents: Number(payout.amount_cents),
          descriptionKey: "ledger.affiliatePayout",
          reference: `affiliate-payout:${payout.id}`,
        });
      }
    }
    if (to === "REJECTED") await trx.updateTable("affiliate_commissions").set({ payout_id: null }).where("payout_id", "=", payout.id).execute();
    await recordAudit(
      trx,
      {
        tenantId: payout.tenant_id,
        actorUserId: actor.userId,
        action: "payout.moved",
        target: { kind: "payout", id: payout.id, label: `${payout.name} <${payout.email}>` },
        details: {
          from: payout.state,
          to,
          amountCents: Number(payout.amount_cents),
          method: payout.method,
          ...(to === "REJECTED" ? { reason: reason!.trim() } : {}),
        },
      },
      at,
    );
    return { kind: "moved", state: to };
  });
}
