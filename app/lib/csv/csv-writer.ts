import { localDateKey, localDateOf } from "~/lib/dates/date-ranges";

/**
 * CSV that spreadsheet programs open safely (RFC 4180 with CRLF line ends).
 *
 * A cell whose text begins with a character a spreadsheet reads as the start
 * of a formula (= + - @, tab, carriage return, and their full-width forms) gets
 * a leading apostrophe, so a caller's name such as "=HYPERLINK(…)" stays text
 * (OWASP "CSV injection"). Every field is quoted, so a separator, quote or line
 * break inside a value can never split it, whichever separator a program guesses.
 *
 * English files use commas. German Excel expects semicolons (the comma is the
 * decimal mark there) and needs a byte-order mark to read UTF-8 umlauts.
 */
export interface CsvDialect {
  separator: "," | ";";
  bom: boolean;
}

export const UTF8_BOM = "\uFEFF";

export function csvDialectFor(language: string): CsvDialect {
  return language === "de" ? { separator: ";", bom: true } : { separator: ",", bom: false };
}

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export function neutraliseFormula(text: string) {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export type CsvValue = string | number | null | undefined;

export function csvField(value: CsvValue) {
  const text = value === null || value === undefined ? "" : neutraliseFormula(String(value));
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvLine(values: CsvValue[], dialect: CsvDialect) {
  return `${values.map(csvField).join(dialect.separator)}\r\n`;
}

/** recordings-2026-03-31.csv, dated in the tenant's time zone like everything else in the list. */
export function csvFileName(prefix: string, timeZone: string, now = new Date()) {
  return `${prefix}-${localDateKey(localDateOf(now, timeZone))}.csv`;
}
