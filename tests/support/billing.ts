import { getDb, newId } from "~/db/db.server";
import { registerAccount } from "~/features/auth/accounts.server";
import { ensureBillingAccount } from "~/features/billing/accounts.server";
import { saveCard } from "~/features/billing/payment-methods.server";
import { TestModePaymentProvider } from "~/features/billing/test-mode-provider.server";
import { subscribeTenantToPlan } from "~/features/tenants/plans.server";
import { DEMO_PASSWORD } from "~/seed/seed.server";
import { sessionCookieFor } from "./app";

let sequence = 0;

/** An owner with a tenant of their own on a plan, and its billing account; `cards` are Stripe test numbers, the first becomes primary. */
export async function billingTenant({ plan = "starter", cards = ["4242424242424242"] }: { plan?: "starter" | "growth" | "scale" | null; cards?: string[] } = {}) {
  sequence += 1;
  const email = `billing-${sequence}-${newId().slice(0, 6)}@example.test`;
  const { id: userId, tenantId } = await registerAccount({ name: "Bea Billing", company: `Billing Co ${sequence}`, email, phone: "4165550199", password: DEMO_PASSWORD });
  await getDb().updateTable("users").set({ email_verified_at: new Date().toISOString() }).where("id", "=", userId).execute();
  if (plan) await subscribeTenantToPlan(tenantId, plan);
  await ensureBillingAccount(tenantId);
  const provider = new TestModePaymentProvider();
  const cardIds: string[] = [];
  for (const number of cards) {
    const saved = await provider.attachCard(`cus_test_${tenantId}`, { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: "123" });
    cardIds.push((await saveCard(tenantId, saved)).id);
  }
  return { tenantId, userId, email, cardIds, cookie: () => sessionCookieFor(email) };
}

/** Everything the books say about a tenant, for "nothing lost, nothing doubled" assertions. */
export async function books(tenantId: string) {
  const db = getDb();
  const [account, entries, invoices, charges] = await Promise.all([
    db.selectFrom("billing_accounts").selectAll().where("tenant_id", "=", tenantId).executeTakeFirstOrThrow(),
    db.selectFrom("ledger_entries").selectAll().where("tenant_id", "=", tenantId).orderBy("created_at").execute(),
    db.selectFrom("invoices").selectAll().where("tenant_id", "=", tenantId).orderBy("number").execute(),
    db.selectFrom("charges").selectAll().where("tenant_id", "=", tenantId).orderBy("created_at").execute(),
  ]);
  const providerPayments = charges.length
    ? await db.selectFrom("test_provider_payments").selectAll().where("idempotency_key", "in", charges.map((charge) => charge.id)).execute()
    : [];
  return {
    balance: account.balance_cents,
    ledgerSum: entries.reduce((sum, entry) => sum + entry.amount_cents, 0),
    entries,
    invoices,
    charges,
    /** What the test-mode provider actually charged (succeeded payments). */
    charged: providerPayments.filter((payment) => payment.status === "succeeded").map((payment) => payment.amount_cents),
  };
}
