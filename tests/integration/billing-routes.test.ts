import type { ComponentType } from "react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { HISTORY_PAGE_SIZE } from "~/features/billing/history/history-params";
import { AUTO_TOPUP_MIN_AMOUNT_CENTS, AUTO_TOPUP_MIN_THRESHOLD_CENTS, TOPUP_MAX_CENTS, TOPUP_MIN_CENTS } from "~/features/billing/usage/limits";
import { proratedUpgradeCents } from "~/features/billing/plans/proration";
import { getActiveSubscription } from "~/features/tenants/plans.server";
import type { Language } from "~/i18n/config";
import { formatMoney } from "~/i18n/format";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { TranslationProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources.server";
import { Translator } from "~/i18n/translator";
import { popToast } from "~/lib/toast/toast.server";
import * as choosePlan from "~/routes/_auth+/choose-plan";
import * as dashboard from "~/routes/_dashboard+/_layout";
import * as addTopUp from "~/routes/_dashboard+/add-topup-balance";
import * as billing from "~/routes/_dashboard+/billing";
import * as invoicesPage from "~/routes/_dashboard+/invoices._index";
import * as subscriptionsHistory from "~/routes/_dashboard+/subscriptions-history";
import * as cardReturn from "~/routes/billing.cards.return";
import * as transactionsCsv from "~/routes/_files+/billing.transactions[.]csv";
import * as invoicePdf from "~/routes/_files+/invoices.$invoiceId[.]pdf";
import { BASE_URL, callAction, callLoader, cookiesFrom, makeRequest, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import { addCard, addTenantUser, billingTenant, books, postBalanceChange, setCurrentPeriod } from "../support/billing";
import { renderPage } from "../support/render-page";

/*
 * Billing's routes end to end through their loaders and actions, with the
 * built-in test-mode provider (no STRIPE_SECRET_KEY in tests): what each
 * screen shows the owner, what the read-only agent is refused, every form's
 * messages in English and German, Stripe's test cards through the card form,
 * the history's filters and CSV, invoices, plans, and tenant isolation.
 */

beforeAll(prepareTestDatabase);

const OWNER = "owner@demo.test";
const AGENT = "agent@demo.test";
const LANGUAGES: Language[] = ["en", "de"];

/* ---------- helpers ---------- */

interface Reply {
  intent?: string;
  cardId?: string;
  cardError?: string;
  submissionKey?: string;
  formErrors?: string[];
  plan?: string;
  result?: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null };
}

/** A refused form's status, reply, field errors (null-free) and echoed values. */
function refusal(result: unknown) {
  const { status, value } = unwrap(result);
  const reply = (value ?? {}) as Reply;
  const errors = Object.fromEntries(
    Object.entries(reply.result?.error ?? {}).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].length > 0),
  );
  return { status, reply, errors, values: reply.result?.initialValue ?? {} };
}

async function toastOf(result: unknown) {
  if (!(result instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(unwrap(result))}`);
  return (await popToast(makeRequest("/", { cookie: cookiesFrom(result) }))).toast;
}

const futureExpiry = () => `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`;
const newKey = () => crypto.randomUUID();

function postBilling(cookie: string, form: Record<string, string>, language?: Language) {
  return callAction(billing.action, "/billing", { cookie, form, language });
}

function topUpForm(cardId: string, amount: string, overrides: Record<string, string> = {}) {
  return { intent: "top-up", amount, paymentMethodId: cardId, submissionKey: newKey(), returnTo: "/billing?tab=top-up", ...overrides };
}

function addCardForm(number: string, overrides: Record<string, string> = {}) {
  return { intent: "add-card", number, expiry: futureExpiry(), cvc: "987", returnTo: "/billing?tab=payment-methods", ...overrides };
}

function autoTopupForm(overrides: Record<string, string> = {}) {
  return { intent: "auto-topup", enabled: "on", threshold: "20.00", amount: "50.00", cap: "500.00", returnTo: "/billing?tab=top-up", ...overrides };
}

/** Everything billing keeps about a tenant, for "nothing changed" assertions. */
async function tenantState(tenantId: string) {
  const db = getDb();
  const ledger = await books(tenantId);
  const [cards, subscriptions, events] = await Promise.all([
    db.selectFrom("payment_methods").selectAll().where("tenant_id", "=", tenantId).orderBy("id").execute(),
    db.selectFrom("subscriptions").selectAll().where("tenant_id", "=", tenantId).orderBy("id").execute(),
    db.selectFrom("billing_accounts").selectAll().where("tenant_id", "=", tenantId).execute(),
  ]);
  return { account: events[0], entries: ledger.entries, invoices: ledger.invoices, charges: ledger.charges, charged: ledger.charged, cards, subscriptions };
}

async function cardsOf(tenantId: string) {
  const rows = await getDb().selectFrom("payment_methods").select(["id", "priority", "last4"]).where("tenant_id", "=", tenantId).execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.priority]));
}

async function tenantOf(email: string) {
  const user = await getDb().selectFrom("users").select(["tenant_id"]).where("email", "=", email).executeTakeFirstOrThrow();
  return user.tenant_id;
}

type BillingData = Awaited<ReturnType<typeof billing.loader>>;
type BillingView = BillingData["view"];

async function billingView<Tab extends BillingView["tab"]>(cookie: string, tab: Tab, query = "", language?: Language) {
  const path = `/billing?tab=${tab}${query}`;
  const result = await callLoader(billing.loader, path, { cookie, language });
  const { status, value } = unwrap(result);
  expect(status).toBe(200);
  const data = value as BillingData;
  expect(data.view.tab).toBe(tab);
  return { data, view: data.view as Extract<BillingView, { tab: Tab }> };
}

/** Renders a route's component after a POST whose action replied `actionData`, as the page arrives without JavaScript. */
async function renderAfterPost(Component: ComponentType, loaderData: unknown, actionData: unknown, path: string, language: Language) {
  const url = new URL(path, BASE_URL);
  const handler = createStaticHandler([{ id: "page", path: url.pathname, loader: () => loaderData as object, action: () => actionData as object, Component }]);
  const context = await handler.query(new Request(url, { method: "POST", body: new URLSearchParams() }));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const translator = new Translator(language, resources[language]);
  return renderToStaticMarkup(
    createElement(
      TranslationProvider,
      { translator },
      createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
    ),
  );
}

/** The visible text (no-break spaces kept: German money is "10,00\u00a0$"). */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[ \t\r\n]+/g, " ");

/** RFC 4180 fields, every one quoted as the app writes them. */
function parseCsv(text: string, separator: string) {
  return text
    .split("\r\n")
    .filter(Boolean)
    .map((line) => {
      const cells: string[] = [];
      const pattern = new RegExp(`"((?:[^"]|"")*)"(?:${separator}|$)`, "gy");
      let match: RegExpExecArray | null;
      while ((match = pattern.exec(line))) {
        cells.push(match[1]!.replaceAll('""', '"'));
        if (pattern.lastIndex >= line.length) break;
      }
      return cells;
    });
}

/* ---------- the owner's screens ---------- */

describe("billing screens for the owner", () => {
  it("/billing opens on the overview with the plan, balance, auto top-up and latest invoices", async () => {
    const tenant = await billingTenant();
    const cookie = await tenant.cookie();
    expect(redirectLocation(await postBilling(cookie, topUpForm(tenant.cardIds[0]!, "60.00")))).toBe("/billing?tab=top-up");
    const result = await callLoader(billing.loader, "/billing", { cookie });
    const data = unwrap(result).value as BillingData;
    expect(data.view.tab).toBe("overview");
    const view = data.view as Extract<BillingView, { tab: "overview" }>;
    expect(data).toMatchObject({ title: "Billing", testMode: true, currency: "USD", balanceCents: 6000, canCreate: true, canUpdate: true, canDelete: true });
    expect(view.plan).toMatchObject({ name: "Starter", priceCents: 4900, status: "active" });
    expect(view.invoices.map((invoice) => [invoice.number, invoice.amount_cents])).toEqual([[1, 6000]]);
    expect(view).toMatchObject({ invoiceCount: 1, canChangePlan: true, confirmingCancel: false, autoTopup: { enabled: false } });
    // An unknown tab is the overview.
    expect((unwrap(await callLoader(billing.loader, "/billing?tab=nonsense", { cookie })).value as BillingData).view.tab).toBe("overview");
  });

  it("?tab=payment-methods lists the cards, primary first, and opens the add and remove dialogs by URL", async () => {
    const tenant = await billingTenant({ cards: ["4242424242424242", "5555555555554444"] });
    const cookie = await tenant.cookie();
    const { view } = await billingView(cookie, "payment-methods", `&add=card&remove=${tenant.cardIds[1]}`);
    expect(view.cards.map((card) => [card.id, card.last4, card.priority, card.expired])).toEqual([
      [tenant.cardIds[0], "4242", "primary", false],
      [tenant.cardIds[1], "4444", "backup", false],
    ]);
    expect(view).toMatchObject({ cardEntry: "form", adding: true, setupCancelled: false });
    expect(view.removing?.id).toBe(tenant.cardIds[1]);
    // Another tenant's card id in ?remove= opens nothing.
    const other = await billingTenant();
    expect((await billingView(cookie, "payment-methods", `&remove=${other.cardIds[0]}`)).view.removing).toBeNull();
  });

  it("?tab=top-up has the cards, the limits, the auto top-up settings and a fresh one-time key per load", async () => {
    const tenant = await billingTenant();
    const cookie = await tenant.cookie();
    const first = await billingView(cookie, "top-up");
    const second = await billingView(cookie, "top-up");
    expect(first.view.cards.map((card) => card.id)).toEqual(tenant.cardIds);
    expect(first.view.limits).toEqual({
      topUpMin: TOPUP_MIN_CENTS,
      topUpMax: TOPUP_MAX_CENTS,
      thresholdMin: AUTO_TOPUP_MIN_THRESHOLD_CENTS,
      autoAmountMin: AUTO_TOPUP_MIN_AMOUNT_CENTS,
      capMax: 10_000_000,
    });
    expect(first.view.submissionKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.view.submissionKey).not.toBe(second.view.submissionKey);
    expect(first.view.autoTopup).toMatchObject({ enabled: false });
  });

  it("?tab=billing-history lists the transactions newest first", async () => {
    const tenant = await billingTenant();
    const cookie = await tenant.cookie();
    await postBilling(cookie, topUpForm(tenant.cardIds[0]!, "25.00"));
    await postBalanceChange(tenant.tenantId, -1250);
    const { view } = await billingView(cookie, "billing-history");
    expect(view.items.map((item) => [item.kind, item.amount_cents, item.balance_after_cents])).toEqual([
      ["usage", -1250, 1250],
      ["topup", 2500, 2500],
    ]);
    expect(view).toMatchObject({ total: 2, pageCount: 1, params: { type: null, from: null, to: null, page: 1 } });
  });

  it("/add-topup-balance has the same forms as the top-up tab", async () => {
    const tenant = await billingTenant({ cards: ["4242424242424242", "5555555555554444"] });
    const result = await callLoader(addTopUp.loader, "/add-topup-balance", { cookie: await tenant.cookie() });
    const data = unwrap(result).value as Awaited<ReturnType<typeof addTopUp.loader>>;
    expect(unwrap(result).status).toBe(200);
    expect(data.title).toBe("Top up your balance");
    expect(data.cards.map((card) => card.id)).toEqual(tenant.cardIds);
    expect(data).toMatchObject({ canCreate: true, canUpdate: true, balanceCents: 0, limits: { topUpMin: 1000, topUpMax: 1_000_000 } });
    expect(data.submissionKey).toMatch(/^[0-9a-f-]{36}$/);
    const german = unwrap(await callLoader(addTopUp.loader, "/add-topup-balance", { cookie: await tenant.cookie(), language: "de" })).value as typeof data;
    expect(german.title).toBe((await getTranslatorFor("de", "billing"))("topUp.title"));
    expect(german.title).not.toBe(data.title);
  });

  it("/invoices lists every invoice newest first and /subscriptions-history the plans", async () => {
    const tenant = await billingTenant();
    const cookie = await tenant.cookie();
    for (const amount of ["10.00", "20.00", "30.00"]) await postBilling(cookie, topUpForm(tenant.cardIds[0]!, amount));
    const invoices = unwrap(await callLoader(invoicesPage.loader, "/invoices", { cookie })).value as Awaited<ReturnType<typeof invoicesPage.loader>>;
    expect(invoices.items.map((invoice) => [invoice.number, invoice.amount_cents])).toEqual([
      [3, 3000],
      [2, 2000],
      [1, 1000],
    ]);
    expect(invoices).toMatchObject({ title: "Invoices", total: 3, page: 1, pageCount: 1, testMode: true });
    const html = textOf(await renderPage(invoicesPage.default, invoices, "/invoices", "de"));
    expect(html).toContain((await getTranslatorFor("de", "billing"))("invoices.title"));
    expect(html).toContain(formatMoney(3000, "USD", "de"));

    const history = unwrap(await callLoader(subscriptionsHistory.loader, "/subscriptions-history", { cookie })).value as Awaited<
      ReturnType<typeof subscriptionsHistory.loader>
    >;
    expect(history.items.map((row) => [row.plan_name, row.status])).toEqual([["Starter", "active"]]);
  });

  it("/subscriptions-history shows the subscriptions newest first, however they were inserted", async () => {
    const tenant = await billingTenant({ plan: null, cards: [] });
    const db = getDb();
    const plans = Object.fromEntries((await db.selectFrom("plans").select(["id", "key"]).execute()).map((plan) => [plan.key, plan.id]));
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();
    // Inserted out of order: the middle one first, the oldest last.
    const rows = [
      { plan: "growth", status: "cancelled" as const, started: day(-60), ends: day(-30) },
      { plan: "scale", status: "active" as const, started: day(-30), ends: null },
      { plan: "starter", status: "lapsed" as const, started: day(-120), ends: day(-60) },
    ];
    for (const row of rows) {
      await db
        .insertInto("subscriptions")
        .values({
          id: crypto.randomUUID(),
          tenant_id: tenant.tenantId,
          plan_id: plans[row.plan]!,
          status: row.status,
          started_at: row.started,
          ends_at: row.ends,
          created_at: row.started,
          updated_at: row.started,
          current_period_start: row.started,
          current_period_end: day(1),
        })
        .execute();
    }
    const cookie = await tenant.cookie();
    const data = unwrap(await callLoader(subscriptionsHistory.loader, "/subscriptions-history", { cookie })).value as Awaited<
      ReturnType<typeof subscriptionsHistory.loader>
    >;
    expect(data.items.map((row) => [row.plan_name, row.status])).toEqual([
      ["Scale", "active"],
      ["Growth", "cancelled"],
      ["Starter", "lapsed"],
    ]);
    for (const language of LANGUAGES) {
      const t = await getTranslatorFor(language, "billing");
      const html = textOf(await renderPage(subscriptionsHistory.default, data, "/subscriptions-history", language));
      const order = ["Scale", "Growth", "Starter"].map((name) => html.indexOf(name));
      expect(order.every((at, index) => at >= 0 && (index === 0 || at > order[index - 1]!))).toBe(true);
      for (const status of ["active", "cancelled", "lapsed"]) expect(html).toContain(t(`status.${status}`));
      expect(html).toContain(t("subscriptions.ongoing"));
    }
  });

  it("renders the top-up tab in German with German money and labels", async () => {
    const tenant = await billingTenant();
    const { data } = await billingView(await tenant.cookie(), "top-up", "", "de");
    const t = await getTranslatorFor("de", "billing");
    expect(data.title).toBe(t("title"));
    const html = await renderPage(billing.default, data, "/billing?tab=top-up", "de");
    expect(textOf(html)).toContain(t("topUp.title"));
    expect(textOf(html)).toContain(t("topUp.amountHint", { min: formatMoney(TOPUP_MIN_CENTS, "USD", "de"), max: formatMoney(TOPUP_MAX_CENTS, "USD", "de") }));
    expect(html).toContain('value="50,00"');
  });
});

/* ---------- the agent ---------- */

describe("the read-only agent", () => {
  let agent: string;
  let demoTenant: string;
  let demoCards: string[];
  let demoInvoice: string;

  beforeAll(async () => {
    agent = await sessionCookieFor(AGENT);
    demoTenant = await tenantOf(AGENT);
    expect(demoTenant).toBe(await tenantOf(OWNER));
    demoCards = (await getDb().selectFrom("payment_methods").select(["id"]).where("tenant_id", "=", demoTenant).orderBy("priority").execute()).map(
      (row) => row.id,
    );
    demoInvoice = (await getDb().selectFrom("invoices").select(["id"]).where("tenant_id", "=", demoTenant).executeTakeFirstOrThrow()).id;
    expect(demoCards.length).toBeGreaterThanOrEqual(2);
  });

  const pages: Array<[string, (args: never) => unknown]> = [
    ["/billing", billing.loader as never],
    ["/billing?tab=payment-methods", billing.loader as never],
    ["/billing?tab=top-up", billing.loader as never],
    ["/billing?tab=billing-history", billing.loader as never],
    ["/add-topup-balance", addTopUp.loader as never],
    ["/invoices", invoicesPage.loader as never],
    ["/subscriptions-history", subscriptionsHistory.loader as never],
  ];

  it.each(pages)("is sent from %s to /overview with a translated 'no access' toast", async (path, loader) => {
    for (const language of LANGUAGES) {
      const result = await callLoader(loader as Parameters<typeof callLoader>[0], path, { cookie: agent, language });
      expect(redirectLocation(result)).toBe("/overview");
      expect(await toastOf(result)).toEqual({ type: "error", key: "errors.noAccess" });
    }
    const t = await getTranslatorFor("de", "common");
    expect(t("errors.noAccess")).not.toBe("errors.noAccess");
  });

  it("gets no CSV and no invoice PDF", async () => {
    const csv = await callLoader(transactionsCsv.loader, "/billing/transactions.csv", { cookie: agent });
    expect(redirectLocation(csv)).toBe("/overview");
    expect((csv as Response).headers.get("Content-Type") ?? "").not.toMatch(/csv/);
    const pdf = await callLoader(invoicePdf.loader, `/invoices/${demoInvoice}.pdf`, { cookie: agent, params: { invoiceId: demoInvoice } });
    expect(redirectLocation(pdf)).toBe("/overview");
    expect((pdf as Response).headers.get("Content-Type") ?? "").not.toMatch(/pdf/);
  });

  it("is refused the card-return route with 403 and nothing is saved", async () => {
    const before = await tenantState(demoTenant);
    const result = await callLoader(cardReturn.loader, "/billing/cards/return?session_id=cs_test_x&returnTo=/billing", { cookie: agent });
    expect(unwrap(result).status).toBe(403);
    expect(await tenantState(demoTenant)).toEqual(before);
  });

  it("is answered 403 (translated) for every billing intent on every billing action, and nothing changes", async () => {
    const [primary, backup] = demoCards as [string, string];
    const intents: Array<[string, (args: never) => unknown, string, Record<string, string>]> = [
      ["/billing", billing.action as never, "add-card", addCardForm("4242424242424242")],
      ["/billing", billing.action as never, "start-card-setup", { intent: "start-card-setup" }],
      ["/billing", billing.action as never, "make-primary", { intent: "make-primary", cardId: backup }],
      ["/billing", billing.action as never, "make-backup", { intent: "make-backup", cardId: primary }],
      ["/billing", billing.action as never, "remove-card", { intent: "remove-card", cardId: primary }],
      ["/billing", billing.action as never, "top-up", topUpForm(primary, "50.00")],
      ["/billing", billing.action as never, "auto-topup", autoTopupForm({ enabled: "", threshold: "10.00", amount: "50.00", cap: "60.00" })],
      ["/billing", billing.action as never, "cancel-plan", { intent: "cancel-plan" }],
      ["/billing", billing.action as never, "resume-plan", { intent: "resume-plan" }],
      ["/add-topup-balance", addTopUp.action as never, "top-up", topUpForm(primary, "50.00")],
      ["/add-topup-balance", addTopUp.action as never, "auto-topup", autoTopupForm({ enabled: "" })],
      ["/choose-plan", choosePlan.action as never, "choose", { intent: "choose", plan: "scale", submissionKey: newKey() }],
      ["/choose-plan", choosePlan.action as never, "add-card", addCardForm("5555555555554444")],
    ];
    const before = await tenantState(demoTenant);
    for (const [path, action, intent, form] of intents) {
      for (const language of LANGUAGES) {
        const result = await callAction(action as Parameters<typeof callAction>[0], path, { cookie: agent, form, language });
        expect([path, intent, unwrap(result).status]).toEqual([path, intent, 403]);
        expect(await (result as Response).text()).toBe((await getTranslatorFor(language, "common"))("errors.forbidden"));
      }
    }
    expect(await tenantState(demoTenant)).toEqual(before);
  });

  it("an owner without a plan is sent to /choose-plan from every billing screen and action", async () => {
    const tenant = await billingTenant({ plan: null });
    const cookie = await tenant.cookie();
    for (const [path, loader] of pages)
      expect(redirectLocation(await callLoader(loader as Parameters<typeof callLoader>[0], path, { cookie }))).toBe("/choose-plan");
    const before = await tenantState(tenant.tenantId);
    expect(redirectLocation(await postBilling(cookie, topUpForm(tenant.cardIds[0]!, "50.00")))).toBe("/choose-plan");
    expect(await tenantState(tenant.tenantId)).toEqual(before);
  });

  it("may look at /choose-plan but not choose", async () => {
    const data = unwrap(await callLoader(choosePlan.loader, "/choose-plan", { cookie: agent })).value as Awaited<ReturnType<typeof choosePlan.loader>>;
    expect(data).toMatchObject({ canChoose: false, primaryCard: null, canManageCards: false });
  });
});

/* ---------- the top-up form ---------- */

describe("the top-up form's messages", () => {
  let tenant: Awaited<ReturnType<typeof billingTenant>>;
  let cookie: string;
  let stranger: Awaited<ReturnType<typeof billingTenant>>;

  beforeAll(async () => {
    tenant = await billingTenant();
    cookie = await tenant.cookie();
    stranger = await billingTenant();
  });

  const cases: Array<[label: string, language: Language, amount: string, card: "mine" | "none" | "theirs", field: string, key: string]> = [
    ["empty amount", "en", "", "mine", "amount", "validation.amountRequired"],
    ["empty amount", "de", "", "mine", "amount", "validation.amountRequired"],
    ["blank amount", "en", "   ", "mine", "amount", "validation.amountRequired"],
    ["letters", "en", "abc", "mine", "amount", "validation.amountInvalid"],
    ["letters", "de", "abc", "mine", "amount", "validation.amountInvalid"],
    ["three decimals", "en", "50.001", "mine", "amount", "validation.amountTooPrecise"],
    ["three decimals", "de", "50,001", "mine", "amount", "validation.amountTooPrecise"],
    ["below the minimum", "en", "9.99", "mine", "amount", "validation.amountTooSmall"],
    ["below the minimum", "de", "9,99", "mine", "amount", "validation.amountTooSmall"],
    ["above the maximum", "en", "10,000.01", "mine", "amount", "validation.amountTooLarge"],
    ["above the maximum", "de", "10.000,01", "mine", "amount", "validation.amountTooLarge"],
    // In German "50.001" is fifty thousand and one: grouping, not decimals.
    ["a German thousands mark", "de", "50.001", "mine", "amount", "validation.amountTooLarge"],
    ["no card", "en", "50.00", "none", "paymentMethodId", "validation.cardRequired"],
    ["no card", "de", "50,00", "none", "paymentMethodId", "validation.cardRequired"],
    ["another tenant's card", "en", "50.00", "theirs", "paymentMethodId", "validation.cardUnknown"],
    ["another tenant's card", "de", "50,00", "theirs", "paymentMethodId", "validation.cardUnknown"],
  ];

  it.each(cases)("%s (%s: %j, card: %s) → %s %s, nothing charged", async (_label, language, amount, card, field, key) => {
    const before = await tenantState(tenant.tenantId);
    const theirsBefore = await tenantState(stranger.tenantId);
    const cardId = card === "mine" ? tenant.cardIds[0]! : card === "theirs" ? stranger.cardIds[0]! : "";
    const result = await postBilling(cookie, topUpForm(cardId, amount), language);
    const { status, reply, errors } = refusal(result);
    expect(status).toBe(400);
    expect(reply.intent).toBe("top-up");
    expect(errors).toEqual({ [field]: [key] });
    expect(await tenantState(tenant.tenantId)).toEqual(before);
    expect(await tenantState(stranger.tenantId)).toEqual(theirsBefore);
  });

  it("every message exists in both languages, with the limits in each language's money format", async () => {
    const keys = ["amountRequired", "amountInvalid", "amountTooPrecise", "amountTooSmall", "amountTooLarge", "cardRequired", "cardUnknown"];
    for (const language of LANGUAGES) {
      const t = await getTranslatorFor(language, "billing");
      const values = { min: formatMoney(TOPUP_MIN_CENTS, "USD", language), max: formatMoney(TOPUP_MAX_CENTS, "USD", language) };
      for (const key of keys) {
        const text = t(`validation.${key}`, values);
        expect(text, `${language} validation.${key}`).not.toBe(`validation.${key}`);
        expect(text).not.toContain("{{");
      }
      expect(t("validation.amountTooSmall", values)).toContain(values.min);
      expect(t("validation.amountTooLarge", values)).toContain(values.max);
    }
    expect(formatMoney(TOPUP_MIN_CENTS, "USD", "en")).toBe("$10.00");
    expect(formatMoney(TOPUP_MIN_CENTS, "USD", "de")).toMatch(/^10,00\s\$$/);
    expect(formatMoney(TOPUP_MAX_CENTS, "USD", "de")).toMatch(/^10\.000,00\s\$$/);
  });

  it("the page shows the refusal's message at the field, with the minimum and maximum formatted per language", async () => {
    for (const language of LANGUAGES) {
      const t = await getTranslatorFor(language, "billing");
      const { data } = await billingView(cookie, "top-up", "", language);
      for (const [amount, key, value] of [
        [language === "de" ? "9,99" : "9.99", "amountTooSmall", { min: formatMoney(TOPUP_MIN_CENTS, "USD", language) }],
        [language === "de" ? "10.000,01" : "10000.01", "amountTooLarge", { max: formatMoney(TOPUP_MAX_CENTS, "USD", language) }],
      ] as const) {
        const reply = unwrap(await postBilling(cookie, topUpForm(tenant.cardIds[0]!, amount), language)).value;
        const html = await renderAfterPost(billing.default, data, reply, "/billing?tab=top-up", language);
        expect(textOf(html)).toContain(t(`validation.${key}`, value));
        // The amount typed is shown back as typed.
        expect(html).toContain(`value="${amount}"`);
      }
    }
  });

  it("reads a German decimal comma: 50,50 is 5050 cents", async () => {
    const { tenantId, cardIds, cookie: cookieOf } = await billingTenant();
    const result = await postBilling(await cookieOf(), topUpForm(cardIds[0]!, "50,50"), "de");
    expect(redirectLocation(result)).toBe("/billing?tab=top-up");
    expect(await toastOf(result)).toEqual({ type: "success", key: "billing:topUp.done", values: { amount: formatMoney(5050, "USD", "de"), number: 1 } });
    const after = await books(tenantId);
    expect([after.balance, after.charged]).toEqual([5050, [5050]]);
    // A dot followed by one or two digits is read as the decimal mark in German too; with three it groups.
    expect(redirectLocation(await postBilling(await cookieOf(), topUpForm(cardIds[0]!, "20.5"), "de"))).toBe("/billing?tab=top-up");
    expect(redirectLocation(await postBilling(await cookieOf(), topUpForm(cardIds[0]!, "1.000"), "de"))).toBe("/billing?tab=top-up");
    expect((await books(tenantId)).charged.sort((x, y) => x - y)).toEqual([2050, 5050, 100_000]);
  });
});

describe("a top-up", () => {
  it("redirects with the toast, raises the balance and writes the invoice", async () => {
    const tenant = await billingTenant();
    const result = await postBilling(await tenant.cookie(), topUpForm(tenant.cardIds[0]!, "75.25"));
    expect(redirectLocation(result)).toBe("/billing?tab=top-up");
    expect(await toastOf(result)).toEqual({ type: "success", key: "billing:topUp.done", values: { amount: "$75.25", number: 1 } });
    const after = await books(tenant.tenantId);
    expect(after.balance).toBe(7525);
    expect(after.ledgerSum).toBe(7525);
    expect(after.invoices.map((invoice) => [invoice.number, invoice.amount_cents, invoice.status, invoice.card_last4])).toEqual([[1, 7525, "paid", "4242"]]);
    expect(after.charged).toEqual([7525]);
    for (const language of LANGUAGES) {
      const text = (await getTranslatorFor(language, "billing"))("topUp.done", { amount: formatMoney(7525, "USD", language), number: 1 });
      expect(text).toContain(formatMoney(7525, "USD", language));
      expect(text).not.toContain("{{");
    }
  });

  it("from /add-topup-balance returns there, and returnTo cannot leave the site", async () => {
    const tenant = await billingTenant();
    const cookie = await tenant.cookie();
    const here = await callAction(addTopUp.action, "/add-topup-balance", {
      cookie,
      form: topUpForm(tenant.cardIds[0]!, "20.00", { returnTo: "/add-topup-balance" }),
    });
    expect(redirectLocation(here)).toBe("/add-topup-balance");
    const away = await callAction(addTopUp.action, "/add-topup-balance", {
      cookie,
      form: topUpForm(tenant.cardIds[0]!, "20.00", { returnTo: "https://evil.example/steal" }),
    });
    expect(redirectLocation(away)).toBe("/add-topup-balance");
    expect((await books(tenant.tenantId)).balance).toBe(4000);
  });

  it("sent twice with the same key, one after the other, is one charge and both answers are the success", async () => {
    const tenant = await billingTenant();
    const cookie = await tenant.cookie();
    const form = topUpForm(tenant.cardIds[0]!, "40.00");
    const first = await postBilling(cookie, form);
    const second = await postBilling(cookie, form);
    for (const result of [first, second]) {
      expect(redirectLocation(result)).toBe("/billing?tab=top-up");
      expect(await toastOf(result)).toMatchObject({ type: "success", key: "billing:topUp.done", values: { number: 1 } });
    }
    const after = await books(tenant.tenantId);
    expect([after.charges.length, after.charged, after.balance, after.invoices.length]).toEqual([1, [4000], 4000, 1]);
  });

  it("sent twice at once with the same key is one charge, and neither answer is a failure", async () => {
    const tenant = await billingTenant();
    const cookie = await tenant.cookie();
    const form = topUpForm(tenant.cardIds[0]!, "45.00");
    const results = await Promise.all([postBilling(cookie, form), postBilling(cookie, form)]);
    const after = await books(tenant.tenantId);
    expect([after.charges.length, after.charged, after.balance, after.invoices.length]).toEqual([1, [4500], 4500, 1]);
    expect(results.some((result) => redirectLocation(result) === "/billing?tab=top-up")).toBe(true);
    for (const result of results) {
      if (redirectLocation(result)) continue;
      // The only other acceptable answer: "not confirmed yet", handing back the same key so a retry is the same top-up.
      expect(refusal(result)).toMatchObject({ status: 202, reply: { cardError: "network_error", submissionKey: form.submissionKey } });
    }
  });

  // BUG (reported): the second of two simultaneous submissions finds the first one's charge still `pending`
  // (its provider call is under way) and answers 202 "the payment provider did not answer, do not pay again",
  // although the top-up succeeds a moment later. A double click shows the browser that second answer.
  // Remove `.fails` once the action waits for the other request's outcome.
  it("sent twice at once with the same key, both answers are the success", async () => {
    const tenant = await billingTenant();
    const cookie = await tenant.cookie();
    const form = topUpForm(tenant.cardIds[0]!, "45.00");
    const results = await Promise.all([postBilling(cookie, form), postBilling(cookie, form)]);
    expect(results.map((result) => [unwrap(result).status, redirectLocation(result), refusal(result).reply.cardError])).toEqual([
      [302, "/billing?tab=top-up", undefined],
      [302, "/billing?tab=top-up", undefined],
    ]);
  });
});

/* ---------- Stripe's test cards through the card form ---------- */

describe("the add-card form with Stripe's test cards", () => {
  it("4242 4242 4242 4242 is saved as the primary card, with the toast", async () => {
    const tenant = await billingTenant({ cards: [] });
    const result = await postBilling(await tenant.cookie(), addCardForm("4242 4242 4242 4242"));
    expect(redirectLocation(result)).toBe("/billing?tab=payment-methods");
    expect(await toastOf(result)).toEqual({ type: "success", key: "billing:toast.cardAdded", values: { last4: "4242" } });
    const cards = await getDb().selectFrom("payment_methods").selectAll().where("tenant_id", "=", tenant.tenantId).execute();
    expect(cards.map((card) => [card.brand, card.last4, card.priority, card.exp_month, card.exp_year])).toEqual([
      ["visa", "4242", "primary", 12, new Date().getUTCFullYear() + 3],
    ]);
    expect(JSON.stringify(cards)).not.toContain("4242424242424242");
  });

  const declines: Array<[number: string, code: string, field: string | null]> = [
    ["4000000000000002", "card_declined", null],
    ["4000000000009995", "insufficient_funds", null],
    ["4000000000000069", "expired_card", "expiry"],
    ["4000000000000127", "incorrect_cvc", "cvc"],
    ["4000000000000119", "processing_error", null],
    ["4242424242424241", "incorrect_number", "number"],
  ];

  it.each(declines)("%s → 402 %s, at the field %s, nothing saved, number and CVC not echoed", async (number, code, field) => {
    const tenant = await billingTenant({ cards: [] });
    const result = await postBilling(await tenant.cookie(), addCardForm(number, { cvc: "987" }));
    const { status, reply, errors, values } = refusal(result);
    expect(status).toBe(402);
    expect(reply).toMatchObject({ intent: "add-card", cardError: code });
    expect(errors).toEqual(field ? { [field]: [`cardErrors.${code}.message`] } : {});
    expect(values).not.toHaveProperty("number");
    expect(values).not.toHaveProperty("cvc");
    expect(JSON.stringify(reply)).not.toContain(number);
    expect(JSON.stringify(reply)).not.toContain("987");
    expect(await cardsOf(tenant.tenantId)).toEqual({});
    for (const language of LANGUAGES) {
      const t = await getTranslatorFor(language, "billing");
      expect(t(`cardErrors.${code}.message`)).not.toBe(`cardErrors.${code}.message`);
      expect(t(`cardErrors.${code}.next`)).not.toBe(`cardErrors.${code}.next`);
    }
  });

  it("a card that is not a test card (4111 1111 1111 1111) → validation.onlyTestCards at the number", async () => {
    const tenant = await billingTenant({ cards: [] });
    const { status, errors, reply } = refusal(await postBilling(await tenant.cookie(), addCardForm("4111 1111 1111 1111"), "de"));
    expect(status).toBe(402);
    expect(errors).toEqual({ number: ["validation.onlyTestCards"] });
    expect(JSON.stringify(reply)).not.toMatch(/4111/);
    expect((await getTranslatorFor("de", "billing"))("validation.onlyTestCards")).toContain("4242 4242 4242 4242");
    expect(await cardsOf(tenant.tenantId)).toEqual({});
  });

  const badFields: Array<[label: string, overrides: Record<string, string>, field: string, key: string]> = [
    ["month 13", { expiry: "13/30" }, "expiry", "validation.expiryInvalid"],
    ["letters for the expiry", { expiry: "abc" }, "expiry", "validation.expiryInvalid"],
    ["no expiry", { expiry: "" }, "expiry", "validation.expiryRequired"],
    ["month 0", { expiry: "00/30" }, "expiry", "validation.expiryInvalid"],
    ["no CVC", { cvc: "" }, "cvc", "validation.cvcRequired"],
    ["a two-digit CVC", { cvc: "12" }, "cvc", "validation.cvcInvalid"],
    ["letters for the CVC", { cvc: "abc" }, "cvc", "validation.cvcInvalid"],
    ["no number", { number: "" }, "number", "validation.numberRequired"],
    ["a short number", { number: "4242 4242" }, "number", "validation.numberInvalid"],
  ];

  it.each(badFields)("%s → %s %s, number and CVC not echoed", async (_label, overrides, field, key) => {
    const tenant = await billingTenant({ cards: [] });
    const { status, errors, values, reply } = refusal(await postBilling(await tenant.cookie(), addCardForm("4242424242424242", { cvc: "987", ...overrides })));
    expect(status).toBe(400);
    expect(errors).toEqual({ [field]: [key] });
    expect(values).not.toHaveProperty("number");
    expect(values).not.toHaveProperty("cvc");
    expect(JSON.stringify(reply)).not.toContain("4242424242424242");
    for (const language of LANGUAGES) expect((await getTranslatorFor(language, "billing"))(key)).not.toBe(key);
    expect(await cardsOf(tenant.tenantId)).toEqual({});
  });

  it("an expiry in the past is the provider's expired card, at the expiry field", async () => {
    const tenant = await billingTenant({ cards: [] });
    const { status, errors, reply } = refusal(await postBilling(await tenant.cookie(), addCardForm("4242424242424242", { expiry: "01/20" })));
    expect(status).toBe(402);
    expect(reply.cardError).toBe("expired_card");
    expect(errors).toEqual({ expiry: ["cardErrors.expired_card.message"] });
  });

  it.each([
    ["4000000000000341", "card_declined"],
    ["4000002760003184", "authentication_required"],
  ])("%s is saved, and a top-up with it → 402 %s with nothing credited", async (number, code) => {
    const tenant = await billingTenant({ cards: [] });
    const cookie = await tenant.cookie();
    expect(redirectLocation(await postBilling(cookie, addCardForm(number)))).toBe("/billing?tab=payment-methods");
    const [card] = Object.keys(await cardsOf(tenant.tenantId));
    const { status, reply, errors } = refusal(await postBilling(cookie, topUpForm(card!, "50.00")));
    expect(status).toBe(402);
    expect(reply).toMatchObject({ intent: "top-up", cardError: code });
    expect(reply.submissionKey).toBeUndefined();
    expect(errors).toEqual({});
    const after = await books(tenant.tenantId);
    expect([after.balance, after.entries.length, after.invoices.length, after.charged.length]).toEqual([0, 0, 0, 0]);
    expect(after.charges.map((charge) => [charge.status, charge.failure_code])).toEqual([["failed", code]]);
  });

  it("429.00 is the provider's rate limit: 402 rate_limited, nothing charged", async () => {
    const tenant = await billingTenant();
    const { status, reply } = refusal(await postBilling(await tenant.cookie(), topUpForm(tenant.cardIds[0]!, "429.00")));
    expect([status, reply.cardError]).toEqual([402, "rate_limited"]);
    const after = await books(tenant.tenantId);
    expect([after.balance, after.charged.length, after.invoices.length]).toEqual([0, 0, 0]);
  });

  it("503.00 is a network error: 202 with the same key handed back, and sending it again makes no second charge", async () => {
    const tenant = await billingTenant();
    const cookie = await tenant.cookie();
    const form = topUpForm(tenant.cardIds[0]!, "503.00");
    const first = refusal(await postBilling(cookie, form));
    expect(first.status).toBe(202);
    expect(first.reply).toMatchObject({ intent: "top-up", cardError: "network_error", submissionKey: form.submissionKey });
    // The page would send the key it was handed back.
    const again = refusal(await postBilling(cookie, { ...form, submissionKey: first.reply.submissionKey! }));
    expect(again.status).toBe(202);
    expect(again.reply).toMatchObject({ cardError: "network_error", submissionKey: form.submissionKey });
    const after = await books(tenant.tenantId);
    expect(after.charges.map((charge) => charge.status)).toEqual(["pending"]);
    expect([after.balance, after.charged.length]).toEqual([0, 0]);
    // The page tells the user not to pay again, in both languages.
    for (const language of LANGUAGES) {
      const { data } = await billingView(cookie, "top-up", "", language);
      const html = await renderAfterPost(billing.default, data, unwrap(await postBilling(cookie, form, language)).value, "/billing?tab=top-up", language);
      expect(textOf(html)).toContain((await getTranslatorFor(language, "billing"))("topUp.pending"));
      expect(html).toContain(`value="${form.submissionKey}"`);
    }
  });
});

/* ---------- payment methods ---------- */

describe("payment methods", () => {
  it("make-primary swaps primary and backup; make-backup moves the backup role", async () => {
    const tenant = await billingTenant({ cards: ["4242424242424242", "5555555555554444", "378282246310005"] });
    const [a, b, c] = tenant.cardIds as [string, string, string];
    const cookie = await tenant.cookie();
    expect(await cardsOf(tenant.tenantId)).toEqual({ [a]: "primary", [b]: "backup", [c]: null });

    const primary = await postBilling(cookie, { intent: "make-primary", cardId: b, returnTo: "/billing?tab=payment-methods" });
    expect(redirectLocation(primary)).toBe("/billing?tab=payment-methods");
    expect(await toastOf(primary)).toEqual({ type: "success", key: "billing:toast.primarySet" });
    expect(await cardsOf(tenant.tenantId)).toEqual({ [a]: "backup", [b]: "primary", [c]: null });

    const backup = await postBilling(cookie, { intent: "make-backup", cardId: c, returnTo: "/billing?tab=payment-methods" });
    expect(await toastOf(backup)).toEqual({ type: "success", key: "billing:toast.backupSet" });
    expect(await cardsOf(tenant.tenantId)).toEqual({ [a]: null, [b]: "primary", [c]: "backup" });

    // A card with no role made primary keeps the backup as it is; the old primary steps down.
    await postBilling(cookie, { intent: "make-primary", cardId: a });
    expect(await cardsOf(tenant.tenantId)).toEqual({ [a]: "primary", [b]: null, [c]: "backup" });

    const refused = refusal(await postBilling(cookie, { intent: "make-backup", cardId: a }));
    expect(refused.status).toBe(409);
    expect(refused.reply.result?.error?.[""]).toEqual(["validation.primaryCannotBeBackup"]);
    expect(await cardsOf(tenant.tenantId)).toEqual({ [a]: "primary", [b]: null, [c]: "backup" });
  });

  it("removing the last card is refused with 409 validation.lastCard, in words in both languages", async () => {
    const tenant = await billingTenant();
    const { status, reply } = refusal(await postBilling(await tenant.cookie(), { intent: "remove-card", cardId: tenant.cardIds[0]! }));
    expect(status).toBe(409);
    expect(reply).toMatchObject({ intent: "remove-card", cardId: tenant.cardIds[0] });
    expect(reply.result?.error?.[""]).toEqual(["validation.lastCard"]);
    expect((await getTranslatorFor("en", "billing"))("validation.lastCard")).toBe("You must keep at least one payment method.");
    expect((await getTranslatorFor("de", "billing"))("validation.lastCard")).toBe("Sie müssen mindestens eine Zahlungsmethode behalten.");
    expect(await cardsOf(tenant.tenantId)).toEqual({ [tenant.cardIds[0]!]: "primary" });
  });

  it("removing the primary hands over to the backup", async () => {
    const tenant = await billingTenant({ cards: ["4242424242424242", "5555555555554444", "378282246310005"] });
    const [a, b, c] = tenant.cardIds as [string, string, string];
    const result = await postBilling(await tenant.cookie(), { intent: "remove-card", cardId: a, returnTo: "/billing?tab=payment-methods" });
    expect(redirectLocation(result)).toBe("/billing?tab=payment-methods");
    expect(await toastOf(result)).toEqual({ type: "success", key: "billing:toast.cardRemoved" });
    expect(await cardsOf(tenant.tenantId)).toEqual({ [b]: "primary", [c]: null });
  });

  it.each(["make-primary", "make-backup", "remove-card"])("%s with another tenant's card id is a 404 refusal and changes nothing anywhere", async (intent) => {
    const mine = await billingTenant({ cards: ["4242424242424242", "5555555555554444"] });
    const theirs = await billingTenant({ cards: ["4242424242424242", "5555555555554444"] });
    const [before, theirsBefore] = [await tenantState(mine.tenantId), await tenantState(theirs.tenantId)];
    for (const cardId of theirs.cardIds) {
      const { status, reply } = refusal(await postBilling(await mine.cookie(), { intent, cardId }));
      expect(status).toBe(404);
      expect(reply.result?.error?.[""]).toEqual(["validation.cardNotFound"]);
    }
    expect(await tenantState(mine.tenantId)).toEqual(before);
    expect(await tenantState(theirs.tenantId)).toEqual(theirsBefore);
  });

  it("an unknown intent is a 400, not a change", async () => {
    const tenant = await billingTenant();
    const result = await postBilling(await tenant.cookie(), { intent: "drop-table", cardId: tenant.cardIds[0]! });
    expect(unwrap(result).status).toBe(400);
  });
});

/* ---------- auto top-up ---------- */

describe("the auto top-up form", () => {
  const cases: Array<[label: string, language: Language, overrides: Record<string, string>, field: string, key: string, values: Record<string, string>]> = [
    ["threshold 9.99", "en", { threshold: "9.99" }, "threshold", "validation.thresholdTooSmall", { min: "$10.00" }],
    [
      "threshold 9,99",
      "de",
      { threshold: "9,99", amount: "50,00", cap: "500,00" },
      "threshold",
      "validation.thresholdTooSmall",
      { min: formatMoney(1000, "USD", "de") },
    ],
    ["amount 49.99", "en", { amount: "49.99" }, "amount", "validation.autoAmountTooSmall", { min: "$50.00" }],
    [
      "amount 49,99",
      "de",
      { threshold: "20,00", amount: "49,99", cap: "500,00" },
      "amount",
      "validation.autoAmountTooSmall",
      { min: formatMoney(5000, "USD", "de") },
    ],
    ["a cap below the amount", "en", { amount: "100.00", cap: "60.00" }, "cap", "validation.capTooSmall", {}],
    ["a cap below the amount", "de", { threshold: "20,00", amount: "100,00", cap: "60,00" }, "cap", "validation.capTooSmall", {}],
    ["a cap above the maximum", "en", { cap: "100,000.01" }, "cap", "validation.capTooLarge", { max: "$100,000.00" }],
  ];

  it.each(cases)("%s (%s) → %s %s, nothing saved", async (_label, language, overrides, field, key, values) => {
    const tenant = await billingTenant();
    const before = await tenantState(tenant.tenantId);
    const { status, reply, errors } = refusal(await postBilling(await tenant.cookie(), autoTopupForm(overrides), language));
    expect(status).toBe(400);
    expect(reply.intent).toBe("auto-topup");
    expect(errors).toEqual({ [field]: [key] });
    expect(await tenantState(tenant.tenantId)).toEqual(before);
    const text = (await getTranslatorFor(language, "billing"))(key, values);
    expect(text).not.toBe(key);
    expect(text).not.toContain("{{");
    for (const value of Object.values(values)) expect(text).toContain(value);
  });

  // BUG (reported): a cap below both the $50 minimum and the amount gets validation.capTooSmall twice
  // (once from the field's minimum, once from the cap ≥ amount rule), so the page shows the sentence twice.
  // Remove `.fails` once schemas.ts adds the cross-field issue only when the cap passed its own check.
  it("a cap below the minimum and below the amount is told once", async () => {
    const tenant = await billingTenant();
    const { status, errors } = refusal(await postBilling(await tenant.cookie(), autoTopupForm({ amount: "50.00", cap: "40.00" })));
    expect(status).toBe(400);
    expect(errors).toEqual({ cap: ["validation.capTooSmall"] });
  });

  it("the page shows the threshold's minimum in the user's money format", async () => {
    const tenant = await billingTenant();
    const cookie = await tenant.cookie();
    for (const language of LANGUAGES) {
      const { data } = await billingView(cookie, "top-up", "", language);
      const reply = unwrap(
        await postBilling(
          cookie,
          autoTopupForm({
            threshold: language === "de" ? "9,99" : "9.99",
            amount: language === "de" ? "50,00" : "50.00",
            cap: language === "de" ? "500,00" : "500.00",
          }),
          language,
        ),
      ).value;
      const html = textOf(await renderAfterPost(billing.default, data, reply, "/billing?tab=top-up", language));
      expect(html).toContain(
        (await getTranslatorFor(language, "billing"))("validation.thresholdTooSmall", { min: formatMoney(AUTO_TOPUP_MIN_THRESHOLD_CENTS, "USD", language) }),
      );
    }
  });

  it("switching it on without a card → validation.needsCard at the switch", async () => {
    const tenant = await billingTenant({ cards: [] });
    const { status, errors } = refusal(await postBilling(await tenant.cookie(), autoTopupForm()));
    expect(status).toBe(400);
    expect(errors).toEqual({ enabled: ["validation.needsCard"] });
    for (const language of LANGUAGES) expect((await getTranslatorFor(language, "billing"))("validation.needsCard")).not.toBe("validation.needsCard");
    expect((await tenantState(tenant.tenantId)).account?.auto_topup_enabled).toBe(0);
  });

  it("a valid form is saved in cents and redirects with the toast (German amounts too)", async () => {
    const tenant = await billingTenant();
    const cookie = await tenant.cookie();
    const result = await postBilling(cookie, autoTopupForm({ threshold: "20,50", amount: "75,00", cap: "1.250,00", returnTo: "/billing?tab=top-up" }), "de");
    expect(redirectLocation(result)).toBe("/billing?tab=top-up");
    expect(await toastOf(result)).toEqual({ type: "success", key: "billing:autoTopup.saved" });
    const account = (await tenantState(tenant.tenantId)).account!;
    expect([account.auto_topup_enabled, account.auto_topup_threshold_cents, account.auto_topup_amount_cents, account.auto_topup_monthly_cap_cents]).toEqual([
      1, 2050, 7500, 125_000,
    ]);
    const { view } = await billingView(cookie, "top-up");
    expect(view.autoTopup).toEqual({ enabled: true, thresholdCents: 2050, amountCents: 7500, monthlyCapCents: 125_000 });

    // Switched off (the unchecked box sends nothing).
    const off = await callAction(addTopUp.action, "/add-topup-balance", {
      cookie,
      form: { intent: "auto-topup", threshold: "20.00", amount: "50.00", cap: "500.00", returnTo: "/add-topup-balance" },
    });
    expect(redirectLocation(off)).toBe("/add-topup-balance");
    const saved = (await tenantState(tenant.tenantId)).account!;
    expect([saved.auto_topup_enabled, saved.auto_topup_threshold_cents, saved.auto_topup_amount_cents, saved.auto_topup_monthly_cap_cents]).toEqual([
      0, 2000, 5000, 50_000,
    ]);
  });
});

/* ---------- billing history and its CSV ---------- */

describe("billing history", () => {
  let tenant: Awaited<ReturnType<typeof billingTenant>>;
  let cookie: string;
  /** seq → [kind, amount], as posted. */
  const posted: Array<[string, number]> = [];
  const TOTAL = 25;

  beforeAll(async () => {
    tenant = await billingTenant({ cards: [] });
    cookie = await tenant.cookie();
    for (let index = 0; index < TOTAL; index += 1) {
      const amount = index % 2 === 0 ? 2000 : -1250;
      await postBalanceChange(tenant.tenantId, amount);
      posted.push([amount < 0 ? "usage" : "adjustment", amount]);
    }
    // Entries 1–10 in January, 11–20 in February, 21–25 in March (noon UTC: the same day in Toronto),
    // except entry 10: 1 February 03:00 UTC, which is still 31 January in the tenant's time zone.
    const db = getDb();
    expect((await db.selectFrom("tenants").select("time_zone").where("id", "=", tenant.tenantId).executeTakeFirstOrThrow()).time_zone).toBe("America/Toronto");
    const entries = await db.selectFrom("ledger_entries").select(["id", "seq"]).where("tenant_id", "=", tenant.tenantId).execute();
    for (const entry of entries) {
      const month = entry.seq <= 10 ? "01" : entry.seq <= 20 ? "02" : "03";
      const createdAt = entry.seq === 10 ? "2025-02-01T03:00:00.000Z" : `2025-${month}-10T12:${String(entry.seq).padStart(2, "0")}:00.000Z`;
      await db.updateTable("ledger_entries").set({ created_at: createdAt }).where("id", "=", entry.id).execute();
    }
  });

  async function history(query: string) {
    return (await billingView(cookie, "billing-history", query)).view;
  }

  async function seqOf(ids: string[]) {
    const rows = await getDb()
      .selectFrom("ledger_entries")
      .select(["id", "seq"])
      .where("id", "in", ids.length ? ids : [""])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row.seq]));
    return ids.map((id) => byId.get(id));
  }

  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => to - index);

  it("pages 20 at a time, newest first", async () => {
    const first = await history("");
    expect(first).toMatchObject({ total: TOTAL, pageCount: 2 });
    expect(await seqOf(first.items.map((item) => item.id))).toEqual(range(TOTAL - HISTORY_PAGE_SIZE + 1, TOTAL));
    const second = await history("&page=2");
    expect(await seqOf(second.items.map((item) => item.id))).toEqual(range(1, TOTAL - HISTORY_PAGE_SIZE));
    expect(second.params.page).toBe(2);
    expect(second.items).toHaveLength(5);
  });

  it("filters by type", async () => {
    const view = await history("&type=usage");
    expect(view.total).toBe(12);
    expect(view.items.every((item) => item.kind === "usage" && item.amount_cents === -1250)).toBe(true);
    expect(await seqOf(view.items.map((item) => item.id))).toEqual(range(1, TOTAL).filter((seq) => seq % 2 === 0));
  });

  it("filters by the tenant's calendar days, both ends included", async () => {
    const view = await history("&from=2025-02-10&to=2025-02-10");
    expect(await seqOf(view.items.map((item) => item.id))).toEqual(range(11, 20));
    const march = await history("&from=2025-03-01");
    expect(await seqOf(march.items.map((item) => item.id))).toEqual(range(21, 25));
    // Entry 10 was made at 03:00 UTC on 1 February: 31 January in Toronto, so January's.
    const january = await history("&to=2025-01-31");
    expect(await seqOf(january.items.map((item) => item.id))).toEqual(range(1, 10));
    const february = await history("&from=2025-02-01&to=2025-02-28");
    expect(await seqOf(february.items.map((item) => item.id))).toEqual(range(11, 20));
  });

  it("swaps a range given backwards", async () => {
    const view = await history("&from=2025-02-28&to=2025-02-01");
    expect(view.params).toMatchObject({ from: "2025-02-01", to: "2025-02-28" });
    expect(await seqOf(view.items.map((item) => item.id))).toEqual(range(11, 20));
  });

  it("ignores parameters it does not understand", async () => {
    const view = await history("&type=bogus&from=2025-02-30&to=yesterday&page=-3");
    expect(view.params).toEqual({ type: null, from: null, to: null, page: 1 });
    expect(view.total).toBe(TOTAL);
    const beyond = await history("&page=99");
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(TOTAL);
  });

  async function csv(query: string, language: Language = "en") {
    const result = await callLoader(transactionsCsv.loader, `/billing/transactions.csv${query}`, { cookie, language });
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[^"]+\.csv"$/);
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  }

  it("the CSV has every row of the filtered view, all pages, oldest first", async () => {
    for (const query of ["", "?type=usage&from=2025-02-01&to=2025-03-31", "?from=2025-03-31&to=2025-02-01&type=adjustment"]) {
      const params = query.replace(/^\?/, "&");
      const pages = [];
      for (let page = 1; ; page += 1) {
        const view = await history(`${params}&page=${page}`);
        pages.push(...view.items);
        if (page >= view.pageCount) break;
      }
      const rows = parseCsv(await csv(query), ",");
      expect(rows[0]).toEqual(["Date (ISO)", "Date", "Description", "Type", "Amount", "Balance after", "Currency"]);
      const listed = [...pages].reverse();
      expect(rows.slice(1).map((row) => row[0])).toEqual(listed.map((item) => item.created_at));
      expect(rows.slice(1).map((row) => row[4])).toEqual(listed.map((item) => (item.amount_cents / 100).toFixed(2)));
      expect(rows.slice(1).map((row) => row[5])).toEqual(listed.map((item) => (item.balance_after_cents / 100).toFixed(2)));
    }
    expect(parseCsv(await csv(""), ",")).toHaveLength(TOTAL + 1);
    // The CSV is every page: a page parameter does not cut it.
    expect(parseCsv(await csv("?page=2"), ",")).toHaveLength(TOTAL + 1);
  });

  it("in English: commas, no byte-order mark, decimal points, negative amounts not turned into text", async () => {
    const text = await csv("?type=usage");
    expect(text.startsWith("\uFEFF")).toBe(false);
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[1]).toMatch(/^"2025-01-10T12:02:00.000Z","[^"]+","[^"]+","Usage","-12.50","7.50","USD"$/);
  });

  it("in German: semicolons, a byte-order mark, decimal commas, negative amounts not prefixed with a quote", async () => {
    const text = await csv("?type=usage", "de");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const t = await getTranslatorFor("de", "billing");
    const rows = parseCsv(text.slice(1), ";");
    expect(rows[0]).toEqual(["dateIso", "date", "description", "type", "amount", "balanceAfter", "currency"].map((column) => t(`history.csv.${column}`)));
    expect(rows).toHaveLength(13);
    expect(rows[1]!.slice(3)).toEqual([t("kinds.usage"), "-12,50", "7,50", "USD"]);
    expect(text).toContain(';"-12,50";');
    expect(text).not.toContain("'-12");
    // A formula-looking description would still be neutralised; amounts are ours and stay numbers.
    expect(text.split("\r\n")[1]!.split(";")).toHaveLength(7);
  });
});

/* ---------- invoice PDF ---------- */

describe("the invoice PDF", () => {
  it("is a PDF for the owner, not found for another tenant's invoice", async () => {
    const mine = await billingTenant();
    const theirs = await billingTenant();
    await postBilling(await mine.cookie(), topUpForm(mine.cardIds[0]!, "30.00"));
    await postBilling(await theirs.cookie(), topUpForm(theirs.cardIds[0]!, "30.00"));
    const [myInvoice] = (await books(mine.tenantId)).invoices;
    const [theirInvoice] = (await books(theirs.tenantId)).invoices;

    for (const language of LANGUAGES) {
      const result = await callLoader(invoicePdf.loader, `/invoices/${myInvoice!.id}.pdf`, {
        cookie: await mine.cookie(),
        params: { invoiceId: myInvoice!.id },
        language,
      });
      expect(result).toBeInstanceOf(Response);
      const response = result as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("Content-Disposition")).toMatch(/^inline; filename="[^"]+\.pdf"$/);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }

    const stolen = await callLoader(invoicePdf.loader, `/invoices/${theirInvoice!.id}.pdf`, {
      cookie: await mine.cookie(),
      params: { invoiceId: theirInvoice!.id },
    });
    expect(unwrap(stolen).status).toBe(404);
    const missing = await callLoader(invoicePdf.loader, "/invoices/nope.pdf", { cookie: await mine.cookie(), params: { invoiceId: "nope" } });
    expect(unwrap(missing).status).toBe(404);
  });
});

/* ---------- choosing a plan ---------- */

describe("/choose-plan", () => {
  type ChooseData = Awaited<ReturnType<typeof choosePlan.loader>>;
  const chooseData = async (cookie: string) => unwrap(await callLoader(choosePlan.loader, "/choose-plan", { cookie })).value as ChooseData;
  const choose = (cookie: string, plan: string, language?: Language, submissionKey = newKey()) =>
    callAction(choosePlan.action, "/choose-plan", { cookie, form: { intent: "choose", plan, submissionKey }, language });

  it("without a card: 402 plans.needCard; a card added there returns there; Growth is then charged 14900 and opens /overview", async () => {
    const tenant = await billingTenant({ plan: null, cards: [] });
    const cookie = await tenant.cookie();
    const fresh = await chooseData(cookie);
    expect(fresh).toMatchObject({ current: null, canChoose: true, primaryCard: null, cardEntry: "form" });
    expect(fresh.plans.map((plan) => [plan.key, plan.offer])).toEqual([
      ["starter", { kind: "new", amountCents: 4900 }],
      ["growth", { kind: "new", amountCents: 14900 }],
      ["scale", { kind: "new", amountCents: 39900 }],
    ]);

    for (const language of LANGUAGES) {
      const refused = unwrap(await choose(cookie, "growth", language));
      expect(refused).toMatchObject({ status: 402, value: { formErrors: ["plans.needCard"], plan: "growth" } });
      expect((await getTranslatorFor(language, "common"))("plans.needCard")).not.toBe("plans.needCard");
    }
    expect((await books(tenant.tenantId)).charges).toEqual([]);

    const added = await callAction(choosePlan.action, "/choose-plan", { cookie, form: addCardForm("4242424242424242", { returnTo: "/choose-plan" }) });
    expect(redirectLocation(added)).toBe("/choose-plan");
    expect(await toastOf(added)).toEqual({ type: "success", key: "billing:toast.cardAdded", values: { last4: "4242" } });
    expect((await chooseData(cookie)).primaryCard).toMatchObject({ last4: "4242", priority: "primary" });

    const chosen = await choose(cookie, "growth");
    expect(redirectLocation(chosen)).toBe("/overview");
    expect(await toastOf(chosen)).toEqual({ type: "success", key: "plans.chargedNew", values: { plan: "Growth", number: 1 } });
    const after = await books(tenant.tenantId);
    expect(after.charged).toEqual([14900]);
    expect(after.balance).toBe(0);
    expect(await getActiveSubscription(tenant.tenantId)).toMatchObject({ plan_key: "growth", status: "active" });
  });

  it("marks the recommended plan and shows each plan's overage price; ?plan= chooses a plan to pay before the card, an unknown or unpaid one is ignored", async () => {
    const tenant = await billingTenant({ plan: null, cards: [] });
    const cookie = await tenant.cookie();
    const view = async (query: string) => unwrap(await callLoader(choosePlan.loader, `/choose-plan${query}`, { cookie })).value as ChooseData;
    const fresh = await view("");
    expect(fresh.plans.map((plan) => [plan.key, plan.recommended, plan.overageCentsPerMinute])).toEqual([
      ["starter", false, 5],
      ["growth", true, 5],
      ["scale", false, 5],
    ]);
    expect(fresh.chosenKey).toBeNull();
    expect((await view("?plan=growth")).chosenKey).toBe("growth");
    expect((await view("?plan=nonsense")).chosenKey).toBeNull();
    // The card added on the chosen plan's step comes back to that step.
    const added = await callAction(choosePlan.action, "/choose-plan?plan=growth", {
      cookie,
      form: addCardForm("4242424242424242", { returnTo: "/choose-plan?plan=growth" }),
    });
    expect(redirectLocation(added)).toBe("/choose-plan?plan=growth");
    // Once on Growth, Growth is nothing to pay for: its ?plan= shows the choice again.
    expect(redirectLocation(await choose(cookie, "growth"))).toBe("/overview");
    expect((await view("?plan=growth")).chosenKey).toBeNull();
    expect((await view("?plan=scale")).chosenKey).toBe("scale");
    // Someone who may not choose gets no chosen plan either.
    const agent = await sessionCookieFor(await addTenantUser(tenant.tenantId, "agent"));
    expect((unwrap(await callLoader(choosePlan.loader, "/choose-plan?plan=scale", { cookie: agent })).value as ChooseData).chosenKey).toBeNull();
  });

  it("a refused card on the choose-plan page stays there with the card error", async () => {
    const tenant = await billingTenant({ plan: null, cards: [] });
    const { status, reply } = refusal(
      await callAction(choosePlan.action, "/choose-plan", {
        cookie: await tenant.cookie(),
        form: addCardForm("4000000000000002", { returnTo: "/choose-plan" }),
      }),
    );
    expect([status, reply.intent, reply.cardError]).toEqual([402, "add-card", "card_declined"]);
  });

  it("offers an upgrade for exactly the prorated amount and a downgrade at the period's end", async () => {
    const tenant = await billingTenant({ plan: "growth" });
    const cookie = await tenant.cookie();
    const start = new Date(Date.now() - 10 * 86_400_000);
    const end = new Date(Date.now() + 20 * 86_400_000);
    const period = await setCurrentPeriod(tenant.tenantId, start, end);
    const before = new Date();
    const data = await chooseData(cookie);
    const after = new Date();
    const offers = Object.fromEntries(data.plans.map((plan) => [plan.key, plan.offer]));
    expect(offers.growth).toEqual({ kind: "current", resumable: false });
    expect(offers.starter).toEqual({ kind: "downgrade", effectiveAt: period.end });
    expect(offers.scale?.kind).toBe("upgrade");
    const amount = (offers.scale as { amountCents: number }).amountCents;
    // The loader reads the clock itself: its amount lies between the amounts at the moments around the call.
    expect(amount).toBeLessThanOrEqual(proratedUpgradeCents(14900, 39900, period.start, period.end, before));
    expect(amount).toBeGreaterThanOrEqual(proratedUpgradeCents(14900, 39900, period.start, period.end, after));
    expect(amount).toBeGreaterThan(16_000);
    expect(amount).toBeLessThan(17_000);

    // Choosing it charges that amount (the clock moved a few milliseconds at most).
    const upgraded = await choose(cookie, "scale");
    expect(redirectLocation(upgraded)).toBe("/billing");
    expect(await toastOf(upgraded)).toMatchObject({ type: "success", key: "plans.upgraded", values: { plan: "Scale" } });
    const [charged] = (await books(tenant.tenantId)).charged;
    expect(Math.abs(charged! - amount)).toBeLessThanOrEqual(1);

    // Back to Starter: scheduled, nothing charged.
    const downgrade = await choose(cookie, "starter", "de");
    expect(redirectLocation(downgrade)).toBe("/billing");
    expect(await toastOf(downgrade)).toMatchObject({ type: "success", key: "plans.downgradeScheduled", values: { plan: "Starter" } });
    expect((await books(tenant.tenantId)).charged).toHaveLength(1);
  });

  it("chosen twice at once with the same key is one charge", async () => {
    const tenant = await billingTenant({ plan: null });
    const cookie = await tenant.cookie();
    const key = newKey();
    const results = await Promise.all([choose(cookie, "growth", "en", key), choose(cookie, "growth", "en", key)]);
    expect(results.some((result) => redirectLocation(result) === "/overview")).toBe(true);
    expect((await books(tenant.tenantId)).charged).toEqual([14900]);
    expect((await getDb().selectFrom("subscriptions").select("status").where("tenant_id", "=", tenant.tenantId).execute()).map((row) => row.status)).toEqual([
      "active",
    ]);
  });

  // BUG (reported), as for the top-up: the second of two simultaneous clicks answers 202
  // plans.paymentPending ("do not pay again") although the plan is paid a moment later.
  it("chosen twice at once with the same key, both answers are the success", async () => {
    const tenant = await billingTenant({ plan: null });
    const cookie = await tenant.cookie();
    const key = newKey();
    const results = await Promise.all([choose(cookie, "growth", "en", key), choose(cookie, "growth", "en", key)]);
    expect(results.map((result) => redirectLocation(result))).toEqual(["/overview", "/overview"]);
  });

  it("an unknown plan is a 400 and a missing key a 400, nothing charged", async () => {
    const tenant = await billingTenant({ plan: null });
    const cookie = await tenant.cookie();
    expect(unwrap(await choose(cookie, "platinum"))).toMatchObject({ status: 400, value: { formErrors: ["plans.unknownPlan"] } });
    expect(unwrap(await callAction(choosePlan.action, "/choose-plan", { cookie, form: { intent: "choose", plan: "growth" } })).status).toBe(400);
    expect((await books(tenant.tenantId)).charges).toEqual([]);
  });
});

/* ---------- the grace banner ---------- */

describe("the dashboard layout's grace data", () => {
  it("is there only while the subscription is in grace", async () => {
    const tenant = await billingTenant();
    const agentEmail = await addTenantUser(tenant.tenantId, "agent");
    const graceOf = async (email: string) =>
      (unwrap(await callLoader(dashboard.loader, "/overview", { cookie: await sessionCookieFor(email) })).value as Awaited<ReturnType<typeof dashboard.loader>>)
        .grace;

    expect(await graceOf(tenant.email)).toBeNull();

    const subscription = (await getActiveSubscription(tenant.tenantId))!;
    const endsAt = new Date(Date.now() + 5 * 86_400_000).toISOString();
    await getDb().updateTable("subscriptions").set({ status: "grace", ends_at: endsAt }).where("id", "=", subscription.id).execute();
    expect(await graceOf(tenant.email)).toEqual({ plan: "Starter", endsAt, timeZone: expect.any(String), canPay: true });
    expect(await graceOf(agentEmail)).toMatchObject({ plan: "Starter", endsAt, canPay: false });

    await getDb().updateTable("subscriptions").set({ status: "cancelled" }).where("id", "=", subscription.id).execute();
    expect(await graceOf(tenant.email)).toBeNull();
    await getDb().updateTable("subscriptions").set({ status: "active", ends_at: null }).where("id", "=", subscription.id).execute();
    expect(await graceOf(tenant.email)).toBeNull();
  });
});

/* ---------- the card-return route in test mode ---------- */

describe("/billing/cards/return without Stripe", () => {
  it("saves nothing and says so with an error toast, back on the payment methods", async () => {
    const tenant = await billingTenant();
    const { account: _account, ...before } = await tenantState(tenant.tenantId);
    const result = await callLoader(cardReturn.loader, "/billing/cards/return?session_id=cs_test_forged&returnTo=https://evil.example/", {
      cookie: await tenant.cookie(),
    });
    expect(redirectLocation(result)).toBe("/billing?tab=payment-methods");
    expect(await toastOf(result)).toEqual({ type: "error", key: "billing:cardErrors.save_failed.message" });
    const { account, ...after } = await tenantState(tenant.tenantId);
    expect(after).toEqual(before);
    expect(account?.balance_cents).toBe(0);
  });
});

/* ---------- tenant isolation ---------- */

describe("tenant isolation", () => {
  it("no billing screen of tenant A shows B's cards, invoices, transactions or subscriptions, and no action of A changes B", async () => {
    const a = await billingTenant({ cards: ["4242424242424242", "5555555555554444"] });
    const b = await billingTenant({ plan: "growth", cards: ["4242424242424242", "5555555555554444", "378282246310005"] });
    const [aCookie, bCookie] = [await a.cookie(), await b.cookie()];
    await postBilling(aCookie, topUpForm(a.cardIds[0]!, "11.11"));
    await postBilling(bCookie, topUpForm(b.cardIds[0]!, "777.77"));
    await postBalanceChange(b.tenantId, -3333);
    await addCard(b.tenantId, "4000056655665556");

    const db = getDb();
    const bState = await tenantState(b.tenantId);
    const bIds = [
      ...bState.cards.map((row) => row.id),
      ...bState.invoices.map((row) => row.id),
      ...bState.entries.map((row) => row.id),
      ...bState.charges.map((row) => row.id),
      ...bState.subscriptions.map((row) => row.id),
    ];
    expect(bIds.length).toBeGreaterThan(8);

    const screens: Array<[(args: never) => unknown, string]> = [
      [billing.loader as never, "/billing"],
      [billing.loader as never, "/billing?tab=payment-methods"],
      [billing.loader as never, "/billing?tab=top-up"],
      [billing.loader as never, "/billing?tab=billing-history"],
      [addTopUp.loader as never, "/add-topup-balance"],
      [invoicesPage.loader as never, "/invoices"],
      [subscriptionsHistory.loader as never, "/subscriptions-history"],
      [choosePlan.loader as never, "/choose-plan"],
    ];
    for (const [loader, path] of screens) {
      const json = JSON.stringify(unwrap(await callLoader(loader as Parameters<typeof callLoader>[0], path, { cookie: aCookie })).value);
      for (const id of bIds) expect(json, `${path} shows B's ${id}`).not.toContain(id);
      expect(json).not.toContain("77777");
      expect(json).not.toContain("3333");
    }
    const csvText = await ((await callLoader(transactionsCsv.loader, "/billing/transactions.csv", { cookie: aCookie })) as Response).text();
    expect(
      parseCsv(csvText, ",")
        .slice(1)
        .map((row) => row[4]),
    ).toEqual(["11.11"]);

    // A's forms with B's ids.
    for (const cardId of bState.cards.map((row) => row.id)) {
      for (const intent of ["make-primary", "make-backup", "remove-card"]) expect(unwrap(await postBilling(aCookie, { intent, cardId })).status).toBe(404);
      expect(refusal(await postBilling(aCookie, topUpForm(cardId, "50.00"))).errors).toEqual({ paymentMethodId: ["validation.cardUnknown"] });
    }
    expect(unwrap(await callLoader(invoicePdf.loader, "/x.pdf", { cookie: aCookie, params: { invoiceId: bState.invoices[0]!.id } })).status).toBe(404);
    await postBilling(aCookie, autoTopupForm());
    await postBilling(aCookie, { intent: "cancel-plan" });
    await postBilling(aCookie, { intent: "resume-plan" });
    await postBilling(aCookie, addCardForm("5555555555554444"));

    expect(await tenantState(b.tenantId)).toEqual(bState);
    // A's own actions did happen: the check above is not vacuous.
    const aCards = await db.selectFrom("payment_methods").select("id").where("tenant_id", "=", a.tenantId).execute();
    expect(aCards).toHaveLength(3);
    expect((await tenantState(a.tenantId)).account?.auto_topup_enabled).toBe(1);
  });
});

/* ---------- cancel and resume ---------- */

describe("cancel and resume on /billing", () => {
  it("cancels until the period's end (date in the user's language) and resumes; a second cancel is 409", async () => {
    const tenant = await billingTenant();
    const cookie = await tenant.cookie();
    const cancelled = await postBilling(cookie, { intent: "cancel-plan", returnTo: "/billing" }, "de");
    expect(redirectLocation(cancelled)).toBe("/billing");
    const toast = await toastOf(cancelled);
    expect(toast).toMatchObject({ type: "success", key: "billing:toast.cancelled" });
    const subscription = (await getActiveSubscription(tenant.tenantId))!;
    expect(subscription).toMatchObject({ status: "cancelled", ends_at: subscription.current_period_end });
    const expectedDate = new Intl.DateTimeFormat("de", {
      dateStyle: "long",
      timeZone: (await getDb().selectFrom("tenants").select("time_zone").where("id", "=", tenant.tenantId).executeTakeFirstOrThrow()).time_zone,
    }).format(new Date(subscription.current_period_end!));
    expect(toast?.values).toEqual({ date: expectedDate });

    const again = refusal(await postBilling(cookie, { intent: "cancel-plan" }));
    expect(again.status).toBe(409);
    expect(again.reply.result?.error?.[""]).toEqual(["validation.nothingToCancel"]);

    const resumed = await postBilling(cookie, { intent: "resume-plan", returnTo: "/billing" });
    expect(await toastOf(resumed)).toEqual({ type: "success", key: "billing:toast.resumed" });
    expect(await getActiveSubscription(tenant.tenantId)).toMatchObject({ status: "active", ends_at: null });
  });
});
