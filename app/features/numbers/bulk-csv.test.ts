import { describe, expect, it } from "vitest";
import { decodeCsvBytes, detectSeparator, MAX_BULK_ROWS, parseCsvRecords, phoneColumnIndex, validatePhoneCsv } from "./bulk-csv";

function validation(text: string) {
  const result = validatePhoneCsv(text);
  if (!result.ok) throw new Error(`expected a validation, got ${result.problem}`);
  return result.validation;
}

describe("parseCsvRecords", () => {
  it("reads quoted fields with separators, doubled quotes and line breaks", () => {
    expect(parseCsvRecords('name,phone\n"Smith, Jo","+1 ""416"" 555"\n"two\nlines",x\n')).toEqual([
      ["name", "phone"],
      ["Smith, Jo", '+1 "416" 555'],
      ["two\nlines", "x"],
    ]);
  });

  it("ends records at CRLF, LF and CR, keeps blank lines and drops a byte-order mark", () => {
    expect(parseCsvRecords("\uFEFFa,b\r\n1,2\r\n\r\n3,4\r5,6")).toEqual([["a", "b"], ["1", "2"], [""], ["3", "4"], ["5", "6"]]);
  });

  it("keeps a last record without a line break and an empty last field", () => {
    expect(parseCsvRecords("a,b\n1,")).toEqual([["a", "b"], ["1", ""]]);
  });

  it("splits on semicolons and tabs when the header uses them", () => {
    expect(detectSeparator("Name;Telefonnummer\nA;1")).toBe(";");
    expect(detectSeparator("name\tphone\n")).toBe("\t");
    expect(detectSeparator("name,phone\n")).toBe(",");
    expect(detectSeparator('"a;b",c\n')).toBe(",");
    expect(parseCsvRecords("Name;Telefon\nMüller;030 1234567")).toEqual([["Name", "Telefon"], ["Müller", "030 1234567"]]);
  });
});

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

describe("validatePhoneCsv (spec: rows numbered from 2, Valid or Invalid)", () => {
  it("numbers rows from 2 and marks each valid or invalid", () => {
    const result = validation("Name,Phone\nAda,416 555 0101\nBob,12345\nCy,+44 20 7946 0958\n");
    expect(result.rows).toEqual([
      { row: 2, value: "416 555 0101", e164: "+14165550101" },
      { row: 3, value: "12345", e164: null },
      { row: 4, value: "+44 20 7946 0958", e164: "+442079460958" },
    ]);
    expect(result).toMatchObject({ column: "Phone", columnMatched: true, validCount: 2, invalidCount: 1, headerLooksLikeNumber: false });
  });

  it("keeps the file's row numbers across blank lines and multi-line cells", () => {
    const result = validation('Phone,Note\n4165550101,x\n\n4165550102,"two\nlines"\n4165550103,y\n');
    expect(result.rows.map((row) => row.row)).toEqual([2, 4, 5]);
  });

  it("reads a German semicolon file with a BOM by its Telefonnummer column", () => {
    const result = validation("\uFEFFName;Telefonnummer\r\nMüller;+49 30 123456789\r\nSchmidt;abc\r\n");
    expect(result.column).toBe("Telefonnummer");
    expect(result.rows).toEqual([
      { row: 2, value: "+49 30 123456789", e164: "+4930123456789" },
      { row: 3, value: "abc", e164: null },
    ]);
  });

  it("uses the first column when no header names a phone, and notices a header that is a number", () => {
    const result = validation("4165550101\n4165550102\n");
    expect(result).toMatchObject({ column: "4165550101", columnMatched: false, headerLooksLikeNumber: true });
    expect(result.rows).toEqual([{ row: 2, value: "4165550102", e164: "+14165550102" }]);
  });

  it("marks an empty cell invalid and a short row invalid", () => {
    const result = validation("Name,Phone\nAda,\nBob\n");
    expect(result.rows).toEqual([
      { row: 2, value: "", e164: null },
      { row: 3, value: "", e164: null },
    ]);
  });

  it("lists each valid number once for adding", () => {
    const result = validation("phone\n416 555 0101\n(416) 555-0101\n4165550102\nnope\n");
    expect(result.validCount).toBe(3);
    expect(result.uniqueValid).toEqual(["+14165550101", "+14165550102"]);
  });

  it("refuses an empty file, a header without rows and too many rows", () => {
    expect(validatePhoneCsv("")).toEqual({ ok: false, problem: "empty" });
    expect(validatePhoneCsv(" \n\n")).toEqual({ ok: false, problem: "empty" });
    expect(validatePhoneCsv("phone\n\n")).toEqual({ ok: false, problem: "noRows" });
    const rows = Array.from({ length: MAX_BULK_ROWS }, (_, i) => String(4165550000 + (i % 9000))).join("\n");
    expect(validatePhoneCsv(`phone\n${rows}\n`).ok).toBe(true);
    expect(validatePhoneCsv(`phone\n${rows}\n4165559999\n`)).toEqual({ ok: false, problem: "tooManyRows" });
  });
});

describe("decodeCsvBytes", () => {
  it("reads UTF-8, falls back to Windows-1252 and refuses binary files", () => {
    expect(decodeCsvBytes(new TextEncoder().encode("Müller,+49"))).toBe("Müller,+49");
    expect(decodeCsvBytes(Uint8Array.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]))).toBe("Müller");
    expect(decodeCsvBytes(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBeNull();
  });
});
