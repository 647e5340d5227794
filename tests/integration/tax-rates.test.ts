import { beforeAll, describe, expect, it } from "vitest";
import { getDb, now } from "~/db/db.server";
import { extractPdfText } from "~/features/knowledge/pdf-text.server";
import { runRenewals } from "~/features/billing/plans/subscriptions.server";
import { topUp } from "~/features/billing/payments/topup.server";
import { saveBillingDetails } from "~/features/billing/tax/invoice-tax.server";
import { addMonths } from "~/lib/dates/calendar-months";
import * as editRoute from "~/routes/_dashboard+/products+/tax-rates.$country";
import * as listRoute from "~/routes/_dashboard+/products+/tax-rates._index";
import * as invoicePdf from "~/routes/_files+/invoices.$invoiceId[.]pdf";
import { callAction, callLoader, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import { billingTenant, books, setCurrentPeriod } from "../support/billing";
import * as factories from "../support/factories";

/*
 * Tax rates per country on /products/tax-rates (issue 27,
 * docs/decisions/0066-tax-rates-on-screen.md): only the super admin reads
 * and sets them; a rate is validated at its field in the user's language,
 * set from a day on, audited with the change; a new invoice takes the new
 * rate while an invoice issued before keeps its own. And the service period
 * a plan invoice states (§14 UStG), kept in its snapshot. Runs on SQLite and
 * PostgreSQL.
 */

const FORBIDDEN = { en: "You do not have permission to do that.", de: "Sie haben keine Berechtigung für diese Aktion." };
const today = () => now().slice(0, 10);
const db = () => getDb();
let superAdmin: string;

const AUSTRIAN_CONSUMER = {
  legalName: "Wiener Kaffeehaus",
  street: "Ring 1",
  postcode: "1010",
  city: "Wien",
  country: "AT" as const,
  vatId: null,
  taxExempt: false,
};

beforeAll(async () => {
  await prepareTestDatabase();
  superAdmin = await sessionCookieFor("admin@demo.test");
});

function postRate(country: string, form: Record<string, string>, { cookie = superAdmin, language = "en" as "en" | "de" } = {}) {
  return callAction(editRoute.action, `/products/tax-rates/${country}`, { cookie, form, language, params: { country } });
}

async function listOf(query = "", language: "en" | "de" = "en") {
  return unwrap(await callLoader(listRoute.loader, `/products/tax-rates${query}`, { cookie: superAdmin, language })).value as {
    rows: Array<{ country: string; name: string; rateBp: number; since: string | null; upcoming: Array<{ rateBp: number; effectiveFrom: string }> }>;
    total: number;
  };
}

async function pdfText(cookie: string, invoiceId: string) {
  const response = (await callLoader(invoicePdf.loader, `/invoices/${invoiceId}.pdf`, { cookie, params: { invoiceId } })) as Response;
  const result = await extractPdfText(new Uint8Array(await response.arrayBuffer()));
  if (!("text" in result)) throw new Error(`The invoice PDF could not be read: ${result.problem}`);
  return result.text;
}

describe("only the super admin", () => {
  it("reads the list and a country; anyone else is sent home, and their posts are refused with 403 in English and German", async () => {
    const owner = await factories.tenantWithOwner({ company: "Not Platform Tax" });
    const admin = await factories.tenantUser(owner.tenantId, { role: "admin" });
    for (const cookie of [owner.cookie, admin.cookie, await sessionCookieFor("owner@demo.test")]) {
      expect(redirectLocation(await callLoader(listRoute.loader, "/products/tax-rates", { cookie }))).toBe("/overview");
      expect(redirectLocation(await callLoader(editRoute.loader, "/products/tax-rates/DE", { cookie, params: { country: "DE" } }))).toBe("/overview");
      for (const language of ["en", "de"] as const) {
        const result = (await postRate("DE", { rate: "5", effectiveFrom: today() }, { cookie, language })) as Response;
        expect(result.status).toBe(403);
        expect(await result.text()).toBe(FORBIDDEN[language]);
      }
    }
    expect(await db().selectFrom("tax_rate_changes").selectAll().where("country", "=", "DE").execute()).toEqual([]);
  });

  it("sees every seeded country with its rate, searchable by code or name in the reader's language; an unknown country is 404", async () => {
    const all = await listOf();
    expect(all.total).toBe(27);
    expect(all.rows.find((row) => row.country === "FI")).toMatchObject({ rateBp: 2550, since: null, upcoming: [] });
    // The demo's one change (app/seed/demo-billing.server.ts): Estonia at 24 % since 1 July 2025.
    expect(all.rows.find((row) => row.country === "EE")).toMatchObject({ rateBp: 2400, since: "2025-07-01", upcoming: [] });
    expect((await listOf("?q=de")).rows.map((row) => row.country)).toContain("DE"); // the code, and names with "de" (Sweden)
    expect((await listOf("?q=germ")).rows.map((row) => row.country)).toEqual(["DE"]);
    expect((await listOf("?q=deutsch", "de")).rows.map((row) => row.country)).toEqual(["DE"]);
    expect((await listOf("?q=zzz")).rows).toEqual([]);
    const unknown = await callLoader(editRoute.loader, "/products/tax-rates/US", { cookie: superAdmin, params: { country: "US" } });
    expect((unknown as Response).status).toBe(404);
  });
});

describe("setting a rate", () => {
  it("answers each invalid field with its own message, in the user's decimal mark, and saves nothing", async () => {
    const errorsOf = async (form: Record<string, string>, language: "en" | "de" = "en") => {
      const { status, value } = unwrap(await postRate("AT", form, { language }));
      expect(status).toBe(400);
      return (value as { errors: Record<string, string[]> }).errors;
    };
    expect(await errorsOf({ rate: "101", effectiveFrom: today() })).toEqual({ rate: ["taxRates.validation.rateTooHigh"] });
    expect(await errorsOf({ rate: "19.125", effectiveFrom: today() })).toEqual({ rate: ["taxRates.validation.rateTooPrecise"] });
    expect(await errorsOf({ rate: "abc", effectiveFrom: "2020-01-01" })).toEqual({
      rate: ["taxRates.validation.rateInvalid"],
      effectiveFrom: ["taxRates.validation.dayPast"],
    });
    expect(await errorsOf({ rate: "", effectiveFrom: today() })).toMatchObject({ rate: [expect.stringMatching(/^taxRates\.validation\.rate/)] });
    expect(await db().selectFrom("tax_rate_changes").selectAll().where("country", "=", "AT").execute()).toEqual([]);
    expect(await db().selectFrom("audit_log").selectAll().where("action", "=", "tax-rate.changed").execute()).toEqual([]);
  });

  it("sets a rate from today with an audit entry: a new invoice takes it, an invoice issued before keeps its rate", async () => {
    const tenant = await billingTenant();
    await saveBillingDetails(tenant.tenantId, tenant.userId, AUSTRIAN_CONSUMER);
    const pay = (amountCents: number) =>
      topUp({ tenantId: tenant.tenantId, userId: tenant.userId, amountCents, paymentMethodId: tenant.cardIds[0]!, submissionKey: crypto.randomUUID() });
    await pay(12_000);
    const [before] = (await books(tenant.tenantId)).invoices;
    expect(before).toMatchObject({ amount_cents: 12_000, tax_rate_bp: 2000, tax_cents: 2_000, net_cents: 10_000 });

    // German decimal comma: 21,5 % from today.
    const saved = await postRate("AT", { rate: "21,5", effectiveFrom: today() }, { language: "de" });
    expect(redirectLocation(saved)).toBe("/products/tax-rates/AT");
    const audit = await db().selectFrom("audit_log").selectAll().where("action", "=", "tax-rate.changed").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ tenant_id: null, target_id: "AT", target_kind: "tax-rate" });
    expect(JSON.parse(audit[0]!.details)).toEqual({ from: "20 %", to: "21.5 %", effectiveFrom: today() });
    expect((await listOf("?q=AT")).rows[0]).toMatchObject({ country: "AT", rateBp: 2150, since: today() });

    await pay(12_150);
    const [again, after] = (await books(tenant.tenantId)).invoices;
    expect(again).toEqual(before);
    expect(after).toMatchObject({ amount_cents: 12_150, tax_rate_bp: 2150, tax_cents: 2_150, net_cents: 10_000 });
  });

  it("schedules a rate for a later day: listed as to come, not used before then; the same day again replaces it", async () => {
    const nextYear = `${Number(today().slice(0, 4)) + 1}-01-01`;
    expect(redirectLocation(await postRate("FI", { rate: "24", effectiveFrom: nextYear }))).toBe("/products/tax-rates/FI");
    expect(redirectLocation(await postRate("FI", { rate: "24.5", effectiveFrom: nextYear }))).toBe("/products/tax-rates/FI");
    const finland = (await listOf("?show=scheduled")).rows;
    expect(finland.map((row) => row.country)).toEqual(["FI"]);
    expect(finland[0]).toMatchObject({ rateBp: 2550, upcoming: [{ rateBp: 2450, effectiveFrom: nextYear }] });
    const view = unwrap(await callLoader(editRoute.loader, "/products/tax-rates/fi", { cookie: superAdmin, params: { country: "fi" } })).value as {
      history: Array<{ rate_bp: number; effective_from: string }>;
    };
    expect(view.history.map((change) => [change.effective_from, change.rate_bp])).toEqual([[nextYear, 2450]]);
    expect(
      await db().selectFrom("audit_log").select("target_id").where("action", "=", "tax-rate.changed").where("target_id", "=", "FI").execute(),
    ).toHaveLength(2);
  });
});

describe("an invoice's service period", () => {
  it("states the period a renewal bills, kept in the invoice, printed in the PDF; a top-up keeps its service date", async () => {
    const tenant = await billingTenant({ plan: "growth" });
    await saveBillingDetails(tenant.tenantId, tenant.userId, { ...AUSTRIAN_CONSUMER, country: "DE", city: "Berlin", postcode: "10115" });
    const end = new Date(Date.now() - 60 * 60_000);
    const period = await setCurrentPeriod(tenant.tenantId, new Date(addMonths(end.toISOString(), -1)), end);
    expect(await runRenewals(new Date())).toMatchObject({ renewed: 1 });
    await topUp({
      tenantId: tenant.tenantId,
      userId: tenant.userId,
      amountCents: 1_000,
      paymentMethodId: tenant.cardIds[0]!,
      submissionKey: crypto.randomUUID(),
    });
    const [renewal, topUpInvoice] = (await books(tenant.tenantId)).invoices;
    expect(renewal).toMatchObject({ item_key: "items.plan.renewal", service_period_start: period.end });
    expect(renewal!.service_period_end! > period.end).toBe(true);
    const subscription = await db().selectFrom("subscriptions").selectAll().where("id", "=", period.id).executeTakeFirstOrThrow();
    expect([renewal!.service_period_start, renewal!.service_period_end]).toEqual([subscription.current_period_start, subscription.current_period_end]);
    expect(topUpInvoice).toMatchObject({ item_key: "items.topup", service_period_start: null, service_period_end: null });

    const cookie = await tenant.cookie();
    const renewalText = await pdfText(cookie, renewal!.id);
    expect(renewalText).toMatch(/Service period: .+ – .+/);
    expect(renewalText).not.toContain("Service date");
    expect(await pdfText(cookie, topUpInvoice!.id)).toContain("Service date");
  });
});
