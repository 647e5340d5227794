import type { UploadHandler } from "@remix-run/node";
import { MULTIPART_OVERHEAD_BYTES, readFormData } from "~/lib/http/form-body.server";
import { extractPdfText, type PdfProblem } from "./pdf-text.server";
import { fileExtension, isAcceptedFileName, KNOWLEDGE_FILE_MAX_BYTES } from "./schemas";
import { badRequest, payloadTooLarge } from "~/lib/http/errors.server";

/**
 * Reading the knowledge-base form, whose optional file's text is added to the
 * content. The body is streamed: the file is kept in memory only up to
 * KNOWLEDGE_FILE_MAX_BYTES; a larger one is read past and reported at the
 * field, so everything else the user typed comes back with the message
 * (avatar uploads simply stop at the cap, losing the form, which is fine
 * there and not here).
 */

export type FileProblem =
  | "validation.fileType"
  | "validation.fileTooLarge"
  | "validation.fileDamaged"
  | "validation.fileNoText"
  | "validation.fileEmpty"
  | "validation.fileNotText"
  | "validation.fileTextTooLong"
  | PdfProblem;

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export interface KnowledgeForm {
  /** The text fields; the file is never in here. */
  formData: FormData;
  file: UploadedFile | null;
  /** Why the chosen file cannot be used, before even looking inside it. */
  fileProblem: FileProblem | null;
}

/** A text field is short; content at its maximum is well under this even in four-byte characters. */
const TEXT_PART_MAX_BYTES = 1024 * 1024;
/** How far past the file cap the body is still read so the form survives; beyond it the request is refused outright. */
const OVERSIZED_BODY_MAX_BYTES = 64 * 1024 * 1024;

/** Reads a part up to `limit` bytes; past it, the rest is read and dropped (up to a hard cap) and null is returned. */
async function readCapped(data: AsyncIterable<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > OVERSIZED_BODY_MAX_BYTES) payloadTooLarge();
    if (size <= limit) chunks.push(chunk);
    else chunks.length = 0;
  }
  if (size > limit) return null;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

async function drain(data: AsyncIterable<Uint8Array>) {
  await readCapped(data, 0);
}

function isMultipart(request: Request) {
  return request.headers.get("Content-Type")?.toLowerCase().startsWith("multipart/form-data") ?? false;
}

export async function readKnowledgeForm(request: Request): Promise<KnowledgeForm> {
  if (!isMultipart(request)) return { formData: await readFormData(request), file: null, fileProblem: null };
  let file: UploadedFile | null = null;
  let fileProblem: FileProblem | null = null;
  const uploadHandler: UploadHandler = async ({ name, filename, data }) => {
    if (filename === undefined) {
      const bytes = await readCapped(data, TEXT_PART_MAX_BYTES);
      if (!bytes) payloadTooLarge();
      return new TextDecoder().decode(bytes);
    }
    // An empty file input still sends a part, with no name and no bytes.
    if (name !== "file" || !filename) {
      await drain(data);
      return undefined;
    }
    if (!isAcceptedFileName(filename)) {
      await drain(data);
      fileProblem = "validation.fileType";
      return undefined;
    }
    const bytes = await readCapped(data, KNOWLEDGE_FILE_MAX_BYTES);
    if (bytes) file = { name: filename, bytes };
    else fileProblem = "validation.fileTooLarge";
    return undefined;
  };
  try {
    const formData = await readFormData(request, { maxBytes: KNOWLEDGE_FILE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES, uploadHandler });
    return { formData, file, fileProblem };
  } catch (error) {
    if (error instanceof Response) throw error;
    // Anything else is a malformed body: the client's fault, not ours.
    badRequest();
  }
}

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** Line endings unified, trailing spaces and runs of blank lines gone: extracted text reads like typed text. */
export function tidyText(text: string) {
  return text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

async function pdfText(bytes: Uint8Array): Promise<{ text: string } | { problem: FileProblem }> {
  if (!PDF_SIGNATURE.every((byte, index) => bytes[index] === byte)) return { problem: "validation.fileDamaged" };
  const extracted = await extractPdfText(bytes);
  if ("problem" in extracted) return extracted;
  const tidy = tidyText(extracted.text);
  return tidy ? { text: tidy } : { problem: "validation.fileNoText" };
}

function plainText(bytes: Uint8Array): { text: string } | { problem: FileProblem } {
  // A NUL byte never occurs in a text file and always in a binary one renamed to .txt.
  if (bytes.includes(0)) return { problem: "validation.fileNotText" };
  let decoded: string;
  try {
    decoded = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { problem: "validation.fileNotText" };
  }
  const text = tidyText(decoded);
  return text ? { text } : { problem: "validation.fileEmpty" };
}

/** The text of an uploaded .txt, .md or .pdf, or why there is none. */
export async function extractFileText(file: UploadedFile): Promise<{ text: string } | { problem: FileProblem }> {
  if (!isAcceptedFileName(file.name)) return { problem: "validation.fileType" };
  if (file.bytes.byteLength === 0) return { problem: "validation.fileEmpty" };
  return fileExtension(file.name) === ".pdf" ? pdfText(file.bytes) : plainText(file.bytes);
}

/** The content after an upload: what was typed, a blank line, then the file's text. */
export function appendExtractedText(typed: string, extracted: string) {
  const kept = typed.trimEnd();
  return kept ? `${kept}\n\n${extracted}` : extracted;
}
