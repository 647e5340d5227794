import { describe, expect, it } from "vitest";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { buildPdf, inflatingContent, textContent } from "../../../tests/support/pdf-fixtures";
import { extractPdfText, PDF_LIMITS } from "./pdf-text.server";

describe("extractPdfText", () => {
  it("reads the text of a PDF in a worker, as unpdf's extractText would", async () => {
    expect(await extractPdfText(buildPdf({ pageCount: 2, content: textContent("Open   daily") }))).toEqual({ text: "Open daily\nOpen daily" });
  });

  it("calls a file pdf.js cannot open damaged", async () => {
    expect(await extractPdfText(new TextEncoder().encode("%PDF-1.4\nnot really"))).toEqual({ problem: "validation.fileDamaged" });
  });

  it("tells the rest to come back later while a few PDFs are read and a few wait", async () => {
    const slow = buildPdf({ content: inflatingContent(20), compress: true });
    const limits = { ...PDF_LIMITS, maxInflatedBytes: Number.MAX_SAFE_INTEGER, timeoutMs: 300 };
    const results = await Promise.all(Array.from({ length: 9 }, () => extractPdfText(slow, limits)));
    expect(results.filter((result) => "problem" in result && result.problem === "validation.pdfBusy")).toHaveLength(1);
  });

  it("states the limits the messages name", async () => {
    const en = await getTranslatorFor("en", "knowledge");
    const de = await getTranslatorFor("de", "knowledge");
    expect(PDF_LIMITS.maxPages).toBe(1_000);
    expect(en("validation.pdfTooManyPages")).toContain("1,000 pages");
    expect(de("validation.pdfTooManyPages")).toContain("1.000 Seiten");
    expect(PDF_LIMITS.maxInflatedBytes).toBe(64 * 1024 * 1024);
    expect(en("validation.pdfTooMuchData")).toContain("64 MB");
    expect(de("validation.pdfTooMuchData")).toContain("64 MB");
  });
});
