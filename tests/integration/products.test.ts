import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { planOffers } from "~/features/billing/plans/plan-choice.server";
import { choosePlan, runRenewals } from "~/features/billing/plans/subscriptions.server";
import { runOverageBooking } from "~/features/billing/usage/overage.server";
import { getActiveSubscription, subscribeTenantToPlan } from "~/features/tenants/plans.server";
import { addMonths } from "~/lib/dates/calendar-months";
import { popToast } from "~/lib/toast/toast.server";
import * as chooseRoute from "~/routes/_auth+/choose-plan";
import * as planRoute from "~/routes/_dashboard+/products+/$id";
import * as listRoute from "~/routes/_dashboard+/products+/_index";
import * as newRoute from "~/routes/_dashboard+/products+/new";
import { callAction, callLoader, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import { billingTenant, books, setCurrentPeriod } from "../support/billing";
import * as factories from "../support/factories";
import { renderPage } from "../support/render-page";
import { formatMoney } from "~/i18n/format";

/*
 * /products (issue 26, docs/product/products-and-analytics.md, decision
 * 0050): the super admin's plan catalogue. Only the super admin reaches it
 * (403 in English and German to anyone else); a price change leaves the paid
 * period alone and is charged at the next renewal; a retired plan is offered
 * to nobody new while its subscribers renew on it; every change is audited.
 * Runs on SQLite and PostgreSQL.
 */

const FORBIDDEN = { en: "You do not have permission to do that.", de: "Sie haben keine Berechtigung für diese Aktion." };
const DAY = 86_400_000;
const db = () => getDb();
let superAdmin: string;

const planForm = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  name: "Pro Test",
  price: "99.00",
  includedMinutes: "1,000",
  overage: "0.07",
  phoneNumberLimit: "3",
  agentLimit: "4",
  apiRateLimit: "120",
  ...overrides,
});

async function toastOf(result: unknown) {
  if (!(result instanceof Response)) return null;
  const cookie = result.headers.getSetCookie().find((value) => value.startsWith("__toast="));
  if (!cookie) return null;
  return (await popToast(new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } }))).toast;
}

async function createViaRoute(form: Record<string, string>, language: "en" | "de" = "en") {
  const result = await callAction(newRoute.action, "/products/new", { cookie: superAdmin, form, language });
  const location = redirectLocation(result);
  expect(location).toMatch(/^\/products\/[0-9a-f-]{36}$/);
  const id = location!.split("/").at(-1)!;
  return db().selectFrom("plans").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

const planAuditEntries = (planId: string) =>
  db().selectFrom("audit_log").selectAll().where("action", "=", "plan.changed").where("target_id", "=", planId).orderBy("at").execute();

beforeAll(async () => {
  await prepareTestDatabase();
  superAdmin = await sessionCookieFor("admin@demo.test");
});

describe("only the super admin", () => {
  it("reaches the list, the forms and the actions; anyone else is sent home or refused with 403 in English and German", async () => {
    const plan = await db().selectFrom("plans").select(["id", "price_cents", "active"]).where("key", "=", "starter").executeTakeFirstOrThrow();
    const owner = await factories.tenantWithOwner({ company: "Not Platform" });
    const admin = await factories.tenantUser(owner.tenantId, { role: "admin" });
    for (const cookie of [owner.cookie, admin.cookie, await sessionCookieFor("owner@demo.test")]) {
      for (const [loader, path] of [
        [listRoute.loader, "/products"],
        [planRoute.loader, `/products/${plan.id}`],
      ] as const) {
        const page = await callLoader(loader, path, { cookie, params: { id: plan.id } });
        expect(redirectLocation(page)).toBe("/overview");
      }
      // The form page asks for the right to create, as /roles/new does: refused outright.
      expect(((await callLoader(newRoute.loader, "/products/new", { cookie })) as Response).status).toBe(403);
      for (const language of ["en", "de"] as const) {
        for (const [action, path, form] of [
          [newRoute.action, "/products/new", planForm()],
          [planRoute.action, `/products/${plan.id}`, planForm({ price: "1.00" })],
          [planRoute.action, `/products/${plan.id}`, { intent: "retire" }],
        ] as const) {
          const result = await callAction(action, path, { cookie, form, language, params: { id: plan.id } });
          expect((result as Response).status).toBe(403);
          expect(await (result as Response).text()).toBe(FORBIDDEN[language]);
        }
      }
    }
    expect(await db().selectFrom("plans").select(["id", "price_cents", "active"]).where("key", "=", "starter").executeTakeFirstOrThrow()).toEqual(plan);
    expect(await db().selectFrom("plans").select("id").where("name", "=", "Pro Test").execute()).toEqual([]);
  });

  it("sees every plan with its terms and subscribers", async () => {
    const view = unwrap(await callLoader(listRoute.loader, "/products", { cookie: superAdmin })).value as {
      plans: Array<{ key: string; priceCents: number; overageCentsPerMinute: number; apiRateLimit: number; active: boolean; subscribers: number }>;
    };
    expect(view.plans.map((plan) => plan.key)).toEqual(expect.arrayContaining(["starter", "growth", "scale"]));
    expect(view.plans.find((plan) => plan.key === "growth")).toMatchObject({ priceCents: 14900, overageCentsPerMinute: 5, apiRateLimit: 300, active: true });
    // The demo tenant is on a plan.
    expect(view.plans.reduce((sum, plan) => sum + plan.subscribers, 0)).toBeGreaterThan(0);
  });
});

describe("creating and editing a plan", () => {
  it("creates from the form in the user's language, audited as 'plan changed' with no tenant", async () => {
    const plan = await createViaRoute(planForm({ name: "Pro Deutsch", price: "1.234,50", overage: "0,07", includedMinutes: "2.500" }), "de");
    expect(plan).toMatchObject({
      key: "pro-deutsch",
      price_cents: 123450,
      overage_cents_per_minute: 7,
      included_minutes: 2500,
      phone_number_limit: 3,
      agent_limit: 4,
      api_rate_limit_per_minute: 120,
      active: 1,
      currency: "USD",
      billing_interval: "month",
    });
    const [entry] = await planAuditEntries(plan.id);
    expect(entry).toMatchObject({ tenant_id: null, target_kind: "plan", target_label: "Pro Deutsch" });
    expect(JSON.parse(entry!.details)).toMatchObject({ change: "created", price: 123450 });
    // The same name again gets a key of its own.
    expect((await createViaRoute(planForm({ name: "Pro Deutsch" }))).key).toBe("pro-deutsch-2");
  });

  it("marks one plan as recommended for the plan choice: ticking it on another plan moves the mark, in the same save", async () => {
    const recommended = async () => (await db().selectFrom("plans").select("key").where("recommended", "=", 1).execute()).map((row) => row.key);
    expect(await recommended()).toEqual(["growth"]);
    const plan = await createViaRoute(planForm({ name: "Recommended Pro", recommended: "on" }));
    expect(plan.recommended).toBe(1);
    expect(await recommended()).toEqual(["recommended-pro"]);
    const page = unwrap(await callLoader(planRoute.loader, `/products/${plan.id}`, { cookie: superAdmin, params: { id: plan.id } })).value as {
      values: { recommended: boolean };
    };
    expect(page.values.recommended).toBe(true);
    // Saved without the tick: no plan is recommended, and the audit entry names the field.
    const growth = await db().selectFrom("plans").select("id").where("key", "=", "growth").executeTakeFirstOrThrow();
    await callAction(planRoute.action, `/products/${plan.id}`, {
      cookie: superAdmin,
      params: { id: plan.id },
      form: { ...planForm({ name: "Recommended Pro" }) },
    });
    expect(await recommended()).toEqual([]);
    expect(JSON.parse((await planAuditEntries(plan.id)).at(-1)!.details)).toMatchObject({ change: "updated", fields: expect.stringContaining("recommended") });
    await callAction(planRoute.action, `/products/${growth.id}`, {
      cookie: superAdmin,
      params: { id: growth.id },
      form: {
        ...planForm({
          name: "Growth",
          price: "149.00",
          overage: "0.05",
          includedMinutes: "2500",
          phoneNumberLimit: "5",
          agentLimit: "5",
          apiRateLimit: "300",
          recommended: "on",
        }),
      },
    });
    expect(await recommended()).toEqual(["growth"]);
  });

  it("refuses a bad form field by field, with translatable keys, and saves nothing", async () => {
    const before = await db()
      .selectFrom("plans")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    const result = unwrap(
      await callAction(newRoute.action, "/products/new", {
        cookie: superAdmin,
        form: planForm({ name: " ", price: "abc", includedMinutes: "1.5", overage: "0.001", phoneNumberLimit: "0", agentLimit: "", apiRateLimit: "99999999" }),
      }),
    );
    expect(result.status).toBe(400);
    expect(result.value).toMatchObject({
      values: { price: "abc" },
      errors: {
        name: ["validation.nameRequired"],
        price: ["validation.amountInvalid"],
        includedMinutes: ["validation.wholeNumber"],
        overage: ["validation.amountTooPrecise"],
        phoneNumberLimit: ["validation.atLeastOne"],
        agentLimit: ["validation.limitRequired"],
        apiRateLimit: ["validation.tooLarge"],
      },
    });
    const after = await db()
      .selectFrom("plans")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
  });

  it("answers 404 for a plan that does not exist", async () => {
    const missing = crypto.randomUUID();
    const page = (await callLoader(planRoute.loader, `/products/${missing}`, { cookie: superAdmin, params: { id: missing } })) as Response;
    expect(page.status).toBe(404);
  });
});

describe("a price change", () => {
  it("leaves the paid period's price and rate alone, says whom it reaches and from when, and is charged at the next renewal", async () => {
    const plan = await createViaRoute(planForm({ name: "Renewal Test", price: "50.00", overage: "0.05", includedMinutes: "0" }));
    const { tenantId, userId } = await billingTenant({ plan: null });
    await subscribeTenantToPlan(tenantId, plan.key);
    const now = Date.now();
    const period = await setCurrentPeriod(tenantId, new Date(now - 10 * DAY), new Date(now + 20 * DAY));

    const edit = async () =>
      unwrap(await callLoader(planRoute.loader, `/products/${plan.id}`, { cookie: superAdmin, params: { id: plan.id } })).value as {
        impact: { renewing: number; firstRenewal: string | null };
      };
    expect((await edit()).impact).toMatchObject({ renewing: 1, firstRenewal: period.end });

    const saved = await callAction(planRoute.action, `/products/${plan.id}`, {
      cookie: superAdmin,
      params: { id: plan.id },
      form: planForm({ name: "Renewal Test", price: "80.00", overage: "0.09", includedMinutes: "500" }),
    });
    expect(redirectLocation(saved)).toBe(`/products/${plan.id}`);
    expect(await toastOf(saved)).toMatchObject({ type: "success", key: "platform:products.toast.saved" });

    // The current period: same price, same rate, same dates, nothing charged.
    const current = await getActiveSubscription(tenantId);
    expect(current).toMatchObject({ price_cents: 5000, plan_price_cents: 8000, current_period_start: period.start, current_period_end: period.end });
    const row = await db().selectFrom("subscriptions").selectAll().where("id", "=", period.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ period_price_cents: 5000, period_overage_cents_per_minute: 5, period_included_minutes: 0 });
    expect((await books(tenantId)).charges).toEqual([]);

    // Minutes beyond the plan in this period are counted against the minutes it was sold with (none, not the new 500)
    // and booked at its rate (5 ¢, not the new 9 ¢).
    await factories.call(tenantId, { durationSeconds: 120, createdAt: new Date(now - 2 * DAY).toISOString() });
    await runOverageBooking(new Date());
    const usage = (await books(tenantId)).entries.filter((entry) => entry.kind === "usage");
    expect(usage.map((entry) => entry.amount_cents)).toEqual([-10]);

    // An upgrade today would be prorated from what was paid (50.00), not from the new price.
    const offers = await planOffers(current, new Date(now));
    const scale = offers.find((offer) => offer.key === "scale")!;
    expect(scale.offer.kind).toBe("upgrade");
    expect(scale.offer.kind === "upgrade" && scale.offer.amountCents).toBeGreaterThan(Math.round(((39900 - 8000) * 2) / 3));

    const [created, updated] = await planAuditEntries(plan.id);
    expect(JSON.parse(created!.details)).toMatchObject({ change: "created" });
    expect(JSON.parse(updated!.details)).toMatchObject({ change: "updated", from: 5000, to: 8000 });

    // The period ends: the renewal charges the new price, and the new period carries it.
    const end = new Date(now - 60 * 60_000);
    await setCurrentPeriod(tenantId, new Date(addMonths(end.toISOString(), -1)), end);
    await runOverageBooking(new Date());
    const renewals = await runRenewals(new Date());
    expect(renewals.renewed).toBeGreaterThanOrEqual(1);
    const charges = (await books(tenantId)).charges.filter((charge) => charge.purpose === "subscription");
    expect(charges.map((charge) => [charge.amount_cents, charge.status])).toEqual([[8000, "succeeded"]]);
    const renewed = await getActiveSubscription(tenantId);
    expect(renewed).toMatchObject({ plan_id: plan.id, price_cents: 8000, status: "active" });
    expect(renewed!.current_period_start).toBe(end.toISOString());
    const after = await db().selectFrom("subscriptions").selectAll().where("id", "=", renewed!.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ period_price_cents: 8000, period_overage_cents_per_minute: 9, period_included_minutes: 500 });
    expect(userId).toBeTruthy();
  });

  it("reaches a new subscription at once", async () => {
    const plan = await createViaRoute(planForm({ name: "New Price Test", price: "20.00" }));
    await callAction(planRoute.action, `/products/${plan.id}`, {
      cookie: superAdmin,
      params: { id: plan.id },
      form: planForm({ name: "New Price Test", price: "25.00" }),
    });
    const { tenantId, userId } = await billingTenant({ plan: null });
    const choice = await choosePlan({ tenantId, userId, planKey: plan.key, submissionKey: crypto.randomUUID() });
    expect(choice.kind === "charged" && choice.charge.amount_cents).toBe(2500);
    expect(await getActiveSubscription(tenantId)).toMatchObject({ plan_id: plan.id, price_cents: 2500 });
  });
});

describe("retiring a plan", () => {
  it("hides it from /choose-plan and plan changes, keeps its subscriber, who renews on it; reactivating offers it again", async () => {
    const plan = await createViaRoute(planForm({ name: "Legacy Test", price: "30.00" }));
    const subscriber = await billingTenant({ plan: null });
    await subscribeTenantToPlan(subscriber.tenantId, plan.key);

    // Without JavaScript the retire button is a link to the confirmation on the page itself.
    const confirm = unwrap(await callLoader(planRoute.loader, `/products/${plan.id}?confirm=retire`, { cookie: superAdmin, params: { id: plan.id } }))
      .value as { confirmRetire: boolean; plan: { subscribers: number } };
    expect(confirm).toMatchObject({ confirmRetire: true, plan: { subscribers: 1 } });
    const retired = await callAction(planRoute.action, `/products/${plan.id}`, { cookie: superAdmin, params: { id: plan.id }, form: { intent: "retire" } });
    expect(await toastOf(retired)).toMatchObject({ key: "platform:products.toast.retired" });
    expect((await db().selectFrom("plans").select("active").where("id", "=", plan.id).executeTakeFirstOrThrow()).active).toBe(0);

    // Somebody new: not offered, and refused if posted anyway.
    const newcomer = await billingTenant({ plan: null });
    const page = unwrap(await callLoader(chooseRoute.loader, "/choose-plan", { cookie: await newcomer.cookie() })).value as { plans: Array<{ key: string }> };
    expect(page.plans.map((offer) => offer.key)).not.toContain(plan.key);
    expect(page.plans.map((offer) => offer.key)).toEqual(expect.arrayContaining(["starter", "growth", "scale"]));
    expect(await choosePlan({ tenantId: newcomer.tenantId, userId: newcomer.userId, planKey: plan.key, submissionKey: crypto.randomUUID() })).toEqual({
      kind: "unknownPlan",
    });
    // A tenant on another plan cannot switch to it either.
    const other = await billingTenant({ plan: "starter" });
    expect((await planOffers(await getActiveSubscription(other.tenantId))).map((offer) => offer.key)).not.toContain(plan.key);

    // Its subscriber still sees it as theirs and renews on it.
    const mine = await planOffers(await getActiveSubscription(subscriber.tenantId));
    expect(mine.find((offer) => offer.key === plan.key)?.offer.kind).toBe("current");
    const end = new Date(Date.now() - 60 * 60_000);
    await setCurrentPeriod(subscriber.tenantId, new Date(addMonths(end.toISOString(), -1)), end);
    await runRenewals(new Date());
    expect((await books(subscriber.tenantId)).charges.map((charge) => [charge.amount_cents, charge.status])).toEqual([[3000, "succeeded"]]);
    expect(await getActiveSubscription(subscriber.tenantId)).toMatchObject({ plan_id: plan.id, status: "active", current_period_start: end.toISOString() });

    const back = await callAction(planRoute.action, `/products/${plan.id}`, { cookie: superAdmin, params: { id: plan.id }, form: { intent: "reactivate" } });
    expect(await toastOf(back)).toMatchObject({ key: "platform:products.toast.reactivated" });
    expect((await planOffers(null)).map((offer) => offer.key)).toContain(plan.key);
    expect((await planAuditEntries(plan.id)).map((entry) => JSON.parse(entry.details).change)).toEqual(["created", "retired", "reactivated"]);
  });
});

describe("the pages as they arrive without JavaScript", () => {
  it("show prices by the reader's language, the price-change notice and the retire link, in English and German", async () => {
    const plan = await createViaRoute(planForm({ name: "Render Test", price: "1234.50", overage: "0.06" }));
    const subscriber = await billingTenant({ plan: null });
    await subscribeTenantToPlan(subscriber.tenantId, plan.key);
    for (const language of ["en", "de"] as const) {
      const list = unwrap(await callLoader(listRoute.loader, "/products", { cookie: superAdmin, language })).value;
      const listHtml = await renderPage(listRoute.default, list, "/products", language);
      expect(listHtml).toContain(formatMoney(123450, "USD", language));
      expect(listHtml).toContain(`href="/products/${plan.id}"`);

      const detail = unwrap(await callLoader(planRoute.loader, `/products/${plan.id}`, { cookie: superAdmin, params: { id: plan.id }, language })).value;
      const html = await renderPage(planRoute.default, detail, `/products/${plan.id}`, language);
      // The form shows the amounts back in the reader's decimal mark.
      expect(html).toContain(language === "de" ? 'value="1234,50"' : 'value="1234.50"');
      expect(html).toContain(language === "de" ? "1 Abonnement verlängert sich in diesem Tarif" : "1 subscription renews on this plan");
      expect(html).toContain(`href="/products/${plan.id}?confirm=retire"`);

      const newHtml = await renderPage(newRoute.default, { title: "", currency: "USD" }, "/products/new", language);
      expect(newHtml).toContain('name="overage"');
    }
  });
});
