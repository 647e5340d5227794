import { getDb, now, type DB } from "~/db/db.server";
import type { BillingAccount } from "~/db/schema";
import { BILLING_CURRENCY } from "./usage/limits";
import type { PaymentProvider } from "./payments/payment-provider";
import { getPaymentProvider } from "./payments/provider.server";

/** The tenant's billing account, made on first use (balance 0, auto top-up off). */
export async function ensureBillingAccount(tenantId: string, db: DB = getDb()): Promise<BillingAccount> {
  const existing = await db.selectFrom("billing_accounts").selectAll().where("tenant_id", "=", tenantId).executeTakeFirst();
  if (existing) return existing;
  const timestamp = now();
  await db
    .insertInto("billing_accounts")
    .values({ tenant_id: tenantId, currency: BILLING_CURRENCY, provider: getPaymentProvider().kind, created_at: timestamp, updated_at: timestamp })
    .onConflict((oc) => oc.column("tenant_id").doNothing())
    .execute();
  return db.selectFrom("billing_accounts").selectAll().where("tenant_id", "=", tenantId).executeTakeFirstOrThrow();
}

/**
 * The provider's customer for the tenant, made on first need. A tenant that
 * moves from test mode to Stripe gets a Stripe customer then (its test cards
 * mean nothing to Stripe and are listed as such).
 */
export async function customerRefFor(tenantId: string, provider: PaymentProvider = getPaymentProvider(), db: DB = getDb()) {
  const account = await ensureBillingAccount(tenantId, db);
  if (account.provider_customer_ref && account.provider === provider.kind) return account.provider_customer_ref;
  const owner = await db
    .selectFrom("tenants")
    .leftJoin("users", "users.tenant_id", "tenants.id")
    .select(["tenants.name", "users.email"])
    .where("tenants.id", "=", tenantId)
    .orderBy("users.created_at")
    .executeTakeFirstOrThrow();
  const ref = await provider.createCustomer({ tenantId, name: owner.name, email: owner.email ?? "" });
  await db
    .updateTable("billing_accounts")
    .set({ provider: provider.kind, provider_customer_ref: ref, updated_at: now() })
    .where("tenant_id", "=", tenantId)
    .execute();
  return ref;
}
