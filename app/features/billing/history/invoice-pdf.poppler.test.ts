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

  it("shows the §14 UStG fields of a German invoice", async () => {
    const german: InvoiceDocument = {
      ...invoice,
      language: "de",
      seller: { name: "Voxboard GmbH", lines: ["Musterstraße 1", "10115 Berlin", "Deutschland"], vatId: "DE123456789" },
      customer: { name: "Bäckerei Größe GmbH", email: "büro@example.de", lines: ["Hauptstraße 5", "80331 München", "Deutschland"], vatId: "DE987654321" },
      item: "Growth-Tarif, erster Monat",
      amountCents: 11_900,
      tax: { netCents: 10_000, rateBp: 1900, taxCents: 1_900, note: null },
    };
    const text = poppler("pdftotext", await renderInvoicePdf(german)).normalize("NFC");
    for (const field of [
      "Voxboard GmbH",
      "Musterstraße 1",
      "10115 Berlin",
      "USt-IdNr.: DE123456789", // seller: name, address, VAT ID
      "Bäckerei Größe GmbH",
      "Hauptstraße 5",
      "80331 München",
      "USt-IdNr.: DE987654321", // buyer: name, address, VAT ID
      "Rechnungsnummer",
      "VB-000007",
      "Datum",
      "05.03.2025",
      "Leistungsdatum", // number, date, time of supply
      "1 × Growth-Tarif, erster Monat", // quantity and kind of service
      "Nettobetrag zu 19 %",
      "100,00 €",
      "Umsatzsteuer 19 %",
      "19,00 €",
      "Gesamtbetrag (brutto)",
      "119,00 €",
    ])
      expect(text).toContain(field);
    expect(text).not.toContain("Reverse Charge");
  });

  it("states the period a renewal bills (§14 Abs. 4 Nr. 6 UStG) instead of a service date", async () => {
    const renewal: InvoiceDocument = {
      ...invoice,
      language: "de",
      timeZone: "Europe/Berlin",
      item: "Growth-Tarif, Verlängerung",
      amountCents: 11_900,
      tax: { netCents: 10_000, rateBp: 1900, taxCents: 1_900, note: null },
      servicePeriod: { start: "2025-03-05T10:00:00.000Z", end: "2025-04-05T10:00:00.000Z" },
    };
    const text = poppler("pdftotext", await renderInvoicePdf(renewal)).normalize("NFC");
    expect(text).toContain("1 × Growth-Tarif, Verlängerung");
    expect(text).toContain("Leistungszeitraum: 05.03.2025 – 05.04.2025");
    expect(text).not.toContain("Leistungsdatum");
  });

  it("prints the reverse-charge note for an EU business buyer", async () => {
    const text = poppler(
      "pdftotext",
      await renderInvoicePdf({
        ...invoice,
        language: "de",
        customer: { name: "Société Œuvre SARL", email: null, lines: ["Paris"], vatId: "FRXX123456789" },
        tax: { netCents: 4_900, rateBp: 0, taxCents: 0, note: "reverseCharge" },
      }),
    ).normalize("NFC");
    expect(text).toContain("Steuerschuldnerschaft des Leistungsempfängers");
    expect(text).toContain("Société Œuvre SARL");
    expect(text).toContain("Umsatzsteuer 0 %");
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
