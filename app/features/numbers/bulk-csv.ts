import { isValidPhoneNumber, toE164 } from "~/features/phone/phone";

/**
 * Bulk validation of phone numbers from a CSV file (spec sections 3 and 4:
 * "Phone import row" with Phone Number, row number, error type and status;
 * Valid, or Invalid with 'Invalid Phone Number Format'; rows numbered from 2
 * because the header is row 1).
 *
 * Limits (shown beside the upload): 1 MiB and 5,000 rows below the header. Business numbers come by the handful (a plan
 * allows at most 25); a bigger file is a contact list and belongs in the
 * contacts import.
 */
export const MAX_BULK_BYTES = 1024 * 1024;
export const MAX_BULK_ROWS = 5000;

/** Header names read as the phone column, compared without case, spaces, dots, dashes and underscores. */
const PHONE_HEADERS = new Set([
  "phone", "phonenumber", "phoneno", "telephone", "telephonenumber", "tel", "mobile", "mobilenumber", "number",
  "telefon", "telefonnummer", "rufnummer", "handy", "handynummer", "mobilnummer", "nummer",
]);

const normaliseHeader = (header: string) => header.toLowerCase().replace(/[\s._-]/g, "");

export type BulkFileProblem = "empty" | "notText" | "tooManyRows" | "noRows";

export interface BulkRow {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  /** The cell as written in the file, trimmed. */
  value: string;
  /** E.164 for a valid number, null for an invalid one. */
  e164: string | null;
}

export interface BulkValidation {
  /** The header of the column that was read. */
  column: string;
  /** True when the column was found by name; false when the first column was used. */
  columnMatched: boolean;
  /** The header cell itself reads as a phone number: the file probably has no header, and its first number was skipped. */
  headerLooksLikeNumber: boolean;
  rows: BulkRow[];
  validCount: number;
  invalidCount: number;
  /** Each valid number once, in file order, for "Add the valid numbers". */
  uniqueValid: string[];
}

/** The separator the header line uses most (outside quotes): comma, semicolon (German Excel) or tab. */
export function detectSeparator(text: string): "," | ";" | "\t" {
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  if (counts[";"] > counts[","] && counts[";"] >= counts["\t"]) return ";";
  if (counts["\t"] > counts[","]) return "\t";
  return ",";
}

/**
 * RFC 4180 records, one at a time: quoted fields may hold separators,
 * doubled quotes and line breaks; CRLF, LF and CR all end a record; a
 * byte-order mark is dropped. Blank lines come out as empty records so that
 * row numbers match what a spreadsheet shows.
 */
export function* csvRecords(text: string, separator = detectSeparator(text)): Generator<string[]> {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.length === 0) quoted = true;
    else if (char === separator) {
      record.push(field);
      field = "";
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && source[i + 1] === "\n") i += 1;
      record.push(field);
      yield record;
      record = [];
      field = "";
    } else field += char;
  }
  // The last record, unless the file ended with a line break.
  if (field.length > 0 || record.length > 0 || quoted) {
    record.push(field);
    yield record;
  }
}

export const parseCsvRecords = (text: string, separator?: ReturnType<typeof detectSeparator>) => [...csvRecords(text, separator)];

const isBlank = (record: string[]) => record.every((cell) => cell.trim() === "");

/** Which column holds the phone numbers: the first one named like a phone column, else the first. */
export function phoneColumnIndex(header: string[]) {
  const index = header.findIndex((cell) => PHONE_HEADERS.has(normaliseHeader(cell)));
  return { index: Math.max(index, 0), matched: index >= 0 };
}

/**
 * Reads the bytes of an uploaded file as text: UTF-8 when it is valid UTF-8,
 * else Windows-1252 (what older Excel versions save); null when the bytes are
 * not text at all (a NUL byte: a spreadsheet or an image renamed to .csv).
 */
export function decodeCsvBytes(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

export type BulkParseResult = { ok: true; validation: BulkValidation } | { ok: false; problem: BulkFileProblem };

/** Validates the phone column of a CSV text, row by row. */
export function validatePhoneCsv(text: string): BulkParseResult {
  if (text.trim() === "") return { ok: false, problem: "empty" };
  let header: string[] | null = null;
  let column = { index: 0, matched: false };
  const rows: BulkRow[] = [];
  let recordNumber = 0;
  for (const record of csvRecords(text)) {
    recordNumber += 1;
    if (isBlank(record)) continue;
    if (!header) {
      header = record;
      column = phoneColumnIndex(header);
      continue;
    }
    // Stops reading as soon as the file is known to be too long.
    if (rows.length === MAX_BULK_ROWS) return { ok: false, problem: "tooManyRows" };
    const value = (record[column.index] ?? "").trim();
    rows.push({ row: recordNumber, value, e164: isValidPhoneNumber(value) ? toE164(value) : null });
  }
  if (rows.length === 0) return { ok: false, problem: "noRows" };
  const validCount = rows.filter((row) => row.e164 !== null).length;
  const headerCell = (header?.[column.index] ?? "").trim();
  return {
    ok: true,
    validation: {
      column: headerCell,
      columnMatched: column.matched,
      headerLooksLikeNumber: !column.matched && isValidPhoneNumber(headerCell),
      rows,
      validCount,
      invalidCount: rows.length - validCount,
      uniqueValid: [...new Set(rows.flatMap((row) => (row.e164 ? [row.e164] : [])))],
    },
  };
}
