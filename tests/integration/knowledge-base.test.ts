import { beforeAll, describe, expect, it } from "vitest";
import { getDb, newId, now } from "~/db/db.server";
import { setDefaultKnowledgeBase } from "~/features/knowledge/default.server";
import { createKnowledgeBase } from "~/features/knowledge/knowledge.server";
import type { KnowledgeListViewData } from "~/features/knowledge/knowledge-list";
import { CONTENT_MIN_CHARACTERS, KNOWLEDGE_FILE_MAX_BYTES, type KnowledgeBaseValues } from "~/features/knowledge/schemas";
import { formatDateTime } from "~/i18n/format";
import { getTranslatorFor } from "~/i18n/i18next.server";
import * as editRoute from "~/routes/_dashboard+/knowledge-base+/$id";
import * as deleteRoute from "~/routes/_dashboard+/knowledge-base+/$id_.delete";
import * as listRoute from "~/routes/_dashboard+/knowledge-base+/_index";
import * as newRoute from "~/routes/_dashboard+/knowledge-base+/new";
import { callAction, callLoader, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import { renderPage } from "../support/render-page";
import { tenantWithOwner } from "../support/factories";

beforeAll(prepareTestDatabase);

/* ---------- fixtures ---------- */

async function tenantIdOf(email: string) {
  const row = await getDb().selectFrom("users").select("tenant_id").where("email", "=", email).executeTakeFirstOrThrow();
  return row.tenant_id;
}

let numberSequence = 0;
/** A business number of its own for each test, so the demo seed's numbers and other tests never interfere. */
async function addNumber(tenantId: string, label = "") {
  numberSequence += 1;
  const id = newId();
  const timestamp = now();
  const e164 = `+1416555${String(2000 + numberSequence).padStart(4, "0")}`;
  await getDb().insertInto("phone_numbers").values({ id, tenant_id: tenantId, e164, label, created_at: timestamp, updated_at: timestamp }).execute();
  return { id, e164 };
}

const VALID_CONTENT =
  "You answer calls for a dental practice. Greet callers, find out what they need, book check-ups and cleanings, and pass emergencies on at once.";

function kbForm(fields: Record<string, string | File | undefined> = {}) {
  const values: Record<string, string | File | undefined> = {
    intent: "save",
    name: `KB ${newId().slice(0, 6)}`,
    type: "inbound",
    voice: "ava",
    firstMessage: "Hello, how can I help?",
    content: VALID_CONTENT,
    template: "blank",
    transferMode: "none",
    "transferNumbers[0]": "",
    toolName: "",
    ...fields,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) form.append(name, value);
  return form;
}

interface Reply {
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown>; intent?: unknown };
}

function replyOf(result: unknown) {
  const { status, value } = unwrap(result);
  return { status, reply: (value as Reply | undefined)?.result };
}

function createKb(cookie: string, form: FormData, language?: "en" | "de") {
  return callAction(newRoute.action, "/knowledge-base/new", { cookie, form, language });
}

function editKb(cookie: string, id: string, form: FormData) {
  return callAction(editRoute.action, `/knowledge-base/${id}`, { cookie, form, params: { id } });
}

function kbRows(phoneNumberId: string) {
  return getDb().selectFrom("knowledge_bases").selectAll().where("phone_number_id", "=", phoneNumberId).orderBy("created_at").orderBy("id").execute();
}

async function kbNamed(name: string) {
  return getDb().selectFrom("knowledge_bases").selectAll().where("name", "=", name).executeTakeFirst();
}

async function defaultsOf(phoneNumberId: string) {
  return (await kbRows(phoneNumberId)).filter((row) => row.is_default === 1).map((row) => row.name);
}

function storedValues(phoneNumberId: string, overrides: Partial<KnowledgeBaseValues> = {}): KnowledgeBaseValues {
  return {
    name: `Direct ${newId().slice(0, 6)}`,
    phoneNumberId,
    type: "inbound",
    voice: "noah",
    firstMessage: "Hi",
    content: VALID_CONTENT,
    template: "blank",
    transferMode: "none",
    transferNumbers: [],
    toolName: "",
    sourceFileName: null,
    isDefault: false,
    hasAssistant: false,
    ...overrides,
  };
}

let demoTenant: string;
let trialTenant: string;
let owner: string;
let agent: string;

beforeAll(async () => {
  demoTenant = await tenantIdOf("owner@demo.test");
  trialTenant = await tenantIdOf("trial@demo.test");
  owner = await sessionCookieFor("owner@demo.test");
  agent = await sessionCookieFor("agent@demo.test");
});

/* ---------- tiny real PDFs ---------- */

/** A one-page PDF with a correct cross-reference table whose page draws `contentStream`. */
function pdfWith(contentStream: string) {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${contentStream.length} >>\nstream\n${contentStream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

const pdfWithText = (text: string) => pdfWith(`BT /F1 12 Tf 72 720 Td (${text}) Tj ET`);
/** A page with only a filled rectangle: what a scan without OCR looks like to a text extractor. */
const pdfWithoutText = () => pdfWith("0 0 1 rg 72 72 200 200 re f");

const file = (bytes: Uint8Array<ArrayBuffer> | string, name: string, type = "application/octet-stream") => new File([bytes], name, { type });

/* ---------- tests ---------- */

describe("validation messages (docs/product/validation.md#knowledge-bases)", () => {
  const RULES: Array<{ rule: string; fields: Record<string, string>; field: string; key: string; en: string; de?: string }> = [
    { rule: "missing name", fields: { name: "  " }, field: "name", key: "validation.nameRequired", en: "Name is required", de: "Name ist erforderlich" },
    {
      rule: "missing phone number",
      fields: { phoneNumberId: "" },
      field: "phoneNumberId",
      key: "validation.phoneNumberRequired",
      en: "Phone number is required",
      de: "Rufnummer ist erforderlich",
    },
    { rule: "missing type", fields: { type: "" }, field: "type", key: "validation.typeRequired", en: "Type is required", de: "Typ ist erforderlich" },
    { rule: "unknown type", fields: { type: "sideways" }, field: "type", key: "validation.typeRequired", en: "Type is required" },
    { rule: "missing voice", fields: { voice: "" }, field: "voice", key: "validation.voiceRequired", en: "Voice is required", de: "Stimme ist erforderlich" },
    { rule: "voice not in the catalogue", fields: { voice: "robot" }, field: "voice", key: "validation.voiceRequired", en: "Voice is required" },
    {
      rule: "missing first message",
      fields: { firstMessage: " " },
      field: "firstMessage",
      key: "validation.firstMessageRequired",
      en: "First message is required",
      de: "Erste Nachricht ist erforderlich",
    },
    {
      rule: "missing content",
      fields: { content: "" },
      field: "content",
      key: "validation.contentRequired",
      en: "Content is required",
      de: "Inhalt ist erforderlich",
    },
    {
      rule: "content of 99 characters",
      fields: { content: "x".repeat(99) },
      field: "content",
      key: "validation.contentTooShort",
      en: "Content must be at least 100 characters",
      de: "Der Inhalt muss mindestens 100 Zeichen lang sein",
    },
    {
      rule: "content that reaches 100 characters only with surrounding spaces",
      fields: { content: `   ${"y".repeat(98)}   ` },
      field: "content",
      key: "validation.contentTooShort",
      en: "Content must be at least 100 characters",
    },
    {
      rule: "warm transfer without a number",
      fields: { transferMode: "warm" },
      field: "transferNumbers",
      key: "validation.transferNumberRequired",
      en: "Add at least one transfer number for a warm or cold transfer",
      de: "Geben Sie für eine Weiterleitung mindestens eine Nummer an",
    },
    {
      rule: "cold transfer to an invalid number",
      fields: { transferMode: "cold", "transferNumbers[0]": "12345" },
      field: "transferNumbers[0]",
      key: "validation.transferNumberInvalid",
      en: "Invalid phone number format",
      de: "Ungültiges Telefonnummernformat",
    },
    {
      rule: "the same transfer number twice",
      fields: { transferMode: "warm", "transferNumbers[0]": "(416) 555-0123", "transferNumbers[1]": "+1 416 555 0123" },
      field: "transferNumbers[1]",
      key: "validation.transferNumberDuplicate",
      en: "This number is already in the list",
    },
    {
      rule: "tool name with spaces and punctuation",
      fields: { toolName: "book appointment!" },
      field: "toolName",
      key: "validation.toolNameInvalid",
      en: "Tool name can only contain letters, digits, underscores and hyphens",
      de: "Der Tool-Name darf nur Buchstaben, Ziffern, Unterstriche und Bindestriche enthalten",
    },
  ];

  it.each(RULES)("refuses a $rule with exactly that message and keeps what was typed", async ({ fields, field, key, en, de }) => {
    const number = await addNumber(demoTenant);
    const name = `Rule ${newId().slice(0, 6)}`;
    const result = replyOf(await createKb(owner, kbForm({ phoneNumberId: number.id, name, ...fields })));
    expect(result.status).toBe(400);
    expect(result.reply?.error).toEqual({ [field]: [key] });
    // Nothing typed is lost: the reply carries the values back to the form.
    expect(result.reply?.initialValue).toMatchObject(field === "name" ? { firstMessage: "Hello, how can I help?" } : { name });
    expect(await kbRows(number.id)).toHaveLength(0);
    expect((await getTranslatorFor("en", "knowledge"))(key)).toBe(en);
    if (de) expect((await getTranslatorFor("de", "knowledge"))(key)).toBe(de);
  });

  it("reports every broken field of one submission at once", async () => {
    const result = replyOf(await createKb(owner, kbForm({ name: "", phoneNumberId: "", voice: "", firstMessage: "", content: "too short" })));
    expect(result.status).toBe(400);
    expect(result.reply?.error).toEqual({
      name: ["validation.nameRequired"],
      phoneNumberId: ["validation.phoneNumberRequired"],
      voice: ["validation.voiceRequired"],
      firstMessage: ["validation.firstMessageRequired"],
      content: ["validation.contentTooShort"],
    });
  });

  it("accepts content of exactly 100 characters, counted after trimming", async () => {
    const number = await addNumber(demoTenant);
    const content = "z".repeat(CONTENT_MIN_CHARACTERS);
    const result = await createKb(owner, kbForm({ phoneNumberId: number.id, content: `  ${content}\n` }));
    expect(redirectLocation(result)).toBe(`/knowledge-base?number=${number.id}`);
    expect((await kbRows(number.id))[0]?.content).toBe(content);
  });

  it("refuses a phone number id of another tenant, or one that does not exist, as a field error", async () => {
    const foreign = await addNumber(trialTenant);
    for (const phoneNumberId of [foreign.id, newId()]) {
      const result = replyOf(await createKb(owner, kbForm({ phoneNumberId })));
      expect(result.status).toBe(400);
      expect(result.reply?.error).toEqual({ phoneNumberId: ["validation.phoneNumberUnknown"] });
    }
    expect(await kbRows(foreign.id)).toHaveLength(0);
  });
});

describe("creating and editing", () => {
  it("stores every field: E.164 transfer numbers, tool name, template and flags", async () => {
    const number = await addNumber(demoTenant, "Support");
    const name = `Full ${newId().slice(0, 6)}`;
    const form = kbForm({
      phoneNumberId: number.id,
      name,
      type: "outbound",
      voice: "lena",
      template: "customer-support",
      transferMode: "warm",
      "transferNumbers[0]": "(647) 555-0142",
      "transferNumbers[1]": "",
      "transferNumbers[2]": "44 20 7946 0958",
      toolName: "book_appointment-v2",
      hasAssistant: "on",
    });
    const result = await createKb(owner, form);
    expect(redirectLocation(result)).toBe(`/knowledge-base?number=${number.id}`);
    expect((result as Response).headers.get("Set-Cookie")).toContain("__toast=");
    expect(await kbNamed(name)).toMatchObject({
      tenant_id: demoTenant,
      type: "outbound",
      voice: "lena",
      template: "customer-support",
      transfer_mode: "warm",
      transfer_numbers: JSON.stringify(["+16475550142", "+442079460958"]),
      tool_name: "book_appointment-v2",
      has_assistant: 1,
      first_message: "Hello, how can I help?",
      content: VALID_CONTENT,
    });
  });

  it("forgets transfer numbers when the transfer is off, even invalid ones", async () => {
    const number = await addNumber(demoTenant);
    const name = `No transfer ${newId().slice(0, 6)}`;
    expect(redirectLocation(await createKb(owner, kbForm({ phoneNumberId: number.id, name, "transferNumbers[0]": "123" })))).not.toBeNull();
    expect(await kbNamed(name)).toMatchObject({ transfer_mode: "none", transfer_numbers: "[]" });
  });

  it("edits a knowledge base and moves it to another number", async () => {
    const first = await addNumber(demoTenant);
    const second = await addNumber(demoTenant);
    const name = `Editable ${newId().slice(0, 6)}`;
    await createKb(owner, kbForm({ phoneNumberId: first.id, name }));
    const kb = (await kbNamed(name))!;
    const loaded = unwrap(await callLoader(editRoute.loader, `/knowledge-base/${kb.id}`, { cookie: owner, params: { id: kb.id } }));
    expect(loaded.status).toBe(200);
    expect(loaded.value).toMatchObject({ defaultValue: { name, phoneNumberId: first.id, content: VALID_CONTENT }, canUpdate: true, canDelete: true });

    const result = await editKb(
      owner,
      kb.id,
      kbForm({ phoneNumberId: second.id, name: `${name} v2`, voice: "jonas", transferMode: "cold", "transferNumbers[0]": "4165550177" }),
    );
    expect(redirectLocation(result)).toBe(`/knowledge-base?number=${second.id}`);
    expect(await getDb().selectFrom("knowledge_bases").selectAll().where("id", "=", kb.id).executeTakeFirst()).toMatchObject({
      name: `${name} v2`,
      phone_number_id: second.id,
      voice: "jonas",
      transfer_mode: "cold",
      transfer_numbers: JSON.stringify(["+14165550177"]),
    });
  });

  it("keeps everything typed when an edit is refused", async () => {
    const number = await addNumber(demoTenant);
    const id = await createKnowledgeBase(demoTenant, storedValues(number.id, { name: "Keep me" }));
    const result = replyOf(await editKb(owner, id, kbForm({ phoneNumberId: number.id, name: "Renamed", content: "short" })));
    expect(result.status).toBe(400);
    expect(result.reply?.error).toEqual({ content: ["validation.contentTooShort"] });
    expect(result.reply?.initialValue).toMatchObject({ name: "Renamed", content: "short" });
    expect((await kbRows(number.id))[0]?.name).toBe("Keep me");
  });
});

describe("templates and the transfer-number buttons without JavaScript", () => {
  it("'Apply template' fills an empty first message and content in the voice's language (else the user's), and saves nothing", async () => {
    const number = await addNumber(demoTenant);
    const cases = [
      { interface: "en", voice: "ava", expected: "en" },
      { interface: "de", voice: "lena", expected: "de" },
      // A German voice gets a German script in an English interface, and the other way round.
      { interface: "en", voice: "jonas", expected: "de" },
      { interface: "de", voice: "mia", expected: "en" },
      { interface: "de", voice: "", expected: "de" },
    ] as const;
    for (const { interface: language, voice, expected } of cases) {
      const t = await getTranslatorFor(expected, "knowledge");
      const form = kbForm({
        phoneNumberId: number.id,
        intent: "apply-template",
        template: "appointment-booking",
        voice,
        firstMessage: "",
        content: "",
        name: "",
      });
      const result = replyOf(await createKb(owner, form, language));
      expect(result.status).toBe(200);
      expect(result.reply?.error ?? {}).toEqual({});
      expect(result.reply?.initialValue).toMatchObject({
        template: "appointment-booking",
        firstMessage: t("templates.appointment-booking.firstMessage"),
        content: t("templates.appointment-booking.content"),
      });
    }
    expect(await kbRows(number.id)).toHaveLength(0);
  });

  it("'Apply template' turns an untouched template text into the language of a newly chosen voice", async () => {
    const en = await getTranslatorFor("en", "knowledge");
    const de = await getTranslatorFor("de", "knowledge");
    const form = kbForm({
      intent: "apply-template",
      template: "customer-support",
      voice: "lena",
      firstMessage: en("templates.customer-support.firstMessage"),
      content: "Edited by hand, so it stays.",
    });
    const result = replyOf(await createKb(owner, form));
    expect(result.reply?.initialValue).toMatchObject({ firstMessage: de("templates.customer-support.firstMessage"), content: "Edited by hand, so it stays." });
  });

  it("'Apply template' never replaces what was typed", async () => {
    const result = replyOf(
      await createKb(owner, kbForm({ intent: "apply-template", template: "lead-qualification", firstMessage: "My own greeting", content: "" })),
    );
    const t = await getTranslatorFor("en", "knowledge");
    expect(result.reply?.initialValue).toMatchObject({ firstMessage: "My own greeting", content: t("templates.lead-qualification.content") });
  });

  it("every template's text meets the content rule on its own", async () => {
    for (const language of ["en", "de"] as const) {
      const t = await getTranslatorFor(language, "knowledge");
      for (const template of ["appointment-booking", "lead-qualification", "customer-support"]) {
        expect(Array.from(t(`templates.${template}.content`)).length).toBeGreaterThanOrEqual(CONTENT_MIN_CHARACTERS);
      }
    }
  });

  it("'Add another number' answers with one more input and saves nothing", async () => {
    const number = await addNumber(demoTenant);
    const form = kbForm({ phoneNumberId: number.id, transferMode: "warm", "transferNumbers[0]": "4165550111" });
    form.append("__intent__", JSON.stringify({ type: "insert", payload: { name: "transferNumbers", defaultValue: "" } }));
    const result = replyOf(await createKb(owner, form));
    expect(result.status).toBe(200);
    expect(result.reply?.status).toBeUndefined();
    expect(result.reply?.initialValue?.transferNumbers).toHaveLength(2);
    expect(await kbRows(number.id)).toHaveLength(0);
  });
});

describe("file upload", () => {
  it("adds a text file's text after what was typed and remembers the file name", async () => {
    const number = await addNumber(demoTenant);
    const name = `Text file ${newId().slice(0, 6)}`;
    const text = "Opening hours: Monday to Friday, 8 am to 6 pm.\r\nParking is free behind the building.\r\n\r\n\r\n";
    const result = await createKb(owner, kbForm({ phoneNumberId: number.id, name, file: file(`\uFEFF${text}`, "hours.txt", "text/plain") }));
    expect(redirectLocation(result)).not.toBeNull();
    expect(await kbNamed(name)).toMatchObject({
      content: `${VALID_CONTENT}\n\nOpening hours: Monday to Friday, 8 am to 6 pm.\nParking is free behind the building.`,
      source_file_name: "hours.txt",
    });
  });

  it("lets a Markdown file provide the whole content", async () => {
    const number = await addNumber(demoTenant);
    const name = `Markdown ${newId().slice(0, 6)}`;
    const markdown = `# Prices\n\n- Check-up: 80 dollars\n- Cleaning: 120 dollars\n\n${"Ask callers for their insurance before quoting a price. ".repeat(2)}`;
    const result = await createKb(owner, kbForm({ phoneNumberId: number.id, name, content: "", file: file(markdown, "prices.md", "text/markdown") }));
    expect(redirectLocation(result)).not.toBeNull();
    expect((await kbNamed(name))?.content).toBe(markdown.trim());
  });

  it("extracts the text of a real PDF with unpdf", async () => {
    const number = await addNumber(demoTenant);
    const name = `PDF ${newId().slice(0, 6)}`;
    const result = await createKb(
      owner,
      kbForm({ phoneNumberId: number.id, name, file: file(pdfWithText("Emergency line is answered around the clock"), "faq.pdf", "application/pdf") }),
    );
    expect(redirectLocation(result)).not.toBeNull();
    expect(await kbNamed(name)).toMatchObject({ content: `${VALID_CONTENT}\n\nEmergency line is answered around the clock`, source_file_name: "faq.pdf" });
  });

  it("judges the 100-character rule on typed plus extracted text, and keeps both when it is not met", async () => {
    const number = await addNumber(demoTenant);
    const result = replyOf(
      await createKb(
        owner,
        kbForm({ phoneNumberId: number.id, content: "Short intro.", file: file(pdfWithText("Open daily"), "short.pdf", "application/pdf") }),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.reply?.error).toEqual({ content: ["validation.contentTooShort"] });
    // The extracted text is in the form now, so the user does not have to upload the file again.
    expect(result.reply?.initialValue).toMatchObject({ content: "Short intro.\n\nOpen daily", sourceFileName: "short.pdf" });
    expect(await kbRows(number.id)).toHaveLength(0);
  });

  it.each([
    { case: "a PDF without extractable text", upload: () => file(pdfWithoutText(), "scan.pdf", "application/pdf"), key: "validation.fileNoText" },
    { case: "a damaged PDF", upload: () => file("%PDF-1.4\nthis is not really a pdf", "broken.pdf", "application/pdf"), key: "validation.fileDamaged" },
    { case: "a text file renamed to .pdf", upload: () => file("just words", "words.pdf", "application/pdf"), key: "validation.fileDamaged" },
    { case: "a Word document", upload: () => file("PK\u0003\u0004 docx", "notes.docx"), key: "validation.fileType" },
    {
      case: "a binary file named .txt",
      upload: () => file(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]), "image.txt", "text/plain"),
      key: "validation.fileNotText",
    },
    { case: "an empty text file", upload: () => file("", "empty.txt", "text/plain"), key: "validation.fileEmpty" },
  ])("refuses $case with a clear message and keeps everything typed", async ({ upload, key }) => {
    const number = await addNumber(demoTenant);
    const name = `Upload ${newId().slice(0, 6)}`;
    const result = replyOf(await createKb(owner, kbForm({ phoneNumberId: number.id, name, file: upload() })));
    expect(result.status).toBe(400);
    expect(result.reply?.error).toEqual({ file: [key] });
    expect(result.reply?.initialValue).toMatchObject({ name, content: VALID_CONTENT, firstMessage: "Hello, how can I help?", phoneNumberId: number.id });
    expect(await kbRows(number.id)).toHaveLength(0);
    const en = (await getTranslatorFor("en", "knowledge"))(key);
    expect(en).not.toBe(key);
    expect((await getTranslatorFor("de", "knowledge"))(key)).not.toBe(en);
  });

  it("refuses a file over the size limit without losing the fields sent after it", async () => {
    const number = await addNumber(demoTenant);
    const name = `Too big ${newId().slice(0, 6)}`;
    const form = new FormData();
    // The file goes first, so the fields behind it only survive if the oversized part is read past, not given up on.
    form.append("file", file(new Uint8Array(KNOWLEDGE_FILE_MAX_BYTES + 1).fill(0x61), "huge.txt", "text/plain"));
    for (const [field, value] of kbForm({ phoneNumberId: number.id, name }).entries()) form.append(field, value);
    const result = replyOf(await createKb(owner, form));
    expect(result.status).toBe(400);
    expect(result.reply?.error).toEqual({ file: ["validation.fileTooLarge"] });
    expect(result.reply?.initialValue).toMatchObject({ name, content: VALID_CONTENT, phoneNumberId: number.id });
    expect(await kbRows(number.id)).toHaveLength(0);
    expect((await getTranslatorFor("en", "knowledge"))("validation.fileTooLarge")).toBe("The file is larger than 5 MB");
  });

  it("reads a file of exactly the size limit, then judges its text by the content's own maximum", async () => {
    const number = await addNumber(demoTenant);
    const result = replyOf(
      await createKb(owner, kbForm({ phoneNumberId: number.id, file: file(new Uint8Array(KNOWLEDGE_FILE_MAX_BYTES).fill(0x62), "max.txt", "text/plain") })),
    );
    expect(result.status).toBe(400);
    expect(result.reply?.error).toEqual({ file: ["validation.fileTextTooLong"] });
    // The typed content comes back as it was, not with megabytes of file text attached.
    expect(result.reply?.initialValue).toMatchObject({ content: VALID_CONTENT });
    expect(await kbRows(number.id)).toHaveLength(0);
  });
});

describe("one default per number", () => {
  it("makes a number's first knowledge base its default automatically, and later ones not", async () => {
    const number = await addNumber(demoTenant);
    await createKb(owner, kbForm({ phoneNumberId: number.id, name: "First" }));
    await createKb(owner, kbForm({ phoneNumberId: number.id, name: "Second" }));
    expect(await defaultsOf(number.id)).toEqual(["First"]);
  });

  it("saving one as default clears the others of the same number only", async () => {
    const number = await addNumber(demoTenant);
    const other = await addNumber(demoTenant);
    await createKb(owner, kbForm({ phoneNumberId: number.id, name: "Old default" }));
    await createKb(owner, kbForm({ phoneNumberId: other.id, name: "Other number's default" }));
    await createKb(owner, kbForm({ phoneNumberId: number.id, name: "New default", isDefault: "on" }));
    expect(await defaultsOf(number.id)).toEqual(["New default"]);
    expect(await defaultsOf(other.id)).toEqual(["Other number's default"]);
  });

  it("'make default' on the list switches the default and returns to the same filtered view", async () => {
    const number = await addNumber(demoTenant);
    await createKb(owner, kbForm({ phoneNumberId: number.id, name: "A" }));
    await createKb(owner, kbForm({ phoneNumberId: number.id, name: "B" }));
    const b = (await kbRows(number.id)).find((row) => row.name === "B")!;
    const result = await callAction(listRoute.action, `/knowledge-base?index&number=${number.id}`, {
      cookie: owner,
      form: { intent: "make-default", id: b.id },
    });
    expect(redirectLocation(result)).toBe(`/knowledge-base?number=${number.id}`);
    expect(await defaultsOf(number.id)).toEqual(["B"]);
  });

  it("the default cannot be switched off by editing it; it moves only when another is made default", async () => {
    const number = await addNumber(demoTenant);
    await createKb(owner, kbForm({ phoneNumberId: number.id, name: "Sticky" }));
    const sticky = (await kbRows(number.id))[0]!;
    await editKb(owner, sticky.id, kbForm({ phoneNumberId: number.id, name: "Sticky" }));
    expect(await defaultsOf(number.id)).toEqual(["Sticky"]);
    await createKb(owner, kbForm({ phoneNumberId: number.id, name: "Challenger" }));
    const challenger = (await kbRows(number.id)).find((row) => row.name === "Challenger")!;
    await editKb(owner, challenger.id, kbForm({ phoneNumberId: number.id, name: "Challenger", isDefault: "on" }));
    expect(await defaultsOf(number.id)).toEqual(["Challenger"]);
  });

  it("deleting the default makes the oldest one left the default, and says so first", async () => {
    const number = await addNumber(demoTenant);
    for (const name of ["One", "Two", "Three"]) await createKb(owner, kbForm({ phoneNumberId: number.id, name }));
    const three = (await kbRows(number.id)).find((row) => row.name === "Three")!;
    await setDefaultKnowledgeBase(demoTenant, three.id);
    const confirm = unwrap(await callLoader(deleteRoute.loader, `/knowledge-base/${three.id}/delete`, { cookie: owner, params: { id: three.id } }));
    expect(confirm.value).toMatchObject({ kb: { name: "Three", isDefault: true }, successor: "One" });

    const result = await callAction(deleteRoute.action, `/knowledge-base/${three.id}/delete`, { cookie: owner, form: {}, params: { id: three.id } });
    expect(redirectLocation(result)).toBe(`/knowledge-base?number=${number.id}`);
    expect((await kbRows(number.id)).map((row) => row.name)).toEqual(["One", "Two"]);
    expect(await defaultsOf(number.id)).toEqual(["One"]);
  });

  it("moving the default to another number leaves a default behind and takes none from the new number", async () => {
    const from = await addNumber(demoTenant);
    const to = await addNumber(demoTenant);
    await createKb(owner, kbForm({ phoneNumberId: from.id, name: "Mover" }));
    await createKb(owner, kbForm({ phoneNumberId: from.id, name: "Stayer" }));
    await createKb(owner, kbForm({ phoneNumberId: to.id, name: "Resident" }));
    const mover = (await kbRows(from.id)).find((row) => row.name === "Mover")!;
    await editKb(owner, mover.id, kbForm({ phoneNumberId: to.id, name: "Mover" }));
    expect(await defaultsOf(from.id)).toEqual(["Stayer"]);
    expect(await defaultsOf(to.id)).toEqual(["Resident"]);
  });

  it("the database itself refuses a second default on one number", async () => {
    const number = await addNumber(demoTenant);
    await createKnowledgeBase(demoTenant, storedValues(number.id));
    const second = await createKnowledgeBase(demoTenant, storedValues(number.id));
    await expect(getDb().updateTable("knowledge_bases").set({ is_default: 1 }).where("id", "=", second).execute()).rejects.toThrow(/UNIQUE|unique constraint/);
  });
});

describe("the list", () => {
  async function list(cookie: string, query = "") {
    const result = await callLoader(listRoute.loader, `/knowledge-base${query}`, { cookie });
    const { status, value } = unwrap(result);
    expect(status).toBe(200);
    return value as { title: string; list: KnowledgeListViewData };
  }

  it("groups by number, shows each knowledge base's facts and dates in the tenant's zone, and filters by number", async () => {
    const number = await addNumber(demoTenant, "Front desk test");
    const other = await addNumber(demoTenant, "Elsewhere");
    await createKb(
      owner,
      kbForm({ phoneNumberId: number.id, name: "Listed KB", voice: "mia", transferMode: "cold", "transferNumbers[0]": "6475550188", hasAssistant: "on" }),
    );
    await createKb(owner, kbForm({ phoneNumberId: other.id, name: "Other KB" }));
    await getDb().updateTable("knowledge_bases").set({ updated_at: "2026-01-15T15:30:00.000Z" }).where("name", "=", "Listed KB").execute();

    const all = await list(owner);
    expect(all.list.items.map((item) => item.name)).toEqual(expect.arrayContaining(["Listed KB", "Other KB"]));

    const filtered = await list(owner, `?number=${number.id}`);
    expect(filtered.list.params).toEqual({ number: number.id });
    expect(filtered.list.items.map((item) => item.name)).toEqual(["Listed KB"]);

    const html = await renderPage(listRoute.default, filtered, `/knowledge-base?number=${number.id}`);
    expect(html).toContain(`${"+1 (416) 555-"}${number.e164.slice(-4)}`);
    expect(html).toContain("Front desk test");
    expect(html).toContain("Listed KB");
    expect(html).toContain("Default");
    expect(html).toContain("Mia");
    expect(html).toContain("Cold to (647) 555-0188".replace("(647)", "+1 (647)"));
    expect(html).toContain(formatDateTime("2026-01-15T15:30:00.000Z", "en", "America/Toronto"));
    expect(formatDateTime("2026-01-15T15:30:00.000Z", "en", "America/Toronto")).toContain("10:30");
    expect(html).not.toContain("Other KB");

    const german = await renderPage(listRoute.default, filtered, `/knowledge-base?number=${number.id}`, "de");
    expect(german).toContain("Standard");
    expect(german).toContain("Direkt an +1 (647) 555-0188");
  });

  it("gives each row its actions without JavaScript: edit and delete links, and 'Make default' posting back to the same filtered view", async () => {
    const number = await addNumber(demoTenant, "Row actions test");
    await createKb(owner, kbForm({ phoneNumberId: number.id, name: "First answers" }));
    await createKb(owner, kbForm({ phoneNumberId: number.id, name: "Second waits" }));
    const second = (await kbRows(number.id)).find((row) => row.name === "Second waits")!;
    const filtered = await list(owner, `?number=${number.id}`);
    const html = await renderPage(listRoute.default, filtered, `/knowledge-base?number=${number.id}`);
    const rows = [...html.matchAll(/<tr data-testid="knowledge-row"[^>]*>(.*?)<\/tr>/g)].map((match) => match[1]!);
    const defaultRow = rows.find((row) => row.includes("First answers"))!;
    const otherRow = rows.find((row) => row.includes("Second waits"))!;
    expect(rows).toHaveLength(2);
    expect(defaultRow).toContain("Default");
    expect(defaultRow).not.toContain("Make default");
    expect(otherRow).not.toContain(">Default<");
    expect(otherRow).toContain(`href="/knowledge-base/${second.id}"`);
    expect(otherRow).toContain(`href="/knowledge-base/${second.id}/delete"`);
    expect(otherRow).toContain(`action="/knowledge-base?index&amp;number=${number.id}"`);
    expect(otherRow).toContain('name="intent" value="make-default"');
    expect(otherRow).toContain(`name="id" value="${second.id}"`);
  });

  it("falls back to all numbers for an unknown or foreign number in the URL", async () => {
    const foreign = await addNumber(trialTenant);
    for (const query of [`?number=${foreign.id}`, "?number=nonsense", "?number="]) {
      expect((await list(owner, query)).list.params).toEqual({ number: null });
    }
  });

  it("tells a tenant without phone numbers to add one first", async () => {
    const { cookie } = await tenantWithOwner({ name: "Numberless Owner", phone: "4165550170" });
    const data = await list(cookie);
    expect(data.list.numbers).toEqual([]);
    const html = await renderPage(listRoute.default, data, "/knowledge-base");
    expect(html).toContain("Add a phone number first");
    expect(html).toContain('href="/numbers-managment"');
    const newPage = unwrap(await callLoader(newRoute.loader, "/knowledge-base/new", { cookie }));
    expect(newPage.value).toMatchObject({ numbers: [] });
    const german = await renderPage(listRoute.default, data, "/knowledge-base", "de");
    expect(german).toContain("Fügen Sie zuerst eine Rufnummer hinzu");
  });
});

describe("tenant isolation", () => {
  it("treats another tenant's knowledge base like one that does not exist", async () => {
    const foreignNumber = await addNumber(trialTenant);
    const foreignId = await createKnowledgeBase(trialTenant, storedValues(foreignNumber.id, { name: "Foreign secret" }));
    const params = { id: foreignId };

    expect(unwrap(await callLoader(editRoute.loader, `/knowledge-base/${foreignId}`, { cookie: owner, params })).status).toBe(404);
    expect(unwrap(await callLoader(deleteRoute.loader, `/knowledge-base/${foreignId}/delete`, { cookie: owner, params })).status).toBe(404);
    expect(unwrap(await editKb(owner, foreignId, kbForm({ name: "Hijacked", phoneNumberId: foreignNumber.id }))).status).toBe(404);
    expect(unwrap(await callAction(deleteRoute.action, `/knowledge-base/${foreignId}/delete`, { cookie: owner, form: {}, params })).status).toBe(404);
    expect(unwrap(await callAction(listRoute.action, "/knowledge-base?index", { cookie: owner, form: { intent: "make-default", id: foreignId } })).status).toBe(
      404,
    );

    const listed = unwrap(await callLoader(listRoute.loader, "/knowledge-base", { cookie: owner })).value as { list: KnowledgeListViewData };
    expect(listed.list.items.map((item) => item.id)).not.toContain(foreignId);
    expect(listed.list.numbers.map((number) => number.id)).not.toContain(foreignNumber.id);
    expect(await getDb().selectFrom("knowledge_bases").selectAll().where("id", "=", foreignId).executeTakeFirst()).toMatchObject({
      name: "Foreign secret",
      is_default: 1,
    });
  });

  it("offers only the tenant's own numbers on the new page", async () => {
    const foreign = await addNumber(trialTenant);
    const own = await addNumber(demoTenant);
    const data = unwrap(await callLoader(newRoute.loader, `/knowledge-base/new?number=${foreign.id}`, { cookie: owner })).value as {
      numbers: Array<{ id: string }>;
      defaultValue: { phoneNumberId?: string };
    };
    expect(data.numbers.map((number) => number.id)).toContain(own.id);
    expect(data.numbers.map((number) => number.id)).not.toContain(foreign.id);
    expect(data.defaultValue.phoneNumberId).not.toBe(foreign.id);
  });
});

describe("permissions", () => {
  it("sends the agent, who may not read knowledge bases, away from every page", async () => {
    const number = await addNumber(demoTenant);
    const id = await createKnowledgeBase(demoTenant, storedValues(number.id));
    expect(redirectLocation(await callLoader(listRoute.loader, "/knowledge-base", { cookie: agent }))).toBe("/overview");
    expect(redirectLocation(await callLoader(newRoute.loader, "/knowledge-base/new", { cookie: agent }))).toBe("/overview");
    expect(redirectLocation(await callLoader(editRoute.loader, `/knowledge-base/${id}`, { cookie: agent, params: { id } }))).toBe("/overview");
    expect(redirectLocation(await callLoader(deleteRoute.loader, `/knowledge-base/${id}/delete`, { cookie: agent, params: { id } }))).toBe("/overview");
  });

  it("refuses the agent's every action with 403 and changes nothing", async () => {
    const number = await addNumber(demoTenant);
    const id = await createKnowledgeBase(demoTenant, storedValues(number.id, { name: "Untouchable" }));
    await createKnowledgeBase(demoTenant, storedValues(number.id, { name: "Bystander" }));
    const before = await kbRows(number.id);

    expect(unwrap(await createKb(agent, kbForm({ phoneNumberId: number.id }))).status).toBe(403);
    expect(unwrap(await editKb(agent, id, kbForm({ phoneNumberId: number.id, name: "Changed" }))).status).toBe(403);
    expect(unwrap(await callAction(deleteRoute.action, `/knowledge-base/${id}/delete`, { cookie: agent, form: {}, params: { id } })).status).toBe(403);
    const bystander = before.find((row) => row.name === "Bystander")!;
    expect(
      unwrap(await callAction(listRoute.action, "/knowledge-base?index", { cookie: agent, form: { intent: "make-default", id: bystander.id } })).status,
    ).toBe(403);

    expect(await kbRows(number.id)).toEqual(before);
  });

  it("sends a visitor without a session to sign in", async () => {
    expect(redirectLocation(await callLoader(listRoute.loader, "/knowledge-base", {}))).toBe("/login?redirectTo=%2Fknowledge-base");
  });
});
