import { beforeAll, describe, expect, it } from "vitest";
import { extractPdfText } from "~/features/knowledge/pdf-text.server";
import { getDb } from "~/db/db.server";
import * as billing from "~/routes/_dashboard+/billing";
import * as invoicePdf from "~/routes/_files+/invoices.$invoiceId[.]pdf";
import { callAction, callLoader, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import { addTenantUser, billingTenant, books } from "../support/billing";

/*
 * Invoices that are tax documents (issue 27, docs/decisions/0056-tax-invoices.md):
 * the billing details form on /billing?tab=billing-details (validation at the
 * field, saved with an audit entry, only for those who may update billing,
 * per tenant), and the snapshot an invoice takes when it is issued.
 */

beforeAll(prepareTestDatabase);

const GERMAN = { legalName: "Bäckerei Größe GmbH", street: "Hauptstraße 5", postcode: "80331", city: "München", country: "DE", vatId: "DE 123 456 789" };
const FRENCH = { legalName: "Société Œuvre SARL", street: "1 rue de la Paix", postcode: "75002", city: "Paris", country: "FR", vatId: "FRXX123456789" };

function postDetails(cookie: string, form: Record<string, string>) {
  return callAction(billing.action, "/billing?tab=billing-details", {
    cookie,
    form: { intent: "billing-details", returnTo: "/billing?tab=billing-details", ...form },
  });
}

function fieldErrors(result: unknown) {
  const { status, value } = unwrap(result);
  const errors = (value as { result?: { error?: Record<string, string[] | null> } }).result?.error ?? {};
  return { status, errors: Object.fromEntries(Object.entries(errors).filter(([, messages]) => messages?.length)) };
}

function topUp(cookie: string, cardId: string, amount: string) {
  return callAction(billing.action, "/billing?tab=top-up", {
    cookie,
    form: { intent: "top-up", amount, paymentMethodId: cardId, submissionKey: crypto.randomUUID(), returnTo: "/billing?tab=top-up" },
  });
}

async function pdfText(cookie: string, invoiceId: string) {
  const response = (await callLoader(invoicePdf.loader, `/invoices/${invoiceId}.pdf`, { cookie, params: { invoiceId } })) as Response;
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  const result = await extractPdfText(new Uint8Array(await response.arrayBuffer()));
  if (!("text" in result)) throw new Error(`The invoice PDF could not be read: ${result.problem}`);
  return result.text;
}

describe("the billing details form", () => {
  it("answers each invalid field with its own translated message and saves nothing", async () => {
    const tenant = await billingTenant();
    const cookie = await tenant.cookie();
    const missing = fieldErrors(await postDetails(cookie, { ...GERMAN, legalName: "", city: " " }));
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ legalName: ["validation.legalNameRequired"], city: ["validation.cityRequired"] });
    expect(fieldErrors(await postDetails(cookie, { ...GERMAN, vatId: "DE12345678" })).errors).toEqual({ vatId: ["validation.vatIdFormat"] });
    expect(fieldErrors(await postDetails(cookie, { ...GERMAN, vatId: "FR12345678901" })).errors).toEqual({ vatId: ["validation.vatIdPrefix"] });
    expect(fieldErrors(await postDetails(cookie, { ...GERMAN, country: "XX" })).errors).toEqual({ country: ["validation.countryRequired"] });
    expect(await getDb().selectFrom("billing_details").selectAll().where("tenant_id", "=", tenant.tenantId).execute()).toEqual([]);
  });

  it("saves the details, normalises the VAT ID, records the change and shows them on the tab", async () => {
    const tenant = await billingTenant();
    const cookie = await tenant.cookie();
    const result = await postDetails(cookie, { ...GERMAN, taxExempt: "on" });
    expect(redirectLocation(result)).toBe("/billing?tab=billing-details");
    const { value } = unwrap(await callLoader(billing.loader, "/billing?tab=billing-details", { cookie }));
    expect((value as { view: unknown }).view).toMatchObject({
      tab: "billing-details",
      details: {
        legalName: "Bäckerei Größe GmbH",
        street: "Hauptstraße 5",
        postcode: "80331",
        city: "München",
        country: "DE",
        vatId: "DE123456789",
        taxExempt: true,
      },
    });
    const audit = await getDb()
      .selectFrom("audit_log")
      .selectAll()
      .where("tenant_id", "=", tenant.tenantId)
      .where("action", "=", "billing-details.changed")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: tenant.userId, target_label: "Bäckerei Größe GmbH" });
  });

  it("is refused to a member who may only read billing", async () => {
    const tenant = await billingTenant();
    const agent = await addTenantUser(tenant.tenantId, "agent");
    const result = await postDetails(await sessionCookieFor(agent), GERMAN).catch((error: unknown) => error);
    expect(unwrap(result).status).toBe(403);
    expect(await getDb().selectFrom("billing_details").selectAll().where("tenant_id", "=", tenant.tenantId).execute()).toEqual([]);
  });

  it("keeps each tenant's details to itself", async () => {
    const first = await billingTenant();
    const second = await billingTenant();
    await postDetails(await first.cookie(), GERMAN);
    await postDetails(await second.cookie(), FRENCH);
    const view = async (cookie: string) =>
      (unwrap(await callLoader(billing.loader, "/billing?tab=billing-details", { cookie })).value as { view: { details: { legalName: string } } }).view;
    expect((await view(await first.cookie())).details.legalName).toBe("Bäckerei Größe GmbH");
    expect((await view(await second.cookie())).details.legalName).toBe("Société Œuvre SARL");
  });
});

describe("an invoice's tax snapshot", () => {
  it("carries German VAT for a German buyer and keeps it after the details change", async () => {
    const tenant = await billingTenant();
    const cookie = await tenant.cookie();
    await postDetails(cookie, GERMAN);
    expect(redirectLocation(await topUp(cookie, tenant.cardIds[0]!, "119.00"))).toBe("/billing?tab=top-up");
    const [first] = (await books(tenant.tenantId)).invoices;
    expect(first).toMatchObject({ amount_cents: 11_900, net_cents: 10_000, tax_rate_bp: 1900, tax_cents: 1_900, tax_note: null });
    expect(JSON.parse(first!.buyer_snapshot!)).toEqual({ ...GERMAN, name: GERMAN.legalName, legalName: undefined, vatId: "DE123456789" });
    expect(JSON.parse(first!.seller_snapshot!)).toMatchObject({ country: "DE", vatId: expect.stringMatching(/^DE\d{9}$/) });

    // A later edit changes the next invoice, never the issued one.
    await postDetails(cookie, FRENCH);
    await topUp(cookie, tenant.cardIds[0]!, "50.00");
    const [again, second] = (await books(tenant.tenantId)).invoices;
    expect(again).toEqual(first);
    expect(second).toMatchObject({ amount_cents: 5_000, net_cents: 5_000, tax_rate_bp: 0, tax_cents: 0, tax_note: "reverseCharge" });

    const text = await pdfText(cookie, first!.id);
    for (const field of ["Bäckerei Größe GmbH", "Hauptstraße 5", "80331 München", "DE123456789", "$100.00", "$19.00", "$119.00"]) expect(text).toContain(field);
    expect(text).not.toContain("Société");
    expect(await pdfText(cookie, second!.id)).toContain("Reverse charge");
  });

  it("leaves the ledger and the charge at the amount paid (prices are gross)", async () => {
    const tenant = await billingTenant();
    const cookie = await tenant.cookie();
    await postDetails(cookie, { ...GERMAN, vatId: "" });
    await topUp(cookie, tenant.cardIds[0]!, "25.00");
    const after = await books(tenant.tenantId);
    expect([after.balance, after.charged]).toEqual([2_500, [2_500]]);
    expect(after.invoices[0]).toMatchObject({ amount_cents: 2_500, net_cents: 2_101, tax_cents: 399 });
    expect(JSON.parse(after.invoices[0]!.buyer_snapshot!).vatId).toBeNull();
  });
});
