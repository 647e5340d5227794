import type { ComponentType } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { getDb, newId, now } from "~/db/db.server";
import { verifyPassword } from "~/features/auth/password.server";
import type { Language } from "~/i18n/config";
import { resources } from "~/i18n/resources.server";
import { popToast } from "~/lib/toast/toast.server";
import * as topUpPage from "~/routes/_dashboard+/add-topup-balance";
import * as billingPage from "~/routes/_dashboard+/billing";
import * as invoicesPage from "~/routes/_dashboard+/invoices._index";
import * as subscriptionsPage from "~/routes/_dashboard+/subscriptions-history";
import * as deleteCampaignPage from "~/routes/_dashboard+/campaigns+/$id.delete";
import * as newCampaignPage from "~/routes/_dashboard+/campaigns+/new";
import * as deleteContactPage from "~/routes/_dashboard+/contacts+/$contactId.delete";
import * as editContactPage from "~/routes/_dashboard+/contacts+/$contactId.edit";
import * as deleteListPage from "~/routes/_dashboard+/contacts+/lists.$listId.delete";
import * as newListPage from "~/routes/_dashboard+/contacts+/lists.new";
import * as newContactPage from "~/routes/_dashboard+/contacts+/new";
import * as profilePage from "~/routes/_dashboard+/profile";
import { DEMO_PASSWORD } from "~/seed/seed.server";
import { BASE_URL, callAction, callLoader, prepareTestDatabase, redirectLocation, unwrap } from "../support/app";
import { hideTable, refuseWrites } from "../support/db-faults";
import { renderErrorBoundary, renderStaticPage } from "../support/render-route";
import { contact, contactList, tenantWithOwner } from "../support/factories";

/*
 * Issue 22, item 19: the messages of docs/product/errors.md#operation-failures for failures the user can do
 * nothing about but try again, each on the screen where it can happen. The
 * database itself is made to fail (a trigger refusing the write, or a table
 * renamed away for a read), so the routes meet a real driver error on SQLite
 * and on PostgreSQL alike. Each case checks the message (a translation key
 * present in English and German), that what was typed is answered with a
 * form reply (not the error page), that nothing of the operation was saved,
 * and that bad input still gets its field messages.
 */

let owner: { cookie: string; tenantId: string; userId: string; email: string };
let listId: string;

const db = () => getDb();

// The routes log each failure (console.error goes to the server's log); kept out of the test output, and checked once below.
const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);

beforeAll(async () => {
  await prepareTestDatabase();
  const created = await tenantWithOwner({ name: "Fay Failure", company: "Failure Inc", phone: "4165550160" });
  owner = { cookie: created.cookie, tenantId: created.tenantId, userId: created.ownerId, email: created.email };
  listId = await addList("Customers");
});

async function addList(name: string, contacts: string[] = []) {
  const stamp = now();
  const { id } = await contactList(owner.tenantId, { name, createdAt: stamp });
  for (const phone of contacts) await contact(owner.tenantId, { listId: id, first_name: "Kept", phone, created_at: stamp });
  return id;
}

async function addContact(firstName: string, phone: string) {
  return (await contact(owner.tenantId, { listId, first_name: firstName, phone })).id;
}

/** Runs `work` while the database refuses; the refusal is lifted even when an expectation fails. */
async function whileFailing<T>(fault: Promise<() => Promise<void>>, work: () => Promise<T>) {
  const undo = await fault;
  try {
    return await work();
  } finally {
    await undo();
  }
}

/** A refused form submission: its status and the form-level and field errors of the reply. */
function reply(result: unknown) {
  const { status, value } = unwrap(result);
  const body = value as { result?: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } } | undefined;
  const errors = body?.result?.error ?? {};
  return {
    status,
    formErrors: errors[""] ?? [],
    fieldErrors: Object.fromEntries(Object.entries(errors).filter(([key]) => key !== "")),
    values: body?.result?.initialValue ?? {},
  };
}

/** The toast a redirect carries, decoded the way the root loader would. */
async function toastOf(result: unknown) {
  if (!(result instanceof Response)) return null;
  const cookie = result.headers.getSetCookie().find((value) => value.startsWith("__toast="));
  if (!cookie) return null;
  return (await popToast(new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } }))).toast;
}

/** Text of a translation key ("ns:path.to.key") in a language; fails when the key is missing. */
function text(language: Language, key: string) {
  const [namespace, path] = key.split(":") as [string, string];
  let node: unknown = (resources[language] as Record<string, unknown>)[namespace];
  for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  expect(typeof node, `${language} ${key}`).toBe("string");
  return node as string;
}

/** The route's page as a browser without JavaScript gets it after the refused post: loader data plus action data, real translations. */
async function pageAfterPost(
  route: { loader: unknown; default: ComponentType },
  path: string,
  refused: unknown,
  language: Language,
  params: Record<string, string> = {},
) {
  const loaderData = unwrap(await callLoader(route.loader as Parameters<typeof callLoader>[0], path, { cookie: owner.cookie, params })).value;
  const actionData = unwrap(refused).value;
  const url = new URL(path, BASE_URL);
  return renderStaticPage(
    { path: url.pathname, loader: () => loaderData as object, action: () => actionData as object, Component: route.default },
    new Request(url, { method: "POST", body: new FormData() }),
    language,
  );
}

/** The message shows on the page in English and in German, with the typed value still in its field. */
async function expectShownOnPage(route: { loader: unknown; default: ComponentType }, path: string, refused: unknown, key: string, typed?: string) {
  for (const language of ["en", "de"] as const) {
    const html = await pageAfterPost(route, path, refused, language);
    expect(html, `${key} in ${language}`).toContain(escapeHtml(text(language, key)));
    if (typed) expect(html).toContain(`value="${escapeHtml(typed)}"`);
  }
}

const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Every message below exists in both languages, differs between them, and names the failure. */
function expectCatalogueMessage(key: string, english: RegExp) {
  expect(text("en", key)).toMatch(english);
  expect(text("de", key)).not.toBe(text("en", key));
}

describe("contacts", () => {
  const add = (form: Record<string, string>) => callAction(newContactPage.action, "/contacts/new", { cookie: owner.cookie, form });

  it("adding: 'Failed to add the contact' when the database refuses, the typed values kept, nothing saved; bad input still gets field messages", async () => {
    const form = { firstName: "Faulty", lastName: "Insert", phone: "4165550161", email: "", listId, returnTo: "/contacts" };
    const refused = await whileFailing(refuseWrites("contacts", "insert", "new.first_name = 'Faulty'"), () => add(form));
    expect(reply(refused)).toMatchObject({ status: 500, formErrors: ["failures.createFailed"], values: { firstName: "Faulty", phone: "4165550161" } });
    expectCatalogueMessage("contacts:failures.createFailed", /^Failed to add the contact/);
    await expectShownOnPage(newContactPage, "/contacts/new", refused, "contacts:failures.createFailed", "Faulty");
    expect(logged).toHaveBeenCalledWith("Adding a contact failed", expect.objectContaining({ message: expect.stringContaining("refused for the test") }));
    expect(await db().selectFrom("contacts").select("id").where("first_name", "=", "Faulty").execute()).toEqual([]);

    const bad = await whileFailing(refuseWrites("contacts", "insert", "new.first_name = 'Faulty'"), () => add({ ...form, phone: "12" }));
    expect(reply(bad)).toMatchObject({ status: 400, formErrors: [], fieldErrors: { phone: ["validation.phoneInvalid"] } });

    expect(redirectLocation(await add(form))).toBe("/contacts");
  });

  it("updating: 'Failed to update the contact', the row unchanged", async () => {
    const id = await addContact("Ursula", "+14165550162");
    const form = { firstName: "Changed", lastName: "", phone: "4165550162", email: "", listId, returnTo: "/contacts" };
    const update = () => callAction(editContactPage.action, `/contacts/${id}/edit`, { cookie: owner.cookie, form, params: { contactId: id } });
    const refused = await whileFailing(refuseWrites("contacts", "update", `old.id = '${id}'`), update);
    expect(reply(refused)).toMatchObject({ status: 500, formErrors: ["failures.updateFailed"], values: { firstName: "Changed" } });
    expectCatalogueMessage("contacts:failures.updateFailed", /^Failed to update the contact/);
    for (const language of ["en", "de"] as const) {
      expect(await pageAfterPost(editContactPage, `/contacts/${id}/edit`, refused, language, { contactId: id })).toContain(
        escapeHtml(text(language, "contacts:failures.updateFailed")),
      );
    }
    expect((await db().selectFrom("contacts").select("first_name").where("id", "=", id).executeTakeFirstOrThrow()).first_name).toBe("Ursula");
    expect(redirectLocation(await update())).toBe("/contacts");
  });

  it("deleting: 'Failed to delete the contact' on the confirmation page, the contact kept", async () => {
    const id = await addContact("Dieter", "+14165550163");
    const remove = () =>
      callAction(deleteContactPage.action, `/contacts/${id}/delete`, { cookie: owner.cookie, form: { returnTo: "/contacts" }, params: { contactId: id } });
    const refused = await whileFailing(refuseWrites("contacts", "delete", `old.id = '${id}'`), remove);
    expect(redirectLocation(refused)).toBe(`/contacts/${id}/delete?returnTo=%2Fcontacts`);
    expect(await toastOf(refused)).toEqual({ type: "error", key: "contacts:failures.deleteFailed" });
    expectCatalogueMessage("contacts:failures.deleteFailed", /^Failed to delete the contact/);
    expect(await db().selectFrom("contacts").select("id").where("id", "=", id).executeTakeFirst()).toBeDefined();
    expect(await toastOf(await remove())).toMatchObject({ type: "success", key: "contacts:toast.deleted" });
  });

  it("adding a list: 'Failed to add the list', no list saved; an empty name still gets its field message", async () => {
    const create = (name: string) => callAction(newListPage.action, "/contacts/lists/new", { cookie: owner.cookie, form: { name, returnTo: "/contacts" } });
    const refused = await whileFailing(refuseWrites("contact_lists", "insert", "new.name = 'Faulty list'"), () => create("Faulty list"));
    expect(reply(refused)).toMatchObject({ status: 500, formErrors: ["failures.listCreateFailed"], values: { name: "Faulty list" } });
    expectCatalogueMessage("contacts:failures.listCreateFailed", /^Failed to add the list/);
    await expectShownOnPage(newListPage, "/contacts/lists/new", refused, "contacts:failures.listCreateFailed", "Faulty list");
    expect(await db().selectFrom("contact_lists").select("id").where("name", "=", "Faulty list").execute()).toEqual([]);
    expect(reply(await create(" "))).toMatchObject({ status: 400, formErrors: [], fieldErrors: { name: ["validation.listNameRequired"] } });
  });

  it("deleting a list: 'Failed to delete the list', the list and its contacts kept (one transaction)", async () => {
    const id = await addList("Doomed", ["+14165550164", "+14165550165"]);
    const remove = () =>
      callAction(deleteListPage.action, `/contacts/lists/${id}/delete`, { cookie: owner.cookie, form: { returnTo: "/contacts" }, params: { listId: id } });
    // The contacts go first, then the list: the list's refusal comes after the contacts were deleted in the transaction.
    const refused = await whileFailing(refuseWrites("contact_lists", "delete", `old.id = '${id}'`), remove);
    expect(redirectLocation(refused)).toBe(`/contacts/lists/${id}/delete?returnTo=%2Fcontacts`);
    expect(await toastOf(refused)).toEqual({ type: "error", key: "contacts:failures.listDeleteFailed" });
    expectCatalogueMessage("contacts:failures.listDeleteFailed", /^Failed to delete the list/);
    expect(await db().selectFrom("contact_lists").select("id").where("id", "=", id).executeTakeFirst()).toBeDefined();
    expect(await db().selectFrom("contacts").select("id").where("list_id", "=", id).execute()).toHaveLength(2);
  });
});

describe("campaigns", () => {
  async function campaignSetup() {
    const stamp = now();
    const numberId = newId();
    await db()
      .insertInto("phone_numbers")
      .values({ id: numberId, tenant_id: owner.tenantId, e164: "+14165550166", label: "Main", created_at: stamp, updated_at: stamp })
      .execute();
    await db()
      .insertInto("knowledge_bases")
      .values({
        id: newId(),
        tenant_id: owner.tenantId,
        phone_number_id: numberId,
        name: "KB",
        type: "outbound",
        voice: "ava",
        first_message: "Hi",
        content: "y".repeat(120),
        source_file_name: null,
        is_default: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    return numberId;
  }
  let numberId: string;
  beforeAll(async () => {
    numberId = await campaignSetup();
  });
  const form = (name: string) => {
    const data = new FormData();
    for (const [key, value] of Object.entries({
      name,
      contactListId: listId,
      type: "outbound",
      sendingType: "immediate",
      phoneNumberId: numberId,
      windowStart: "09:00",
      windowEnd: "17:00",
    }))
      data.append(key, value);
    for (const day of ["1", "2", "3", "4", "5"]) data.append("windowDays", day);
    return data;
  };
  const create = (name: string) => callAction(newCampaignPage.action, "/campaigns/new", { cookie: owner.cookie, form: form(name) });

  it("creating: 'Failed to create the campaign', nothing saved; a short name still gets its field message", async () => {
    const refused = await whileFailing(refuseWrites("campaigns", "insert", "new.name = 'Faulty campaign'"), () => create("Faulty campaign"));
    expect(reply(refused)).toMatchObject({ status: 500, formErrors: ["failures.createFailed"], values: { name: "Faulty campaign" } });
    expectCatalogueMessage("campaigns:failures.createFailed", /^Failed to create the campaign/);
    await expectShownOnPage(newCampaignPage, "/campaigns/new", refused, "campaigns:failures.createFailed", "Faulty campaign");
    expect(await db().selectFrom("campaigns").select("id").where("name", "=", "Faulty campaign").execute()).toEqual([]);
    expect(reply(await create("Abc"))).toMatchObject({ status: 400, formErrors: [], fieldErrors: { name: ["validation.nameTooShort"] } });
  });

  it("deleting: 'Failed to delete the campaign' on the confirmation page, the campaign kept", async () => {
    const location = redirectLocation(await create("Doomed campaign"));
    const id = location!.split("/").pop()!;
    const remove = () => callAction(deleteCampaignPage.action, `/campaigns/${id}/delete`, { cookie: owner.cookie, form: {}, params: { id } });
    const refused = await whileFailing(refuseWrites("campaigns", "delete", `old.id = '${id}'`), remove);
    expect(redirectLocation(refused)).toBe(`/campaigns/${id}/delete`);
    expect(await toastOf(refused)).toEqual({ type: "error", key: "campaigns:failures.deleteFailed" });
    expectCatalogueMessage("campaigns:failures.deleteFailed", /^Failed to delete the campaign/);
    expect(await db().selectFrom("campaigns").select("id").where("id", "=", id).executeTakeFirst()).toBeDefined();
    expect(redirectLocation(await remove())).toBe("/campaigns");
  });
});

describe("profile", () => {
  const post = (form: Record<string, string>, cookie = owner.cookie) => callAction(profilePage.action, "/profile", { cookie, form });
  const userRow = () => db().selectFrom("users").selectAll().where("id", "=", owner.userId).executeTakeFirstOrThrow();

  it("a new phone number that cannot be saved: 'Failed to update phone number', the stored number kept; other details: 'Failed to save your details'", async () => {
    const before = await userRow();
    const refused = await whileFailing(refuseWrites("users", "update", `old.id = '${owner.userId}'`), () =>
      post({ intent: "update-details", name: before.name, phone: "4165550167", callerPhone: "" }),
    );
    expect(reply(refused)).toMatchObject({ status: 500, formErrors: ["failures.phoneUpdateFailed"], values: { phone: "4165550167" } });
    expectCatalogueMessage("profile:failures.phoneUpdateFailed", /^Failed to update phone number/);
    await expectShownOnPage(profilePage, "/profile", refused, "profile:failures.phoneUpdateFailed");
    expect((await userRow()).phone).toBe(before.phone);

    const nameOnly = await whileFailing(refuseWrites("users", "update", `old.id = '${owner.userId}'`), () =>
      post({ intent: "update-details", name: "Fay Renamed", phone: before.phone ?? "", callerPhone: "" }),
    );
    expect(reply(nameOnly)).toMatchObject({ status: 500, formErrors: ["failures.detailsFailed"] });
    expectCatalogueMessage("profile:failures.detailsFailed", /^Failed to save your details/);
    expect((await userRow()).name).toBe(before.name);

    expect(reply(await post({ intent: "update-details", name: before.name, phone: "12", callerPhone: "" }))).toMatchObject({
      status: 400,
      formErrors: [],
      fieldErrors: { phone: ["validation.phoneInvalid"] },
    });
  });

  it("a password change that cannot be saved: 'Failed to change the password', the old password still the one", async () => {
    const refused = await whileFailing(refuseWrites("users", "update", `old.id = '${owner.userId}'`), () =>
      post({ intent: "change-password", currentPassword: DEMO_PASSWORD, newPassword: "Another-pass-2026!" }),
    );
    expect(reply(refused)).toMatchObject({ status: 500, formErrors: ["failures.passwordChangeFailed"] });
    expectCatalogueMessage("profile:failures.passwordChangeFailed", /^Failed to change the password/);
    await expectShownOnPage(profilePage, "/profile", refused, "profile:failures.passwordChangeFailed");
    expect(await verifyPassword((await userRow()).password_hash, DEMO_PASSWORD)).toBe(true);
    // A wrong current password is still its field's problem.
    expect(reply(await post({ intent: "change-password", currentPassword: "Wrong-pass-2026!", newPassword: "Another-pass-2026!" }))).toMatchObject({
      status: 400,
      fieldErrors: { currentPassword: ["validation.invalidPassword"] },
    });
  });

  it("an account deletion that fails: 'Failed to delete the account', the account and its session kept", async () => {
    const refused = await whileFailing(refuseWrites("users", "delete", `old.id = '${owner.userId}'`), () =>
      post({ intent: "delete-account", confirmation: "delete my account" }),
    );
    expect(reply(refused)).toMatchObject({ status: 500, formErrors: ["failures.deleteFailed"] });
    expectCatalogueMessage("profile:failures.deleteFailed", /^Failed to delete the account/);
    await expectShownOnPage(profilePage, "/profile", refused, "profile:failures.deleteFailed");
    expect(await db().selectFrom("users").select("id").where("id", "=", owner.userId).executeTakeFirst()).toBeDefined();
    expect(unwrap(await callLoader(profilePage.loader, "/profile", { cookie: owner.cookie })).status).toBe(200);
  });
});

describe("billing", () => {
  /** What the billing loader threw, and the page its error boundary renders from it in a language. */
  async function failedLoad(search: string, table: string, language: Language) {
    const result = await whileFailing(hideTable(table), () => callLoader(billingPage.loader, `/billing${search}`, { cookie: owner.cookie }));
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    const body = (await response.clone().json()) as { loadFailed: string };
    const html = await renderErrorBoundary(GeneralErrorBoundary, response, { url: new URL(`/billing${search}`, BASE_URL).href, language });
    return { status: response.status, key: body.loadFailed, html };
  }

  it("the balance cannot be read: 'Failed to fetch the balance' in the page, in English and German", async () => {
    const english = await failedLoad("", "billing_accounts", "en");
    expect(english).toMatchObject({ status: 500, key: "billing:failures.balanceFailed" });
    expect(english.html).toContain(text("en", "billing:failures.balanceFailed"));
    expect(text("en", "billing:failures.balanceFailed")).toMatch(/^Failed to fetch the balance/);
    const german = await failedLoad("", "billing_accounts", "de");
    expect(german.html).toContain(text("de", "billing:failures.balanceFailed"));
    expectCatalogueMessage("billing:failures.balanceFailed", /^Failed to fetch the balance/);
  });

  it.each([
    ["/add-topup-balance", topUpPage.loader],
    ["/invoices", invoicesPage.loader],
    ["/subscriptions-history", subscriptionsPage.loader],
  ])("%s, which shows the balance too, says 'Failed to fetch the balance' when it cannot be read", async (path, loader) => {
    const result = await whileFailing(hideTable("billing_accounts"), () => callLoader(loader, path, { cookie: owner.cookie }));
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(500);
    expect(await (result as Response).json()).toMatchObject({ loadFailed: "billing:failures.balanceFailed" });
    expect(unwrap(await callLoader(loader, path, { cookie: owner.cookie })).status).toBe(200);
  });

  it("the usage cannot be read: 'Failed to fetch the usage data' on the usage tab, the other tabs unaffected", async () => {
    const english = await failedLoad("?tab=usage", "calls", "en");
    expect(english).toMatchObject({ status: 500, key: "billing:failures.usageFailed" });
    expect(english.html).toContain(text("en", "billing:failures.usageFailed"));
    const german = await failedLoad("?tab=usage", "calls", "de");
    expect(german.html).toContain(text("de", "billing:failures.usageFailed"));
    expectCatalogueMessage("billing:failures.usageFailed", /^Failed to fetch the usage data/);
    const undo = await hideTable("calls");
    try {
      expect(unwrap(await callLoader(billingPage.loader, "/billing?tab=overview", { cookie: owner.cookie })).status).toBe(200);
    } finally {
      await undo();
    }
  });
});
