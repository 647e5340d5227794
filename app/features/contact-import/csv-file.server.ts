import fs from "node:fs";
import { parseCsv, type CsvRecord } from "~/lib/csv/csv-parser";
import { openStoredFile } from "./import-files.server";

/**
 * Stored uploads are always UTF-8 (upload.server.ts converts other encodings
 * on arrival), so every later pass decodes the same way. Reading happens in
 * chunks (256 KiB from disk, the store's own from S3): the parser keeps no
 * more than one record besides.
 */
const CHUNK_BYTES = 256 * 1024;

async function* decodedChunks(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  // The decoder drops a UTF-8 byte-order mark and joins characters split across chunks.
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of bytes) yield decoder.decode(chunk, { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** Every non-empty record of a local UTF-8 CSV file (an upload being checked), the header included. */
export function readLocalCsvRecords(file: string): AsyncGenerator<CsvRecord> {
  return parseCsv(decodedChunks(fs.createReadStream(file, { highWaterMark: CHUNK_BYTES })));
}

export class StoredFileMissing extends Error {
  constructor(storedFile: string) {
    super(`the stored import file ${storedFile} is gone`);
  }
}

async function* storedBytes(storedFile: string): AsyncGenerator<Uint8Array> {
  const stream = await openStoredFile(storedFile);
  if (!stream) throw new StoredFileMissing(storedFile);
  yield* stream as unknown as AsyncIterable<Uint8Array>;
}

/** Every non-empty record of a stored import file, streamed from the store, the header included. */
export function readCsvRecords(storedFile: string): AsyncGenerator<CsvRecord> {
  return parseCsv(decodedChunks(storedBytes(storedFile)));
}

/** The header and the number of data rows of a local file, counted to one past `rowLimit` and no further. */
export async function countCsvRows(file: string, rowLimit: number): Promise<{ header: string[] | null; dataRows: number }> {
  let header: string[] | null = null;
  let dataRows = 0;
  for await (const record of readLocalCsvRecords(file)) {
    if (!header) header = record.cells;
    else if (++dataRows > rowLimit) break;
  }
  return { header, dataRows };
}

/** The header and the first data records of a stored file, for the mapping screen; reads no further than it needs. */
export async function readCsvHead(storedFile: string, sampleCount: number): Promise<{ header: string[]; samples: CsvRecord[] }> {
  let header: string[] | null = null;
  const samples: CsvRecord[] = [];
  for await (const record of readCsvRecords(storedFile)) {
    if (!header) header = record.cells;
    else samples.push(record);
    if (samples.length >= sampleCount) break;
  }
  return { header: header ?? [], samples };
}
