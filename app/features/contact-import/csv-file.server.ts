import fs from "node:fs";
import { parseCsv, type CsvRecord } from "~/lib/csv/csv-parser";

/**
 * Stored uploads are always UTF-8 (upload.server.ts converts other encodings
 * on arrival), so every later pass decodes the same way. Reading happens in
 * 256 KiB chunks: the parser keeps no more than one record besides.
 */
const CHUNK_BYTES = 256 * 1024;

async function* decodedChunks(file: string): AsyncGenerator<string> {
  // The decoder drops a UTF-8 byte-order mark and joins characters split across chunks.
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of fs.createReadStream(file, { highWaterMark: CHUNK_BYTES })) {
    yield decoder.decode(chunk as Buffer, { stream: true });
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** Every non-empty record of a stored CSV, the header included. */
export function readCsvRecords(file: string): AsyncGenerator<CsvRecord> {
  return parseCsv(decodedChunks(file));
}

/** The header and the number of data rows, counted to one past `rowLimit` and no further. */
export async function countCsvRows(file: string, rowLimit: number): Promise<{ header: string[] | null; dataRows: number }> {
  let header: string[] | null = null;
  let dataRows = 0;
  for await (const record of readCsvRecords(file)) {
    if (!header) header = record.cells;
    else if (++dataRows > rowLimit) break;
  }
  return { header, dataRows };
}

/** The header and the first data records, for the mapping screen; reads no further than it needs. */
export async function readCsvHead(file: string, sampleCount: number): Promise<{ header: string[]; samples: CsvRecord[] }> {
  let header: string[] | null = null;
  const samples: CsvRecord[] = [];
  for await (const record of readCsvRecords(file)) {
    if (!header) header = record.cells;
    else samples.push(record);
    if (samples.length >= sampleCount) break;
  }
  return { header: header ?? [], samples };
}
