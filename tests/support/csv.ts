import { parseCsv, type Delimiter } from "~/lib/csv/csv-parser";

/**
 * A downloaded CSV as rows of cells, read by the app's own reader
 * (app/lib/csv/csv-parser.ts: quoted fields, doubled quotes, line breaks in
 * quotes, CRLF), so the exports are checked against what the contact import
 * would read back. Blank lines are skipped, as that reader skips them.
 */
export async function readCsv(text: string, delimiter: Delimiter): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const record of parseCsv([text], { delimiter })) rows.push(record.cells);
  return rows;
}
