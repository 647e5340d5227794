import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { AUTO_TOPUP_RETRY_AFTER_MS } from "~/features/billing/payments/auto-topup";
import { runAutoTopups, saveAutoTopupSettings, type AutoTopupSettings } from "~/features/billing/payments/auto-topup.server";
import { runBillingJobs } from "~/features/billing/billing-jobs.server";
import { makePrimary } from "~/features/billing/payments/payment-methods.server";
import { prepareTestDatabase } from "../support/app";
import { addCard, addTenantUser, books, emailsTo, pausedAfterFirstQuery, pausedAfterQuery, postBalanceChange, tenantWithBalance } from "../support/billing";

beforeAll(prepareTestDatabase);

// The jobs pass over every tenant in this file's database: each test's tenant is switched off afterwards so it cannot be charged by a later test's pass.
afterEach(async () => {
  await getDb().updateTable("billing_accounts").set({ auto_topup_enabled: 0 }).execute();
});

const VISA = "4242424242424242";
/** Attaches, then every charge is declined (card_declined). */
const CHARGE_FAILS = "4000000000000341";
/** Attaches, then every charge needs authentication the job cannot give (authentication_required). */
const NEEDS_AUTH = "4000002760003184";
const FAILED_SUBJECT = "Your automatic top-up failed";

const settings = (overrides: Partial<AutoTopupSettings> = {}): AutoTopupSettings => ({
  enabled: true,
  thresholdCents: 1000,
  amountCents: 5000,
  monthlyCapCents: 50_000,
  ...overrides,
});

async function autoTopups(tenantId: string) {
  return (await books(tenantId)).charges.filter((charge) => charge.purpose === "auto-topup");
}

async function account(tenantId: string) {
  return getDb().selectFrom("billing_accounts").selectAll().where("tenant_id", "=", tenantId).executeTakeFirstOrThrow();
}

const hoursLater = (hours: number) => new Date(Date.now() + hours * 60 * 60_000);

describe("the automatic top-up", () => {
  it("charges the configured amount once when usage takes the balance below the threshold, and books it", async () => {
    const { tenantId, cardIds } = await tenantWithBalance(900);
    expect(await runAutoTopups(new Date())).toEqual({ charged: 1 });

    const after = await books(tenantId);
    expect(after.charges.map((charge) => [charge.purpose, charge.status, charge.amount_cents, charge.payment_method_id])).toEqual([
      ["auto-topup", "succeeded", 5000, cardIds[0]],
    ]);
    expect(after.charged).toEqual([5000]);
    expect(after.balance).toBe(5900);
    expect(after.ledgerSum).toBe(after.balance);
    expect(after.entries.map((entry) => [entry.kind, entry.amount_cents, entry.balance_after_cents])).toEqual([
      ["adjustment", 1500, 1500],
      ["usage", -600, 900],
      ["topup", 5000, 5900],
    ]);
    expect(after.entries[2]!.description_key).toBe("ledger.autoTopup");
    expect(after.invoices.map((invoice) => [invoice.number, invoice.amount_cents, invoice.item_key, invoice.charge_id])).toEqual([
      [1, 5000, "items.autoTopup", after.charges[0]!.id],
    ]);

    // Above the threshold now: the next pass leaves it alone.
    expect(await runAutoTopups(new Date())).toEqual({ charged: 0 });
    expect(await autoTopups(tenantId)).toHaveLength(1);
  });

  it("does nothing exactly at the threshold, above it, or when switched off", async () => {
    const atThreshold = await tenantWithBalance(1000);
    const above = await tenantWithBalance(1001);
    const off = await tenantWithBalance(900, { enabled: false });
    expect(await runAutoTopups(new Date())).toEqual({ charged: 0 });
    for (const { tenantId } of [atThreshold, above, off]) {
      const after = await books(tenantId);
      expect(after.charges).toEqual([]);
      expect(after.invoices).toEqual([]);
    }
    expect((await books(atThreshold.tenantId)).balance).toBe(1000);
    expect((await books(off.tenantId)).balance).toBe(900);

    // One cent of usage more and the one at the threshold is below it.
    await postBalanceChange(atThreshold.tenantId, -1);
    expect(await runAutoTopups(new Date())).toEqual({ charged: 1 });
    expect((await books(atThreshold.tenantId)).balance).toBe(5999);
    expect(await autoTopups(above.tenantId)).toEqual([]);
    expect(await autoTopups(off.tenantId)).toEqual([]);
  });

  it("is one charge however many runners pass at once", async () => {
    const { tenantId } = await tenantWithBalance(900);
    const at = new Date();
    const results = await Promise.all(Array.from({ length: 5 }, () => runAutoTopups(at)));
    expect(results.reduce((sum, result) => sum + result.charged, 0)).toBe(1);
    const charges = await autoTopups(tenantId);
    expect(charges.filter((charge) => charge.status === "succeeded")).toHaveLength(1);
    expect(charges.filter((charge) => charge.status === "pending")).toEqual([]);
    const after = await books(tenantId);
    expect(after.charged).toEqual([5000]);
    expect(after.balance).toBe(5900);
    expect(after.ledgerSum).toBe(5900);
    expect(after.invoices).toHaveLength(1);
  });

  it("is counted (and told of) by the runner that made it, not by one that found it made after its own check", async () => {
    const { tenantId } = await tenantWithBalance(900);
    const at = new Date();
    // The slow runner's fifth read is its look for this top-up's request key (after candidates, in flight, this month, cards): it finds none,
    // then the fast runner makes the whole top-up before the slow one asks for the charge. Seen in CI on PostgreSQL as two runners each counting it.
    let fast = { charged: 0 };
    const slow = await runAutoTopups(at, {
      db: pausedAfterQuery(getDb(), 5, async () => {
        fast = await runAutoTopups(at);
      }),
    });
    expect([fast.charged, slow.charged]).toEqual([1, 0]);
    expect((await autoTopups(tenantId)).map((charge) => charge.status)).toEqual(["succeeded"]);
    expect((await books(tenantId)).balance).toBe(5900);
  });

  it("is not made again by a runner that saw another's top-up pending and then found it settled", async () => {
    const { tenantId } = await tenantWithBalance(900);
    const at = new Date();
    // The slow runner reads the accounts below their threshold while the fast runner's charge is pending (so it counts that attempt but
    // reads the old balance), then waits until the fast one has settled it: its later look for a top-up in flight finds none.
    // Seen in CI on PostgreSQL as "expected 2 to be 1" in the five-runner test above.
    let sawPending!: () => void;
    const slowHasRead = new Promise<void>((resolve) => (sawPending = resolve));
    let slow: Promise<{ charged: number }> | undefined;
    const fast: Promise<{ charged: number }> = runAutoTopups(at, {
      hooks: {
        afterPending: async () => {
          slow = runAutoTopups(at, {
            db: pausedAfterFirstQuery(getDb(), async () => {
              sawPending();
              await fast;
            }),
          });
          await slowHasRead;
        },
      },
    });
    expect((await fast).charged).toBe(1);
    expect((await slow!).charged).toBe(0);
    const charges = await autoTopups(tenantId);
    expect(charges.map((charge) => charge.status)).toEqual(["succeeded"]);
    const after = await books(tenantId);
    expect(after.charged).toEqual([5000]);
    expect(after.balance).toBe(5900);
  });

  it("is one charge when whole job-runner passes (runBillingJobs) run at once", async () => {
    const { tenantId } = await tenantWithBalance(-300);
    const at = new Date();
    await Promise.all(Array.from({ length: 5 }, () => runBillingJobs(at)));
    const after = await books(tenantId);
    expect(after.charges.map((charge) => [charge.purpose, charge.status, charge.amount_cents])).toEqual([["auto-topup", "succeeded", 5000]]);
    expect(after.charged).toEqual([5000]);
    expect(after.balance).toBe(4700);
    expect(after.ledgerSum).toBe(4700);
  });

  it("is not made again by a runner that read the balance before another runner's top-up was booked", async () => {
    const { tenantId } = await tenantWithBalance(900);
    const at = new Date();
    // The slow runner reads the accounts below their threshold, then (before it looks for a top-up in flight) the fast one does the whole top-up.
    const slowRunner = runAutoTopups(at, { db: pausedAfterFirstQuery(getDb(), () => runAutoTopups(at)) });
    await slowRunner;
    const charges = await autoTopups(tenantId);
    expect(charges.map((charge) => charge.status)).toEqual(["succeeded"]);
    const after = await books(tenantId);
    expect(after.charged).toEqual([5000]);
    expect(after.balance).toBe(5900);
  });
});

describe("a refused automatic top-up", () => {
  it("is made with the backup card, once, when the primary is refused", async () => {
    const { tenantId, email, cardIds } = await tenantWithBalance(900, { cards: [CHARGE_FAILS, VISA] });
    expect(await runAutoTopups(new Date())).toEqual({ charged: 1 });
    const after = await books(tenantId);
    expect(after.charges.map((charge) => [charge.status, charge.payment_method_id, charge.failure_code])).toEqual([
      ["failed", cardIds[0], "card_declined"],
      ["succeeded", cardIds[1], null],
    ]);
    expect(after.charged).toEqual([5000]);
    expect(after.balance).toBe(5900);
    expect(after.ledgerSum).toBe(5900);
    expect(after.invoices.map((invoice) => [invoice.amount_cents, invoice.card_last4])).toEqual([[5000, "4242"]]);
    // Paid in the end: no banner, no mail.
    expect(await account(tenantId)).toMatchObject({ auto_topup_failure_code: null, auto_topup_failed_at: null });
    expect(emailsTo(email).filter((message) => message.subject === FAILED_SUBJECT)).toEqual([]);
  });

  it("refused by both cards: nothing credited, the banner's code is set, every billing user is mailed once; a later success clears it", async () => {
    const { tenantId, email } = await tenantWithBalance(900, { cards: [CHARGE_FAILS, NEEDS_AUTH] });
    const secondOwner = await addTenantUser(tenantId, "owner");
    const agent = await addTenantUser(tenantId, "agent");
    expect(await runAutoTopups(new Date())).toEqual({ charged: 0 });

    const after = await books(tenantId);
    expect(after.charges.map((charge) => [charge.purpose, charge.status, charge.amount_cents, charge.failure_code])).toEqual([
      ["auto-topup", "failed", 5000, "card_declined"],
      ["auto-topup", "failed", 5000, "authentication_required"],
    ]);
    expect(after.charged).toEqual([]);
    expect(after.balance).toBe(900);
    expect(after.ledgerSum).toBe(900);
    expect(after.invoices).toEqual([]);
    const failed = await account(tenantId);
    expect(failed.auto_topup_failure_code).toBe("authentication_required");
    expect(failed.auto_topup_failed_at).not.toBeNull();

    for (const address of [email, secondOwner]) {
      const mails = emailsTo(address).filter((message) => message.subject === FAILED_SUBJECT);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain("$50.00");
      expect(mails[0]!.text).toContain("http://localhost:3000/billing");
      expect(mails[0]!.text).toContain("Your bank asks you to confirm this payment."); // cardErrors.authentication_required
    }
    expect(emailsTo(agent)).toEqual([]);

    // A working card, and the settings saved again (so it is tried at once): paid, and the banner goes.
    const visa = await addCard(tenantId, VISA);
    await makePrimary(tenantId, visa);
    await saveAutoTopupSettings(tenantId, settings());
    expect((await account(tenantId)).auto_topup_failure_code).toBe("authentication_required");
    expect(await runAutoTopups(new Date())).toEqual({ charged: 1 });
    expect(await account(tenantId)).toMatchObject({ auto_topup_failure_code: null, auto_topup_failed_at: null });
    const paid = await books(tenantId);
    expect(paid.charged).toEqual([5000]);
    expect(paid.balance).toBe(5900);
    expect(emailsTo(email).filter((message) => message.subject === FAILED_SUBJECT)).toHaveLength(1);
  });

  it("refused while several runners pass at once (one of them late): tried once per card, mailed once", async () => {
    const { tenantId, email } = await tenantWithBalance(900, { cards: [CHARGE_FAILS, NEEDS_AUTH] });
    const at = new Date();
    // Four at once, and meanwhile a fifth that read the account before any of them.
    await runAutoTopups(at, { db: pausedAfterFirstQuery(getDb(), () => Promise.all(Array.from({ length: 4 }, () => runAutoTopups(at)))) });
    expect((await autoTopups(tenantId)).map((charge) => [charge.status, charge.failure_code])).toEqual([
      ["failed", "card_declined"],
      ["failed", "authentication_required"],
    ]);
    expect(emailsTo(email).filter((message) => message.subject === FAILED_SUBJECT)).toHaveLength(1);
    expect((await books(tenantId)).balance).toBe(900);
  });

  it("is not tried again for a day, then is; saving the settings lets it try at once", async () => {
    const { tenantId, email } = await tenantWithBalance(900, { cards: [CHARGE_FAILS] });
    expect(await runAutoTopups(new Date())).toEqual({ charged: 0 });
    expect(await autoTopups(tenantId)).toHaveLength(1);
    const failedAt = Date.parse((await account(tenantId)).auto_topup_failed_at!);

    expect(await runAutoTopups(new Date(failedAt + 60_000))).toEqual({ charged: 0 });
    expect(await runAutoTopups(new Date(failedAt + AUTO_TOPUP_RETRY_AFTER_MS - 60_000))).toEqual({ charged: 0 });
    expect(await autoTopups(tenantId)).toHaveLength(1);

    await runAutoTopups(new Date(failedAt + AUTO_TOPUP_RETRY_AFTER_MS + 60_000));
    const retried = await autoTopups(tenantId);
    expect(retried.map((charge) => charge.status)).toEqual(["failed", "failed"]);
    expect(emailsTo(email).filter((message) => message.subject === FAILED_SUBJECT)).toHaveLength(2);

    // The second failure starts a new day of waiting…
    await runAutoTopups(hoursLater(1));
    expect(await autoTopups(tenantId)).toHaveLength(2);
    // …which saving the settings ends.
    await saveAutoTopupSettings(tenantId, settings());
    await runAutoTopups(hoursLater(1));
    expect(await autoTopups(tenantId)).toHaveLength(3);
    expect((await books(tenantId)).balance).toBe(900);
  });
});

describe("the monthly cap", () => {
  it("allows top-ups up to the cap in a calendar month and the next one in the next month", async () => {
    const { tenantId } = await tenantWithBalance(900, { amountCents: 5000, monthlyCapCents: 10_000 });
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 30));

    expect(await runAutoTopups(now)).toEqual({ charged: 1 });
    await postBalanceChange(tenantId, -5000);
    expect(await runAutoTopups(now)).toEqual({ charged: 1 });
    await postBalanceChange(tenantId, -5000);
    expect((await books(tenantId)).balance).toBe(900);
    // 100.00 charged this month: another 50.00 would pass the cap, so none is made (not a smaller one either).
    expect(await runAutoTopups(now)).toEqual({ charged: 0 });
    expect((await autoTopups(tenantId)).map((charge) => charge.amount_cents)).toEqual([5000, 5000]);
    expect((await books(tenantId)).balance).toBe(900);

    expect(await runAutoTopups(nextMonth)).toEqual({ charged: 1 });
    const after = await books(tenantId);
    expect(after.charged).toEqual([5000, 5000, 5000]);
    expect(after.balance).toBe(5900);
    expect(after.ledgerSum).toBe(5900);
  });
});
