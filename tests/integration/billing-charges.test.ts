import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { sqliteSynchronousLevel } from "~/db/durable.server";
import { isPostgres } from "~/db/dialect";
import { PaymentError } from "~/features/billing/payments/card-errors";
import { reconcilePendingCharges, type ChargeHooks } from "~/features/billing/charges.server";
import { topUp } from "~/features/billing/payments/topup.server";
import { TestModePaymentProvider } from "~/features/billing/payments/test-mode-provider.server";
import { TEST_CARDS } from "~/features/billing/payments/test-cards";
import { saveCard } from "~/features/billing/payments/payment-methods.server";
import { prepareTestDatabase } from "../support/app";
import { billingTenant, books } from "../support/billing";

beforeAll(prepareTestDatabase);

const key = () => crypto.randomUUID();
const provider = new TestModePaymentProvider();

describe("a top-up", () => {
  it("charges the card once, credits the balance, and writes invoice no. 1", async () => {
    const { tenantId, userId, cardIds } = await billingTenant();
    const charge = await topUp({ tenantId, userId, amountCents: 5000, paymentMethodId: cardIds[0]!, submissionKey: key() });
    expect(charge.status).toBe("succeeded");
    const after = await books(tenantId);
    expect(after.balance).toBe(5000);
    expect(after.ledgerSum).toBe(5000);
    expect(after.entries.map((entry) => [entry.kind, entry.amount_cents, entry.balance_after_cents])).toEqual([["topup", 5000, 5000]]);
    expect(after.invoices.map((invoice) => [invoice.number, invoice.amount_cents, invoice.status, invoice.card_last4])).toEqual([[1, 5000, "paid", "4242"]]);
    expect(after.charged).toEqual([5000]);
  });

  it("numbers invoices 1, 2, 3 per tenant, each tenant from 1", async () => {
    const first = await billingTenant();
    const second = await billingTenant();
    for (const amount of [1000, 2000, 3000])
      await topUp({ tenantId: first.tenantId, userId: first.userId, amountCents: amount, paymentMethodId: first.cardIds[0]!, submissionKey: key() });
    await topUp({ tenantId: second.tenantId, userId: second.userId, amountCents: 1500, paymentMethodId: second.cardIds[0]!, submissionKey: key() });
    expect((await books(first.tenantId)).invoices.map((invoice) => [invoice.number, invoice.amount_cents])).toEqual([
      [1, 1000],
      [2, 2000],
      [3, 3000],
    ]);
    expect((await books(second.tenantId)).invoices.map((invoice) => invoice.number)).toEqual([1]);
    expect((await books(first.tenantId)).balance).toBe(6000);
  });

  it("submitted twice (a double click, a resent form) is one charge", async () => {
    const { tenantId, userId, cardIds } = await billingTenant();
    const submissionKey = key();
    const input = { tenantId, userId, amountCents: 2500, paymentMethodId: cardIds[0]!, submissionKey };
    const [a, b] = await Promise.all([topUp(input), topUp(input)]);
    const c = await topUp(input);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    const after = await books(tenantId);
    expect(after.charges).toHaveLength(1);
    expect(after.charged).toEqual([2500]);
    expect(after.balance).toBe(2500);
  });

  it("cannot use another tenant's card", async () => {
    const mine = await billingTenant();
    const theirs = await billingTenant();
    await expect(
      topUp({ tenantId: mine.tenantId, userId: mine.userId, amountCents: 2500, paymentMethodId: theirs.cardIds[0]!, submissionKey: key() }),
    ).rejects.toMatchObject({ code: "invalid_request" });
    expect((await books(mine.tenantId)).charges).toHaveLength(0);
    expect((await books(theirs.tenantId)).charges).toHaveLength(0);
  });
});

describe("Stripe's test cards in test mode", () => {
  const future = { expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };

  it.each(TEST_CARDS.filter((card) => card.attach).map((card) => [card.number, card.attach!] as const))(
    "%s is refused when added: %s",
    async (number, code) => {
      await expect(provider.attachCard("cus_test_x", { number, ...future })).rejects.toMatchObject({ name: "PaymentError", code });
    },
  );

  it("4242 4242 4242 4241 is an incorrect number, and any number that is not a test card is refused", async () => {
    await expect(provider.attachCard("cus_test_x", { number: "4242 4242 4242 4241", ...future })).rejects.toMatchObject({ code: "incorrect_number" });
    await expect(provider.attachCard("cus_test_x", { number: "4111 1111 1111 1111", ...future })).rejects.toMatchObject({
      code: "invalid_request",
      message: "only-test-cards",
    });
  });

  it("an expiry in the past is an expired card", async () => {
    await expect(provider.attachCard("cus_test_x", { number: "4242424242424242", expMonth: 1, expYear: 2020, cvc: "123" })).rejects.toMatchObject({
      code: "expired_card",
    });
  });

  it("keeps brand, last four and expiry only", async () => {
    const saved = await provider.attachCard("cus_test_x", { number: "5555 5555 5555 4444", ...future });
    expect(saved).toEqual({ providerRef: "pm_card_mastercard", brand: "mastercard", last4: "4444", expMonth: 12, expYear: future.expYear });
    expect(JSON.stringify(saved)).not.toContain("5555555555554444");
  });

  it.each([
    ["4000000000000341", "card_declined"],
    ["4000002760003184", "authentication_required"],
  ])("%s is saved, and every charge with it fails: %s", async (number, code) => {
    const { tenantId, userId } = await billingTenant({ cards: [] });
    const card = await saveCard(tenantId, await provider.attachCard("cus", { number, ...future }));
    const charge = await topUp({ tenantId, userId, amountCents: 5000, paymentMethodId: card.id, submissionKey: key() });
    expect([charge.status, charge.failure_code]).toEqual(["failed", code]);
    const after = await books(tenantId);
    expect([after.balance, after.entries.length, after.invoices.length, after.charged.length]).toEqual([0, 0, 0, 0]);
  });

  it("429.00 answers 'rate limited' and nothing is charged", async () => {
    const { tenantId, userId, cardIds } = await billingTenant();
    const charge = await topUp({ tenantId, userId, amountCents: 42_900, paymentMethodId: cardIds[0]!, submissionKey: key() });
    expect([charge.status, charge.failure_code]).toEqual(["failed", "rate_limited"]);
    expect((await books(tenantId)).balance).toBe(0);
  });

  it("503.00 is a network error: the charge stays pending until the provider is asked, and nothing was charged", async () => {
    const { tenantId, userId, cardIds } = await billingTenant();
    const error = await topUp({ tenantId, userId, amountCents: 50_300, paymentMethodId: cardIds[0]!, submissionKey: key() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentError);
    expect((error as PaymentError).code).toBe("network_error");
    expect((await books(tenantId)).charges.map((charge) => charge.status)).toEqual(["pending"]);
    await reconcilePendingCharges({ olderThanMs: 0, provider });
    const after = await books(tenantId);
    expect(after.charges.map((charge) => [charge.status, charge.failure_code])).toEqual([["failed", "payment_failed"]]);
    expect(after.balance).toBe(0);
  });
});

describe("a crash at each step of a top-up, then a restart", () => {
  class Crash extends Error {}
  const steps: Array<[string, ChargeHooks, { balance: number; charged: number[]; status: string }]> = [
    [
      "after the pending charge was written, before the provider was asked",
      {
        afterPending: async () => {
          throw new Crash();
        },
      },
      { balance: 0, charged: [], status: "failed" },
    ],
    [
      "after the provider charged, before anything was booked",
      {
        afterProviderAnswered: async () => {
          throw new Crash();
        },
      },
      { balance: 7500, charged: [7500], status: "succeeded" },
    ],
    [
      "inside the booking transaction, before its commit",
      {
        beforeCommit: async () => {
          throw new Crash();
        },
      },
      { balance: 7500, charged: [7500], status: "succeeded" },
    ],
  ];

  it.each(steps)("%s: settled from the provider's records, once", async (_step, hooks, expected) => {
    const { tenantId, userId, cardIds } = await billingTenant();
    const input = { tenantId, userId, amountCents: 7500, paymentMethodId: cardIds[0]!, submissionKey: key() };
    await expect(topUp(input, { hooks })).rejects.toBeInstanceOf(Crash);
    const crashed = await books(tenantId);
    // Nothing half-booked: no ledger entry or invoice without the other, the charge still pending.
    expect([crashed.entries.length, crashed.invoices.length, crashed.balance]).toEqual([0, 0, 0]);
    expect(crashed.charges.map((charge) => charge.status)).toEqual(["pending"]);

    // The restart: the server reconciles what was left pending. Twice, as two servers might.
    await Promise.all([reconcilePendingCharges({ olderThanMs: 0, provider }), reconcilePendingCharges({ olderThanMs: 0, provider })]);
    // The user, unsure, sends the same form again.
    await topUp(input);
    const after = await books(tenantId);
    expect(after.charges.map((charge) => charge.status)).toEqual([expected.status]);
    expect(after.balance).toBe(expected.balance);
    expect(after.ledgerSum).toBe(after.balance);
    expect(after.charged).toEqual(expected.charged);
    expect(after.invoices).toHaveLength(expected.charged.length);
  });

  it("leaves a charge whose request may still be under way alone", async () => {
    const { tenantId, userId, cardIds } = await billingTenant();
    await expect(
      topUp(
        { tenantId, userId, amountCents: 1200, paymentMethodId: cardIds[0]!, submissionKey: key() },
        {
          hooks: {
            afterProviderAnswered: async () => {
              throw new Crash();
            },
          },
        },
      ),
    ).rejects.toBeInstanceOf(Crash);
    await reconcilePendingCharges({ provider }); // the default: only charges older than two minutes
    expect((await books(tenantId)).charges.map((charge) => charge.status)).toEqual(["pending"]);
  });
});

describe("the ledger", () => {
  it("keeps the balance equal to the sum of its entries through many concurrent top-ups", async () => {
    const { tenantId, userId, cardIds } = await billingTenant();
    const amounts = Array.from({ length: 12 }, (_, i) => 1000 + i * 37);
    await Promise.all(amounts.map((amountCents) => topUp({ tenantId, userId, amountCents, paymentMethodId: cardIds[0]!, submissionKey: key() })));
    const after = await books(tenantId);
    expect(after.balance).toBe(amounts.reduce((a, b) => a + b, 0));
    expect(after.ledgerSum).toBe(after.balance);
    expect(after.invoices.map((invoice) => invoice.number)).toEqual(amounts.map((_, i) => i + 1));
    // Each entry's running balance follows from the one before it.
    const ordered = [...after.entries].sort((a, b) => a.balance_after_cents - b.balance_after_cents);
    ordered.reduce((previous, entry) => {
      expect(entry.balance_after_cents).toBe(previous + entry.amount_cents);
      return entry.balance_after_cents;
    }, 0);
  });

  it("writes money with SQLite's synchronous=FULL, and only then", async () => {
    if (isPostgres(getDb())) return; // PostgreSQL commits durably by default (synchronous_commit = on).
    const { tenantId, userId, cardIds } = await billingTenant();
    let inside: number | null = null;
    await topUp(
      { tenantId, userId, amountCents: 1000, paymentMethodId: cardIds[0]!, submissionKey: key() },
      {
        hooks: {
          beforeCommit: async (_charge, trx) => {
            inside = await sqliteSynchronousLevel(trx);
          },
        },
      },
    );
    expect(inside).toBe(2); // FULL
    expect(await sqliteSynchronousLevel(getDb())).toBe(1); // NORMAL again
  });
});
