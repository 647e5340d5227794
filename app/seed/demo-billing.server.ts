import { newId, now, type DB } from "~/db/db.server";
import { ensureBillingAccount } from "~/features/billing/accounts.server";
import { saveAutoTopupSettings } from "~/features/billing/payments/auto-topup.server";
import { saveCard } from "~/features/billing/payments/payment-methods.server";
import { TestModePaymentProvider } from "~/features/billing/payments/test-mode-provider.server";
import { topUp } from "~/features/billing/payments/topup.server";
import { saveBillingDetails } from "~/features/billing/tax/invoice-tax.server";

/**
 * The demo company's billing, made through the real flows with the built-in
 * test-mode provider (always that one: demo data never charges a real card):
 * billing details with a German address and VAT ID (so the invoices carry
 * 19 % VAT and every §14 UStG field), a primary and a backup test card, two
 * top-ups with their invoices, and auto top-up switched on.
 */
export async function seedDemoBilling(db: DB, tenantId: string, userId: string) {
  const provider = new TestModePaymentProvider(db);
  await ensureBillingAccount(tenantId, db);
  // Made-up details in a valid format: the VAT ID passes the format check only.
  await saveBillingDetails(
    tenantId,
    userId,
    { legalName: "Demo Company GmbH", street: "Friedrichstraße 123", postcode: "10117", city: "Berlin", country: "DE", vatId: "DE123456789", taxExempt: false },
    db,
  );
  const expYear = new Date().getUTCFullYear() + 3;
  const cards = [];
  for (const number of ["4242424242424242", "5555555555554444"]) {
    cards.push(await saveCard(tenantId, await provider.attachCard(`cus_test_${tenantId}`, { number, expMonth: 8, expYear, cvc: "123" }), db));
  }
  for (const [index, amountCents] of [10_000, 5_000].entries()) {
    await topUp(
      { tenantId, userId, amountCents, paymentMethodId: cards[0]!.id, submissionKey: `00000000-0000-4000-8000-00000000000${index}` },
      { provider, db },
    );
  }
  await saveAutoTopupSettings(tenantId, { enabled: true, thresholdCents: 2_000, amountCents: 5_000, monthlyCapCents: 50_000 }, db);
}

/**
 * One rate change on /products/tax-rates, so the screen shows a "since" day
 * and a country's history: Estonia's standard rate rose from 22 % to 24 % on
 * 1 July 2025, set by the demo's platform admin (decision 0066).
 */
export async function seedDemoTaxRates(db: DB, platformAdminId: string) {
  await db
    .insertInto("tax_rate_changes")
    .values({ id: newId(), country: "EE", rate_bp: 2400, effective_from: "2025-07-01", created_by: platformAdminId, created_at: now() })
    .execute();
}
