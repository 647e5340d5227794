import { CsvFormatError, parseCsv } from "~/lib/csv/csv-parser";
import { isValidPhoneNumber, toE164 } from "~/features/phone/phone-check";

/**
 * Bulk validation of phone numbers from a CSV file (docs/product/validation.md#bulk-phone-validation:
 * each row with its number, the Phone Number, a status and an error;
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
  "phone",
  "phonenumber",
  "phoneno",
  "telephone",
  "telephonenumber",
  "tel",
  "mobile",
  "mobilenumber",
  "number",
  "telefon",
  "telefonnummer",
  "rufnummer",
  "handy",
  "handynummer",
  "mobilnummer",
  "nummer",
]);

const normaliseHeader = (header: string) => header.toLowerCase().replace(/[\s._-]/g, "");

/** Why a file was refused; "malformed" is a file the CSV parser will not read (an unclosed quote, say). */
export type BulkFileProblem = "empty" | "notText" | "tooManyRows" | "noRows" | "malformed";

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

/** Which column holds the phone numbers: the first one named like a phone column, else the first. */
export function phoneColumnIndex(header: string[]) {
  const index = header.findIndex((cell) => PHONE_HEADERS.has(normaliseHeader(cell)));
  return { index: Math.max(index, 0), matched: index >= 0 };
}

export type BulkParseResult = { ok: true; validation: BulkValidation } | { ok: false; problem: BulkFileProblem };

/**
 * Validates the phone column of a CSV text, row by row. Rows are the file's
 * records as the shared parser numbers them (blank lines count, a cell with
 * line breaks is one record), so they match what a spreadsheet shows.
 * Numbers with a leading 0 are national numbers of `country`, the tenant's.
 */
export async function validatePhoneCsv(text: string, country: string): Promise<BulkParseResult> {
  if (text.trim() === "") return { ok: false, problem: "empty" };
  let header: string[] | null = null;
  let column = { index: 0, matched: false };
  const rows: BulkRow[] = [];
  try {
    for await (const record of parseCsv([text])) {
      if (!header) {
        header = record.cells;
        column = phoneColumnIndex(header);
        continue;
      }
      // Stops reading as soon as the file is known to be too long.
      if (rows.length === MAX_BULK_ROWS) return { ok: false, problem: "tooManyRows" };
      const value = (record.cells[column.index] ?? "").trim();
      rows.push({ row: record.number, value, e164: isValidPhoneNumber(value, country) ? toE164(value, country) : null });
    }
  } catch (error) {
    if (error instanceof CsvFormatError) return { ok: false, problem: "malformed" };
    throw error;
  }
  if (rows.length === 0) return { ok: false, problem: "noRows" };
  const validCount = rows.filter((row) => row.e164 !== null).length;
  const headerCell = (header?.[column.index] ?? "").trim();
  return {
    ok: true,
    validation: {
      column: headerCell,
      columnMatched: column.matched,
      headerLooksLikeNumber: !column.matched && isValidPhoneNumber(headerCell, country),
      rows,
      validCount,
      invalidCount: rows.length - validCount,
      uniqueValid: [...new Set(rows.flatMap((row) => (row.e164 ? [row.e164] : [])))],
    },
  };
}
