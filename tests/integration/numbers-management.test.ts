import type { ComponentType } from "react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { TranslationProvider } from "~/i18n/react";
import { Translator } from "~/i18n/translator";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, now } from "~/db/db.server";
import { MAX_BULK_BYTES, MAX_BULK_ROWS } from "~/features/numbers/bulk-csv";
import type { BulkResultsData } from "~/features/numbers/bulk-validation";
import { addTenantNumber } from "~/features/numbers/numbers.server";
import type { Language } from "~/i18n/config";
import { formatDate } from "~/i18n/format";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { resources } from "~/i18n/resources.server";
import * as deleteRoute from "~/routes/_dashboard+/numbers-managment+/$id.delete";
import * as listRoute from "~/routes/_dashboard+/numbers-managment+/_index";
import * as validateRoute from "~/routes/_dashboard+/numbers-managment+/validate";
import { BASE_URL, callAction, callLoader, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import { campaign, knowledgeBase, phoneNumber, tenantWithOwner } from "../support/factories";
import { renderPage } from "../support/render-page";

beforeAll(prepareTestDatabase);

/* ---------- fixtures ---------- */

let numberSequence = 0;
/** A fresh North American number nobody else in this file uses. */
function freshDigits() {
  numberSequence += 1;
  return `416555${String(3000 + numberSequence).padStart(4, "0")}`;
}

async function insertNumber(tenantId: string, e164: string, label = "", createdAt = now()) {
  return (await phoneNumber(tenantId, { e164, label, createdAt })).id;
}

async function insertKnowledgeBase(tenantId: string, phoneNumberId: string, name: string, isDefault = false) {
  return (await knowledgeBase(tenantId, { phoneNumberId, name, type: "inbound", is_default: isDefault ? 1 : 0 })).id;
}

async function insertCampaign(tenantId: string, phoneNumberId: string, name: string) {
  await campaign(tenantId, { name, phoneNumberId });
}

const numbersOf = (tenantId: string) => getDb().selectFrom("phone_numbers").selectAll().where("tenant_id", "=", tenantId).orderBy("created_at").execute();

function post(cookie: string, form: Record<string, string> | FormData, language?: Language) {
  return callAction(listRoute.action, "/numbers-managment?index", { cookie, form, language });
}

/** The field and form errors of a failed submission, and which form (and row) they were for. */
function failure(result: unknown) {
  const { status, value } = unwrap(result);
  const reply = value as
    { intent: string; id?: string; result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } } | undefined;
  return { status, intent: reply?.intent, id: reply?.id, errors: reply?.result.error ?? {}, values: reply?.result.initialValue ?? {} };
}

function csvUpload(content: BlobPart, name = "numbers.csv", type = "text/csv") {
  const form = new FormData();
  form.append("file", new File([content], name, { type }));
  return form;
}

function validate(cookie: string, form: FormData) {
  return callAction(validateRoute.action, "/numbers-managment/validate", { cookie, form });
}

type ValidateActionData =
  { kind: "results"; results: BulkResultsData } | { kind: "upload"; problem: string } | { kind: "add"; problem: { problem: string }; numbers: string[] };

function validationOf(result: unknown) {
  const { status, value } = unwrap(result);
  return { status, data: value as ValidateActionData | undefined };
}

function results(result: unknown) {
  const { data } = validationOf(result);
  if (!data || data.kind !== "results") throw new Error(`expected results, got ${JSON.stringify(data)}`);
  return data.results;
}

function uploadProblem(result: unknown) {
  const { status, data } = validationOf(result);
  return { status, problem: data && data.kind === "upload" ? data.problem : undefined };
}

/** Renders a page the way it arrives after a POST without JavaScript: the action's answer and the loaders after it. */
async function renderAfterPost(Component: ComponentType, loaderData: unknown, actionData: unknown, path: string, language: Language = "en") {
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

async function listData(cookie: string) {
  return unwrap(await callLoader(listRoute.loader, "/numbers-managment", { cookie })).value as Awaited<ReturnType<typeof listRoute.loader>>;
}

/* ---------- access ---------- */

describe("access to /numbers-managment", () => {
  it("shows the owner the tenant's numbers and the plan's quota", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    await insertNumber(owner.tenantId, "+14165550111", "Front desk");
    const data = await listData(owner.cookie);
    expect(data.numbers.map((n) => n.e164)).toEqual(["+14165550111"]);
    expect(data.quota).toEqual({ used: 1, limit: 5, planName: "Growth" });
    expect(data).toMatchObject({ canCreate: true, canUpdate: true, canDelete: true });
  });

  it("sends the read-only agent away from the page and refuses every action with 403", async () => {
    const cookie = await sessionCookieFor("agent@demo.test");
    const demoTenant = (await getDb().selectFrom("users").select("tenant_id").where("email", "=", "agent@demo.test").executeTakeFirstOrThrow()).tenant_id;
    const numberId = await insertNumber(demoTenant, "+14165550999", "Agent test");
    const before = await numbersOf(demoTenant);

    expect(redirectLocation(await callLoader(listRoute.loader, "/numbers-managment", { cookie }))).toBe("/overview");
    expect(redirectLocation(await callLoader(validateRoute.loader, "/numbers-managment/validate", { cookie }))).toBe("/overview");
    const forms: Array<Record<string, string>> = [
      { intent: "add", phone: freshDigits() },
      { intent: "rename", id: numberId, label: "Hijacked" },
      { intent: "assign", id: numberId, knowledgeBaseId: "x" },
    ];
    for (const form of forms) {
      expect((await post(cookie, form)) as Response).toHaveProperty("status", 403);
    }
    expect(await validate(cookie, csvUpload("phone\n4165550101\n"))).toHaveProperty("status", 403);
    expect(
      await callAction(validateRoute.action, "/numbers-managment/validate", { cookie, form: { intent: "add-valid", numbers: "+14165550188" } }),
    ).toHaveProperty("status", 403);
    expect(await callLoader(deleteRoute.loader, `/numbers-managment/${numberId}/delete`, { cookie, params: { id: numberId } })).toHaveProperty("status", 403);
    expect(await callAction(deleteRoute.action, `/numbers-managment/${numberId}/delete`, { cookie, params: { id: numberId }, form: {} })).toHaveProperty(
      "status",
      403,
    );
    expect(await numbersOf(demoTenant)).toEqual(before);
  });

  it("sends a tenant without a plan to /choose-plan", async () => {
    const cookie = await sessionCookieFor("trial@demo.test");
    expect(redirectLocation(await callLoader(listRoute.loader, "/numbers-managment", { cookie }))).toBe("/choose-plan");
    expect(redirectLocation(await post(cookie, { intent: "add", phone: freshDigits() }))).toBe("/choose-plan");
  });
});

/* ---------- adding ---------- */

describe("adding a number", () => {
  it("stores E.164 and the trimmed label, then goes back to the list with a toast", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const result = await post(owner.cookie, { intent: "add", phone: "(416) 555-0123", label: "  Sales line  " });
    expect(redirectLocation(result)).toBe("/numbers-managment");
    expect((result as Response).headers.get("Set-Cookie")).toContain("__toast=");
    const rows = await numbersOf(owner.tenantId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ e164: "+14165550123", label: "Sales line" });
  });

  it("accepts every format the help card names", async () => {
    const owner = await tenantWithOwner({ plan: "scale", name: "Nora Numbers", phone: "4165550150" });
    for (const phone of ["555 123 4567", "447911123456", "15551234568", "+49 30 123456789"]) {
      expect(redirectLocation(await post(owner.cookie, { intent: "add", phone })), phone).toBe("/numbers-managment");
    }
    expect((await numbersOf(owner.tenantId)).map((row) => row.e164).sort()).toEqual(["+15551234567", "+15551234568", "+447911123456", "+4930123456789"]);
  });

  it("stores a national number of the tenant's country in E.164, and gives the form that country", async () => {
    const owner = await tenantWithOwner({ plan: "scale", name: "Nora Numbers", phone: "4165550150" });
    await getDb().updateTable("tenants").set({ country: "GB" }).where("id", "=", owner.tenantId).execute();
    expect((await listData(owner.cookie)).phoneCountry).toBe("GB");
    expect(redirectLocation(await post(owner.cookie, { intent: "add", phone: "020 7946 0018" }))).toBe("/numbers-managment");
    expect(redirectLocation(await post(owner.cookie, { intent: "add", phone: "+49 30 123456" }))).toBe("/numbers-managment");
    expect((await numbersOf(owner.tenantId)).map((row) => row.e164).sort()).toEqual(["+442079460018", "+4930123456"]);
    // The same number written internationally is the one already added.
    expect(failure(await post(owner.cookie, { intent: "add", phone: "+44 20 7946 0018" }))).toMatchObject({ errors: { phone: ["validation.duplicate"] } });
  });

  it("says 'Phone number is required' and 'Invalid phone number format', keeping what was typed", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const empty = failure(await post(owner.cookie, { intent: "add", phone: "   ", label: "Kept" }));
    expect(empty).toMatchObject({ status: 400, intent: "add", errors: { phone: ["validation.phoneRequired"] } });
    expect(empty.values).toMatchObject({ label: "Kept" });

    const invalid = failure(await post(owner.cookie, { intent: "add", phone: "12345", label: "Kept" }));
    expect(invalid).toMatchObject({ status: 400, errors: { phone: ["validation.phoneInvalid"] } });
    expect(invalid.values).toMatchObject({ phone: "12345", label: "Kept" });
    expect(await numbersOf(owner.tenantId)).toHaveLength(0);
  });

  it("refuses a label over 60 characters", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const result = failure(await post(owner.cookie, { intent: "add", phone: freshDigits(), label: "x".repeat(61) }));
    expect(result.errors).toMatchObject({ label: ["validation.labelTooLong"] });
    expect(await numbersOf(owner.tenantId)).toHaveLength(0);
  });

  it("says 'This number has already been added' at the field for a number the tenant has, however it is written", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    await insertNumber(owner.tenantId, "+14165550177");
    const result = failure(await post(owner.cookie, { intent: "add", phone: "1 (416) 555-0177" }));
    expect(result).toMatchObject({ status: 400, errors: { phone: ["validation.duplicate"] } });
    expect(await numbersOf(owner.tenantId)).toHaveLength(1);
  });

  it("lets two tenants have the same number", async () => {
    const first = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const second = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    await insertNumber(first.tenantId, "+14165550178");
    expect(redirectLocation(await post(second.cookie, { intent: "add", phone: "4165550178" }))).toBe("/numbers-managment");
  });

  it("shows the messages translated at the field, in English and German", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const loaderData = await listData(owner.cookie);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ intent: "add", phone: "" }, "Phone number is required", "Rufnummer ist erforderlich"],
      [{ intent: "add", phone: "12345" }, "Invalid phone number format", "Ungültiges Telefonnummernformat"],
    ];
    for (const [form, english, german] of cases) {
      const actionData = unwrap(await post(owner.cookie, form)).value;
      const en = await renderAfterPost(listRoute.default, loaderData, actionData, "/numbers-managment");
      expect(en).toContain(english);
      // The message hangs off the phone input, which is marked invalid.
      expect(en).toMatch(/id="number-add-phone"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="number-add-phone"/);
      expect(await renderAfterPost(listRoute.default, loaderData, actionData, "/numbers-managment", "de")).toContain(german);
    }
    await insertNumber(owner.tenantId, "+14165550179");
    const duplicate = unwrap(await post(owner.cookie, { intent: "add", phone: "4165550179" })).value;
    expect(await renderAfterPost(listRoute.default, await listData(owner.cookie), duplicate, "/numbers-managment")).toContain(
      "This number has already been added",
    );
    expect(await renderAfterPost(listRoute.default, await listData(owner.cookie), duplicate, "/numbers-managment", "de")).toContain(
      "Diese Nummer wurde bereits hinzugefügt",
    );
  });

  it("has every validation message in both languages", async () => {
    const en = await getTranslatorFor("en", "numbers");
    const de = await getTranslatorFor("de", "numbers");
    const expected: Record<string, [string, string]> = {
      "validation.phoneRequired": ["Phone number is required", "Rufnummer ist erforderlich"],
      "validation.phoneInvalid": ["Invalid phone number format", "Ungültiges Telefonnummernformat"],
      "validation.duplicate": ["This number has already been added", "Diese Nummer wurde bereits hinzugefügt"],
      "validation.labelTooLong": ["The label can be at most 60 characters long", "Die Bezeichnung darf höchstens 60 Zeichen lang sein"],
      "validation.knowledgeBaseRequired": ["Choose a knowledge base", "Wählen Sie eine Wissensdatenbank"],
      "validation.knowledgeBaseUnknown": ["Choose one of this number's knowledge bases", "Wählen Sie eine Wissensdatenbank dieser Rufnummer"],
      "validation.numberRequired": ["Choose a phone number", "Wählen Sie eine Rufnummer"],
    };
    for (const [key, [english, german]] of Object.entries(expected)) {
      expect(en(key), key).toBe(english);
      expect(de(key), key).toBe(german);
    }
    expect(en("validation.limitReached")).toMatch(/limit of your plan/);
    expect(de("validation.limitReached")).toMatch(/Limit Ihres Tarifs/);
  });
});

/* ---------- quota ---------- */

describe("the plan's phone-number quota", () => {
  it("lets a Starter tenant add one number, then refuses the second with a form message", async () => {
    const owner = await tenantWithOwner({ plan: "starter", name: "Nora Numbers", phone: "4165550150" });
    expect(redirectLocation(await post(owner.cookie, { intent: "add", phone: freshDigits() }))).toBe("/numbers-managment");
    const refused = failure(await post(owner.cookie, { intent: "add", phone: freshDigits(), label: "Second" }));
    expect(refused).toMatchObject({ status: 400, intent: "add", errors: { "": ["validation.limitReached"] } });
    expect(refused.values).toMatchObject({ label: "Second" });
    expect(await numbersOf(owner.tenantId)).toHaveLength(1);
  });

  it("shows 'n of limit numbers used' and disables the add form with an explanation at the limit", async () => {
    const owner = await tenantWithOwner({ plan: "starter", name: "Nora Numbers", phone: "4165550150" });
    const before = await listData(owner.cookie);
    const open = await renderPage(listRoute.default, before, "/numbers-managment");
    expect(open).toContain("0 of 1 number used");
    expect(open).not.toContain('data-testid="numbers-limit-reached"');

    await insertNumber(owner.tenantId, "+14165550180");
    const full = await listData(owner.cookie);
    expect(full.quota).toMatchObject({ used: 1, limit: 1 });
    const html = await renderPage(listRoute.default, full, "/numbers-managment");
    expect(html).toContain("1 of 1 number used");
    expect(html).toContain("Your Starter plan includes 1 phone number, and it is in use.");
    expect(html).toMatch(/<fieldset disabled=""/);
    const german = await renderPage(listRoute.default, full, "/numbers-managment", "de");
    expect(german).toContain("1 von 1 Nummer belegt");
    expect(german).toContain("Ihr Tarif Starter umfasst 1 Rufnummer");
  });

  it("counts inside the insert transaction: concurrent adds never exceed the limit", async () => {
    const owner = await tenantWithOwner({ plan: "starter", name: "Nora Numbers", phone: "4165550150" });
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => post(owner.cookie, { intent: "add", phone: freshDigits() })));
    expect(outcomes.filter((outcome) => redirectLocation(outcome) === "/numbers-managment")).toHaveLength(1);
    expect(outcomes.filter((outcome) => failure(outcome).errors[""]?.[0] === "validation.limitReached")).toHaveLength(5);
    expect(await numbersOf(owner.tenantId)).toHaveLength(1);

    // The same for the domain function on a bigger plan: 3 of 5 used, 8 at once → exactly 2 more.
    const growth = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    for (let i = 0; i < 3; i++) await insertNumber(growth.tenantId, `+1${freshDigits()}`);
    const results = await Promise.all(Array.from({ length: 8 }, () => addTenantNumber(growth.tenantId, { e164: `+1${freshDigits()}`, label: "" }, 5)));
    expect(results.filter((result) => result.ok)).toHaveLength(2);
    expect(await numbersOf(growth.tenantId)).toHaveLength(5);
  });

  it("never adds the same number twice, even at the same moment", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const phone = freshDigits();
    const outcomes = await Promise.all([post(owner.cookie, { intent: "add", phone }), post(owner.cookie, { intent: "add", phone })]);
    expect(outcomes.filter((outcome) => redirectLocation(outcome))).toHaveLength(1);
    expect(outcomes.filter((outcome) => failure(outcome).errors.phone?.[0] === "validation.duplicate")).toHaveLength(1);
    expect(await numbersOf(owner.tenantId)).toHaveLength(1);
  });
});

/* ---------- label, knowledge base, list ---------- */

describe("labels, knowledge bases and the list", () => {
  it("renames a number and clears a label", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const id = await insertNumber(owner.tenantId, "+14165550181", "Old");
    expect(redirectLocation(await post(owner.cookie, { intent: "rename", id, label: " New name " }))).toBe("/numbers-managment");
    expect((await numbersOf(owner.tenantId))[0]?.label).toBe("New name");
    expect(redirectLocation(await post(owner.cookie, { intent: "rename", id, label: "" }))).toBe("/numbers-managment");
    expect((await numbersOf(owner.tenantId))[0]?.label).toBe("");
    const tooLong = failure(await post(owner.cookie, { intent: "rename", id, label: "y".repeat(61) }));
    expect(tooLong).toMatchObject({ status: 400, intent: "rename", id, errors: { label: ["validation.labelTooLong"] } });
  });

  it("opens one row's label for editing from a link (?edit=<id>), so renaming works without JavaScript, and keeps it open after a refusal", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const id = await insertNumber(owner.tenantId, "+14165550183", "Front desk");
    await insertNumber(owner.tenantId, "+14165550184", "Back office");
    const data = await listData(owner.cookie);

    const closed = await renderPage(listRoute.default, data, "/numbers-managment");
    expect(closed).not.toContain("Save label");
    expect(closed).toContain(`href="/numbers-managment?edit=${id}"`);

    const open = await renderPage(listRoute.default, data, `/numbers-managment?edit=${id}`);
    expect(open.match(/Save label/g)).toHaveLength(1);
    expect(open).toContain("Label of +1 (416) 555-0183");
    expect(open).not.toContain("Label of +1 (416) 555-0184");

    const refused = unwrap(await post(owner.cookie, { intent: "rename", id, label: "y".repeat(61) })).value;
    const afterRefusal = await renderAfterPost(listRoute.default, data, refused, "/numbers-managment");
    expect(afterRefusal).toContain("Label of +1 (416) 555-0183");
    expect(afterRefusal).toContain("The label can be at most 60 characters long");
  });

  it("assigns one of the number's knowledge bases as its default", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const numberId = await insertNumber(owner.tenantId, "+14165550182");
    const first = await insertKnowledgeBase(owner.tenantId, numberId, "Opening hours", true);
    const second = await insertKnowledgeBase(owner.tenantId, numberId, "Bookings");
    expect(redirectLocation(await post(owner.cookie, { intent: "assign", id: numberId, knowledgeBaseId: second }))).toBe("/numbers-managment");
    const kbs = await getDb().selectFrom("knowledge_bases").select(["id", "is_default"]).where("phone_number_id", "=", numberId).execute();
    expect(Object.fromEntries(kbs.map((kb) => [kb.id, kb.is_default]))).toEqual({ [first]: 0, [second]: 1 });
    const listed = (await listData(owner.cookie)).numbers[0]!;
    expect(listed.knowledgeBases).toEqual([
      { id: second, name: "Bookings", isDefault: true },
      { id: first, name: "Opening hours", isDefault: false },
    ]);
    expect(failure(await post(owner.cookie, { intent: "assign", id: numberId }))).toMatchObject({
      errors: { knowledgeBaseId: ["validation.knowledgeBaseRequired"] },
    });
  });

  it("refuses a knowledge base of another number of the same tenant", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const numberId = await insertNumber(owner.tenantId, "+14165550183");
    const otherNumber = await insertNumber(owner.tenantId, "+14165550184");
    const foreignKb = await insertKnowledgeBase(owner.tenantId, otherNumber, "Other line");
    const result = failure(await post(owner.cookie, { intent: "assign", id: numberId, knowledgeBaseId: foreignKb }));
    expect(result).toMatchObject({ status: 400, intent: "assign", id: numberId, errors: { knowledgeBaseId: ["validation.knowledgeBaseUnknown"] } });
    expect((await getDb().selectFrom("knowledge_bases").select("is_default").where("id", "=", foreignKb).executeTakeFirstOrThrow()).is_default).toBe(0);
  });

  it("lists numbers formatted, with their knowledge-base count and the created date in the tenant's time zone", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    await getDb().updateTable("tenants").set({ time_zone: "Asia/Tokyo" }).where("id", "=", owner.tenantId).execute();
    // 20:30 UTC on 31 December is already 1 January in Tokyo.
    const numberId = await insertNumber(owner.tenantId, "+14165550185", "Tokyo desk", "2025-12-31T20:30:00.000Z");
    await insertNumber(owner.tenantId, "+447911123456", "", "2026-01-05T09:00:00.000Z");
    await insertKnowledgeBase(owner.tenantId, numberId, "Greeting", true);
    await insertKnowledgeBase(owner.tenantId, numberId, "After hours");
    const data = await listData(owner.cookie);
    expect(data.timeZone).toBe("Asia/Tokyo");
    const html = await renderPage(listRoute.default, data, "/numbers-managment");
    expect(html).toContain("+1 (416) 555-0185");
    expect(html).toContain("+44 7911 123456");
    expect(html).toContain("Tokyo desk");
    expect(html).toContain(formatDate("2025-12-31T20:30:00.000Z", "en", "Asia/Tokyo"));
    expect(formatDate("2025-12-31T20:30:00.000Z", "en", "Asia/Tokyo")).toBe("Jan 1, 2026");
    // The assigned knowledge base is the selected option of the number's select.
    expect(html).toMatch(/<option value="[^"]+" selected="">Greeting<\/option>/);
    expect(html).toMatch(/<td data-label="Knowledge bases" class="[^"]*data-cell-end[^"]*">2<\/td>/);
  });
});

/* ---------- deleting ---------- */

describe("deleting a number", () => {
  it("confirms on a page that says its knowledge bases go with it, then deletes them all", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const numberId = await insertNumber(owner.tenantId, "+14165550186", "Support");
    await insertKnowledgeBase(owner.tenantId, numberId, "Support script");
    const page = unwrap(await callLoader(deleteRoute.loader, `/numbers-managment/${numberId}/delete`, { cookie: owner.cookie, params: { id: numberId } }));
    expect(page.status).toBe(200);
    const html = await renderPage(deleteRoute.default, page.value, `/numbers-managment/${numberId}/delete`);
    expect(html).toContain("+1 (416) 555-0186 · Support");
    expect(html).toContain("Its knowledge base “Support script” will be deleted with it.");
    expect(html).toContain(`action="/numbers-managment/${numberId}/delete"`);

    const result = await callAction(deleteRoute.action, `/numbers-managment/${numberId}/delete`, { cookie: owner.cookie, params: { id: numberId }, form: {} });
    expect(redirectLocation(result)).toBe("/numbers-managment");
    expect(await numbersOf(owner.tenantId)).toHaveLength(0);
    expect(await getDb().selectFrom("knowledge_bases").select("id").where("phone_number_id", "=", numberId).execute()).toHaveLength(0);
  });

  it("refuses while a campaign uses the number, naming the campaigns", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const numberId = await insertNumber(owner.tenantId, "+14165550187");
    await insertCampaign(owner.tenantId, numberId, "Spring outreach");
    await insertCampaign(owner.tenantId, numberId, "Autumn renewals");
    const page = unwrap(await callLoader(deleteRoute.loader, `/numbers-managment/${numberId}/delete`, { cookie: owner.cookie, params: { id: numberId } }));
    const html = await renderPage(deleteRoute.default, page.value, `/numbers-managment/${numberId}/delete`);
    expect(html).toContain("This number cannot be deleted while campaigns use it: “Autumn renewals”, “Spring outreach”.");
    expect(html).not.toContain("Delete number</button>");

    const result = unwrap(
      await callAction(deleteRoute.action, `/numbers-managment/${numberId}/delete`, { cookie: owner.cookie, params: { id: numberId }, form: {} }),
    );
    expect(result).toMatchObject({ status: 409, value: { campaigns: ["Autumn renewals", "Spring outreach"] } });
    expect(await numbersOf(owner.tenantId)).toHaveLength(1);
  });
});

/* ---------- tenant isolation ---------- */

describe("tenant isolation", () => {
  it("treats another tenant's number like one that does not exist, and changes nothing", async () => {
    const victim = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const attacker = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const numberId = await insertNumber(victim.tenantId, "+14165550188", "Victim line");
    const kbId = await insertKnowledgeBase(victim.tenantId, numberId, "Victim KB");
    const attackerNumber = await insertNumber(attacker.tenantId, "+14165550189");
    const before = await numbersOf(victim.tenantId);

    expect(await post(attacker.cookie, { intent: "rename", id: numberId, label: "Mine now" })).toHaveProperty("status", 404);
    expect(await post(attacker.cookie, { intent: "assign", id: numberId, knowledgeBaseId: kbId })).toHaveProperty("status", 404);
    // Their own number with the victim's knowledge base: a field error, no write.
    expect(failure(await post(attacker.cookie, { intent: "assign", id: attackerNumber, knowledgeBaseId: kbId }))).toMatchObject({
      status: 400,
      errors: { knowledgeBaseId: ["validation.knowledgeBaseUnknown"] },
    });
    expect(await callLoader(deleteRoute.loader, `/numbers-managment/${numberId}/delete`, { cookie: attacker.cookie, params: { id: numberId } })).toHaveProperty(
      "status",
      404,
    );
    expect(
      await callAction(deleteRoute.action, `/numbers-managment/${numberId}/delete`, { cookie: attacker.cookie, params: { id: numberId }, form: {} }),
    ).toHaveProperty("status", 404);

    expect(await numbersOf(victim.tenantId)).toEqual(before);
    expect(await getDb().selectFrom("knowledge_bases").select(["id", "is_default"]).where("id", "=", kbId).executeTakeFirst()).toEqual({
      id: kbId,
      is_default: 0,
    });
    expect((await listData(attacker.cookie)).numbers.map((n) => n.id)).toEqual([attackerNumber]);
  });

  it("counts only the tenant's own numbers against its quota", async () => {
    const crowded = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    for (let i = 0; i < 5; i++) await insertNumber(crowded.tenantId, `+1${freshDigits()}`);
    const starter = await tenantWithOwner({ plan: "starter", name: "Nora Numbers", phone: "4165550150" });
    expect(redirectLocation(await post(starter.cookie, { intent: "add", phone: freshDigits() }))).toBe("/numbers-managment");
  });
});

/* ---------- bulk validation ---------- */

describe("bulk validation from a CSV", () => {
  it("numbers rows from 2 and marks each Valid or Invalid with 'Invalid Phone Number Format'", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const result = await validate(owner.cookie, csvUpload("Name,Phone Number\nAda,416 555 0190\nBob,12345\n\nCy,+44 20 7946 0958\nDee,\n"));
    const data = results(result);
    expect(data.rows).toEqual([
      { row: 2, value: "416 555 0190", e164: "+14165550190" },
      { row: 3, value: "12345", e164: null },
      { row: 5, value: "+44 20 7946 0958", e164: "+442079460958" },
      { row: 6, value: "", e164: null },
    ]);
    expect(data).toMatchObject({ column: "Phone Number", columnMatched: true, validCount: 2, invalidCount: 2, fileName: "numbers.csv" });

    const loaderData = unwrap(await callLoader(validateRoute.loader, "/numbers-managment/validate", { cookie: owner.cookie })).value;
    const html = await renderAfterPost(validateRoute.default, loaderData, unwrap(result).value, "/numbers-managment/validate");
    const cells = [...html.matchAll(/<tr data-testid="bulk-row"[^>]*>(.*?)<\/tr>/g)].map((match) =>
      [...match[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "")),
    );
    expect(cells).toEqual([
      ["2", "+1 (416) 555-0190", "Valid", ""],
      ["3", "12345", "Invalid", "Invalid Phone Number Format"],
      ["5", "+44 20 7946 0958", "Valid", ""],
      ["6", "(empty)", "Invalid", "Invalid Phone Number Format"],
    ]);
    expect(html).toContain("Add the valid numbers");
    const german = await renderAfterPost(validateRoute.default, loaderData, unwrap(result).value, "/numbers-managment/validate", "de");
    expect(german).toContain("Ungültiges Telefonnummernformat");
    expect(german).toContain("Gültig");
  });

  it("classifies +4930123456 as the German number it is, never as a +1 number (decision 0009)", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const result = await validate(owner.cookie, csvUpload("Phone\n+4930123456\n+49 30 123456\n0049 30 123456\n"));
    const data = results(result);
    expect(data.rows.map((row) => row.e164)).toEqual(["+4930123456", "+4930123456", "+4930123456"]);
    expect(data).toMatchObject({ validCount: 3, newNumbers: ["+4930123456"] });

    const loaderData = unwrap(await callLoader(validateRoute.loader, "/numbers-managment/validate", { cookie: owner.cookie })).value;
    const html = await renderAfterPost(validateRoute.default, loaderData, unwrap(result).value, "/numbers-managment/validate");
    const cells = [...html.matchAll(/<tr data-testid="bulk-row"[^>]*>(.*?)<\/tr>/g)].map((match) =>
      [...match[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "")),
    );
    expect(cells[0]).toEqual(["2", "+49 30 123456", "Valid", ""]);
    expect(html).not.toContain("(493) 012-3456");
  });

  it("reads numbers with a leading 0 in the tenant's country: Germany's for a German tenant, none for a Canadian one", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const csv = "Telefon\n030 5550 1234\n";
    expect(results(await validate(owner.cookie, csvUpload(csv))).rows.map((row) => row.e164)).toEqual([null]);
    await getDb().updateTable("tenants").set({ country: "DE" }).where("id", "=", owner.tenantId).execute();
    expect(results(await validate(owner.cookie, csvUpload(csv))).rows.map((row) => row.e164)).toEqual(["+493055501234"]);
  });

  it("reads a German semicolon file by its Telefonnummer column, and the first column otherwise", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const german = results(await validate(owner.cookie, csvUpload("\uFEFFFirma;Telefonnummer\r\nMüller GmbH;030 1234567\r\nSchmidt AG;+49 30 123456789\r\n")));
    expect(german.column).toBe("Telefonnummer");
    expect(german.rows.map((row) => [row.row, row.e164])).toEqual([
      [2, null],
      [3, "+4930123456789"],
    ]);
    const plain = results(await validate(owner.cookie, csvUpload("Contact\n4165550191\n")));
    expect(plain).toMatchObject({ column: "Contact", columnMatched: false });
  });

  it("refuses files that are not .csv, too large, too long, empty, binary or malformed, each with its message", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    expect(
      uploadProblem(
        await validate(owner.cookie, csvUpload("phone\n4165550101\n", "numbers.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")),
      ),
    ).toEqual({ status: 400, problem: "fileType" });
    expect(uploadProblem(await validate(owner.cookie, csvUpload("phone\n4165550101\n", "numbers.txt", "text/plain")))).toEqual({
      status: 400,
      problem: "fileType",
    });
    expect(uploadProblem(await validate(owner.cookie, csvUpload("phone\n" + "4165550101\n".repeat(MAX_BULK_BYTES / 11 + 10))))).toEqual({
      status: 400,
      problem: "fileTooLarge",
    });
    const tooMany = "phone\n" + Array.from({ length: MAX_BULK_ROWS + 1 }, (_, i) => `41655${String(i).padStart(5, "0")}`).join("\n");
    expect(uploadProblem(await validate(owner.cookie, csvUpload(tooMany)))).toEqual({ status: 400, problem: "tooManyRows" });
    expect(uploadProblem(await validate(owner.cookie, csvUpload("")))).toEqual({ status: 400, problem: "empty" });
    expect(uploadProblem(await validate(owner.cookie, csvUpload("phone\n")))).toEqual({ status: 400, problem: "noRows" });
    expect(uploadProblem(await validate(owner.cookie, csvUpload('phone\n"4165550101\n4165550102\n')))).toEqual({ status: 400, problem: "malformed" });
    expect(uploadProblem(await validate(owner.cookie, csvUpload(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x01]))))).toEqual({
      status: 400,
      problem: "notText",
    });
    const noFile = new FormData();
    noFile.append("file", new File([], "", { type: "application/octet-stream" }));
    expect(uploadProblem(await validate(owner.cookie, noFile))).toEqual({ status: 400, problem: "fileRequired" });

    const loaderData = unwrap(await callLoader(validateRoute.loader, "/numbers-managment/validate", { cookie: owner.cookie })).value;
    const refused = unwrap(await validate(owner.cookie, csvUpload("x", "numbers.pdf"))).value;
    expect(await renderAfterPost(validateRoute.default, loaderData, refused, "/numbers-managment/validate")).toContain("Only .csv files can be validated.");
    expect(await renderAfterPost(validateRoute.default, loaderData, refused, "/numbers-managment/validate", "de")).toContain(
      "Nur .csv-Dateien können geprüft werden.",
    );
    const long = unwrap(await validate(owner.cookie, csvUpload(tooMany))).value;
    expect(await renderAfterPost(validateRoute.default, loaderData, long, "/numbers-managment/validate")).toContain("The file has more than 5,000 rows.");
    expect(await renderAfterPost(validateRoute.default, loaderData, long, "/numbers-managment/validate", "de")).toContain(
      "Die Datei hat mehr als 5.000 Zeilen.",
    );
    const malformed = unwrap(await validate(owner.cookie, csvUpload('phone\n"4165550101\n'))).value;
    expect(await renderAfterPost(validateRoute.default, loaderData, malformed, "/numbers-managment/validate")).toContain("This file cannot be read as CSV");
    expect(await renderAfterPost(validateRoute.default, loaderData, malformed, "/numbers-managment/validate", "de")).toContain(
      "Diese Datei lässt sich nicht als CSV lesen",
    );
  });

  it("tells which valid numbers are new and which the tenant already has", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    await insertNumber(owner.tenantId, "+14165550192");
    const data = results(await validate(owner.cookie, csvUpload("phone\n4165550192\n4165550193\n(416) 555-0193\nbad\n")));
    expect(data).toMatchObject({ validCount: 3, invalidCount: 1, newNumbers: ["+14165550193"], alreadyAdded: 1 });
  });
});

describe("adding the valid numbers of a file", () => {
  function addValid(cookie: string, numbers: string[]) {
    return callAction(validateRoute.action, "/numbers-managment/validate", { cookie, form: { intent: "add-valid", numbers: numbers.join(",") } });
  }

  it("adds them all, skipping numbers already added", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    await insertNumber(owner.tenantId, "+14165550194");
    const result = await addValid(owner.cookie, ["+14165550194", "+14165550195", "+447911123456"]);
    expect(redirectLocation(result)).toBe("/numbers-managment");
    // Listed in the order of the file, after what was there.
    expect((await listData(owner.cookie)).numbers.map((number) => number.e164)).toEqual(["+14165550194", "+14165550195", "+447911123456"]);
  });

  it("adds none when they would exceed the quota, with a message", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    for (let i = 0; i < 3; i++) await insertNumber(owner.tenantId, `+1${freshDigits()}`);
    const { status, data } = validationOf(await addValid(owner.cookie, [`+1${freshDigits()}`, `+1${freshDigits()}`, `+1${freshDigits()}`]));
    expect(status).toBe(400);
    expect(data).toMatchObject({ kind: "add", problem: { problem: "limit", adding: 3, used: 3, limit: 5 } });
    expect(await numbersOf(owner.tenantId)).toHaveLength(3);

    const loaderData = unwrap(await callLoader(validateRoute.loader, "/numbers-managment/validate", { cookie: owner.cookie })).value;
    const html = await renderAfterPost(validateRoute.default, loaderData, data, "/numbers-managment/validate");
    expect(html).toContain("Nothing was added: 3 more numbers would exceed your plan&#x27;s limit (3 of 5 in use).");
  });

  it("validates what comes back again and ignores anything that is not a valid number", async () => {
    const owner = await tenantWithOwner({ plan: "growth", name: "Nora Numbers", phone: "4165550150" });
    const result = await addValid(owner.cookie, ["=cmd|calc", "12345", "4165550196"]);
    expect(redirectLocation(result)).toBe("/numbers-managment");
    expect((await numbersOf(owner.tenantId)).map((row) => row.e164)).toEqual(["+14165550196"]);
    expect(validationOf(await addValid(owner.cookie, ["nope"])).data).toMatchObject({ kind: "add", problem: { problem: "nothingValid" } });
  });

  it("never lands another tenant's rows or goes past the quota when two adds race", async () => {
    const owner = await tenantWithOwner({ plan: "starter", name: "Nora Numbers", phone: "4165550150" });
    const outcomes = await Promise.all([addValid(owner.cookie, [`+1${freshDigits()}`]), addValid(owner.cookie, [`+1${freshDigits()}`])]);
    expect(outcomes.filter((outcome) => redirectLocation(outcome))).toHaveLength(1);
    expect(await numbersOf(owner.tenantId)).toHaveLength(1);
  });
});
