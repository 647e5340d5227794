import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { parseKnowledgeListParams } from "./list-params";
import { countCharacters, KNOWLEDGE_FILE_MAX_BYTES, knowledgeBaseSchema, toStoredValues } from "./schemas";

const VALID = {
  name: "Reception",
  phoneNumberId: "number-1",
  type: "inbound",
  voice: "ava",
  firstMessage: "Hello!",
  content: "c".repeat(120),
};

function formOf(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const parse = (fields: Record<string, string | File>, country = "CA") => parseWithZod(formOf(fields), { schema: knowledgeBaseSchema(country) });
const errorsOf = (fields: Record<string, string | File>, country?: string) => parse(fields, country).reply().error;

describe("countCharacters", () => {
  it("counts what a person sees: trimmed, an emoji or an umlaut as one", () => {
    expect(countCharacters("  Grüße 👋  ")).toBe(7);
    expect(countCharacters("")).toBe(0);
    expect(countCharacters(undefined)).toBe(0);
  });
});

describe("KnowledgeBaseSchema", () => {
  it("defers the content rule while a file is chosen (in the browser; the server judges typed plus extracted text)", () => {
    const withFile = parse({ ...VALID, content: "", file: new File(["text"], "notes.txt", { type: "text/plain" }) });
    expect(withFile.status).toBe("success");
    expect(errorsOf({ ...VALID, content: "" })).toEqual({ content: ["validation.contentRequired"] });
  });

  it("refuses a chosen file of the wrong type or size before it is sent", () => {
    expect(errorsOf({ ...VALID, file: new File(["x"], "photo.png", { type: "image/png" }) })).toEqual({ file: ["validation.fileType"] });
    const tooBig = new File([new Uint8Array(KNOWLEDGE_FILE_MAX_BYTES + 1)], "big.pdf", { type: "application/pdf" });
    expect(errorsOf({ ...VALID, file: tooBig })).toEqual({ file: ["validation.fileTooLarge"] });
  });

  it("judges the transfer rules even when other fields are broken, so every message shows at once", () => {
    expect(errorsOf({ ...VALID, name: "", type: "", transferMode: "cold", "transferNumbers[0]": "555" })).toEqual({
      name: ["validation.nameRequired"],
      type: ["validation.typeRequired"],
      "transferNumbers[0]": ["validation.transferNumberInvalid"],
    });
  });

  it("refuses more transfer numbers than allowed", () => {
    const numbers = Object.fromEntries(Array.from({ length: 6 }, (_, index) => [`transferNumbers[${index}]`, `41655501${10 + index}`]));
    expect(errorsOf({ ...VALID, transferMode: "warm", ...numbers })).toEqual({ transferNumbers: ["validation.transferNumbersTooMany"] });
  });

  it("stores E.164 transfer numbers without the empty inputs, and none when the transfer is off", () => {
    const warm = parse({ ...VALID, transferMode: "warm", "transferNumbers[0]": "", "transferNumbers[1]": "(416) 555-0123", toolName: "lookup_order" });
    if (warm.status !== "success") throw new Error("expected success");
    expect(toStoredValues(warm.value, "CA")).toMatchObject({
      transferMode: "warm",
      transferNumbers: ["+14165550123"],
      toolName: "lookup_order",
      template: "blank",
    });

    const off = parse({ ...VALID, transferMode: "none", "transferNumbers[0]": "(416) 555-0123" });
    if (off.status !== "success") throw new Error("expected success");
    expect(toStoredValues(off.value, "CA")).toMatchObject({ transferMode: "none", transferNumbers: [], toolName: "", sourceFileName: null, isDefault: false });
  });

  it("reads a transfer number with a leading 0 in the tenant's country, and + or 00 as international", () => {
    const german = parse({ ...VALID, transferMode: "cold", "transferNumbers[0]": "030 5550 1234", "transferNumbers[1]": "0044 20 7946 0018" }, "DE");
    if (german.status !== "success") throw new Error("expected success");
    expect(toStoredValues(german.value, "DE").transferNumbers).toEqual(["+493055501234", "+442079460018"]);
    // The same national number and its international form are one number: a duplicate.
    expect(errorsOf({ ...VALID, transferMode: "cold", "transferNumbers[0]": "030 5550 1234", "transferNumbers[1]": "+49 30 5550 1234" }, "DE")).toEqual({
      "transferNumbers[1]": ["validation.transferNumberDuplicate"],
    });
    expect(errorsOf({ ...VALID, transferMode: "cold", "transferNumbers[0]": "030 5550 1234" }, "US")).toEqual({
      "transferNumbers[0]": ["validation.transferNumberInvalid"],
    });
  });

  it("reads the checkboxes as flags", () => {
    const result = parse({ ...VALID, isDefault: "on", hasAssistant: "on" });
    if (result.status !== "success") throw new Error("expected success");
    expect(result.value).toMatchObject({ isDefault: true, hasAssistant: true });
  });
});

describe("parseKnowledgeListParams", () => {
  it("keeps a number of the tenant's and drops anything else", () => {
    const ids = ["a", "b"];
    expect(parseKnowledgeListParams(new URLSearchParams("number=b"), ids)).toEqual({ number: "b" });
    expect(parseKnowledgeListParams(new URLSearchParams("number=c"), ids)).toEqual({ number: null });
    expect(parseKnowledgeListParams(new URLSearchParams("number=b&number=a"), ids)).toEqual({ number: "b" });
    expect(parseKnowledgeListParams(new URLSearchParams(""), ids)).toEqual({ number: null });
  });
});
