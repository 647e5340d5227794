import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { renderInvoicePdf, type InvoiceDocument } from "./invoice-pdf.server";

/*
 * Read back with poppler (`pdftotext`, `pdffonts` from Debian's poppler-utils,
 * which .ci/run installs when missing), a reader that shares no code with
 * pdfkit or pdf.js: the letters must come back as written, and every font the
 * page uses must be embedded (as a subset, to keep the file small).
 */

const dir = mkdtempSync(join(tmpdir(), "invoice-poppler-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function poppler(tool: "pdftotext" | "pdffonts", pdf: Buffer) {
  const file = join(dir, `invoice-${++files}.pdf`);
  writeFileSync(file, pdf);
  const args = tool === "pdftotext" ? ["-enc", "UTF-8", file, "-"] : [file];
  return execFileSync(tool, args, { encoding: "utf8" });
}

const invoice: InvoiceDocument = {
  language: "en",
  number: 7,
  issuedAt: "2025-03-05T10:00:00.000Z",
  timeZone: "Europe/Warsaw",
  seller: { name: "Voxboard", lines: ["Voxboard GmbH", "Musterstraße 1", "10115 Berlin"] },
  customer: { name: "Łódź Şahin", email: "zażółć@example.pl" },
  item: "Ελληνικά · Москва · İstanbul ğüşıöç · Zażółć gęślą jaźń",
  amountCents: 4_900,
  currency: "EUR",
  card: { brand: "visa", last4: "4242" },
  testMode: false,
};

describe("invoice PDFs read by poppler", () => {
  it("keeps Polish, Turkish, Greek and Cyrillic letters intact", async () => {
    const text = poppler("pdftotext", await renderInvoicePdf(invoice)).normalize("NFC");
    expect(text).toContain("Łódź Şahin");
    expect(text).toContain("zażółć@example.pl");
    expect(text).toContain("Ελληνικά");
    expect(text).toContain("Москва");
    expect(text).toContain("İstanbul ğüşıöç");
    expect(text).toContain("Zażółć gęślą jaźń");
    expect(text).toContain("Musterstraße 1");
    expect(text).toContain("€49.00");
    expect(text).toContain("Visa •••• 4242");
    expect(text).not.toContain("Lódz");
  });

  it("keeps German labels intact in a German invoice", async () => {
    const text = poppler("pdftotext", await renderInvoicePdf({ ...invoice, language: "de" })).normalize("NFC");
    expect(text).toContain("Rechnungsempfänger");
    expect(text).toContain("Łódź Şahin");
    expect(text).toContain("49,00 €");
  });

  it("embeds every font it uses as a Unicode subset, and stays small", async () => {
    const pdf = await renderInvoicePdf({ ...invoice, testMode: true });
    const rows = poppler("pdffonts", pdf)
      .trim()
      .split("\n")
      .slice(2) // header and rule
      .map((line) => line.trim().split(/\s+/));
    expect(rows.length).toBeGreaterThanOrEqual(2); // regular and bold
    for (const row of rows) {
      // name type... encoding emb sub uni object-id generation
      const [name] = row;
      const [emb, sub, uni] = row.slice(-5, -2);
      expect({ name, emb, sub, uni }).toEqual({ name: expect.stringMatching(/^[A-Z]{6}\+DejaVuSans/), emb: "yes", sub: "yes", uni: "yes" });
    }
    expect(pdf.length).toBeLessThan(80_000);
  });
});
