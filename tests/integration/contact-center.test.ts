import { beforeAll, describe, expect, it } from "vitest";
import { getDb, newId } from "~/db/db.server";
import { TIMELINE_PAGE_SIZE } from "~/features/contact-center/center-params";
import type { ContactPageData } from "~/features/contact-center/center-view";
import type { ContactProfile } from "~/features/contact-center/profile.server";
import { createDeal } from "~/features/deals/deals.server";
import { ensurePipelines, listPipelines } from "~/features/deals/pipelines.server";
import { createTicket } from "~/features/service-desk/tickets.server";
import * as contactsPage from "~/routes/_dashboard+/contacts+/_index";
import * as editContactPage from "~/routes/_dashboard+/contacts+/$contactId.edit";
import * as contactPage from "~/routes/_dashboard+/main-contact-center+/$contactId";
import * as searchPage from "~/routes/_dashboard+/main-contact-center+/_index";
import * as profileRoute from "~/routes/_dashboard+/profile";
import { callAction, callLoader, prepareTestDatabase, redirectLocation, unwrap } from "../support/app";
import * as factories from "../support/factories";

/*
 * The contact center (docs/product/contact-center.md): one search box for a
 * name, company, email or a phone number in any format; a contact's profile
 * ("CRM active" with the record id), its timeline of calls, feedback,
 * tickets, deals, appointments, campaign activity and opt-out changes
 * (newest first, filtered and paged in the URL, only what the role may read,
 * only the tenant's), and the quick actions that post to the page. Runs on
 * SQLite and PostgreSQL.
 */

const db = () => getDb();
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

beforeAll(async () => {
  await prepareTestDatabase();
});

type SearchData = { q: string; result: { matches: Array<{ id: string; firstName: string }>; more: boolean } };
type PageData = { profile: ContactProfile; page: ContactPageData };

const search = async (cookie: string, q: string) =>
  unwrap(await callLoader(searchPage.loader, `/main-contact-center?${new URLSearchParams({ q })}`, { cookie }));
const matchesOf = async (cookie: string, q: string) => ((await search(cookie, q)).value as SearchData).result.matches.map((match) => match.firstName);
const openContact = async (cookie: string, contactId: string, query = "") =>
  unwrap(await callLoader(contactPage.loader, `/main-contact-center/${contactId}${query}`, { cookie, params: { contactId } })).value as PageData;

describe("the search box", () => {
  let tenant: factories.TestTenant;
  let other: factories.TestTenant;
  let anna: { id: string; phone: string };

  beforeAll(async () => {
    tenant = await factories.tenantWithOwner({ country: "DE", timeZone: "Europe/Berlin" });
    other = await factories.tenantWithOwner();
    const list = await factories.contactList(tenant.tenantId, { name: "Leads" });
    anna = await factories.contact(tenant.tenantId, {
      listId: list.id,
      first_name: "Anna",
      last_name: "Müller",
      company: "Bäckerei Sonnenschein",
      email: "anna@sonnenschein.example",
      phone: "+493012345678",
    });
    await factories.contact(tenant.tenantId, { listId: list.id, first_name: "Bernd", last_name: "Schulz", company: "Schulz Dach", phone: "+493012345679" });
    // Another tenant's contact with the same name and number is never found.
    await factories.contact(other.tenantId, { first_name: "Anna", last_name: "Müller", phone: "+493012345678" });
  });

  it("finds a contact by part of the name in any case, the company, the email and digits of the number", async () => {
    expect(await matchesOf(tenant.cookie, "MÜLLER")).toEqual(["Anna"]);
    expect(await matchesOf(tenant.cookie, "anna m")).toEqual(["Anna"]);
    expect(await matchesOf(tenant.cookie, "sonnenschein")).toEqual(["Anna"]);
    expect(await matchesOf(tenant.cookie, "anna@sonnenschein")).toEqual(["Anna"]);
    expect(await matchesOf(tenant.cookie, "1234567")).toEqual(["Anna", "Bernd"]);
    expect(await matchesOf(tenant.cookie, "nobody-here")).toEqual([]);
  });

  it("a whole number in any format the phone module reads opens the one contact that has it", async () => {
    for (const typed of ["030 12345678", "+49 30 1234 5678", "0049 30 12345678", "(030) 123-456-78"]) {
      expect(
        redirectLocation(await callLoader(searchPage.loader, `/main-contact-center?${new URLSearchParams({ q: typed })}`, { cookie: tenant.cookie })),
        typed,
      ).toBe(`/main-contact-center/${anna.id}?${new URLSearchParams({ q: typed })}`);
    }
  });

  it("without a term it lists the contacts changed most recently; another tenant's never", async () => {
    const recent = (await search(tenant.cookie, "")).value as SearchData;
    expect(recent.result.matches.map((match) => match.firstName).sort()).toEqual(["Anna", "Bernd"]);
    expect(await matchesOf(other.cookie, "Bernd")).toEqual([]);
  });

  it("another tenant's contact page is not found", async () => {
    const foreign = await callLoader(contactPage.loader, `/main-contact-center/${anna.id}`, { cookie: other.cookie, params: { contactId: anna.id } });
    expect(unwrap(foreign).status).toBe(404);
  });

  it("the contact list's names lead to the contact center", async () => {
    const list = unwrap(await callLoader(contactsPage.loader, "/contacts", { cookie: tenant.cookie })).value as { list: { canOpenContactCenter: boolean } };
    expect(list.list.canOpenContactCenter).toBe(true);
  });
});

describe("a contact's timeline", () => {
  let tenant: factories.TestTenant;
  let other: factories.TestTenant;
  let contact: { id: string; phone: string; listId: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    tenant = await factories.tenantWithOwner({ company: "Maple Plumbing" });
    other = await factories.tenantWithOwner();
    const list = await factories.contactList(tenant.tenantId, { name: "Customers" });
    contact = await factories.contact(tenant.tenantId, { listId: list.id, first_name: "Carla", last_name: "Nguyen", phone: "+14165550199" });
    // Inbound from the contact (E.164), outbound to the contact as ten digits, another number, and another tenant's call from the same number.
    ids.inbound = await factories.call(
      tenant.tenantId,
      { direction: "inbound", from: "+14165550199", to: "+14165550100", startedAt: minutesAgo(300), createdAt: minutesAgo(300), summary: "Asked for a quote." },
      { feedback_rating: 2, feedback_text: "Too long on hold", feedback_at: minutesAgo(290), feedback_moment_seconds: 33 },
    );
    ids.outbound = await factories.call(tenant.tenantId, {
      direction: "outbound",
      from: "+14165550100",
      to: "14165550199",
      startedAt: minutesAgo(200),
      createdAt: minutesAgo(200),
      summary: "Confirmed the visit.",
    });
    ids.stranger = await factories.call(tenant.tenantId, {
      direction: "inbound",
      from: "+14165550111",
      startedAt: minutesAgo(250),
      createdAt: minutesAgo(250),
    });
    ids.foreign = await factories.call(other.tenantId, { direction: "inbound", from: "+14165550199", startedAt: minutesAgo(100), createdAt: minutesAgo(100) });

    const ticket = await createTicket(
      { id: tenant.tenantId, timeZone: "America/Toronto", country: "CA" },
      { subject: "Refund the call-out fee", description: "", priority: "high", contactId: contact.id, assignee: null, tags: [], callId: null },
      tenant.ownerId,
      { at: new Date(Date.now() - 150 * 60_000) },
    );
    if (!ticket.ok) throw new Error("ticket refused");
    ids.ticket = ticket.ticketId;

    await ensurePipelines(tenant.tenantId);
    const [pipeline] = await listPipelines(tenant.tenantId);
    const stage = await db()
      .selectFrom("deal_stages")
      .select("id")
      .where("pipeline_id", "=", pipeline!.id)
      .where("system_key", "=", "qualified")
      .executeTakeFirstOrThrow();
    const deal = await createDeal(
      tenant.tenantId,
      pipeline!.id,
      { title: "Boiler replacement", valueMinor: 450_000, stageId: stage.id, lostReason: null, contactId: contact.id, ownerId: null, expectedCloseOn: null },
      { createdBy: tenant.ownerId, at: minutesAgo(120) },
    );
    if (!deal.ok) throw new Error("deal refused");
    ids.deal = deal.id;

    const campaign = await factories.campaign(tenant.tenantId, { contactListId: list.id, name: "Spring check-ups" });
    ids.activity = newId();
    await db()
      .insertInto("campaign_activity")
      .values({
        id: ids.activity,
        tenant_id: tenant.tenantId,
        campaign_id: campaign.id,
        run_id: null,
        contact_id: contact.id,
        kind: "skipped",
        phone: contact.phone,
        reason: "outside-window",
        platform_call_id: null,
        detail: null,
        created_at: minutesAgo(60),
      })
      .execute();
  });

  it("lists calls on either side of the number, feedback, tickets, deals and campaign activity, newest first; no other number's or tenant's", async () => {
    const { page } = await openContact(tenant.cookie, contact.id);
    expect(page.items.map((item) => [item.kind, item.id])).toEqual([
      ["campaign", ids.activity],
      ["deal", ids.deal],
      ["ticket", ids.ticket],
      ["call", ids.outbound],
      ["feedback", ids.inbound],
      ["call", ids.inbound],
    ]);
    expect(page.counts).toMatchObject({ call: 2, feedback: 1, ticket: 1, deal: 1, appointment: 0, campaign: 1, "opt-out": 0 });
    const byKind = Object.fromEntries(page.items.map((item) => [item.kind, item]));
    expect(byKind.feedback).toMatchObject({
      title: "Rated the call 2 of 5",
      detail: "Too long on hold",
      link: { href: `/recordings/${ids.inbound}?t=33`, label: "Listen from 0:33" },
    });
    expect(byKind.ticket!.badges.map((badge) => badge.label)).toEqual(["Open", "High"]);
    expect(byKind.deal).toMatchObject({ title: "Deal: Boiler replacement · €4,500.00", badges: [{ label: "Qualified", tone: "info" }] });
    expect(byKind.campaign).toMatchObject({ title: "Campaign Spring check-ups", badges: [{ label: "Skipped: outside the calling window" }] });
    expect(page.items.find((item) => item.id === ids.outbound)).toMatchObject({ title: "Outbound call", detail: "Confirmed the visit." });
  });

  it("reads in German", async () => {
    const german = unwrap(
      await callLoader(contactPage.loader, `/main-contact-center/${contact.id}?show=deal`, {
        cookie: tenant.cookie,
        params: { contactId: contact.id },
        language: "de",
      }),
    ).value as PageData;
    expect(german.page.items[0]).toMatchObject({ title: "Deal: Boiler replacement · 4.500,00\u00a0€", badges: [{ label: "Qualifiziert" }] });
  });

  it("filters by kind and pages through the URL, leniently", async () => {
    const tickets = await openContact(tenant.cookie, contact.id, "?show=ticket");
    expect(tickets.page.items.map((item) => item.kind)).toEqual(["ticket"]);
    expect(tickets.page.params.show).toBe("ticket");
    const unknown = await openContact(tenant.cookie, contact.id, "?show=everything&page=99");
    expect(unknown.page.params).toMatchObject({ show: null, page: 1 });
    expect(unknown.page.items).toHaveLength(6);

    for (let index = 0; index < TIMELINE_PAGE_SIZE; index += 1) {
      await factories.call(tenant.tenantId, {
        direction: "inbound",
        from: contact.phone,
        startedAt: minutesAgo(1000 + index),
        createdAt: minutesAgo(1000 + index),
      });
    }
    const first = await openContact(tenant.cookie, contact.id, "?show=call");
    expect(first.page).toMatchObject({ total: 22, pageCount: 2, page: 1 });
    const second = await openContact(tenant.cookie, contact.id, "?show=call&page=2");
    expect(second.page.items).toHaveLength(2);
    expect(second.page.items.at(-1)!.at < second.page.items[0]!.at).toBe(true);
  });

  it("shows each role only what it may read: support sees no deals or campaigns, and no forms that change the contact", async () => {
    const support = await factories.tenantUser(tenant.tenantId, { role: "support" });
    const { page } = await openContact(support.cookie, contact.id);
    expect(page.kinds).toEqual(["call", "feedback", "ticket", "opt-out"]);
    expect(page.items.some((item) => item.kind === "deal" || item.kind === "campaign")).toBe(false);
    expect(page.canUpdate).toBe(false);
    expect(page.actions).toMatchObject({ createTicket: expect.stringContaining("/service-desk/new?contactId="), createDeal: null, edit: null });
    const refused = await callAction(contactPage.action, `/main-contact-center/${contact.id}`, {
      cookie: support.cookie,
      params: { contactId: contact.id },
      form: { intent: "opt-out", optedOut: "1" },
    });
    expect(unwrap(refused).status).toBe(403);
  });

  it("another tenant cannot post to the contact's page", async () => {
    const foreign = await callAction(contactPage.action, `/main-contact-center/${contact.id}`, {
      cookie: other.cookie,
      params: { contactId: contact.id },
      form: { intent: "opt-out", optedOut: "1" },
    });
    expect(unwrap(foreign).status).toBe(404);
    expect((await db().selectFrom("contacts").select("opted_out_at").where("id", "=", contact.id).executeTakeFirstOrThrow()).opted_out_at).toBeNull();
  });
});

describe("quick actions and the profile", () => {
  let tenant: factories.TestTenant;
  let other: factories.TestTenant;
  let contact: { id: string; listId: string };
  let otherList: { id: string };

  beforeAll(async () => {
    tenant = await factories.tenantWithOwner({ name: "Olivia Owner" });
    other = await factories.tenantWithOwner();
    contact = await factories.contact(tenant.tenantId, { first_name: "Dora", last_name: "Lee" });
    otherList = await factories.contactList(tenant.tenantId, { name: "VIP" });
  });

  const post = (form: Record<string, string>, query = "", language?: "en" | "de") =>
    callAction(contactPage.action, `/main-contact-center/${contact.id}${query}`, { cookie: tenant.cookie, params: { contactId: contact.id }, form, language });

  it("opting out and back in returns to the same view and writes the history the timeline shows, with who did it", async () => {
    expect(redirectLocation(await post({ intent: "opt-out", optedOut: "1" }, "?show=opt-out"))).toBe(`/main-contact-center/${contact.id}?show=opt-out`);
    // Twice is once: the first moment stays and no second change is written.
    await post({ intent: "opt-out", optedOut: "1" });
    const out = await openContact(tenant.cookie, contact.id, "?show=opt-out");
    expect(out.profile.optedOutAt).not.toBeNull();
    expect(out.page.items.map((item) => [item.title, item.detail])).toEqual([["Opted out of calls", "By Olivia Owner, in the contact center"]]);

    await post({ intent: "opt-out", optedOut: "0" });
    const back = await openContact(tenant.cookie, contact.id, "?show=opt-out");
    expect(back.profile.optedOutAt).toBeNull();
    expect(back.page.items.map((item) => item.title)).toEqual(["Opted back in to calls", "Opted out of calls"]);
  });

  it("the contact list's quick opt-out and the contact form write the same history, each naming where", async () => {
    const other = await factories.contact(tenant.tenantId, { first_name: "Finn" });
    const edit = (form: Record<string, string>) =>
      callAction(editContactPage.action, `/contacts/${other.id}/edit`, { cookie: tenant.cookie, params: { contactId: other.id }, form });
    expect(redirectLocation(await edit({ intent: "opt-out", optedOut: "1" }))).toBe("/contacts");
    expect(
      redirectLocation(
        await edit({ intent: "save", firstName: "Finn", lastName: "", title: "", company: "", phone: other.phone, email: "", listId: other.listId }),
      ),
    ).toBe("/contacts");
    const { page } = await openContact(tenant.cookie, other.id, "?show=opt-out");
    expect(page.items.map((item) => [item.title, item.detail])).toEqual([
      ["Opted back in to calls", "By Olivia Owner, on the contact's form"],
      ["Opted out of calls", "By Olivia Owner, in the contact list"],
    ]);
  });

  it("moves the contact to another list of the tenant; another tenant's list is a message at the field, in both languages", async () => {
    expect(redirectLocation(await post({ intent: "move-list", listId: otherList.id }))).toBe(`/main-contact-center/${contact.id}`);
    expect((await openContact(tenant.cookie, contact.id)).profile.listName).toBe("VIP");

    const foreignList = await factories.contactList(other.tenantId, { name: "Theirs" });
    const refused = unwrap(await post({ intent: "move-list", listId: foreignList.id }));
    expect(refused.status).toBe(400);
    expect((refused.value as { result: { error: Record<string, string[]> } }).result.error.listId).toEqual(["validation.listMissing"]);
    const empty = unwrap(await post({ intent: "move-list", listId: "" }, "", "de"));
    expect((empty.value as { result: { error: Record<string, string[]> } }).result.error.listId).toEqual(["validation.listRequired"]);
    expect((await openContact(tenant.cookie, contact.id)).profile.listName).toBe("VIP");
  });

  it("says whether the contact is linked in a CRM integration, with its record id there", async () => {
    expect((await openContact(tenant.cookie, contact.id)).profile.crmLinks).toEqual([]);
    const organization = await factories.organization(tenant);
    const integration = await factories.integration(tenant.tenantId, organization.id, { crmName: "Acme CRM" });
    await db()
      .insertInto("integration_links")
      .values({
        integration_id: integration.id,
        tenant_id: tenant.tenantId,
        record_kind: "contact",
        record_id: contact.id,
        external_id: "crm-4711",
        updated_at: new Date().toISOString(),
      })
      .execute();
    const { profile } = await openContact(tenant.cookie, contact.id);
    expect(profile.crmLinks).toEqual([expect.objectContaining({ crmName: "Acme CRM", enabled: true, externalId: "crm-4711" })]);
    // The same link never shows on another tenant's page.
    const theirs = await factories.contact(other.tenantId, { first_name: "Eve" });
    expect((await openContact(other.cookie, theirs.id)).profile.crmLinks).toEqual([]);
  });

  it('the user profile says "CRM active" while an integration of the account is enabled', async () => {
    const crmOf = async (cookie: string) => (unwrap(await callLoader(profileRoute.loader, "/profile", { cookie })).value as { crmNames: string[] }).crmNames;
    expect(await crmOf(other.cookie)).toEqual([]);
    expect(await crmOf(tenant.cookie)).toEqual(["Acme CRM"]);
    await db().updateTable("integrations").set({ status: "disabled" }).where("tenant_id", "=", tenant.tenantId).execute();
    expect(await crmOf(tenant.cookie)).toEqual([]);
    const { profile } = await openContact(tenant.cookie, contact.id);
    expect(profile.crmLinks).toEqual([expect.objectContaining({ crmName: "Acme CRM", enabled: false })]);
  });
});
