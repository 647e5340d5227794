import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { runBillingJobs } from "~/features/billing/billing-jobs.server";
import { GRACE_PERIOD_DAYS } from "~/features/billing/usage/limits";
import { makePrimary, removeCard } from "~/features/billing/payments/payment-methods.server";
import { proratedUpgradeCents } from "~/features/billing/plans/proration";
import { cancelSubscription, choosePlan, resumeSubscription, runLapses, runRenewals } from "~/features/billing/plans/subscriptions.server";
import { TestModePaymentProvider } from "~/features/billing/payments/test-mode-provider.server";
import { topUp } from "~/features/billing/payments/topup.server";
import { getActiveSubscription } from "~/features/tenants/plans.server";
import { addDays, addMonths, nextPeriodEnd } from "~/lib/dates/calendar-months";
import * as overview from "~/routes/_dashboard+/overview";
import { callLoader, prepareTestDatabase, redirectLocation } from "../support/app";
import { addCard, billingTenant, books, emailsTo, pausedAfterFirstQuery, setCurrentPeriod, subscriptionRows } from "../support/billing";

beforeAll(prepareTestDatabase);

const VISA = "4242424242424242";
/** Attaches, then every charge is declined (card_declined). */
const CHARGE_FAILS = "4000000000000341";
const RENEWAL_FAILED = "Your Voxboard plan could not be renewed";
const LAPSED = "Your Voxboard plan has ended";
const DAY = 24 * 60 * 60_000;

const key = () => crypto.randomUUID();

async function planId(planKey: string) {
  return (await getDb().selectFrom("plans").select("id").where("key", "=", planKey).executeTakeFirstOrThrow()).id;
}

/** The tenant's current period, moved so that it ended an hour ago (renewals are due "now"). */
function endedAnHourAgo(tenantId: string) {
  const end = new Date(Date.now() - 60 * 60_000);
  return setCurrentPeriod(tenantId, new Date(addMonths(end.toISOString(), -1)), end);
}

async function subscriptionCharges(tenantId: string) {
  return (await books(tenantId)).charges.filter((charge) => charge.purpose === "subscription");
}

/**
 * A plan payment's two ledger entries are written in the same millisecond, so
 * their created_at does not order them (nor does their random id): compared
 * in a fixed order instead.
 */
function byKind<T extends { kind: string }>(entries: T[]) {
  return [...entries].sort((a, b) => a.kind.localeCompare(b.kind));
}

/** Where the dashboard's gate sends the tenant's user: null when the overview opens. */
async function gateFor(cookie: string) {
  const result = await callLoader(overview.loader, "/overview", { cookie });
  if (result instanceof Response) return redirectLocation(result) ?? `status ${result.status}`;
  return null;
}

describe("choosing a plan", () => {
  it("without one: charges the full price, starts the plan a month from the payment, books it through the balance", async () => {
    const { tenantId, userId, cookie } = await billingTenant({ plan: null });
    expect(await getActiveSubscription(tenantId)).toBeNull();
    expect(await gateFor(await cookie())).toBe("/choose-plan");

    const submissionKey = key();
    const choice = await choosePlan({ tenantId, userId, planKey: "growth", submissionKey });
    expect(choice.kind).toBe("charged");
    const charge = choice.kind === "charged" ? choice.charge : null;
    expect(charge).toMatchObject({ status: "succeeded", purpose: "subscription", amount_cents: 14900, requested_by: userId });

    const active = await getActiveSubscription(tenantId);
    expect(active).toMatchObject({ plan_key: "growth", status: "active", ends_at: null, current_period_start: charge!.settled_at });
    expect(active!.current_period_end).toBe(addMonths(charge!.settled_at!, 1));

    const after = await books(tenantId);
    expect(after.charged).toEqual([14900]);
    expect(byKind(after.entries).map((entry) => [entry.kind, entry.amount_cents, entry.balance_after_cents, entry.charge_id])).toEqual([
      ["payment", 14900, 14900, charge!.id],
      ["subscription", -14900, 0, charge!.id],
    ]);
    expect(after.balance).toBe(0);
    expect(after.ledgerSum).toBe(0);
    expect(after.invoices.map((invoice) => [invoice.number, invoice.amount_cents, invoice.item_key, invoice.charge_id])).toEqual([
      [1, 14900, "items.plan.new", charge!.id],
    ]);
    expect(await gateFor(await cookie())).toBeNull();

    // The same submission again (a double click) is the same charge; the plan is kept.
    const again = await choosePlan({ tenantId, userId, planKey: "growth", submissionKey });
    expect(again.kind).toBe("unchanged");
    expect((await books(tenantId)).charged).toEqual([14900]);
    expect((await subscriptionRows(tenantId)).map((row) => [row.plan_key, row.status])).toEqual([["growth", "active"]]);
  });

  it("without a card: says so and charges nothing", async () => {
    const { tenantId, userId } = await billingTenant({ plan: null, cards: [] });
    expect(await choosePlan({ tenantId, userId, planKey: "growth", submissionKey: key() })).toEqual({ kind: "noCard" });
    expect((await books(tenantId)).charges).toEqual([]);
    expect(await subscriptionRows(tenantId)).toEqual([]);
    expect(await getActiveSubscription(tenantId)).toBeNull();
  });

  it("an unknown plan is refused", async () => {
    const { tenantId, userId } = await billingTenant({ plan: null });
    expect(await choosePlan({ tenantId, userId, planKey: "enterprise", submissionKey: key() })).toEqual({ kind: "unknownPlan" });
    expect((await books(tenantId)).charges).toEqual([]);
  });

  it("upgrading halfway through the period charges the prorated difference and keeps the period's end", async () => {
    const { tenantId, userId } = await billingTenant({ plan: "starter" });
    const at = new Date();
    const period = await setCurrentPeriod(tenantId, new Date(at.getTime() - 15 * DAY), new Date(at.getTime() + 15 * DAY));
    const expected = proratedUpgradeCents(4900, 39900, period.start, period.end, at);
    expect(expected).toBe(17500); // half of the 350.00 difference

    const choice = await choosePlan({ tenantId, userId, planKey: "scale", submissionKey: key(), at });
    expect(choice.kind).toBe("charged");
    const charge = choice.kind === "charged" ? choice.charge : null;
    expect(charge).toMatchObject({ status: "succeeded", amount_cents: expected });

    const rows = await subscriptionRows(tenantId);
    expect(rows.map((row) => [row.plan_key, row.status])).toEqual([
      ["starter", "cancelled"],
      ["scale", "active"],
    ]);
    expect(rows[0]).toMatchObject({ id: period.id, ends_at: charge!.settled_at });
    expect(rows[1]).toMatchObject({ current_period_start: charge!.settled_at, current_period_end: period.end, ends_at: null });
    expect(await getActiveSubscription(tenantId)).toMatchObject({ plan_key: "scale", current_period_end: period.end });

    const after = await books(tenantId);
    expect(after.charged).toEqual([expected]);
    expect(byKind(after.entries).map((entry) => [entry.kind, entry.amount_cents])).toEqual([
      ["payment", expected],
      ["subscription", -expected],
    ]);
    expect(after.balance).toBe(0);
    expect(after.invoices.map((invoice) => [invoice.amount_cents, invoice.item_key])).toEqual([[expected, "items.plan.upgrade"]]);
  });

  it("downgrading is scheduled for the period's end; the renewal then charges the cheaper plan and switches", async () => {
    const { tenantId, userId } = await billingTenant({ plan: "scale" });
    const current = await getActiveSubscription(tenantId);
    const choice = await choosePlan({ tenantId, userId, planKey: "starter", submissionKey: key() });
    expect(choice).toEqual({ kind: "scheduled", effectiveAt: current!.current_period_end });
    expect((await books(tenantId)).charges).toEqual([]);
    expect(await getActiveSubscription(tenantId)).toMatchObject({ plan_key: "scale", status: "active", next_plan_id: await planId("starter") });

    const period = await endedAnHourAgo(tenantId);
    const at = new Date();
    expect(await runRenewals(at)).toMatchObject({ renewed: 1, failed: 0 });

    const charges = await subscriptionCharges(tenantId);
    expect(charges.map((charge) => [charge.status, charge.amount_cents])).toEqual([["succeeded", 4900]]);
    const rows = await subscriptionRows(tenantId);
    expect(rows.map((row) => [row.plan_key, row.status])).toEqual([
      ["scale", "cancelled"],
      ["starter", "active"],
    ]);
    expect(rows[0]).toMatchObject({ id: period.id, ends_at: period.end });
    expect(rows[1]).toMatchObject({ current_period_start: period.end, current_period_end: addMonths(period.end, 1), next_plan_id: null });
    expect(await getActiveSubscription(tenantId)).toMatchObject({ plan_key: "starter", status: "active" });
    const after = await books(tenantId);
    expect(after.charged).toEqual([4900]);
    expect(after.invoices.map((invoice) => [invoice.amount_cents, invoice.item_key])).toEqual([[4900, "items.plan.renewal"]]);
    expect(after.balance).toBe(0);
  });

  it("choosing the current plan again undoes a cancellation or a scheduled downgrade, without a charge", async () => {
    const { tenantId, userId } = await billingTenant({ plan: "growth" });
    const before = await getActiveSubscription(tenantId);
    expect(await cancelSubscription(tenantId)).toBe(true);
    expect(await getActiveSubscription(tenantId)).toMatchObject({ status: "cancelled", cancel_at_period_end: 1, ends_at: before!.current_period_end });

    expect(await choosePlan({ tenantId, userId, planKey: "growth", submissionKey: key() })).toEqual({ kind: "unchanged" });
    expect(await getActiveSubscription(tenantId)).toMatchObject({
      id: before!.id,
      status: "active",
      cancel_at_period_end: 0,
      ends_at: null,
      current_period_end: before!.current_period_end,
    });

    expect((await choosePlan({ tenantId, userId, planKey: "starter", submissionKey: key() })).kind).toBe("scheduled");
    expect(await choosePlan({ tenantId, userId, planKey: "growth", submissionKey: key() })).toEqual({ kind: "unchanged" });
    expect(await getActiveSubscription(tenantId)).toMatchObject({ id: before!.id, status: "active", next_plan_id: null });
    expect((await books(tenantId)).charges).toEqual([]);
    expect(await subscriptionRows(tenantId)).toHaveLength(1);

    // resumeSubscription is the same undo.
    await cancelSubscription(tenantId);
    expect(await resumeSubscription(tenantId)).toBe(true);
    expect(await getActiveSubscription(tenantId)).toMatchObject({ status: "active", ends_at: null });
  });
});

describe("cancelling", () => {
  it("keeps the plan until the paid period ends, is not renewed, and then the gate sends the tenant to /choose-plan", async () => {
    const { tenantId, cookie } = await billingTenant({ plan: "growth" });
    const now = Date.now();
    const period = await setCurrentPeriod(tenantId, new Date(now - 20 * DAY), new Date(now + 10 * DAY));
    expect(await cancelSubscription(tenantId)).toBe(true);
    expect(await cancelSubscription(tenantId)).toBe(false);
    expect(await getActiveSubscription(tenantId)).toMatchObject({ id: period.id, status: "cancelled", ends_at: period.end });
    expect(await gateFor(await cookie())).toBeNull();

    // Past the period's end, the job does not renew it.
    await runRenewals(new Date(now + 10 * DAY + 60 * 60_000));
    expect(await subscriptionCharges(tenantId)).toEqual([]);

    // Once the end has passed (moved into the past, as the gate reads the clock), the plan is over.
    const ended = new Date(now - 60_000).toISOString();
    await getDb()
      .updateTable("subscriptions")
      .set({ current_period_start: new Date(now - 30 * DAY).toISOString(), current_period_end: ended, ends_at: ended })
      .where("id", "=", period.id)
      .execute();
    expect(await getActiveSubscription(tenantId)).toBeNull();
    expect(await gateFor(await cookie())).toBe("/choose-plan");
    await runRenewals(new Date());
    expect(await subscriptionCharges(tenantId)).toEqual([]);
    expect((await subscriptionRows(tenantId)).map((row) => row.status)).toEqual(["cancelled"]);
  });
});

describe("renewals", () => {
  it("charge a good card once at the period's end, however many runners pass, and advance the period by a month", async () => {
    const { tenantId } = await billingTenant({ plan: "growth" });
    const period = await endedAnHourAgo(tenantId);
    const at = new Date();
    const results = await Promise.all([runRenewals(at), runRenewals(at)]);
    await runRenewals(at);
    await runRenewals(new Date(at.getTime() + 60 * 60_000));
    await Promise.all([runBillingJobs(at), runBillingJobs(at)]);
    expect(results.some((result) => result.renewed >= 1)).toBe(true);
    expect(results.every((result) => result.failed === 0)).toBe(true);

    const charges = await subscriptionCharges(tenantId);
    expect(charges.map((charge) => [charge.status, charge.amount_cents])).toEqual([["succeeded", 14900]]);
    const after = await books(tenantId);
    expect(after.charged).toEqual([14900]);
    expect(byKind(after.entries).map((entry) => [entry.kind, entry.amount_cents])).toEqual([
      ["payment", 14900],
      ["subscription", -14900],
    ]);
    expect(after.balance).toBe(0);
    expect(after.invoices.map((invoice) => [invoice.number, invoice.amount_cents, invoice.item_key])).toEqual([[1, 14900, "items.plan.renewal"]]);
    const rows = await subscriptionRows(tenantId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: period.id,
      status: "active",
      ends_at: null,
      current_period_start: period.end,
      current_period_end: addMonths(period.end, 1),
    });
  });

  it("refused: grace until 7 days after the period's end, mailed once; a retry the next day with a good card makes it active again", async () => {
    const { tenantId, email, cookie } = await billingTenant({ plan: "growth", cards: [CHARGE_FAILS] });
    const period = await endedAnHourAgo(tenantId);
    const at = new Date();
    const results = await Promise.all([runRenewals(at), runRenewals(at)]);
    expect(results.reduce((sum, result) => sum + result.renewed, 0)).toBe(0);

    const graceEnd = addDays(period.end, GRACE_PERIOD_DAYS);
    expect(await getActiveSubscription(tenantId)).toMatchObject({ id: period.id, status: "grace", ends_at: graceEnd, current_period_end: period.end });
    expect((await subscriptionCharges(tenantId)).map((charge) => [charge.status, charge.failure_code])).toEqual([["failed", "card_declined"]]);
    const mails = emailsTo(email).filter((message) => message.subject === RENEWAL_FAILED);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Growth");
    expect(mails[0]!.text).toContain("The card was declined.");
    expect(mails[0]!.text).toContain(new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date(graceEnd)));
    // Still usable during grace.
    expect(await gateFor(await cookie())).toBeNull();
    const booksInGrace = await books(tenantId);
    expect(booksInGrace.charged).toEqual([]);
    expect(booksInGrace.entries).toEqual([]);

    // The same day again: not tried again, not mailed again.
    await runRenewals(new Date(at.getTime() + 1)); // still the same UTC day, whatever the hour
    expect(await subscriptionCharges(tenantId)).toHaveLength(1);
    expect(emailsTo(email).filter((message) => message.subject === RENEWAL_FAILED)).toHaveLength(1);

    // A good card made primary; the next day's retry pays.
    const visa = await addCard(tenantId, VISA);
    await makePrimary(tenantId, visa);
    expect(await runRenewals(new Date(at.getTime() + DAY))).toMatchObject({ renewed: 1 });
    const charges = await subscriptionCharges(tenantId);
    expect(charges.map((charge) => [charge.status, charge.payment_method_id])).toEqual([
      ["failed", charges[0]!.payment_method_id],
      ["succeeded", visa],
    ]);
    // Paid in grace, the paid month still follows the one that ended (the grace days were used): no free days, no drift of the billing day.
    expect(await getActiveSubscription(tenantId)).toMatchObject({
      id: period.id,
      status: "active",
      ends_at: null,
      current_period_start: period.end,
      current_period_end: nextPeriodEnd(period.start, period.end),
    });
    const after = await books(tenantId);
    expect(after.charged).toEqual([14900]);
    expect(after.invoices.map((invoice) => [invoice.amount_cents, invoice.card_last4])).toEqual([[14900, "4242"]]);
    expect(after.balance).toBe(0);
    expect(emailsTo(email).filter((message) => message.subject === RENEWAL_FAILED)).toHaveLength(1);
  });

  it("refused, with a runner that read the due renewals before another runner's attempt: still one charge per card and one mail", async () => {
    const { tenantId, email } = await billingTenant({ plan: "growth", cards: [CHARGE_FAILS] });
    const period = await endedAnHourAgo(tenantId);
    const at = new Date();
    await runRenewals(at, { db: pausedAfterFirstQuery(getDb(), () => runRenewals(at)) });
    expect(await getActiveSubscription(tenantId)).toMatchObject({ status: "grace", ends_at: addDays(period.end, GRACE_PERIOD_DAYS) });
    expect((await subscriptionCharges(tenantId)).map((charge) => charge.status)).toEqual(["failed"]);
    expect(emailsTo(email).filter((message) => message.subject === RENEWAL_FAILED)).toHaveLength(1);
  });

  it("paid, with a runner that read the due renewals before another runner renewed: charged once", async () => {
    const { tenantId } = await billingTenant({ plan: "starter" });
    const period = await endedAnHourAgo(tenantId);
    const at = new Date();
    await runRenewals(at, { db: pausedAfterFirstQuery(getDb(), () => runRenewals(at)) });
    expect((await subscriptionCharges(tenantId)).map((charge) => [charge.status, charge.amount_cents])).toEqual([["succeeded", 4900]]);
    expect((await books(tenantId)).charged).toEqual([4900]);
    expect(await getActiveSubscription(tenantId)).toMatchObject({
      id: period.id,
      status: "active",
      current_period_start: period.end,
      current_period_end: addMonths(period.end, 1),
    });
  });

  it("a grace period that ends unpaid lapses: mailed once, the dashboard sends the tenant to /choose-plan, its data is kept", async () => {
    const { tenantId, userId, email, cookie, cardIds } = await billingTenant({ plan: null, cards: [VISA] });
    expect((await choosePlan({ tenantId, userId, planKey: "starter", submissionKey: key() })).kind).toBe("charged");
    // The good card replaced by one that is refused.
    const failing = await addCard(tenantId, CHARGE_FAILS);
    await makePrimary(tenantId, failing);
    await removeCard(tenantId, cardIds[0]!, new TestModePaymentProvider());

    // The period ended five days ago: the grace period ends in two days.
    const end = new Date(Date.now() - 5 * DAY);
    const period = await setCurrentPeriod(tenantId, new Date(addMonths(end.toISOString(), -1)), end);
    const at = new Date();
    await runRenewals(at);
    expect(await getActiveSubscription(tenantId)).toMatchObject({ status: "grace", ends_at: addDays(period.end, GRACE_PERIOD_DAYS) });
    expect(await runLapses(at)).toMatchObject({ lapsed: 0 });
    expect(await gateFor(await cookie())).toBeNull();
    const kept = await books(tenantId);
    expect(kept.entries).toHaveLength(2);
    expect(kept.invoices).toHaveLength(1);

    const afterGrace = new Date(at.getTime() + 3 * DAY);
    // The next day's retry (one per UTC day, so the first minute of the next UTC day whatever the hour now) fails too.
    const nextDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1, 0, 1));
    await runRenewals(nextDay);
    expect((await subscriptionCharges(tenantId)).map((charge) => charge.status)).toEqual(["succeeded", "failed", "failed"]);
    expect(emailsTo(email).filter((message) => message.subject === RENEWAL_FAILED)).toHaveLength(1);
    await Promise.all([runLapses(afterGrace), runLapses(afterGrace)]);
    await runLapses(afterGrace);
    expect((await subscriptionRows(tenantId)).map((row) => [row.plan_key, row.status])).toEqual([["starter", "lapsed"]]);
    const lapsedMails = emailsTo(email).filter((message) => message.subject === LAPSED);
    expect(lapsedMails).toHaveLength(1);
    expect(lapsedMails[0]!.text).toContain("Starter");
    expect(await getActiveSubscription(tenantId)).toBeNull();
    expect(await gateFor(await cookie())).toBe("/choose-plan");

    // Nothing deleted: the ledger and the invoices are as they were.
    const after = await books(tenantId);
    expect(after.entries.map((entry) => entry.id).sort()).toEqual(kept.entries.map((entry) => entry.id).sort());
    expect(after.invoices.map((invoice) => invoice.id)).toEqual(kept.invoices.map((invoice) => invoice.id));
    expect(after.balance).toBe(kept.balance);

    // A lapsed tenant chooses a plan anew: the full price, not a renewal.
    await makePrimary(tenantId, await addCard(tenantId, VISA));
    const choice = await choosePlan({ tenantId, userId, planKey: "growth", submissionKey: key() });
    expect(choice.kind === "charged" ? [choice.charge.status, choice.charge.amount_cents] : choice.kind).toEqual(["succeeded", 14900]);
    expect(await gateFor(await cookie())).toBeNull();
  });

  it("lapse and renewal mail only the billing contacts of the tenant concerned", async () => {
    const failing = await billingTenant({ plan: "starter", cards: [CHARGE_FAILS] });
    const bystander = await billingTenant({ plan: "starter" });
    await endedAnHourAgo(failing.tenantId);
    await runRenewals(new Date());
    expect(emailsTo(failing.email).filter((message) => message.subject === RENEWAL_FAILED)).toHaveLength(1);
    expect(emailsTo(bystander.email).filter((message) => message.subject === RENEWAL_FAILED)).toEqual([]);
  });
});

describe("tenant isolation", () => {
  it("one tenant's plan choices and renewals never touch another tenant's subscriptions or charges", async () => {
    const mine = await billingTenant({ plan: "starter" });
    const theirs = await billingTenant({ plan: "starter" });
    // Some billing history of theirs, so "untouched" has something to compare.
    await topUp({ tenantId: theirs.tenantId, userId: theirs.userId, amountCents: 2000, paymentMethodId: theirs.cardIds[0]!, submissionKey: key() });
    const theirRowsBefore = await subscriptionRows(theirs.tenantId);
    const theirBooksBefore = await books(theirs.tenantId);

    const submissionKey = key();
    expect((await choosePlan({ tenantId: mine.tenantId, userId: mine.userId, planKey: "growth", submissionKey })).kind).toBe("charged");
    // The same submission key in the other tenant is its own submission.
    expect((await choosePlan({ tenantId: theirs.tenantId, userId: theirs.userId, planKey: "starter", submissionKey })).kind).toBe("unchanged");
    expect(await cancelSubscription(mine.tenantId)).toBe(true);
    expect(await resumeSubscription(mine.tenantId)).toBe(true);
    expect((await choosePlan({ tenantId: mine.tenantId, userId: mine.userId, planKey: "starter", submissionKey: key() })).kind).toBe("scheduled");
    await endedAnHourAgo(mine.tenantId);
    await runRenewals(new Date());
    await runLapses(new Date(Date.now() + 2 * DAY));

    // Started on Starter, upgraded to Growth, back on Starter from the renewal.
    expect((await subscriptionRows(mine.tenantId)).map((row) => `${row.plan_key} ${row.status}`).sort()).toEqual([
      "growth cancelled",
      "starter active",
      "starter cancelled",
    ]);
    expect(await getActiveSubscription(mine.tenantId)).toMatchObject({ plan_key: "starter", status: "active" });
    expect(await subscriptionRows(theirs.tenantId)).toEqual(theirRowsBefore);
    const theirBooksAfter = await books(theirs.tenantId);
    expect(theirBooksAfter.charges).toEqual(theirBooksBefore.charges);
    expect(theirBooksAfter.entries).toEqual(theirBooksBefore.entries);
    expect(theirBooksAfter.invoices).toEqual(theirBooksBefore.invoices);
    expect(theirBooksAfter.balance).toBe(theirBooksBefore.balance);
    expect((await books(mine.tenantId)).charges.every((charge) => charge.tenant_id === mine.tenantId)).toBe(true);
  });
});
