import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { PDF_TEXT_WORKER_SOURCE } from "./pdf-text-worker-source";
import { CONTENT_MAX_CHARACTERS } from "./schemas";

/**
 * A PDF's text, read in a worker thread with limits (docs/decisions/0012).
 * pdf.js on the main thread let one upload take the whole server down: a
 * 30,000-page file ran the heap out of memory, a small file whose content
 * stream inflates to 100 MB blocked every request for 15 s. In a worker the
 * event loop keeps turning, the worker's heap is capped, and a worker that
 * takes too long is terminated, whatever it is doing.
 */

export type PdfProblem =
  | "validation.fileDamaged"
  | "validation.fileNoText"
  | "validation.fileTextTooLong"
  | "validation.pdfTooManyPages"
  | "validation.pdfTooMuchData"
  | "validation.pdfTooHeavy"
  | "validation.pdfBusy";

export interface PdfLimits {
  maxPages: number;
  /** Extraction stops past this many UTF-16 units; the exact limit on the content is checked after tidying. */
  maxCharacters: number;
  /** What the text-bearing Flate streams may inflate to, all together. */
  maxInflatedBytes: number;
  timeoutMs: number;
  /** The worker's V8 heap (old generation). */
  memoryMb: number;
}

export const PDF_LIMITS: PdfLimits = {
  maxPages: 1_000,
  // A code point takes at most two UTF-16 units, so nothing that fits the content is cut off.
  maxCharacters: 2 * CONTENT_MAX_CHARACTERS,
  maxInflatedBytes: 64 * 1024 * 1024,
  timeoutMs: 10_000,
  memoryMb: 256,
};

/** Two cores is a common small host: at most this many PDFs are read at once, a few more wait, the rest are told to retry. */
const MAX_RUNNING = 2;
const MAX_WAITING = 6;
let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T | null> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) return null;
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so `running` counts it throughout.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

let unpdfUrl: string | undefined;

/** Resolved from this module, which is build/index.js in production: its node_modules, not the working directory's. */
function resolveUnpdf() {
  unpdfUrl ??= pathToFileURL(createRequire(import.meta.url).resolve("unpdf")).href;
  return unpdfUrl;
}

function runWorker(bytes: Uint8Array, limits: PdfLimits): Promise<{ text: string } | { problem: PdfProblem }> {
  // The worker gets its own copy, moved rather than cloned.
  const copy = bytes.slice();
  return new Promise((resolve, reject) => {
    let settled = false;
    const worker = new Worker(PDF_TEXT_WORKER_SOURCE, {
      eval: true,
      workerData: { bytes: copy, unpdfUrl: resolveUnpdf(), limits },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    // pdf.js is told to be quiet; anything it still prints is not worth a log line per upload.
    worker.stdout.resume();
    worker.stderr.resume();
    const finish = (result: { text: string } | { problem: PdfProblem } | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (result instanceof Error) reject(result);
      else resolve(result);
      void worker.terminate();
    };
    const timer = setTimeout(() => finish({ problem: "validation.pdfTooHeavy" }), limits.timeoutMs);
    worker.once("message", (result: { text: string } | { problem: PdfProblem }) => finish(result));
    worker.once("error", (error: Error & { code?: string }) => {
      // The heap cap reached: the file's fault. Anything else is ours and must not pass for a damaged file.
      finish(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? { problem: "validation.pdfTooHeavy" } : new Error("The PDF text worker failed", { cause: error }));
    });
    worker.once("exit", () => finish({ problem: "validation.pdfTooHeavy" }));
  });
}

/** The raw text of a PDF (tidying is the caller's), or why it cannot be had within the limits. */
export async function extractPdfText(bytes: Uint8Array, limits: PdfLimits = PDF_LIMITS): Promise<{ text: string } | { problem: PdfProblem }> {
  const result = await withSlot(() => runWorker(bytes, limits));
  return result ?? { problem: "validation.pdfBusy" };
}
