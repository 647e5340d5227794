import { describe, expect, it } from "vitest";
import { MAX_BULK_ROWS, phoneColumnIndex, validatePhoneCsv } from "./bulk-csv";

async function validation(text: string, country = "CA") {
  const result = await validatePhoneCsv(text, country);
  if (!result.ok) throw new Error(`expected a validation, got ${result.problem}`);
  return result.validation;
}

describe("phoneColumnIndex", () => {
  it("finds the phone column by its English or German name", () => {
    expect(phoneColumnIndex(["Name", "Phone"])).toEqual({ index: 1, matched: true });
    expect(phoneColumnIndex(["Name", "Phone Number"])).toEqual({ index: 1, matched: true });
    expect(phoneColumnIndex(["Name", "phone_number"])).toEqual({ index: 1, matched: true });
    expect(phoneColumnIndex(["Firma", "Telefon"])).toEqual({ index: 1, matched: true });
    expect(phoneColumnIndex(["Firma", "Ort", " Telefonnummer "])).toEqual({ index: 2, matched: true });
  });

  it("falls back to the first column", () => {
    expect(phoneColumnIndex(["Contact", "Company"])).toEqual({ index: 0, matched: false });
    expect(phoneColumnIndex([])).toEqual({ index: 0, matched: false });
  });
});

describe("validatePhoneCsv (docs/product/validation.md#bulk-phone-validation: rows numbered from 2, Valid or Invalid)", () => {
  it("numbers rows from 2 and marks each valid or invalid", async () => {
    const result = await validation("Name,Phone\nAda,416 555 0101\nBob,12345\nCy,+44 20 7946 0958\n");
    expect(result.rows).toEqual([
      { row: 2, value: "416 555 0101", e164: "+14165550101" },
      { row: 3, value: "12345", e164: null },
      { row: 4, value: "+44 20 7946 0958", e164: "+442079460958" },
    ]);
    expect(result).toMatchObject({ column: "Phone", columnMatched: true, validCount: 2, invalidCount: 1, headerLooksLikeNumber: false });
  });

  it("keeps the file's row numbers across blank lines and multi-line cells", async () => {
    const result = await validation('Phone,Note\n4165550101,x\n\n4165550102,"two\nlines"\n4165550103,y\n');
    expect(result.rows.map((row) => row.row)).toEqual([2, 4, 5]);
  });

  it("reads a German semicolon file with a BOM by its Telefonnummer column", async () => {
    const result = await validation("\uFEFFName;Telefonnummer\r\nMüller;+49 30 123456789\r\nSchmidt;abc\r\n");
    expect(result.column).toBe("Telefonnummer");
    expect(result.rows).toEqual([
      { row: 2, value: "+49 30 123456789", e164: "+4930123456789" },
      { row: 3, value: "abc", e164: null },
    ]);
  });

  it("uses the first column when no header names a phone, and notices a header that is a number", async () => {
    const result = await validation("4165550101\n4165550102\n");
    expect(result).toMatchObject({ column: "4165550101", columnMatched: false, headerLooksLikeNumber: true });
    expect(result.rows).toEqual([{ row: 2, value: "4165550102", e164: "+14165550102" }]);
  });

  it("marks an empty cell invalid and a short row invalid", async () => {
    const result = await validation("Name,Phone\nAda,\nBob\n");
    expect(result.rows).toEqual([
      { row: 2, value: "", e164: null },
      { row: 3, value: "", e164: null },
    ]);
  });

  it("reads a number behind the apostrophe a spreadsheet-safe export puts before a leading +", async () => {
    const result = await validation(`Phone\n"'+49 30 1234567"\n"'+1 (416) 555-0101"\n`);
    expect(result.rows).toEqual([
      { row: 2, value: "'+49 30 1234567", e164: "+49301234567" },
      { row: 3, value: "'+1 (416) 555-0101", e164: "+14165550101" },
    ]);
  });

  it("keeps + and 00 numbers international: a German number of ten digits is not made North American", async () => {
    const result = await validation("Phone\n+4930123456\n+49 30 123456\n0049 30 123456\n4930123456\n");
    expect(result.rows.map((row) => row.e164)).toEqual(["+4930123456", "+4930123456", "+4930123456", "+14930123456"]);
    // Without + or 00 rule 2 applies (docs/product/validation.md#phone-numbers): ten plain digits are a North American number.
    expect(result.validCount).toBe(4);
  });

  it("reads numbers with a leading 0 in the tenant's country", async () => {
    const german = await validation("Telefon\n030 5550 1234\n0151 23456789\n", "DE");
    expect(german.rows.map((row) => row.e164)).toEqual(["+493055501234", "+4915123456789"]);
    const british = await validation("Phone\n020 7946 0018\n", "GB");
    expect(british.rows.map((row) => row.e164)).toEqual(["+442079460018"]);
    // Where the tenant is North American a leading 0 is no trunk prefix, and the row is invalid.
    expect((await validation("Phone\n030 5550 1234\n", "US")).rows.map((row) => row.e164)).toEqual([null]);
  });

  it("lists each valid number once for adding", async () => {
    const result = await validation("phone\n416 555 0101\n(416) 555-0101\n4165550102\nnope\n");
    expect(result.validCount).toBe(3);
    expect(result.uniqueValid).toEqual(["+14165550101", "+14165550102"]);
  });

  it("refuses an empty file, a header without rows and too many rows", async () => {
    expect(await validatePhoneCsv("", "CA")).toEqual({ ok: false, problem: "empty" });
    expect(await validatePhoneCsv(" \n\n", "CA")).toEqual({ ok: false, problem: "empty" });
    expect(await validatePhoneCsv("phone\n\n", "CA")).toEqual({ ok: false, problem: "noRows" });
    const rows = Array.from({ length: MAX_BULK_ROWS }, (_, i) => String(4165550000 + (i % 9000))).join("\n");
    expect((await validatePhoneCsv(`phone\n${rows}\n`, "CA")).ok).toBe(true);
    expect(await validatePhoneCsv(`phone\n${rows}\n4165559999\n`, "CA")).toEqual({ ok: false, problem: "tooManyRows" });
  });

  it("refuses a file the CSV parser will not read, such as one with a quote never closed", async () => {
    expect(await validatePhoneCsv('phone\n4165550101\n"4165550102\n4165550103\n', "CA")).toEqual({ ok: false, problem: "malformed" });
  });
});
