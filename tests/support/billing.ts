import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { getEnv } from "~/config/env.server";
import { getDb, newId, type DB } from "~/db/db.server";
import { durableTransaction } from "~/db/durable.server";
import { getRoleIdByKey } from "~/features/roles/roles.server";
import { registerAccount } from "~/features/auth/accounts.server";
import { saveAutoTopupSettings, type AutoTopupSettings } from "~/features/billing/payments/auto-topup.server";
import { ensureBillingAccount } from "~/features/billing/accounts.server";
import { postLedgerEntry } from "~/features/billing/ledger.server";
import { saveCard } from "~/features/billing/payments/payment-methods.server";
import { TestModePaymentProvider } from "~/features/billing/payments/test-mode-provider.server";
import { getActiveSubscription, subscribeTenantToPlan } from "~/features/tenants/plans.server";
import { DEMO_PASSWORD } from "~/seed/seed.server";
import { sessionCookieFor } from "./app";

let sequence = 0;

/** An owner with a tenant of their own on a plan, and its billing account; `cards` are Stripe test numbers, the first becomes primary. */
export async function billingTenant({
  plan = "starter",
  cards = ["4242424242424242"],
}: { plan?: "starter" | "growth" | "scale" | null; cards?: string[] } = {}) {
  sequence += 1;
  const email = `billing-${sequence}-${newId().slice(0, 6)}@example.test`;
  const { id: userId, tenantId } = await registerAccount({
    name: "Bea Billing",
    company: `Billing Co ${sequence}`,
    email,
    phone: "4165550199",
    password: DEMO_PASSWORD,
  });
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
    db.selectFrom("ledger_entries").selectAll().where("tenant_id", "=", tenantId).orderBy("seq").execute(),
    db.selectFrom("invoices").selectAll().where("tenant_id", "=", tenantId).orderBy("number").execute(),
    db.selectFrom("charges").selectAll().where("tenant_id", "=", tenantId).orderBy("created_at").execute(),
  ]);
  const providerPayments = charges.length
    ? await db
        .selectFrom("test_provider_payments")
        .selectAll()
        .where(
          "idempotency_key",
          "in",
          charges.map((charge) => charge.id),
        )
        .execute()
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

/* ---- Helpers for the auto top-up and subscription tests (additive). ---- */

/** Moves the balance as the app's own postings do (one ledger entry, durable): a debit as usage would book it, a credit as an adjustment. */
export async function postBalanceChange(tenantId: string, amountCents: number) {
  const usage = amountCents < 0;
  return durableTransaction(getDb(), (trx) =>
    postLedgerEntry(trx, {
      tenantId,
      kind: usage ? "usage" : "adjustment",
      amountCents,
      descriptionKey: usage ? "ledger.usage" : "ledger.adjustment",
      reference: `test:${newId()}`,
    }),
  );
}

/** A tenant with auto top-up on (threshold 10.00, amount 50.00 unless told) whose balance usage took from 15.00 to `balance`. */
export async function tenantWithBalance(
  balance: number,
  { cards = ["4242424242424242"], ...overrides }: Partial<AutoTopupSettings> & { cards?: string[] } = {},
) {
  const tenant = await billingTenant({ cards });
  await saveAutoTopupSettings(tenant.tenantId, { enabled: true, thresholdCents: 1000, amountCents: 5000, monthlyCapCents: 50_000, ...overrides });
  await postBalanceChange(tenant.tenantId, 1500);
  await postBalanceChange(tenant.tenantId, balance - 1500);
  expect((await books(tenant.tenantId)).balance).toBe(balance);
  return tenant;
}

/** Another card for a tenant, attached as the test-mode provider attaches it (primary, then backup, then neither); returns its id. */
export async function addCard(tenantId: string, number: string) {
  const saved = await new TestModePaymentProvider().attachCard(`cus_test_${tenantId}`, {
    number,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: "123",
  });
  return (await saveCard(tenantId, saved)).id;
}

/** A further member of a tenant with one of the built-in roles ("owner" may change billing, "agent" may not). */
export async function addTenantUser(tenantId: string, roleKey: "owner" | "agent") {
  const email = `member-${newId().slice(0, 8)}@example.test`;
  const timestamp = new Date().toISOString();
  await getDb()
    .insertInto("users")
    .values({
      id: newId(),
      tenant_id: tenantId,
      role_id: await getRoleIdByKey(roleKey),
      email,
      name: `Member ${roleKey}`,
      phone: null,
      caller_phone: null,
      password_hash: "unused",
      email_verified_at: timestamp,
      profile_picture: null,
      created_at: timestamp,
      updated_at: timestamp,
    })
    .execute();
  return email;
}

/** Every outbox message to an address, oldest first (outboxCount/latestEmailTo only see the newest). */
export function emailsTo(address: string): Array<{ to: string; subject: string; text: string }> {
  const dir = getEnv().outboxDir;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as { to: string; subject: string; text: string })
    .filter((message) => message.to === address);
}

/** A tenant's subscription rows, oldest first, with their plan's key. */
export function subscriptionRows(tenantId: string) {
  return getDb()
    .selectFrom("subscriptions")
    .innerJoin("plans", "plans.id", "subscriptions.plan_id")
    .selectAll("subscriptions")
    .select("plans.key as plan_key")
    .where("subscriptions.tenant_id", "=", tenantId)
    .orderBy("subscriptions.started_at")
    .orderBy("subscriptions.created_at")
    .execute();
}

/** Moves a tenant's current subscription's paid period (the code reads the clock itself in places; tests move the data instead). */
export async function setCurrentPeriod(tenantId: string, start: Date, end: Date) {
  const current = await getActiveSubscription(tenantId);
  if (!current) throw new Error(`tenant ${tenantId} has no active subscription`);
  await getDb()
    .updateTable("subscriptions")
    .set({ current_period_start: start.toISOString(), current_period_end: end.toISOString(), started_at: start.toISOString(), created_at: start.toISOString() })
    .where("id", "=", current.id)
    .execute();
  return { id: current.id, start: start.toISOString(), end: end.toISOString() };
}

/**
 * The database as one runner sees it, slowed down: its first query's answer
 * is handed over only after `meanwhile` has run to the end, as when another
 * server's runner overtakes it. (A Kysely plugin cannot do this: it holds the
 * connection, and SQLite has just one.)
 */
export function pausedAfterFirstQuery(db: DB, meanwhile: () => Promise<unknown>): DB {
  return pausedAfterQuery(db, 1, meanwhile);
}

/** The same, paused after the `position`-th `selectFrom` query (1-based), to overtake a runner between two of its reads. */
export function pausedAfterQuery(db: DB, position: number, meanwhile: () => Promise<unknown>): DB {
  let selectsLeft = position;
  let notYetPaused = true;
  const wrapBuilder = (builder: object): object =>
    new Proxy(builder, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          const result = (value as (...a: unknown[]) => unknown).apply(target, args);
          if (typeof property === "string" && property.startsWith("execute") && result instanceof Promise) {
            if (!notYetPaused) return result;
            selectsLeft -= 1;
            if (selectsLeft > 0) return result;
            notYetPaused = false;
            return result.then(async (rows) => {
              await meanwhile();
              return rows;
            });
          }
          return result && typeof result === "object" && "compile" in result ? wrapBuilder(result) : result;
        };
      },
    });
  return new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (property === "selectFrom" && notYetPaused) return (...args: unknown[]) => wrapBuilder((value as (...a: unknown[]) => object).apply(target, args));
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
