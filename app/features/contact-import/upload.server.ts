import fs from "node:fs";
import fsp from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { UploadHandler, UploadHandlerPart } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import { MULTIPART_OVERHEAD_BYTES, readFormData } from "~/lib/http/form-body.server";
import { CsvFormatError } from "~/lib/csv/csv-parser";
import { looksLikeText, SNIFF_BYTES, textEncodingOf, type TextEncoding } from "~/lib/csv/text-decoding";
import { countCsvRows } from "./csv-file.server";
import { deleteStoredFile, importsDir, partialFilePath, storedNameFor, storeUploadedFile } from "./import-files.server";
import { newId } from "~/db/db.server";
import { badRequest } from "~/lib/http/errors.server";

/**
 * Receives a contacts CSV: the multipart body is streamed to disk part by
 * part (never buffered whole), with the byte cap enforced while it arrives,
 * the first bytes sniffed for binary content, and the text checked for UTF-8
 * on the way. Files in another encoding (Windows-1252 from older Excel,
 * UTF-16 with a byte-order mark from "Unicode text") are converted to UTF-8
 * once, so every later pass reads the same way (the rules are in
 * ~/lib/csv/text-decoding.ts). Then the rows are counted
 * against MAX_IMPORT_ROWS. Any refusal removes what was written.
 */
export type UploadRefusal =
  | { key: "validation.fileRequired" | "validation.fileType" | "validation.notText" | "validation.empty" | "validation.noDataRows" }
  | { key: "validation.tooLarge"; values: { limitBytes: number } }
  | { key: "validation.tooManyRows"; values: { limitRows: number } }
  | { key: "validation.malformed"; values: { row: number } };

export interface ReceivedUpload {
  /** The import this upload starts: its files are named after it. */
  importId: string;
  fileName: string;
  storedFile: string;
  sizeBytes: number;
  header: string[];
  dataRows: number;
}

class Refused extends Error {
  constructor(readonly refusal: UploadRefusal) {
    super(refusal.key);
  }
}

const FIELD_LIMIT = 1024;

const isCsvName = (name: string) => /\.csv$/i.test(name.trim());

/** The file part, written to disk as it arrives. Returns the bytes written and the encoding it found. */
async function writePart(part: UploadHandlerPart, target: string, maxBytes: number) {
  let size = 0;
  let sniffed = false;
  let head = new Uint8Array(0);
  let validUtf8 = true;
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  async function* checked() {
    for await (const chunk of part.data) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new Refused({ key: "validation.tooLarge", values: { limitBytes: maxBytes } });
      if (!sniffed) {
        head = concat(head, chunk.subarray(0, SNIFF_BYTES - head.length));
        if (head.length >= SNIFF_BYTES) {
          sniffed = true;
          if (!looksLikeText(head)) throw new Refused({ key: "validation.notText" });
        }
      }
      if (validUtf8) {
        try {
          utf8.decode(chunk, { stream: true });
        } catch {
          validUtf8 = false;
        }
      }
      yield chunk;
    }
  }
  await pipeline(Readable.from(checked()), fs.createWriteStream(target, { flags: "wx" }));
  if (!sniffed && head.length > 0 && !looksLikeText(head)) throw new Refused({ key: "validation.notText" });
  if (validUtf8) {
    try {
      utf8.decode();
    } catch {
      validUtf8 = false;
    }
  }
  return { size, encoding: textEncodingOf(head, validUtf8) };
}

function concat(a: Uint8Array, b: Uint8Array) {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** Rewrites a file as UTF-8 (the decoder drops the byte-order mark). */
async function convertToUtf8(source: string, target: string, encoding: Exclude<TextEncoding, "utf-8">) {
  const decoder = new TextDecoder(encoding);
  async function* decoded() {
    for await (const chunk of fs.createReadStream(source)) yield Buffer.from(decoder.decode(chunk as Buffer, { stream: true }), "utf8");
    yield Buffer.from(decoder.decode(), "utf8");
  }
  await pipeline(Readable.from(decoded()), fs.createWriteStream(target, { flags: "wx" }));
}

async function drain(part: UploadHandlerPart) {
  for await (const _chunk of part.data) {
    // Parts nobody asked for are read and dropped, so the parser can move on.
  }
}

async function readSmallField(part: UploadHandlerPart) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of part.data) {
    size += chunk.byteLength;
    if (size <= FIELD_LIMIT) chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function receiveUpload(
  request: Request,
  importId: string = newId(),
): Promise<{ ok: true; upload: ReceivedUpload } | { ok: false; refusal: UploadRefusal }> {
  const { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } = getEnv();
  // A body announced far beyond the limit is refused before a byte of it is read.
  const announced = Number(request.headers.get("Content-Length") ?? NaN);
  if (Number.isFinite(announced) && announced > MAX_IMPORT_BYTES + MULTIPART_OVERHEAD_BYTES) {
    return { ok: false, refusal: { key: "validation.tooLarge", values: { limitBytes: MAX_IMPORT_BYTES } } };
  }

  await fsp.mkdir(importsDir(), { recursive: true });
  const partial = partialFilePath(importId, "upload");
  const converted = partialFilePath(importId, "utf8");
  const stored = storedNameFor(importId);
  let received: { fileName: string; size: number; encoding: TextEncoding } | null = null;
  let fileParts = 0;

  const cleanUp = () => Promise.all([...[partial, converted].map((file) => fsp.rm(file, { force: true })), deleteStoredFile(stored)]);

  const uploadHandler: UploadHandler = async (part) => {
    if (typeof part.filename !== "string") return readSmallField(part);
    fileParts++;
    if (part.name !== "file" || fileParts > 1) return drain(part).then(() => undefined);
    const fileName = part.filename.trim();
    if (!fileName) return drain(part).then(() => undefined);
    if (!isCsvName(fileName)) throw new Refused({ key: "validation.fileType" });
    const { size, encoding } = await writePart(part, partial, MAX_IMPORT_BYTES);
    received = { fileName, size, encoding };
    return fileName;
  };

  try {
    // The file's own cap (a message at the field) comes before the body's, which also counts every other part.
    await readFormData(request, { maxBytes: MAX_IMPORT_BYTES + MULTIPART_OVERHEAD_BYTES, uploadHandler });
  } catch (error) {
    await cleanUp();
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    if (error instanceof Response) throw error;
    // Anything else is a malformed body, which is the client's fault.
    badRequest();
  }

  const file = received as { fileName: string; size: number; encoding: TextEncoding } | null;
  if (!file) {
    await cleanUp();
    return { ok: false, refusal: { key: "validation.fileRequired" } };
  }
  if (file.size === 0) {
    await cleanUp();
    return { ok: false, refusal: { key: "validation.empty" } };
  }

  try {
    let local = partial;
    if (file.encoding !== "utf-8") {
      await convertToUtf8(partial, converted, file.encoding);
      await fsp.rm(partial, { force: true });
      local = converted;
    }
    const { header, dataRows } = await countCsvRows(local, MAX_IMPORT_ROWS);
    const refusal: UploadRefusal | null = !header
      ? { key: "validation.empty" }
      : dataRows === 0
        ? { key: "validation.noDataRows" }
        : dataRows > MAX_IMPORT_ROWS
          ? { key: "validation.tooManyRows", values: { limitRows: MAX_IMPORT_ROWS } }
          : null;
    if (refusal || !header) {
      await cleanUp();
      return { ok: false, refusal: refusal ?? { key: "validation.empty" } };
    }
    // Checked: into the store, where every app server finds it.
    await storeUploadedFile(stored, local);
    return { ok: true, upload: { importId, fileName: file.fileName.slice(0, 255), storedFile: stored, sizeBytes: file.size, header, dataRows } };
  } catch (error) {
    await cleanUp();
    if (error instanceof CsvFormatError) return { ok: false, refusal: { key: "validation.malformed", values: { row: error.record } } };
    throw error;
  }
}
