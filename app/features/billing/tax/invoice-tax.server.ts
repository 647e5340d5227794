import { getEnv } from "~/config/env.server";
import { getDb, inTransaction, now, type DB } from "~/db/db.server";
import { recordAudit } from "~/features/audit/audit.server";
import type { BillingDetailsInput } from "./billing-details-schema";
import { taxRatesAt } from "./tax-rates.server";
import { decideTax, splitGross, type TaxNote } from "./tax-rule";

/**
 * Billing details (the buyer), tax rates, and the tax snapshot an invoice
 * takes when it is issued (docs/decisions/0056-tax-invoices.md).
 */

/** A party on an invoice as it was when the invoice was issued. */
export interface InvoiceParty {
  name: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  vatId: string | null;
}

export function getBillingDetails(tenantId: string, db: DB = getDb()) {
  return db.selectFrom("billing_details").selectAll().where("tenant_id", "=", tenantId).executeTakeFirst();
}

/** Saves a tenant's billing details and records who changed them, in one transaction. Issued invoices keep their snapshot. */
export async function saveBillingDetails(tenantId: string, actorUserId: string | null, input: BillingDetailsInput, db: DB = getDb(), at: string = now()) {
  const row = {
    legal_name: input.legalName,
    street: input.street,
    postcode: input.postcode,
    city: input.city,
    country: input.country,
    vat_id: input.vatId,
    tax_exempt: input.taxExempt ? 1 : 0,
    updated_at: at,
  };
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto("billing_details")
      .values({ tenant_id: tenantId, ...row })
      .onConflict((oc) => oc.column("tenant_id").doUpdateSet(row))
      .execute();
    await recordAudit(
      trx,
      {
        tenantId,
        actorUserId,
        action: "billing-details.changed",
        target: { kind: "billing-details", id: tenantId, label: input.legalName },
        details: { country: input.country, vatId: input.vatId, taxExempt: input.taxExempt },
      },
      at,
    );
  });
}

/** The rates in force at `at` (its UTC day): the seeded ones of tax_rates and the changes set on /products/tax-rates (tax-rates.server.ts). */
export function getTaxRates(db: DB = getDb(), at: string = now()) {
  return taxRatesAt(at, db);
}

export function sellerParty(): InvoiceParty {
  const { seller } = getEnv();
  return { name: seller.legalName, street: seller.street, postcode: seller.postcode, city: seller.city, country: seller.country, vatId: seller.vatId };
}

/**
 * The columns an invoice stores at issue time (read in the settling
 * transaction, so the snapshot and the invoice commit together). Without
 * billing details the buyer is the tenant's name in the tenant's country (the
 * seller's when unknown), a consumer without VAT ID. A member state missing
 * from tax_rates throws: the charge stays pending for the reconciliation rather
 * than an invoice with a guessed tax.
 */
export async function invoiceTaxSnapshot(trx: DB, tenantId: string, grossCents: number, issuedAt: string = now()) {
  const [details, tenant, rates] = await Promise.all([
    getBillingDetails(tenantId, trx),
    trx.selectFrom("tenants").select(["name", "country"]).where("id", "=", tenantId).executeTakeFirstOrThrow(),
    getTaxRates(trx, issuedAt),
  ]);
  const buyer: InvoiceParty = details
    ? { name: details.legal_name, street: details.street, postcode: details.postcode, city: details.city, country: details.country, vatId: details.vat_id }
    : { name: tenant.name, street: "", postcode: "", city: "", country: "", vatId: null };
  const seller = sellerParty();
  if (!details) buyer.country = (tenant.country ?? seller.country).toUpperCase();
  const tax = decideTax({ country: buyer.country, vatId: buyer.vatId, taxExempt: details?.tax_exempt === 1 }, rates, seller.country);
  const amounts = splitGross(grossCents, tax.rateBp);
  return {
    seller_snapshot: JSON.stringify(seller),
    buyer_snapshot: JSON.stringify(buyer),
    net_cents: amounts.netCents,
    tax_rate_bp: tax.rateBp,
    tax_cents: amounts.taxCents,
    tax_note: tax.note as TaxNote,
  };
}

export function parseParty(json: string | null): InvoiceParty | null {
  if (!json) return null;
  return JSON.parse(json) as InvoiceParty;
}
