import fs from "node:fs";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { TranslationProvider } from "~/i18n/react";
import { Translator } from "~/i18n/translator";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getEnv, resetEnvCache } from "~/config/env.server";
import { getDb, newId } from "~/db/db.server";
import type { Language } from "~/i18n/config";
import { resources } from "~/i18n/resources.server";
import { contact, contactList, tenantWithOwner } from "../support/factories";
import { importKey, isStored, storedKeys } from "../support/stored-files";
import * as detail from "~/routes/_dashboard+/contacts+/import.$importId";
import * as index from "~/routes/_dashboard+/contacts+/import._index";
import * as exportRoute from "~/routes/_files+/contacts.export[.]csv";
import {
  BASE_URL,
  callAction,
  callLoader,
  loadContext,
  makeRequest,
  prepareTestDatabase,
  redirectLocation,
  sessionCookieFor,
  settle,
  unwrap,
} from "../support/app";

// Small limits, so the refusals are cheap to provoke; set before anything reads the environment.
process.env.MAX_IMPORT_BYTES = "4096";
process.env.MAX_IMPORT_ROWS = "60";
resetEnvCache();

type DetailData = Awaited<ReturnType<typeof detail.loader>>;
type PreviewData = Extract<DetailData["view"], { kind: "preview" }>;
type MappingData = Extract<DetailData["view"], { kind: "mapping" }>;

let owner: string;
let agent: string;
let demoTenantId: string;
let other: { tenantId: string; cookie: string };

/** A number nobody else in this file uses: +1 613 5xx xxxx with a random block per call. */
let phoneBlock = 0;
function phones(count: number) {
  phoneBlock++;
  const base = 5_000_000 + phoneBlock * 1000;
  return Array.from({ length: count }, (_, i) => `613${base + i}`);
}

beforeAll(async () => {
  await prepareTestDatabase();
  owner = await sessionCookieFor("owner@demo.test");
  agent = await sessionCookieFor("agent@demo.test");
  demoTenantId = (await getDb().selectFrom("users").select("tenant_id").where("email", "=", "owner@demo.test").executeTakeFirstOrThrow()).tenant_id;
  other = await tenantWithOwner({ name: "Other Owner", phone: "4165550177" });
});

function uploadRequest(cookie: string, file: File | null, language?: Language) {
  const form = new FormData();
  if (file) form.append("file", file);
  else form.append("file", new File([], "", { type: "application/octet-stream" }));
  return makeRequest("/contacts/import", { cookie, form, language });
}

const upload = (cookie: string, file: File | null, language?: Language) =>
  settle(() => index.action({ request: uploadRequest(cookie, file, language), params: {}, context: loadContext() }));

const csvFile = (text: string, name = "contacts.csv") => new File([text], name, { type: "text/csv" });

/** Uploads and returns the new import's id. */
async function uploaded(text: string, cookie = owner, name = "contacts.csv") {
  const location = redirectLocation(await upload(cookie, csvFile(text, name)));
  const id = location?.match(/^\/contacts\/import\/([0-9a-f-]{36})$/)?.[1];
  if (!id) throw new Error(`upload did not redirect to an import: ${location}`);
  return id;
}

const loadDetail = (id: string, search = "", cookie = owner) =>
  callLoader(detail.loader, `/contacts/import/${id}${search}`, { cookie, params: { importId: id } });

async function viewOf(id: string, search = "", cookie = owner) {
  const { status, value } = unwrap(await loadDetail(id, search, cookie));
  expect(status).toBe(200);
  return (value as DetailData).view;
}

async function previewOf(id: string, search = "") {
  const view = await viewOf(id, search);
  expect(view.kind).toBe("preview");
  return view as PreviewData;
}

const post = (id: string, form: Record<string, string>, { cookie = owner, search = "" } = {}) =>
  callAction(detail.action, `/contacts/import/${id}${search}`, { cookie, form, params: { importId: id } });

/** Field and form errors of a refused submission. */
function refusal(result: unknown) {
  const { status, value } = unwrap(result);
  const reply = value as { intent: string; result: { error?: Record<string, string[] | null> }; values?: Record<string, string> } | undefined;
  return { status, intent: reply?.intent, errors: reply?.result.error ?? {}, values: reply?.values ?? {} };
}

const importRow = (id: string) => getDb().selectFrom("contact_imports").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function mapped(text: string) {
  const id = await uploaded(text);
  const mapping = (await viewOf(id)) as MappingData;
  const form: Record<string, string> = { intent: "save-mapping" };
  for (const [target, index] of Object.entries(mapping.mapping)) form[target] = index === null ? "" : String(index);
  expect(redirectLocation(await post(id, form))).toBe(`/contacts/import/${id}`);
  return id;
}

async function addContact(tenantId: string, phone: string) {
  const { id: listId } = await contactList(tenantId);
  await contact(tenantId, { listId, first_name: "Existing", phone });
  return listId;
}

/** The route's page as the browser gets it without JavaScript after a refused post: loader data plus action data, real translations. */
async function renderWithActionData(Component: ComponentType, loaderData: unknown, actionData: unknown, pathname: string, language: Language) {
  const url = new URL(pathname, BASE_URL);
  const handler = createStaticHandler([{ id: "page", path: url.pathname, loader: () => loaderData as object, action: () => actionData as object, Component }]);
  const context = await handler.query(new Request(url, { method: "POST", body: new FormData() }));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const translator = new Translator(language, resources[language]);
  return renderToStaticMarkup(createElement(TranslationProvider, { translator }, createElement(StaticRouterProvider, { router, context, hydrate: false })));
}

async function refusedPage(file: File | null, language: Language) {
  const result = await upload(owner, file, language);
  const { value } = unwrap(await callLoader(index.loader, "/contacts/import", { cookie: owner }));
  return { status: unwrap(result).status, html: await renderWithActionData(index.default, value, unwrap(result).value, "/contacts/import", language) };
}

describe("upload", () => {
  it("stores the file in the store (DATA_DIR/imports or the bucket), records the import and guesses the mapping from the header", async () => {
    const [p1, p2] = phones(2);
    const id = await uploaded(`Vorname;Nachname;Telefon;E-Mail\r\nJürgen;Groß;${p1};j@example.com\r\nAnna;Schmidt;${p2};\r\n`, owner, "kontakte.csv");
    const row = await importRow(id);
    expect(row).toMatchObject({ tenant_id: demoTenantId, file_name: "kontakte.csv", status: "uploaded", row_count: 2, stored_file: `${id}.csv` });
    expect(JSON.parse(row.mapping!)).toEqual({ firstName: 0, lastName: 1, title: null, company: null, phone: 2, email: 3, fullName: null });
    expect(await isStored(importKey(id))).toBe(true);
    const mapping = (await viewOf(id)) as MappingData;
    expect(mapping.kind).toBe("mapping");
    expect(mapping.columns[0]).toEqual({ index: 0, header: "Vorname", samples: ["Jürgen", "Anna"] });
  });

  it("converts a Windows-1252 file (older German Excel) to UTF-8", async () => {
    const [p1] = phones(1);
    const bytes = Buffer.from(`Vorname;Telefon\r\nJ\xfcrgen;${p1}\r\n`, "latin1");
    const id = redirectLocation(await upload(owner, new File([bytes], "alt.csv")))!
      .split("/")
      .pop()!;
    const mapping = (await viewOf(id)) as MappingData;
    expect(mapping.columns[0]?.samples).toEqual(["Jürgen"]);
  });

  it.each([
    [
      "a file that is not .csv",
      () => csvFile("Name,Phone\nJane,4165550100\n", "contacts.xlsx"),
      400,
      "Only .csv files can be imported.",
      "Es können nur .csv-Dateien importiert werden.",
    ],
    [
      "a binary file named .csv",
      () => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00])], "book.csv"),
      400,
      "This is not a text CSV file",
      "Das ist keine CSV-Textdatei",
    ],
    ["no file at all", () => null, 400, "Choose a CSV file to upload.", "Wählen Sie eine CSV-Datei zum Hochladen."],
    ["an empty file", () => csvFile(""), 400, "The file is empty.", "Die Datei ist leer."],
    [
      "a header without rows",
      () => csvFile("First name,Phone\r\n\r\n"),
      400,
      "The file has a header row but no contacts.",
      "Die Datei hat eine Kopfzeile, aber keine Kontakte.",
    ],
    [
      "a file over the size limit",
      () => csvFile(`Name,Phone\n${"Jane Doe,4165550100\n".repeat(300)}`),
      413,
      "The file is larger than 4 KB, the most one import accepts.",
      "Die Datei ist größer als 4 KB, das Maximum für einen Import.",
    ],
    [
      "a file over the row limit",
      () => csvFile(`Name,Phone\n${"J,1\n".repeat(61)}`),
      400,
      "The file has more than 60 rows, the most one import accepts.",
      "Die Datei hat mehr als 60 Zeilen, das Maximum für einen Import.",
    ],
    [
      "a file with an unclosed quote",
      () => csvFile(`Name,Phone\nJane,4165550100\nJohn,"4165550101\n`),
      400,
      "cannot be read as CSV near row 3",
      "um Zeile 3 nicht als CSV lesen",
    ],
    ["a file with too many columns", () => csvFile(`${"c,".repeat(250)}c\n`), 400, "cannot be read as CSV near row 1", "um Zeile 1 nicht als CSV lesen"],
  ])("refuses %s with a clear message in English and German, and keeps nothing", async (_label, makeFile, status, english, german) => {
    const importsBefore = (await getDb().selectFrom("contact_imports").select("id").execute()).length;
    // Nothing kept: not on this server's disk (the upload as it arrived), not in the store.
    const localFiles = () => (fs.existsSync(getEnv().importsDir) ? fs.readdirSync(getEnv().importsDir).length : 0);
    const filesBefore = [localFiles(), (await storedKeys("imports/")).length];
    const en = await refusedPage(makeFile(), "en");
    expect(en.status).toBe(status);
    expect(en.html).toContain(english.replace(/"/g, "&quot;"));
    const de = await refusedPage(makeFile(), "de");
    expect(de.html).toContain(german);
    expect((await getDb().selectFrom("contact_imports").select("id").execute()).length).toBe(importsBefore);
    expect([localFiles(), (await storedKeys("imports/")).length]).toEqual(filesBefore);
  });

  it("refuses a body announced far beyond the limit before reading it", async () => {
    const request = new Request(new URL("/contacts/import", BASE_URL), {
      method: "POST",
      headers: { Cookie: owner, Origin: BASE_URL, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(10 * 1024 * 1024) },
      body: "--x--",
    });
    const result = refusal(await settle(() => index.action({ request, params: {}, context: loadContext() })));
    expect(result.status).toBe(413);
    expect(result.errors.file).toEqual(["validation.tooLarge"]);
    expect(result.values).toEqual({ limit: "4 KB" });
  });

  it("is refused to the read-only agent with a 403 before the body is read, but the agent sees the history", async () => {
    const result = await upload(agent, csvFile("First name,Phone\nJane,4165550100\n"));
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(403);
    const { value } = unwrap(await callLoader(index.loader, "/contacts/import", { cookie: agent }));
    expect(value).toMatchObject({ canImport: false });
  });

  it("lists the tenant's recent imports, newest first, and none of another tenant's", async () => {
    const mine = await uploaded(`Name,Phone\nJane,${phones(1)[0]}\n`, owner, "mine.csv");
    const theirs = await uploaded(`Name,Phone\nJane,${phones(1)[0]}\n`, other.cookie, "theirs.csv");
    const { value } = unwrap(await callLoader(index.loader, "/contacts/import", { cookie: owner }));
    const history = (value as Awaited<ReturnType<typeof index.loader>>).history;
    expect(history[0]).toMatchObject({ id: mine, fileName: "mine.csv", status: "uploaded" });
    expect(history.some((entry) => entry.id === theirs)).toBe(false);
  });
});

describe("mapping", () => {
  it("needs a first name (or full name) column and a phone column", async () => {
    const id = await uploaded(`Notes,Mobile,Name\nx,${phones(1)[0]},Jane Doe\n`);
    const empty = refusal(await post(id, { intent: "save-mapping", firstName: "", phone: "", fullName: "" }));
    expect(empty.status).toBe(400);
    expect(empty.errors).toMatchObject({ firstName: ["validation.firstNameColumnRequired"], phone: ["validation.phoneColumnRequired"] });
    expect((await importRow(id)).status).toBe("uploaded");

    const outOfRange = refusal(await post(id, { intent: "save-mapping", fullName: "2", phone: "7" }));
    expect(outOfRange.errors).toMatchObject({ phone: ["validation.columnUnknown"] });

    expect(redirectLocation(await post(id, { intent: "save-mapping", fullName: "2", phone: "1" }))).toBe(`/contacts/import/${id}`);
    const row = await importRow(id);
    expect(row.status).toBe("mapped");
    expect(JSON.parse(row.mapping!)).toMatchObject({ fullName: 2, phone: 1, firstName: null });
    const preview = await previewOf(id);
    expect(preview.rows[0]).toMatchObject({ status: "valid", values: { firstName: "Jane", lastName: "Doe" } });
  });

  it("can be opened again from the preview with ?step=mapping", async () => {
    const id = await mapped(`First name,Phone\nJane,${phones(1)[0]}\n`);
    const view = await viewOf(id, "?step=mapping");
    expect(view).toMatchObject({ kind: "mapping", fromPreview: true, mapping: { firstName: 0, phone: 1 } });
  });
});

describe("preview", () => {
  it("classifies each row as valid, invalid (with the reason), already existing or duplicate", async () => {
    const [valid, existing, dup, badEmail] = phones(4);
    await addContact(demoTenantId, `+1${existing}`);
    const id = await mapped(
      [
        "First name,Last name,Phone,Email",
        `Vera,Valid,${valid},vera@example.com`,
        `Ian,Invalid,12345,`,
        `Erin,Exists,(${existing!.slice(0, 3)}) ${existing!.slice(3, 6)}-${existing!.slice(6)},`,
        `Dana,Duplicate,+1${valid},`,
        `,Nameless,${dup},`,
        `Eve,Email,${badEmail},not-an-email`,
      ].join("\n"),
    );
    const preview = await previewOf(id);
    expect(preview.counts).toEqual({ total: 6, valid: 1, invalid: 3, exists: 1, duplicate: 1, removed: 0 });
    expect(preview.rows.map((row) => [row.number, row.status, row.problems])).toEqual([
      [2, "valid", {}],
      [3, "invalid", { phone: "validation.phoneInvalid" }],
      [4, "exists", {}],
      [5, "duplicate", {}],
      [6, "invalid", { firstName: "validation.nameRequired" }],
      [7, "invalid", { email: "validation.emailInvalid" }],
    ]);

    const invalid = await previewOf(id, "?status=invalid");
    expect(invalid.rows.map((row) => row.number)).toEqual([3, 6, 7]);
    expect(invalid.params).toEqual({ status: "invalid", page: 1 });
    expect((await previewOf(id, "?status=exists")).rows.map((row) => row.number)).toEqual([4]);
    // A filter it does not know shows everything rather than an error.
    expect((await previewOf(id, "?status=bogus&page=x")).params).toEqual({ status: "all", page: 1 });
  });

  it("reads our own contacts export again, whose phone cells carry a formula-guarding apostrophe before the plus", async () => {
    // Exported from another tenant, so the number is new to this one; German, so semicolons, a BOM and rule 4's plus matter.
    const german = `+4930${1_000_000 + Math.floor(Math.random() * 8_999_999)}`;
    await addContact(other.tenantId, german);
    const response = await callLoader(exportRoute.loader, "/contacts/export.csv", { cookie: other.cookie, language: "de" });
    if (!(response instanceof Response)) throw new Error("export did not return a Response");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes)).toContain(`"'${german.slice(0, 3)} 30 ${german.slice(5)}"`);

    const location = redirectLocation(await upload(owner, new File([bytes], "kontakte.csv", { type: "text/csv" })));
    const id = location?.match(/^\/contacts\/import\/([0-9a-f-]{36})$/)?.[1];
    if (!id) throw new Error(`upload did not redirect to an import: ${location}`);
    const mapping = (await viewOf(id)) as MappingData;
    expect(mapping.columns[mapping.mapping.phone!]?.header).toBe("Telefon");
    const form: Record<string, string> = { intent: "save-mapping" };
    for (const [target, column] of Object.entries(mapping.mapping)) form[target] = column === null ? "" : String(column);
    expect(redirectLocation(await post(id, form))).toBe(`/contacts/import/${id}`);

    const preview = await previewOf(id);
    expect(preview.counts.invalid).toBe(0);
    expect(preview.rows.find((row) => row.values.phone === `'${german.slice(0, 3)} 30 ${german.slice(5)}`)).toMatchObject({ status: "valid", problems: {} });
  });

  it("pages through the rows 25 at a time and clamps a page past the end", async () => {
    const numbers = phones(55);
    const id = await mapped(["First name,Phone", ...numbers.map((p, i) => `Person ${i},${p}`)].join("\n"));
    const second = await previewOf(id, "?page=2");
    expect(second).toMatchObject({ page: 2, pageCount: 3, matching: 55 });
    expect(second.rows.map((row) => row.number)).toEqual(Array.from({ length: 25 }, (_, i) => 27 + i));
    const beyond = await previewOf(id, "?page=99");
    expect(beyond.page).toBe(3);
    expect(beyond.rows).toHaveLength(5);
  });

  it("lets an invalid row be fixed inline; a bad correction is refused with the contact rules' messages and stores nothing", async () => {
    const [p1, p2] = phones(2);
    const id = await mapped(`First name,Phone,Email\nJane,${p1},\n,123,bad\n`);
    const bad = refusal(
      await post(
        id,
        { intent: "edit-row", row: "3", firstName: "", lastName: "", title: "", company: "", phone: "123", email: "bad" },
        { search: "?status=invalid" },
      ),
    );
    expect(bad).toMatchObject({ status: 400, intent: "edit-row" });
    expect(bad.errors).toMatchObject({ firstName: ["validation.nameRequired"], phone: ["validation.phoneInvalid"], email: ["validation.emailInvalid"] });
    expect((await importRow(id)).row_edits).toBe("{}");

    const saved = await post(
      id,
      {
        intent: "edit-row",
        row: "3",
        firstName: " Fixed ",
        lastName: "Row",
        title: "",
        company: "",
        phone: `(${p2!.slice(0, 3)}) ${p2!.slice(3, 6)}-${p2!.slice(6)}`,
        email: "",
      },
      { search: "?status=invalid" },
    );
    expect(redirectLocation(saved)).toBe(`/contacts/import/${id}?status=invalid`);
    const preview = await previewOf(id);
    expect(preview.counts).toMatchObject({ valid: 2, invalid: 0 });
    expect(preview.rows[1]).toMatchObject({ number: 3, status: "valid", edited: true, values: { firstName: "Fixed", lastName: "Row" } });
  });

  it("removes one row, all invalid rows, and restores them", async () => {
    const [p1, p2] = phones(2);
    const id = await mapped(`First name,Phone\nJane,${p1}\n,${p2}\nX,1\nJanet,${p1}\n`);
    expect((await previewOf(id)).counts).toMatchObject({ valid: 1, invalid: 2, duplicate: 1 });

    expect(redirectLocation(await post(id, { intent: "remove-row", row: "2" }))).toBe(`/contacts/import/${id}`);
    // Without row 2, row 5 is the first with that number.
    expect((await previewOf(id)).counts).toMatchObject({ valid: 1, invalid: 2, duplicate: 0, removed: 1 });

    await post(id, { intent: "remove-invalid" });
    expect((await previewOf(id)).counts).toEqual({ total: 4, valid: 1, invalid: 0, exists: 0, duplicate: 0, removed: 3 });
    expect(JSON.parse((await importRow(id)).removed_rows)).toEqual([2, 3, 4]);

    await post(id, { intent: "restore-removed" });
    expect((await previewOf(id)).counts).toMatchObject({ valid: 1, invalid: 2, duplicate: 1, removed: 0 });
  });

  it("refuses row actions on a row the file does not have", async () => {
    const id = await mapped(`First name,Phone\nJane,${phones(1)[0]}\n`);
    const result = await post(id, { intent: "remove-row", row: "999" });
    expect((result as Response).status).toBe(400);
  });
});

describe("starting the import", () => {
  it("refuses while invalid rows remain: 'Remove or fix the invalid rows before importing'", async () => {
    const [p1] = phones(1);
    const id = await mapped(`First name,Phone\nJane,${p1}\nBad,1\n`);
    const listId = await addContact(demoTenantId, `+1${phones(1)[0]}`);
    const result = refusal(await post(id, { intent: "start-import", listId }));
    expect(result).toMatchObject({ status: 400, intent: "start-import" });
    expect(result.errors[""]).toEqual(["validation.invalidRowsLeft"]);
    expect((await importRow(id)).status).toBe("mapped");
  });

  it("refuses without a list: 'Please select a list'; a new list needs a name that is free", async () => {
    const id = await mapped(`First name,Phone\nJane,${phones(1)[0]}\n`);
    expect(refusal(await post(id, { intent: "start-import", listId: "", newListName: "" })).errors).toMatchObject({ listId: ["validation.listRequired"] });
    expect(refusal(await post(id, { intent: "start-import", listId: "new", newListName: " " })).errors).toMatchObject({
      newListName: ["validation.listNameRequired"],
    });

    const existing = await addContact(demoTenantId, `+1${phones(1)[0]}`);
    const name = (await getDb().selectFrom("contact_lists").select("name").where("id", "=", existing).executeTakeFirstOrThrow()).name;
    expect(refusal(await post(id, { intent: "start-import", listId: "new", newListName: name.toUpperCase() })).errors).toMatchObject({
      newListName: ["validation.listExists"],
    });

    // Another tenant's list is no list at all.
    const foreign = await addContact(other.tenantId, `+1${phones(1)[0]}`);
    expect(refusal(await post(id, { intent: "start-import", listId: foreign })).errors).toMatchObject({ listId: ["validation.listRequired"] });
    expect((await importRow(id)).status).toBe("mapped");
  });

  it("renders 'Please select a list' and the invalid-rows message on the page", async () => {
    const id = await mapped(`First name,Phone\nJane,${phones(1)[0]}\nBad,1\n`);
    const loaderData = unwrap(await loadDetail(id)).value;
    const noList = unwrap(await post(id, { intent: "start-import", listId: "" })).value;
    expect(await renderWithActionData(detail.default, loaderData, noList, `/contacts/import/${id}`, "en")).toContain("Please select a list");
    const listId = await addContact(demoTenantId, `+1${phones(1)[0]}`);
    const invalidLeft = unwrap(await post(id, { intent: "start-import", listId })).value;
    const html = await renderWithActionData(detail.default, loaderData, invalidLeft, `/contacts/import/${id}`, "de");
    expect(html).toContain("Entfernen oder korrigieren Sie die ungültigen Zeilen vor dem Import");
  });
});

describe("tenant isolation and permissions", () => {
  it("another tenant can neither open, change nor run someone's import: it is a 404", async () => {
    const id = await mapped(`First name,Phone\nJane,${phones(1)[0]}\n,1\n`);
    const before = await importRow(id);
    const opened = await loadDetail(id, "", other.cookie);
    expect((opened as Response).status).toBe(404);
    const foreignList = await addContact(other.tenantId, `+1${phones(1)[0]}`);
    const attempts: Array<Record<string, string>> = [
      { intent: "save-mapping", firstName: "0", phone: "1" },
      { intent: "edit-row", row: "3", firstName: "Hijack", phone: phones(1)[0]!, lastName: "", title: "", company: "", email: "" },
      { intent: "remove-row", row: "2" },
      { intent: "remove-invalid" },
      { intent: "start-import", listId: foreignList },
      { intent: "retry" },
    ];
    for (const form of attempts) {
      const result = await post(id, form, { cookie: other.cookie });
      expect((result as Response).status, form.intent).toBe(404);
    }
    expect(await importRow(id)).toEqual(before);
  });

  it("the read-only agent can look at an import but every change is a 403", async () => {
    const id = await mapped(`First name,Phone\nJane,${phones(1)[0]}\n`);
    const { value } = unwrap(await loadDetail(id, "", agent));
    expect(value).toMatchObject({ canEdit: false, view: { kind: "preview" } });
    for (const intent of ["save-mapping", "edit-row", "remove-row", "remove-invalid", "restore-removed", "start-import", "retry"]) {
      const result = await post(id, { intent, row: "2" }, { cookie: agent });
      expect((result as Response).status, intent).toBe(403);
    }
    expect((await importRow(id)).status).toBe("mapped");
  });

  it("an unknown import id is a 404", async () => {
    expect(((await loadDetail(newId())) as Response).status).toBe(404);
  });
});
