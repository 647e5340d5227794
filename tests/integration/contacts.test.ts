import { beforeAll, describe, expect, it } from "vitest";
import { getDb, now } from "~/db/db.server";
import { getTranslatorFor } from "~/i18n/i18next.server";
import * as editRoute from "~/routes/_dashboard+/contacts+/$contactId.edit";
import * as deleteRoute from "~/routes/_dashboard+/contacts+/$contactId.delete";
import * as indexRoute from "~/routes/_dashboard+/contacts+/_index";
import * as deleteListRoute from "~/routes/_dashboard+/contacts+/lists.$listId.delete";
import * as renameListRoute from "~/routes/_dashboard+/contacts+/lists.$listId.edit";
import * as newListRoute from "~/routes/_dashboard+/contacts+/lists.new";
import * as newRoute from "~/routes/_dashboard+/contacts+/new";
import { callAction, callLoader, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import { campaign, contactList, phoneNumber, tenantWithOwner } from "../support/factories";

/*
 * The contact and list forms of /contacts: every validation message, the
 * duplicate-phone and list rules, the opt-out, permissions and tenant
 * isolation. Each test works in a tenant of its own unless it needs the demo
 * tenant's roles or campaigns.
 */

beforeAll(prepareTestDatabase);

interface Owner {
  tenantId: string;
  cookie: string;
}

const newList = async (owner: Owner, name?: string) => (await contactList(owner.tenantId, name === undefined ? {} : { name })).id;

type Fields = Record<string, string>;

const validContact = (listId: string, changes: Fields = {}): Fields => ({
  intent: "save",
  firstName: "Anna",
  lastName: "Schmidt",
  title: "Buyer",
  company: "Acme",
  phone: "(416) 555-0199",
  email: "anna@acme.example",
  listId,
  ...changes,
});

function createContact(cookie: string, form: Fields, language?: "en" | "de") {
  return callAction(newRoute.action, "/contacts/new", { cookie, form, language });
}

function editContact(cookie: string, contactId: string, form: Fields) {
  return callAction(editRoute.action, `/contacts/${contactId}/edit`, { cookie, form, params: { contactId } });
}

/** The field errors of a failed submission. */
function fieldErrors(result: unknown) {
  const { status, value } = unwrap(result);
  const reply = value as { result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } } | undefined;
  return { status, errors: reply?.result.error ?? {}, typed: reply?.result.initialValue ?? {} };
}

const contactsOf = (tenantId: string) => getDb().selectFrom("contacts").selectAll().where("tenant_id", "=", tenantId).execute();

async function contactByPhone(tenantId: string, phone: string) {
  return getDb().selectFrom("contacts").selectAll().where("tenant_id", "=", tenantId).where("phone", "=", phone).executeTakeFirst();
}

const en = () => getTranslatorFor("en", "contacts");
const de = () => getTranslatorFor("de", "contacts");

describe("adding a contact", () => {
  it("stores the phone in E.164 with the zone the number tells, and goes back where the user came from", async () => {
    const owner = await tenantWithOwner();
    const listId = await newList(owner);
    const result = await createContact(owner.cookie, { ...validContact(listId), returnTo: `/contacts?list=${listId}` });
    expect(redirectLocation(result)).toBe(`/contacts?list=${listId}`);
    const stored = await contactByPhone(owner.tenantId, "+14165550199");
    expect(stored).toMatchObject({
      first_name: "Anna",
      last_name: "Schmidt",
      title: "Buyer",
      company: "Acme",
      email: "anna@acme.example",
      list_id: listId,
      time_zone: "America/Toronto",
      opted_out_at: null,
    });

    await createContact(owner.cookie, validContact(listId, { phone: "+49 30 1234 5678", email: "", lastName: "", optedOut: "on" }));
    const german = await contactByPhone(owner.tenantId, "+493012345678");
    expect(german?.time_zone).toBe("Europe/Berlin");
    expect(german?.email).toBe("");
    expect(german?.opted_out_at).not.toBeNull();
  });

  it("says what is wrong with each field, in English and German, and keeps what was typed", async () => {
    const owner = await tenantWithOwner();
    const t = await en();
    const tDe = await de();

    const empty = fieldErrors(await createContact(owner.cookie, { intent: "save", firstName: " ", phone: "", email: "", listId: "" }));
    expect(empty.status).toBe(400);
    expect(empty.errors.firstName?.map((key) => t(key))).toEqual(["Name is required"]);
    expect(empty.errors.phone?.map((key) => t(key))).toEqual(["Phone number is required"]);
    expect(empty.errors.listId?.map((key) => t(key))).toEqual(["Please choose a list"]);
    expect(empty.errors.email).toBeUndefined();

    const typed = { intent: "save", firstName: "Bernd", lastName: "Bäcker", company: "Bäckerei", phone: "12345", email: "bernd@", listId: "" };
    const invalid = fieldErrors(await createContact(owner.cookie, typed, "de"));
    expect(invalid.errors.phone?.map((key) => t(key))).toEqual(["Invalid phone number format"]);
    expect(invalid.errors.email?.map((key) => t(key))).toEqual(["Please enter a valid email address"]);
    expect(invalid.errors.phone?.map((key) => tDe(key))).toEqual(["Ungültiges Telefonnummernformat"]);
    expect(invalid.errors.email?.map((key) => tDe(key))).toEqual(["Bitte geben Sie eine gültige E-Mail-Adresse ein"]);
    expect(empty.errors.firstName?.map((key) => tDe(key))).toEqual(["Name ist erforderlich"]);
    expect(empty.errors.listId?.map((key) => tDe(key))).toEqual(["Bitte wählen Sie eine Liste aus"]);
    // The reply carries the input back, so the form shows it again.
    expect(invalid.typed).toMatchObject({ firstName: "Bernd", lastName: "Bäcker", company: "Bäckerei", phone: "12345", email: "bernd@" });

    const tooLong = fieldErrors(await createContact(owner.cookie, validContact(await newList(owner), { company: "x".repeat(201) })));
    expect(tooLong.errors.company?.map((key) => t(key))).toEqual(["This is too long"]);
    expect(await contactsOf(owner.tenantId)).toHaveLength(0);
  });

  it("refuses a phone number another contact of the tenant already has, at the phone field, whatever its format", async () => {
    const owner = await tenantWithOwner();
    const listId = await newList(owner);
    const otherList = await newList(owner);
    expect(redirectLocation(await createContact(owner.cookie, validContact(listId, { phone: "4165550123" })))).toBe("/contacts");
    const again = fieldErrors(await createContact(owner.cookie, validContact(otherList, { firstName: "Zweite", phone: "+1 (416) 555-0123" })));
    expect(again.status).toBe(400);
    expect(again.errors.phone).toHaveLength(1);
    expect((await en())(again.errors.phone![0]!)).toBe("A contact with this phone number already exists");
    expect((await de())(again.errors.phone![0]!)).toBe("Ein Kontakt mit dieser Telefonnummer existiert bereits");
    expect(again.typed).toMatchObject({ firstName: "Zweite", phone: "+1 (416) 555-0123" });
    expect(await contactsOf(owner.tenantId)).toHaveLength(1);
    // The form links to the contact that has the number instead of only saying so.
    const existing = await contactByPhone(owner.tenantId, "+14165550123");
    expect(unwrap(await createContact(owner.cookie, validContact(otherList, { phone: "416 555 0123" }))).value).toMatchObject({
      existingContactId: existing!.id,
    });

    // Another tenant may have the same number.
    const other = await tenantWithOwner();
    expect(redirectLocation(await createContact(other.cookie, validContact(await newList(other), { phone: "4165550123" })))).toBe("/contacts");
  });

  it("reads a phone with a leading 0 in the tenant's country, and knows its international form as the same number", async () => {
    const owner = await tenantWithOwner();
    await getDb().updateTable("tenants").set({ country: "DE" }).where("id", "=", owner.tenantId).execute();
    const listId = await newList(owner);
    expect(unwrap(await callLoader(newRoute.loader, "/contacts/new", { cookie: owner.cookie })).value).toMatchObject({ phoneCountry: "DE" });
    expect(redirectLocation(await createContact(owner.cookie, validContact(listId, { phone: "030 5550 1234" })))).toBe("/contacts");
    expect(await contactByPhone(owner.tenantId, "+493055501234")).toMatchObject({ time_zone: "Europe/Berlin" });
    const again = fieldErrors(await createContact(owner.cookie, validContact(listId, { firstName: "Zweite", phone: "0049 30 5550 1234" })));
    expect(again.errors.phone).toEqual(["validation.phoneExists"]);
    // A number pasted with a plus is international in every tenant: no +1 for ten digits after a plus.
    expect(redirectLocation(await createContact(owner.cookie, validContact(listId, { phone: "+4930123456" })))).toBe("/contacts");
    expect(await contactByPhone(owner.tenantId, "+4930123456")).toBeDefined();
  });

  it("treats another tenant's list as a missing one", async () => {
    const owner = await tenantWithOwner();
    const stranger = await tenantWithOwner();
    const strangersList = await newList(stranger);
    const result = fieldErrors(await createContact(owner.cookie, validContact(strangersList)));
    expect(result.status).toBe(400);
    expect((await en())(result.errors.listId![0]!)).toBe("This list does not exist any more. Please choose another one");
    expect(await contactsOf(owner.tenantId)).toHaveLength(0);
    expect(await contactsOf(stranger.tenantId)).toHaveLength(0);
  });

  it("preselects the list of the link only when it is the tenant's", async () => {
    const owner = await tenantWithOwner();
    const first = await newList(owner, "Alpha");
    await newList(owner, "Beta");
    const stranger = await tenantWithOwner();
    const strangersList = await newList(stranger);
    const own = unwrap(await callLoader(newRoute.loader, `/contacts/new?list=${first}`, { cookie: owner.cookie })).value as {
      listId?: string;
      lists: unknown[];
    };
    expect(own.listId).toBe(first);
    expect(own.lists).toHaveLength(2);
    const foreign = unwrap(await callLoader(newRoute.loader, `/contacts/new?list=${strangersList}`, { cookie: owner.cookie })).value as { listId?: string };
    expect(foreign.listId ?? null).toBeNull();
  });
});

describe("editing, opting out and deleting a contact", () => {
  async function ownerWithContact() {
    const owner = await tenantWithOwner();
    const listId = await newList(owner);
    await createContact(owner.cookie, validContact(listId));
    const contact = (await contactByPhone(owner.tenantId, "+14165550199"))!;
    return { owner, listId, contact };
  }

  it("saves changes, moves the contact to another list and updates its zone", async () => {
    const { owner, contact } = await ownerWithContact();
    const otherList = await newList(owner);
    const loaded = unwrap(await callLoader(editRoute.loader, `/contacts/${contact.id}/edit`, { cookie: owner.cookie, params: { contactId: contact.id } }));
    expect(loaded.status).toBe(200);
    expect((loaded.value as { contact: { values: Fields } }).contact.values).toMatchObject({ firstName: "Anna", phone: "+1 (416) 555-0199" });

    const result = await editContact(
      owner.cookie,
      contact.id,
      validContact(otherList, { firstName: "Anne", phone: "+44 20 7946 0123", returnTo: "/contacts?sort=name" }),
    );
    expect(redirectLocation(result)).toBe("/contacts?sort=name");
    const saved = await getDb().selectFrom("contacts").selectAll().where("id", "=", contact.id).executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ first_name: "Anne", phone: "+442079460123", list_id: otherList, time_zone: "Europe/London" });
  });

  it("keeps its own phone number, refuses another contact's and keeps what was typed", async () => {
    const { owner, listId, contact } = await ownerWithContact();
    expect(redirectLocation(await editContact(owner.cookie, contact.id, validContact(listId, { title: "Head buyer" })))).toBe("/contacts");
    await createContact(owner.cookie, validContact(listId, { firstName: "Other", phone: "4165550777" }));
    const clash = fieldErrors(await editContact(owner.cookie, contact.id, validContact(listId, { firstName: "Typed", phone: "416 555 0777" })));
    expect(clash.status).toBe(400);
    expect(clash.errors.phone).toEqual(["validation.phoneExists"]);
    expect(clash.typed).toMatchObject({ firstName: "Typed", phone: "416 555 0777" });
    const other = await contactByPhone(owner.tenantId, "+14165550777");
    expect(unwrap(await editContact(owner.cookie, contact.id, validContact(listId, { phone: "416 555 0777" }))).value).toMatchObject({
      existingContactId: other!.id,
    });
    const unchanged = await getDb().selectFrom("contacts").selectAll().where("id", "=", contact.id).executeTakeFirstOrThrow();
    expect(unchanged).toMatchObject({ first_name: "Anna", title: "Head buyer", phone: "+14165550199" });
  });

  it("opts a contact out from the form and from the row, keeping the first moment, and back in", async () => {
    const { owner, listId, contact } = await ownerWithContact();
    const optOut = { intent: "opt-out", optedOut: "1", returnTo: "/contacts?optedOut=yes" };
    expect(redirectLocation(await editContact(owner.cookie, contact.id, optOut))).toBe("/contacts?optedOut=yes");
    const first = (await getDb().selectFrom("contacts").select("opted_out_at").where("id", "=", contact.id).executeTakeFirstOrThrow()).opted_out_at;
    expect(first).not.toBeNull();
    // Saving the form with the box still ticked keeps the moment it first happened.
    await editContact(owner.cookie, contact.id, validContact(listId, { optedOut: "on" }));
    await editContact(owner.cookie, contact.id, optOut);
    expect((await getDb().selectFrom("contacts").select("opted_out_at").where("id", "=", contact.id).executeTakeFirstOrThrow()).opted_out_at).toBe(first);
    // The form without the box opts back in.
    await editContact(owner.cookie, contact.id, validContact(listId));
    expect((await getDb().selectFrom("contacts").select("opted_out_at").where("id", "=", contact.id).executeTakeFirstOrThrow()).opted_out_at).toBeNull();
    await editContact(owner.cookie, contact.id, optOut);
    await editContact(owner.cookie, contact.id, { intent: "opt-out", optedOut: "0" });
    expect((await getDb().selectFrom("contacts").select("opted_out_at").where("id", "=", contact.id).executeTakeFirstOrThrow()).opted_out_at).toBeNull();
    expect(unwrap(await editContact(owner.cookie, contact.id, { intent: "opt-out", optedOut: "maybe" })).status).toBe(400);
  });

  it("deletes after a confirmation page and never returns to the deleted contact's page", async () => {
    const { owner, contact } = await ownerWithContact();
    const page = unwrap(await callLoader(deleteRoute.loader, `/contacts/${contact.id}/delete`, { cookie: owner.cookie, params: { contactId: contact.id } }));
    expect(page.status).toBe(200);
    expect((page.value as { contact: { name: string; phone: string } }).contact).toMatchObject({ name: "Anna Schmidt", phone: "+1 (416) 555-0199" });
    const result = await callAction(deleteRoute.action, `/contacts/${contact.id}/delete`, {
      cookie: owner.cookie,
      params: { contactId: contact.id },
      form: { returnTo: `/contacts/${contact.id}/edit?returnTo=%2Fcontacts` },
    });
    expect(redirectLocation(result)).toBe("/contacts");
    expect(await contactsOf(owner.tenantId)).toHaveLength(0);
    const again = await callAction(deleteRoute.action, `/contacts/${contact.id}/delete`, { cookie: owner.cookie, params: { contactId: contact.id }, form: {} });
    expect(unwrap(again).status).toBe(404);
  });

  it("answers 404 for another tenant's contact on every page and action, and changes nothing", async () => {
    const { owner, listId, contact } = await ownerWithContact();
    const stranger = await tenantWithOwner();
    const strangersList = await newList(stranger);
    const params = { contactId: contact.id };
    const before = await getDb().selectFrom("contacts").selectAll().where("id", "=", contact.id).executeTakeFirstOrThrow();
    const attempts = [
      callLoader(editRoute.loader, `/contacts/${contact.id}/edit`, { cookie: stranger.cookie, params }),
      callLoader(deleteRoute.loader, `/contacts/${contact.id}/delete`, { cookie: stranger.cookie, params }),
      editContact(stranger.cookie, contact.id, validContact(strangersList, { firstName: "Hijacked" })),
      editContact(stranger.cookie, contact.id, validContact(listId, { firstName: "Hijacked" })),
      editContact(stranger.cookie, contact.id, { intent: "opt-out", optedOut: "1" }),
      // Invalid input changes nothing about the answer: the contact is not theirs.
      editContact(stranger.cookie, contact.id, { intent: "save", firstName: "" }),
      callAction(deleteRoute.action, `/contacts/${contact.id}/delete`, { cookie: stranger.cookie, params, form: {} }),
    ];
    for (const attempt of attempts) expect(unwrap(await attempt).status).toBe(404);
    expect(await getDb().selectFrom("contacts").selectAll().where("id", "=", contact.id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await contactsOf(stranger.tenantId)).toHaveLength(0);
    expect(owner.tenantId).not.toBe(stranger.tenantId);
  });

  it("moving a contact to another tenant's list is a field error and changes nothing", async () => {
    const { owner, contact } = await ownerWithContact();
    const stranger = await tenantWithOwner();
    const result = fieldErrors(await editContact(owner.cookie, contact.id, validContact(await newList(stranger), { firstName: "Moved" })));
    expect(result.errors.listId).toEqual(["validation.listMissing"]);
    const unchanged = await getDb().selectFrom("contacts").selectAll().where("id", "=", contact.id).executeTakeFirstOrThrow();
    expect(unchanged.first_name).toBe("Anna");
    expect(unchanged.list_id).toBe(contact.list_id);
  });
});

describe("lists", () => {
  function createList(cookie: string, name: string, returnTo?: string) {
    return callAction(newListRoute.action, "/contacts/lists/new", { cookie, form: { name, ...(returnTo ? { returnTo } : {}) } });
  }

  function renameList(cookie: string, listId: string, name: string) {
    return callAction(renameListRoute.action, `/contacts/lists/${listId}/edit`, { cookie, params: { listId }, form: { name, returnTo: "/contacts" } });
  }

  function deleteList(cookie: string, listId: string, returnTo = "/contacts") {
    return callAction(deleteListRoute.action, `/contacts/lists/${listId}/delete`, { cookie, params: { listId }, form: { returnTo } });
  }

  const listsOf = (tenantId: string) => getDb().selectFrom("contact_lists").selectAll().where("tenant_id", "=", tenantId).orderBy("name_key").execute();

  it("creates a list and opens it; back on the contact form when that is where the user came from", async () => {
    const owner = await tenantWithOwner();
    const result = await createList(owner.cookie, "  Spring leads ");
    const [list] = await listsOf(owner.tenantId);
    expect(list?.name).toBe("Spring leads");
    expect(redirectLocation(result)).toBe(`/contacts?list=${list!.id}`);
    const fromForm = await createList(owner.cookie, "Webinar", "/contacts/new");
    const webinar = (await listsOf(owner.tenantId)).find((entry) => entry.name === "Webinar")!;
    expect(redirectLocation(fromForm)).toBe(`/contacts/new?list=${webinar.id}`);
  });

  it("refuses an empty name, a name that exists in any case, and a name too long, in both languages", async () => {
    const owner = await tenantWithOwner();
    await createList(owner.cookie, "Leads");
    const t = await en();
    const tDe = await de();
    const empty = fieldErrors(await createList(owner.cookie, "   "));
    expect(empty.status).toBe(400);
    expect(empty.errors.name?.map((key) => t(key))).toEqual(["List name cannot be empty"]);
    expect(empty.errors.name?.map((key) => tDe(key))).toEqual(["Der Listenname darf nicht leer sein"]);
    const duplicate = fieldErrors(await createList(owner.cookie, " LEADS"));
    expect(duplicate.errors.name?.map((key) => t(key))).toEqual(["A list with this name already exists"]);
    expect(duplicate.errors.name?.map((key) => tDe(key))).toEqual(["Eine Liste mit diesem Namen existiert bereits"]);
    expect(duplicate.typed).toMatchObject({ name: " LEADS" });
    const long = fieldErrors(await createList(owner.cookie, "x".repeat(101)));
    expect(long.errors.name?.map((key) => t(key))).toEqual(["List name is too long (at most 100 characters)"]);
    expect((await listsOf(owner.tenantId)).map((list) => list.name)).toEqual(["Leads"]);
    // Another tenant's list of the same name is no obstacle.
    const other = await tenantWithOwner();
    expect(redirectLocation(await createList(other.cookie, "Leads"))).toMatch(/^\/contacts\?list=/);
  });

  it("renames with the same rules, allowing a change of case of its own name", async () => {
    const owner = await tenantWithOwner();
    const leads = await newList(owner, "Leads");
    await newList(owner, "Customers");
    expect(fieldErrors(await renameList(owner.cookie, leads, "")).errors.name).toEqual(["validation.listNameRequired"]);
    expect(fieldErrors(await renameList(owner.cookie, leads, "customers")).errors.name).toEqual(["validation.listExists"]);
    expect(redirectLocation(await renameList(owner.cookie, leads, "LEADS"))).toBe("/contacts");
    expect(redirectLocation(await renameList(owner.cookie, leads, "Hot leads"))).toBe("/contacts");
    expect((await listsOf(owner.tenantId)).map((list) => list.name)).toEqual(["Customers", "Hot leads"]);
  });

  it("deletes a list with its contacts, says how many first, and drops the filter on it from the way back", async () => {
    const owner = await tenantWithOwner();
    const listId = await newList(owner, "Old");
    const keep = await newList(owner, "Keep");
    await createContact(owner.cookie, validContact(listId, { phone: "4165550001" }));
    await createContact(owner.cookie, validContact(listId, { phone: "4165550002" }));
    await createContact(owner.cookie, validContact(keep, { phone: "4165550003" }));
    const page = unwrap(await callLoader(deleteListRoute.loader, `/contacts/lists/${listId}/delete`, { cookie: owner.cookie, params: { listId } }));
    expect(page.value).toMatchObject({ list: { name: "Old", contactCount: 2 }, campaigns: [] });
    const result = await deleteList(owner.cookie, listId, `/contacts?list=${listId}&sort=name`);
    expect(redirectLocation(result)).toBe("/contacts?sort=name&order=asc");
    expect((await listsOf(owner.tenantId)).map((list) => list.name)).toEqual(["Keep"]);
    expect((await contactsOf(owner.tenantId)).map((contact) => contact.phone)).toEqual(["+14165550003"]);
  });

  it("refuses to delete a list a campaign calls, naming the campaigns, and deletes nothing", async () => {
    const owner = await tenantWithOwner();
    const listId = await newList(owner, "Called");
    await createContact(owner.cookie, validContact(listId));
    const timestamp = now();
    const { id: numberId } = await phoneNumber(owner.tenantId, { e164: "+14165550900", createdAt: timestamp });
    for (const name of ["Spring calls", "Autumn calls"]) {
      await campaign(owner.tenantId, { name, contactListId: listId, phoneNumberId: numberId, created_at: timestamp });
    }
    const page = unwrap(await callLoader(deleteListRoute.loader, `/contacts/lists/${listId}/delete`, { cookie: owner.cookie, params: { listId } }));
    expect((page.value as { campaigns: string[] }).campaigns).toEqual(["Autumn calls", "Spring calls"]);
    const refused = unwrap(await deleteList(owner.cookie, listId));
    expect(refused.status).toBe(409);
    expect(refused.value).toEqual({ campaigns: ["Autumn calls", "Spring calls"] });
    expect(await listsOf(owner.tenantId)).toHaveLength(1);
    expect(await contactsOf(owner.tenantId)).toHaveLength(1);
    const t = await en();
    expect(t("deleteList.inUse", { name: "Called", count: 2 })).toContain("2 campaigns call it");
  });

  it("answers 404 for another tenant's list on every page and action, and changes nothing", async () => {
    const owner = await tenantWithOwner();
    const listId = await newList(owner, "Mine");
    await createContact(owner.cookie, validContact(listId));
    const stranger = await tenantWithOwner();
    const params = { listId };
    const attempts = [
      callLoader(renameListRoute.loader, `/contacts/lists/${listId}/edit`, { cookie: stranger.cookie, params }),
      callLoader(deleteListRoute.loader, `/contacts/lists/${listId}/delete`, { cookie: stranger.cookie, params }),
      renameList(stranger.cookie, listId, "Theirs"),
      renameList(stranger.cookie, listId, ""),
      deleteList(stranger.cookie, listId),
    ];
    for (const attempt of attempts) expect(unwrap(await attempt).status).toBe(404);
    expect((await listsOf(owner.tenantId)).map((list) => list.name)).toEqual(["Mine"]);
    expect(await contactsOf(owner.tenantId)).toHaveLength(1);
  });
});

describe("permissions", () => {
  it("lets the agent read but refuses every change with 403, before anything is written", async () => {
    const agent = await sessionCookieFor("agent@demo.test");
    const demoTenant = (await getDb().selectFrom("users").select("tenant_id").where("email", "=", "agent@demo.test").executeTakeFirstOrThrow()).tenant_id;
    const contact = await getDb().selectFrom("contacts").selectAll().where("tenant_id", "=", demoTenant).executeTakeFirstOrThrow();
    const list = await getDb().selectFrom("contact_lists").selectAll().where("tenant_id", "=", demoTenant).executeTakeFirstOrThrow();
    const contactsBefore = await contactsOf(demoTenant);
    const listsBefore = await getDb().selectFrom("contact_lists").selectAll().where("tenant_id", "=", demoTenant).execute();

    const page = unwrap(await callLoader(indexRoute.loader, "/contacts", { cookie: agent }));
    expect(page.status).toBe(200);
    expect((page.value as { list: { canCreate: boolean; canUpdate: boolean; canDelete: boolean; rows: unknown[] } }).list).toMatchObject({
      canCreate: false,
      canUpdate: false,
      canDelete: false,
    });

    const contactParams = { contactId: contact.id };
    const listParams = { listId: list.id };
    const forbidden = [
      callLoader(newRoute.loader, "/contacts/new", { cookie: agent }),
      createContact(agent, validContact(list.id, { phone: "4165550888" })),
      callLoader(editRoute.loader, `/contacts/${contact.id}/edit`, { cookie: agent, params: contactParams }),
      editContact(agent, contact.id, validContact(list.id, { firstName: "Changed" })),
      editContact(agent, contact.id, { intent: "opt-out", optedOut: contact.opted_out_at ? "0" : "1" }),
      callLoader(deleteRoute.loader, `/contacts/${contact.id}/delete`, { cookie: agent, params: contactParams }),
      callAction(deleteRoute.action, `/contacts/${contact.id}/delete`, { cookie: agent, params: contactParams, form: {} }),
      callLoader(newListRoute.loader, "/contacts/lists/new", { cookie: agent }),
      callAction(newListRoute.action, "/contacts/lists/new", { cookie: agent, form: { name: "Agent list" } }),
      callLoader(renameListRoute.loader, `/contacts/lists/${list.id}/edit`, { cookie: agent, params: listParams }),
      callAction(renameListRoute.action, `/contacts/lists/${list.id}/edit`, { cookie: agent, params: listParams, form: { name: "Renamed" } }),
      callLoader(deleteListRoute.loader, `/contacts/lists/${list.id}/delete`, { cookie: agent, params: listParams }),
      callAction(deleteListRoute.action, `/contacts/lists/${list.id}/delete`, { cookie: agent, params: listParams, form: {} }),
    ];
    for (const attempt of forbidden) expect(unwrap(await attempt).status).toBe(403);
    expect(await contactsOf(demoTenant)).toEqual(contactsBefore);
    expect(await getDb().selectFrom("contact_lists").selectAll().where("tenant_id", "=", demoTenant).execute()).toEqual(listsBefore);
  });

  it("sends a signed-out visitor to the login page", async () => {
    const result = await callLoader(indexRoute.loader, "/contacts?q=anna");
    expect(redirectLocation(result)).toBe(`/login?redirectTo=${encodeURIComponent("/contacts?q=anna")}`);
  });
});
