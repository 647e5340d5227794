import { getDb, inTransaction, newId, now, type DB } from "~/db/db.server";
import type { Charge } from "~/db/schema";
import { emit } from "~/lib/events/bus.server";
import { invoiceTaxSnapshot } from "../tax/invoice-tax.server";

export interface InvoiceItem {
  key: string;
  values: Record<string, string | number>;
}

/**
 * The invoice for a settled charge, numbered 1, 2, 3… per tenant in the
 * order they were paid. Written in the settling transaction, so a charge has
 * its invoice exactly when it has its ledger entries. It carries the seller,
 * buyer and tax as they are now (a snapshot: later edits never change it).
 */
/**
 * A plan charge's invoice states the period it bills (from–to), a top-up's
 * only its date (§14 Abs. 4 Nr. 6 UStG: the time of supply or the period).
 */
export interface ServicePeriod {
  start: string;
  end: string;
}

export async function createInvoice(trx: DB, charge: Charge, item: InvoiceItem, settledAt: string, servicePeriod: ServicePeriod | null = null) {
  const { next_invoice_number } = await trx
    .updateTable("billing_accounts")
    .set((eb) => ({ next_invoice_number: eb("next_invoice_number", "+", 1) }))
    .where("tenant_id", "=", charge.tenant_id)
    .returning("next_invoice_number")
    .executeTakeFirstOrThrow();
  const card = charge.payment_method_id
    ? await trx.selectFrom("payment_methods").select(["brand", "last4"]).where("id", "=", charge.payment_method_id).executeTakeFirst()
    : undefined;
  const invoice = {
    id: newId(),
    tenant_id: charge.tenant_id,
    number: next_invoice_number - 1,
    charge_id: charge.id,
    item_key: item.key,
    item_values: JSON.stringify(item.values),
    status: "paid" as const,
    amount_cents: charge.amount_cents,
    currency: charge.currency,
    card_brand: card?.brand ?? null,
    card_last4: card?.last4 ?? null,
    created_at: settledAt,
    // Prices are gross: the tax is taken out of the amount charged, so the ledger and the charge stay as they are (docs/decisions/0056-tax-invoices.md).
    ...(await invoiceTaxSnapshot(trx, charge.tenant_id, charge.amount_cents, settledAt)),
    service_period_start: servicePeriod?.start ?? null,
    service_period_end: servicePeriod?.end ?? null,
  };
  await trx.insertInto("invoices").values(invoice).execute();
  // Other features (the affiliate programme's commissions) react to a paid invoice without billing knowing them (docs/decisions/0028-domain-events.md).
  await emit(trx, { kind: "invoice.paid", tenantId: charge.tenant_id, invoiceId: invoice.id });
  return invoice;
}

/**
 * Records that a paid invoice's payment was returned, once: a second call
 * for the same invoice changes nothing and announces nothing. Announces
 * invoice.refunded in the same transaction (the affiliate programme books a
 * clawback line). Returns false for an unknown or already refunded invoice.
 */
export async function markInvoiceRefunded(tenantId: string, invoiceId: string, db: DB = getDb(), at: string = now()) {
  return inTransaction(db, async (trx) => {
    const changed = await trx
      .updateTable("invoices")
      .set({ refunded_at: at })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", invoiceId)
      .where("refunded_at", "is", null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return false;
    await emit(trx, { kind: "invoice.refunded", tenantId, invoiceId });
    return true;
  });
}

export const INVOICE_PAGE_SIZE = 20;

export async function listInvoices(tenantId: string, page: number, db: DB = getDb(), pageSize = INVOICE_PAGE_SIZE) {
  const [items, count] = await Promise.all([
    db
      .selectFrom("invoices")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      .orderBy("number", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom("invoices")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tenant_id", "=", tenantId)
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** Who an invoice is addressed to: the account's first user (its owner since registration). */
export async function invoiceRecipientEmail(tenantId: string, db: DB = getDb()) {
  const owner = await db.selectFrom("users").select(["email"]).where("tenant_id", "=", tenantId).orderBy("created_at").executeTakeFirst();
  return owner?.email ?? null;
}

/** The invoice a settled charge produced, if any (a plan charge's toast names its number). */
export async function invoiceNumberForCharge(tenantId: string, chargeId: string, db: DB = getDb()) {
  const invoice = await db.selectFrom("invoices").select("number").where("tenant_id", "=", tenantId).where("charge_id", "=", chargeId).executeTakeFirst();
  return invoice?.number ?? null;
}

export function getInvoice(tenantId: string, invoiceId: string, db: DB = getDb()) {
  return db.selectFrom("invoices").selectAll().where("tenant_id", "=", tenantId).where("id", "=", invoiceId).executeTakeFirst();
}
