/**
 * The program that reads a PDF's text inside a worker thread (see
 * pdf-text.server.ts). It is a string, run with `eval: true`, because the
 * server is bundled into build/index.js and the image ships only build/,
 * public/ and node_modules: a separate worker file would not exist at run
 * time, and a function's source would be whatever the bundler made of it.
 * Plain CommonJS JavaScript; unpdf is imported from the path the main thread
 * resolved, so the working directory does not matter.
 *
 * workerData: { bytes: Uint8Array, unpdfUrl: string, limits: { maxPages, maxCharacters, maxInflatedBytes } }
 * Posts one message: { text } or { problem } with a FileProblem key.
 */
export const PDF_TEXT_WORKER_SOURCE = String.raw`
"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const zlib = require("node:zlib");

const { bytes, unpdfUrl, limits } = workerData;

// Bytes that pdf.js would inflate to read text: every Flate stream except images and embedded files,
// which text extraction never decodes (a scan's pictures may well unpack to hundreds of MB; its text does not).
// A lower bound: streams behind other filters or encryption are not counted, and the time and memory limits
// of the worker stop those.
function inflatedSizeExceeds(data, budget) {
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("latin1");
  const keyword = /(?<!end)stream(\r\n|\n|\r)/g;
  let total = 0;
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    const start = match.index + match[0].length;
    const objectStart = text.lastIndexOf(" obj", match.index);
    const dictionary = text.slice(objectStart < 0 ? Math.max(0, match.index - 4096) : objectStart, match.index);
    const directLength = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    const endKeyword = text.indexOf("endstream", start);
    const end = directLength ? Math.min(data.byteLength, start + Number(directLength[1])) : endKeyword < 0 ? data.byteLength : endKeyword;
    keyword.lastIndex = Math.max(keyword.lastIndex, end);
    if (!/\/FlateDecode\b/.test(dictionary) || /\/Subtype\s*\/Image\b|\/Type\s*\/EmbeddedFile\b/.test(dictionary)) continue;
    try {
      const inflated = zlib.inflateSync(data.subarray(start, end), {
        maxOutputLength: budget - total + 1,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      });
      total += inflated.byteLength;
    } catch (error) {
      if (error && error.code === "ERR_BUFFER_TOO_LARGE") return true;
      // A stream zlib cannot read is pdf.js's to judge (it may repair it, or call the file damaged).
    }
    if (total > budget) return true;
  }
  return false;
}

// What unpdf's extractText({ mergePages: true }) produces, read page by page so it can stop early.
function pageText(content) {
  return content.items
    .filter((item) => item.str != null)
    .map((item) => item.str + (item.hasEOL ? "\n" : ""))
    .join("")
    .replace(/[^\S\n]+/g, " ");
}

async function extract() {
  if (inflatedSizeExceeds(bytes, limits.maxInflatedBytes)) return { problem: "validation.pdfTooMuchData" };
  const { getDocumentProxy } = await import(unpdfUrl);
  let pdf;
  try {
    pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  } catch {
    return { problem: "validation.fileDamaged" };
  }
  if (pdf.numPages > limits.maxPages) return { problem: "validation.pdfTooManyPages" };
  const pages = [];
  let characters = 0;
  for (let number = 1; number <= pdf.numPages; number++) {
    let text;
    try {
      const page = await pdf.getPage(number);
      text = pageText(await page.getTextContent());
      page.cleanup();
    } catch {
      return { problem: "validation.fileDamaged" };
    }
    characters += text.length;
    if (characters > limits.maxCharacters) return { problem: "validation.fileTextTooLong" };
    pages.push(text);
  }
  const merged = pages.join("\n").replace(/ ?\n ?/g, "\n").replace(/\n{3,}/g, "\n\n");
  return { text: merged };
}

// Anything else (unpdf missing, a bug) is thrown on, so the main thread logs it instead of calling the file damaged.
extract().then((result) => parentPort.postMessage(result));
`;
