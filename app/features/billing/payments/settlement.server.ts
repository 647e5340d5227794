import { durableTransaction } from "~/db/durable.server";
import { getDb, now, type DB } from "~/db/db.server";
import type { Charge } from "~/db/schema";
import type { CardErrorCode } from "./card-errors";
import { parseChargeDetails } from "../charge-details";
import { createInvoice } from "../history/invoices.server";
import { postLedgerEntry } from "../ledger.server";
import type { ChargeOutcome } from "./payment-provider";
import { applyPaidPlan } from "../plans/subscription-periods.server";

/** The failure code of a charge the provider never received (found by the reconciliation): no money moved. */
export const NOT_SENT: CardErrorCode = "payment_failed";
const NOT_SENT_MARK = "not-sent";

export interface SettleHooks {
  /** Tests: runs inside the settling transaction, before its commit (a crash there must leave no trace). */
  beforeCommit?: (charge: Charge, trx: DB) => Promise<void>;
}

/**
 * Books a charge's outcome, once: the charge leaves `pending` by a
 * conditional update, and only the update that did it writes the ledger,
 * the invoice and the plan change, in one durable transaction. Whoever
 * learns the outcome first (the request, a webhook, the reconciliation)
 * settles it; the others find it settled and do nothing. The one move out
 * of `failed` is for a charge the reconciliation marked "never sent" that
 * the provider reports paid after all: the money arrived, so it is booked.
 */
export async function settleCharge(chargeId: string, outcome: ChargeOutcome, hooks: SettleHooks = {}, db: DB = getDb()): Promise<Charge> {
  return durableTransaction(db, async (trx) => {
    const settledAt = now();
    const moved = await trx
      .updateTable("charges")
      .set({
        status: outcome.status,
        failure_code: outcome.status === "failed" ? outcome.code : null,
        provider_ref: outcome.providerRef,
        settled_at: settledAt,
      })
      .where("id", "=", chargeId)
      .where((eb) =>
        eb.or([
          eb("status", "=", "pending"),
          ...(outcome.status === "succeeded" ? [eb.and([eb("status", "=", "failed"), eb("provider_ref", "=", NOT_SENT_MARK)])] : []),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
    const charge = moved ?? (await trx.selectFrom("charges").selectAll().where("id", "=", chargeId).executeTakeFirstOrThrow());
    if (!moved) return charge;
    if (outcome.status === "succeeded") await bookPaidCharge(trx, charge, settledAt);
    else await bookFailedCharge(trx, charge, outcome.code, settledAt);
    await hooks.beforeCommit?.(charge, trx);
    return charge;
  });
}

/** The reconciliation's verdict on a charge the provider has no record of. */
export async function settleAsNeverSent(chargeId: string, db: DB = getDb()) {
  await db
    .updateTable("charges")
    .set({ status: "failed", failure_code: NOT_SENT, provider_ref: NOT_SENT_MARK, settled_at: now() })
    .where("id", "=", chargeId)
    .where("status", "=", "pending")
    .execute();
}

async function bookPaidCharge(trx: DB, charge: Charge, settledAt: string) {
  const details = parseChargeDetails(charge.details);
  const amount = { amount: charge.amount_cents, currency: charge.currency };
  if (details.kind === "topup") {
    const automatic = charge.purpose === "auto-topup";
    const key = automatic ? "ledger.autoTopup" : "ledger.topup";
    await postLedgerEntry(trx, {
      tenantId: charge.tenant_id,
      kind: "topup",
      amountCents: charge.amount_cents,
      descriptionKey: key,
      reference: charge.id,
      chargeId: charge.id,
    });
    await createInvoice(trx, charge, { key: automatic ? "items.autoTopup" : "items.topup", values: amount }, settledAt);
    if (automatic) {
      await trx
        .updateTable("billing_accounts")
        .set({ auto_topup_failed_at: null, auto_topup_failure_code: null })
        .where("tenant_id", "=", charge.tenant_id)
        .execute();
    }
    return;
  }
  // A card payment for a plan passes through the account: paid in, then charged for the plan, so the history shows both and the balance is untouched.
  const values = { plan: details.planName, ...(details.previousPlanName ? { previous: details.previousPlanName } : {}) };
  const itemKey = `items.plan.${details.change}`;
  await postLedgerEntry(trx, {
    tenantId: charge.tenant_id,
    kind: "payment",
    amountCents: charge.amount_cents,
    descriptionKey: "ledger.cardPayment",
    descriptionValues: values,
    reference: `${charge.id}:payment`,
    chargeId: charge.id,
  });
  await postLedgerEntry(trx, {
    tenantId: charge.tenant_id,
    kind: "subscription",
    amountCents: -charge.amount_cents,
    descriptionKey: `ledger.plan.${details.change}`,
    descriptionValues: values,
    reference: charge.id,
    chargeId: charge.id,
  });
  // The plan first: it decides the period this charge pays for, which the invoice states (§14 Abs. 4 Nr. 6 UStG, docs/decisions/0066-tax-rates-on-screen.md).
  const period = await applyPaidPlan(trx, charge.tenant_id, details, settledAt, charge.amount_cents);
  const servicePeriod = period ?? (details.periodStart && details.periodEnd ? { start: details.periodStart, end: details.periodEnd } : null);
  await createInvoice(trx, charge, { key: itemKey, values: { ...values, ...amount } }, settledAt, servicePeriod);
}

/** A failed automatic top-up is remembered for the banner on /billing until one succeeds. A failed renewal's grace is the renewal job's call: the backup card may still pay it. */
async function bookFailedCharge(trx: DB, charge: Charge, code: CardErrorCode, settledAt: string) {
  if (charge.purpose === "auto-topup") {
    await trx
      .updateTable("billing_accounts")
      .set({ auto_topup_failed_at: settledAt, auto_topup_failure_code: code })
      .where("tenant_id", "=", charge.tenant_id)
      .execute();
  }
}
