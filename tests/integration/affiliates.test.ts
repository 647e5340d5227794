import type Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, newId } from "~/db/db.server";
import { DAY_MS } from "~/features/affiliates/commission";
import { movePayout, requestPayout } from "~/features/affiliates/payouts.server";
import { affiliateFigures, getMembership } from "~/features/affiliates/programme.server";
import { ensureBillingAccount } from "~/features/billing/accounts.server";
import { markInvoiceRefunded } from "~/features/billing/history/invoices.server";
import { normalizeStripeEvent } from "~/features/billing/payments/stripe-webhooks.server";
import { topUp } from "~/features/billing/payments/topup.server";
import { applyWebhookEvent } from "~/features/billing/payments/webhook-events.server";
import { TestModePaymentProvider } from "~/features/billing/payments/test-mode-provider.server";
import * as register from "~/routes/_auth+/register";
import * as management from "~/routes/_dashboard+/affiliate-management";
import * as affiliatesPage from "~/routes/_dashboard+/affiliates";
import * as payoutCsv from "~/routes/_files+/affiliate-management.payouts[.]csv";
import * as referralLinkRoute from "~/routes/r.$code";
import { addCard, books } from "../support/billing";
import { callAction, callLoader, cookiesFrom, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import * as factories from "../support/factories";

/*
 * The affiliate programme (issue 26, docs/product/affiliates.md): joining and
 * approval, attribution from the referral link's cookie through registration,
 * commissions from paid invoices held for the refund window, a clawback on
 * refund, self-referral refused, payouts through their state machine (every
 * move audited, an illegal one refused), a balance payout credited to the
 * ledger once, and the management screen for the super admin alone.
 * Runs on SQLite and PostgreSQL.
 */

const db = () => getDb();
const FORBIDDEN = { en: "You do not have permission to do that.", de: "Sie haben keine Berechtigung für diese Aktion." };
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

let superAdmin: string;

beforeAll(async () => {
  await prepareTestDatabase();
  superAdmin = await sessionCookieFor("admin@demo.test");
});

/** An owner who joined through /affiliates and was approved on /affiliate-management. */
async function approvedAffiliate(overrides: factories.TenantOverrides = {}) {
  const tenant = await factories.tenantWithOwner(overrides);
  // Its books, so a balance payout's credit can be read back (books() wants the account).
  await ensureBillingAccount(tenant.tenantId);
  expect(redirectLocation(await callAction(affiliatesPage.action, "/affiliates", { cookie: tenant.cookie, form: { intent: "join" } }))).toBe("/affiliates");
  const membership = (await getMembership(tenant.ownerId))!;
  expect(membership.status).toBe("applied");
  const approved = await callAction(management.action, "/affiliate-management?tab=approve", {
    cookie: superAdmin,
    form: { intent: "approve", affiliateId: membership.id, back: "/affiliate-management?tab=approve" },
  });
  expect(redirectLocation(approved)).toBe("/affiliate-management?tab=approve");
  return { ...tenant, affiliateId: membership.id, code: membership.referral_code };
}

/** Registers through the form with whatever cookies the browser holds; returns the new tenant. */
async function registerThroughForm(cookie: string, email: string) {
  const result = await callAction(register.action, "/register", {
    cookie,
    form: {
      name: "Rita Referred",
      company: "Referred Ltd",
      email,
      phone: "4165550177",
      password: "Referred-pass-2026!",
      confirmPassword: "Referred-pass-2026!",
    },
  });
  expect(redirectLocation(result)).toBe("/registration-successful");
  const user = await db().selectFrom("users").select(["id", "tenant_id"]).where("email", "=", email).executeTakeFirstOrThrow();
  return { tenantId: user.tenant_id, userId: user.id, response: result as Response };
}

async function visitLink(code: string) {
  const response = (await callLoader(referralLinkRoute.loader, `/r/${code}`, { params: { code } })) as Response;
  expect(redirectLocation(response)).toBe("/register");
  return response;
}

async function payInvoice(tenantId: string, userId: string, amountCents: number) {
  const cardId = await addCard(tenantId, "4242424242424242");
  await topUp({ tenantId, userId, amountCents, paymentMethodId: cardId, submissionKey: newId() }, { provider: new TestModePaymentProvider() });
  const invoices = (await books(tenantId)).invoices;
  return invoices.at(-1)!;
}

/** Stripe's charge.refunded event for a payment of ours (as the webhook route hands it on once its signature is verified). */
function refundEvent(paymentIntent: string, { full = true } = {}) {
  return normalizeStripeEvent({
    id: `evt_${newId().replaceAll("-", "")}`,
    object: "event",
    created: Math.floor(Date.now() / 1000),
    type: "charge.refunded",
    data: { object: { id: `ch_${newId().slice(0, 8)}`, object: "charge", refunded: full, payment_intent: paymentIntent } },
  } as unknown as Stripe.Event);
}

const commissionsOf = (affiliateId: string) =>
  db().selectFrom("affiliate_commissions").selectAll().where("affiliate_id", "=", affiliateId).orderBy("created_at").execute();

describe("attribution and commissions", () => {
  it("follows a referral from the link's cookie through sign-up to a paid invoice and a commission payable after the hold", async () => {
    const affiliate = await approvedAffiliate();
    const visit = await visitLink(affiliate.code);
    const setCookie = visit.headers.getSetCookie().find((c) => c.startsWith("vb_ref="))!;
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const referred = await registerThroughForm(cookiesFrom(visit), `rita-${newId().slice(0, 6)}@example.test`);
    // The cookie is spent once the account is attributed.
    expect(referred.response.headers.getSetCookie().some((c) => c.startsWith("vb_ref=;") || /vb_ref=.*Max-Age=0/.test(c))).toBe(true);
    const referral = await db().selectFrom("affiliate_referrals").selectAll().where("referred_tenant_id", "=", referred.tenantId).executeTakeFirstOrThrow();
    expect(referral.affiliate_id).toBe(affiliate.affiliateId);
    expect((await affiliateFigures(affiliate.affiliateId)).signUps).toBe(1);
    expect((await affiliateFigures(affiliate.affiliateId)).payingCustomers).toBe(0);

    const invoice = await payInvoice(referred.tenantId, referred.userId, 10_000);
    const [commission] = await commissionsOf(affiliate.affiliateId);
    // 20 % (2000 basis points) of 100.00, held for 30 days from the invoice.
    expect(commission).toMatchObject({ kind: "commission", invoice_id: invoice.id, amount_cents: 2000, rate_bps: 2000, status: "held" });
    expect(Date.parse(commission!.available_at) - Date.parse(invoice.created_at)).toBe(30 * DAY_MS);

    const today = await affiliateFigures(affiliate.affiliateId);
    expect(today).toMatchObject({ signUps: 1, payingCustomers: 1, totals: { held: 2000, payable: 0 } });
    const afterHold = await affiliateFigures(affiliate.affiliateId, inDays(31));
    expect(afterHold.totals).toMatchObject({ held: 0, payable: 2000 });

    // The page shows the same figures.
    const page = unwrap(await callLoader(affiliatesPage.loader, "/affiliates", { cookie: affiliate.cookie })).value as {
      link: string;
      figures: { totals: { held: number } };
    };
    expect(page.link).toMatch(new RegExp(`/r/${affiliate.code}$`));
    expect(page.figures.totals.held).toBe(2000);
  });

  it("sets the same cookie from /register?ref=<code>, and nothing for an unknown code", async () => {
    const affiliate = await approvedAffiliate();
    const withRef = unwrap(await callLoader(register.loader, `/register?ref=${affiliate.code}`));
    expect(withRef.headers.get("Set-Cookie")).toMatch(/^vb_ref=/);
    const unknown = (await callLoader(referralLinkRoute.loader, "/r/zzzzzzzzzz", { params: { code: "zzzzzzzzzz" } })) as Response;
    expect(unknown.headers.getSetCookie()).toEqual([]);
  });

  it("books a clawback when a referred invoice is refunded, once", async () => {
    const affiliate = await approvedAffiliate();
    const referred = await registerThroughForm(cookiesFrom(await visitLink(affiliate.code)), `ref-${newId().slice(0, 6)}@example.test`);
    const invoice = await payInvoice(referred.tenantId, referred.userId, 5_000);
    const charge = (await books(referred.tenantId)).charges.find((c) => c.id === invoice.charge_id)!;
    // The refund arrives as Stripe's charge.refunded webhook; a partial refund leaves the invoice standing.
    expect(await applyWebhookEvent(refundEvent(charge.provider_ref!, { full: false }))).toBe("ignored");
    expect(await commissionsOf(affiliate.affiliateId)).toHaveLength(1);
    const refund = refundEvent(charge.provider_ref!);
    expect(await applyWebhookEvent(refund)).toBe("applied");
    expect(await applyWebhookEvent(refund)).toBe("duplicate");
    expect(await applyWebhookEvent(refundEvent(charge.provider_ref!))).toBe("stale");
    expect(await markInvoiceRefunded(referred.tenantId, invoice.id)).toBe(false);
    expect((await books(referred.tenantId)).invoices.find((i) => i.id === invoice.id)!.refunded_at).not.toBeNull();
    const lines = await commissionsOf(affiliate.affiliateId);
    expect(lines.map((l) => [l.kind, l.amount_cents, l.status])).toEqual([
      ["commission", 1000, "clawed_back"],
      ["clawback", -1000, "clawed_back"],
    ]);
    const figures = await affiliateFigures(affiliate.affiliateId, inDays(40));
    expect(figures.totals).toMatchObject({ held: 0, payable: 0, clawedBack: 1000 });
  });

  it("nets a refund of a commission already paid out against the next payout", async () => {
    const affiliate = await approvedAffiliate();
    const referred = await registerThroughForm(cookiesFrom(await visitLink(affiliate.code)), `net-${newId().slice(0, 6)}@example.test`);
    const invoice = await payInvoice(referred.tenantId, referred.userId, 30_000);
    const requested = await requestPayout(affiliate.ownerId, "money", db(), inDays(31));
    expect(requested).toMatchObject({ kind: "requested", amountCents: 6000 });
    if (requested.kind !== "requested") return;
    await markInvoiceRefunded(referred.tenantId, invoice.id);
    const figures = await affiliateFigures(affiliate.affiliateId, inDays(31));
    expect(figures.totals).toMatchObject({ requested: 6000, payable: -6000 });
  });

  it("refuses self-referral: the affiliate's own address (plus-tagged) is not attributed and earns nothing", async () => {
    const affiliate = await approvedAffiliate();
    const [local, domain] = affiliate.email.split("@");
    const self = await registerThroughForm(cookiesFrom(await visitLink(affiliate.code)), `${local}+again@${domain}`);
    expect(await db().selectFrom("affiliate_referrals").select("id").where("referred_tenant_id", "=", self.tenantId).executeTakeFirst()).toBeUndefined();
    await payInvoice(self.tenantId, self.userId, 10_000);
    expect(await commissionsOf(affiliate.affiliateId)).toEqual([]);
  });

  it("pays nothing on an invoice of a tenant nobody referred", async () => {
    const before = Number(
      (
        await db()
          .selectFrom("affiliate_commissions")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const tenant = await factories.tenantWithOwner();
    await payInvoice(tenant.tenantId, tenant.ownerId, 10_000);
    const after = Number(
      (
        await db()
          .selectFrom("affiliate_commissions")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before);
  });
});

describe("payouts", () => {
  async function affiliateWithPayable(amountCents = 30_000) {
    const affiliate = await approvedAffiliate();
    const referred = await registerThroughForm(cookiesFrom(await visitLink(affiliate.code)), `pay-${newId().slice(0, 6)}@example.test`);
    await payInvoice(referred.tenantId, referred.userId, amountCents);
    return affiliate;
  }

  const move = (payoutId: string, to: string, reason?: string, cookie = superAdmin, language?: "en" | "de") =>
    callAction(management.action, "/affiliate-management?tab=payout", {
      cookie,
      language,
      form: { intent: "move-payout", payoutId, to, ...(reason ? { reason } : {}), back: "/affiliate-management?tab=payout" },
    });

  const auditOf = (payoutId: string) =>
    db().selectFrom("audit_log").select(["action", "details", "actor_user_id"]).where("target_id", "=", payoutId).orderBy("at").orderBy("id").execute();

  it("refuses a request below the minimum or inside the hold", async () => {
    const affiliate = await affiliateWithPayable(10_000); // 20.00 of commission, the minimum is 50.00
    expect(await requestPayout(affiliate.ownerId, "money", db(), inDays(31))).toEqual({ kind: "refused", refusal: "below-minimum" });
    const big = await affiliateWithPayable();
    expect(await requestPayout(big.ownerId, "money")).toEqual({ kind: "refused", refusal: "below-minimum" });
    const notMember = await factories.tenantWithOwner();
    expect(await requestPayout(notMember.ownerId, "money")).toEqual({ kind: "refused", refusal: "not-approved" });
  });

  it("moves a money payout PENDING_APPROVAL → APPROVED_PENDING_PAYMENT → PAID, audited, and refuses an illegal move with a translated message", async () => {
    const affiliate = await affiliateWithPayable();
    const requested = await requestPayout(affiliate.ownerId, "money", db(), inDays(31));
    if (requested.kind !== "requested") throw new Error("not requested");
    expect(requested.amountCents).toBe(6000);

    const skip = unwrap(await move(requested.payoutId, "PAID"));
    expect(skip).toMatchObject({ status: 409, value: { refusal: "refusals.illegal-transition" } });
    expect(redirectLocation(await move(requested.payoutId, "APPROVED_PENDING_PAYMENT"))).toBe("/affiliate-management?tab=payout");
    expect(redirectLocation(await move(requested.payoutId, "PAID"))).toBe("/affiliate-management?tab=payout");
    const back = unwrap(await move(requested.payoutId, "REJECTED", "too late"));
    expect(back).toMatchObject({ status: 409, value: { refusal: "refusals.illegal-transition" } });

    const payout = await db().selectFrom("affiliate_payouts").selectAll().where("id", "=", requested.payoutId).executeTakeFirstOrThrow();
    expect(payout.state).toBe("PAID");
    expect(payout.approved_at).not.toBeNull();
    expect(payout.paid_at).not.toBeNull();
    const audit = await auditOf(requested.payoutId);
    expect(audit.map((row) => [row.action, JSON.parse(row.details).from, JSON.parse(row.details).to])).toEqual([
      ["payout.moved", "PENDING_APPROVAL", "APPROVED_PENDING_PAYMENT"],
      ["payout.moved", "APPROVED_PENDING_PAYMENT", "PAID"],
    ]);
    expect((await affiliateFigures(affiliate.affiliateId, inDays(31))).totals).toMatchObject({ paid: 6000, payable: 0, requested: 0 });
    // A money payout moves no balance.
    expect((await books(affiliate.tenantId)).entries.filter((e) => e.reference.startsWith("affiliate-payout:"))).toEqual([]);
  });

  it("rejects with a reason (required), releasing the commissions to be requested again", async () => {
    const affiliate = await affiliateWithPayable();
    const requested = await requestPayout(affiliate.ownerId, "money", db(), inDays(31));
    if (requested.kind !== "requested") throw new Error("not requested");
    expect(unwrap(await move(requested.payoutId, "REJECTED"))).toMatchObject({ status: 409, value: { refusal: "refusals.reason-required" } });
    expect(redirectLocation(await move(requested.payoutId, "REJECTED", "Bank details missing"))).toBe("/affiliate-management?tab=payout");
    const payout = await db().selectFrom("affiliate_payouts").selectAll().where("id", "=", requested.payoutId).executeTakeFirstOrThrow();
    expect(payout).toMatchObject({ state: "REJECTED", reason: "Bank details missing" });
    expect(JSON.parse((await auditOf(requested.payoutId))[0]!.details)).toMatchObject({
      from: "PENDING_APPROVAL",
      to: "REJECTED",
      reason: "Bank details missing",
    });
    expect((await affiliateFigures(affiliate.affiliateId, inDays(31))).totals).toMatchObject({ payable: 6000, requested: 0 });
  });

  it("credits a balance payout to the affiliate's ledger exactly once", async () => {
    const affiliate = await affiliateWithPayable();
    const before = (await books(affiliate.tenantId)).balance;
    const requested = await requestPayout(affiliate.ownerId, "balance", db(), inDays(31));
    if (requested.kind !== "requested") throw new Error("not requested");
    await movePayout({ userId: affiliate.ownerId }, requested.payoutId, "APPROVED_PENDING_PAYMENT", null);
    // Two admins pressing "Mark paid" at once: one move succeeds, the other is refused.
    const outcomes = await Promise.all([
      movePayout({ userId: affiliate.ownerId }, requested.payoutId, "PAID", null),
      movePayout({ userId: affiliate.ownerId }, requested.payoutId, "PAID", null),
    ]);
    expect(outcomes.filter((o) => o.kind === "moved")).toHaveLength(1);
    const after = await books(affiliate.tenantId);
    expect(after.balance - before).toBe(6000);
    expect(after.entries.filter((e) => e.reference === `affiliate-payout:${requested.payoutId}`)).toHaveLength(1);
  });

  it("exports the payout batch as CSV", async () => {
    const affiliate = await affiliateWithPayable();
    const requested = await requestPayout(affiliate.ownerId, "money", db(), inDays(31));
    if (requested.kind !== "requested") throw new Error("not requested");
    await movePayout({ userId: affiliate.ownerId }, requested.payoutId, "APPROVED_PENDING_PAYMENT", null);
    const response = (await callLoader(payoutCsv.loader, "/affiliate-management/payouts.csv?state=APPROVED_PENDING_PAYMENT", {
      cookie: superAdmin,
    })) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = await response.text();
    expect(text.split("\r\n")[0]).toContain('"Payout"');
    expect(text).toContain(`"${requested.payoutId}"`);
    expect(text).toContain('"60.00","USD"');
  });
});

describe("/affiliate-management: the super admin's alone", () => {
  it("anyone else is sent home from the page and refused its actions and export with 403, in English and German", async () => {
    const affiliate = await approvedAffiliate();
    for (const cookie of [affiliate.cookie, await sessionCookieFor("owner@demo.test"), await sessionCookieFor("agent@demo.test")]) {
      expect(redirectLocation(await callLoader(management.loader, "/affiliate-management", { cookie }))).toBe("/overview");
      expect(redirectLocation(await callLoader(payoutCsv.loader, "/affiliate-management/payouts.csv", { cookie }))).toBe("/overview");
      for (const language of ["en", "de"] as const) {
        const result = await callAction(management.action, "/affiliate-management", {
          cookie,
          language,
          form: { intent: "set-rate", affiliateId: affiliate.affiliateId, rate: "90" },
        });
        expect((result as Response).status).toBe(403);
        expect(await (result as Response).text()).toBe(FORBIDDEN[language]);
      }
    }
    expect((await getMembership(affiliate.ownerId))!.rate_bps).toBeNull();
  });

  it("lists the tabs' rows, sets a per-affiliate rate that applies to later invoices, and refuses a second decision", async () => {
    const applicant = await factories.tenantWithOwner();
    await callAction(affiliatesPage.action, "/affiliates", { cookie: applicant.cookie, form: { intent: "join" } });
    const approve = unwrap(await callLoader(management.loader, "/affiliate-management?tab=approve", { cookie: superAdmin })).value as {
      applicants: Array<{ email: string; id: string }>;
    };
    const row = approve.applicants.find((a) => a.email === applicant.email)!;
    expect(row).toBeDefined();
    expect(
      redirectLocation(await callAction(management.action, "/affiliate-management", { cookie: superAdmin, form: { intent: "reject", affiliateId: row.id } })),
    ).toBe("/affiliate-management");
    expect(
      unwrap(await callAction(management.action, "/affiliate-management", { cookie: superAdmin, form: { intent: "approve", affiliateId: row.id } })),
    ).toMatchObject({
      status: 409,
      value: { refusal: "refusals.already-decided" },
    });

    const affiliate = await approvedAffiliate();
    expect(
      unwrap(
        await callAction(management.action, "/affiliate-management", {
          cookie: superAdmin,
          form: { intent: "set-rate", affiliateId: affiliate.affiliateId, rate: "101" },
        }),
      ),
    ).toMatchObject({
      status: 400,
      value: { refusal: "refusals.invalid-rate" },
    });
    expect(
      redirectLocation(
        await callAction(management.action, "/affiliate-management", {
          cookie: superAdmin,
          form: { intent: "set-rate", affiliateId: affiliate.affiliateId, rate: "12,5" },
        }),
      ),
    ).toBe("/affiliate-management");
    expect((await getMembership(affiliate.ownerId))!.rate_bps).toBe(1250);
    const referred = await registerThroughForm(cookiesFrom(await visitLink(affiliate.code)), `rate-${newId().slice(0, 6)}@example.test`);
    await payInvoice(referred.tenantId, referred.userId, 10_000);
    expect((await commissionsOf(affiliate.affiliateId))[0]).toMatchObject({ rate_bps: 1250, amount_cents: 1250 });
    const manage = unwrap(await callLoader(management.loader, "/affiliate-management?tab=manage", { cookie: superAdmin })).value as {
      affiliates: Array<{ id: string; signUps: number }>;
    };
    expect(manage.affiliates.find((a) => a.id === affiliate.affiliateId)).toMatchObject({ signUps: 1 });
    const audit = await db().selectFrom("audit_log").select("action").where("target_id", "=", affiliate.affiliateId).orderBy("at").execute();
    expect(audit.map((a) => a.action)).toEqual(["affiliate.approved", "affiliate.rate-changed"]);
  });

  it("an agent (read-only role) reaches /affiliates and may join", async () => {
    const tenant = await factories.tenantWithOwner({ withAgent: true });
    const agent = tenant.agent!;
    expect(unwrap(await callLoader(affiliatesPage.loader, "/affiliates", { cookie: agent.cookie })).status).toBe(200);
    expect(redirectLocation(await callAction(affiliatesPage.action, "/affiliates", { cookie: agent.cookie, form: { intent: "join" } }))).toBe("/affiliates");
    expect((await getMembership(agent.userId))!.status).toBe("applied");
  });
});
