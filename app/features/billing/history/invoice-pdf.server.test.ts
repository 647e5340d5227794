import { getDocumentProxy, getMeta } from "unpdf";
import { describe, expect, it } from "vitest";
import { extractPdfText } from "~/features/knowledge/pdf-text.server";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { cardBrandName, invoiceNumberLabel, renderInvoicePdf, type InvoiceDocument } from "./invoice-pdf.server";

/*
 * The PDFs are read back with pdf.js (our knowledge-base extractor, and unpdf
 * for the metadata), not with pdfkit: what is checked is what a reader sees.
 * The extractor turns every run of spaces, non-breaking ones included, into
 * one plain space, so "1.234,50 $" is expected with a plain space.
 */

const invoice: InvoiceDocument = {
  language: "en",
  number: 42,
  // 23:30 UTC on 5 March is already 6 March in Berlin: the zone must be applied.
  issuedAt: "2025-03-05T23:30:00.000Z",
  timeZone: "Europe/Berlin",
  seller: { name: "Voxboard", lines: ["Voxboard GmbH", "Musterstraße 1", "10115 Berlin"] },
  customer: { name: "Acme Dental", email: "billing@acme.example" },
  item: "Growth plan, first month",
  amountCents: 123_450,
  currency: "USD",
  card: { brand: "visa", last4: "4242" },
  testMode: false,
};

async function textOf(pdf: Buffer) {
  const result = await extractPdfText(new Uint8Array(pdf));
  if (!("text" in result)) throw new Error(`The invoice PDF could not be read: ${result.problem}`);
  return result.text;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe("invoiceNumberLabel", () => {
  it("pads the tenant's sequence number to six digits behind the prefix", () => {
    expect(invoiceNumberLabel(42)).toBe("VB-000042");
    expect(invoiceNumberLabel(1_234_567)).toBe("VB-1234567");
  });
});

describe("cardBrandName", () => {
  it("writes the provider's brand codes as people know them", () => {
    expect(cardBrandName("visa")).toBe("Visa");
    expect(cardBrandName("mastercard")).toBe("Mastercard");
    expect(cardBrandName("amex")).toBe("American Express");
    expect(cardBrandName("discover")).toBe("Discover");
  });
});

describe("renderInvoicePdf", () => {
  it("renders an English invoice a PDF reader can read", async () => {
    const pdf = await renderInvoicePdf(invoice);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await textOf(pdf);
    expect(text).toMatch(/^Invoice\b/);
    expect(text).toContain("Invoice number VB-000042");
    expect(text).toContain("Date Mar 6, 2025");
    expect(text).toContain("Billed to\nAcme Dental\nbilling@acme.example");
    expect(text).toContain("From\nVoxboard\nVoxboard GmbH\nMusterstraße 1\n10115 Berlin");
    expect(text).toContain("Growth plan, first month $1,234.50");
    expect(text).toContain("Total paid $1,234.50");
    expect(occurrences(text, "$1,234.50")).toBe(2);
    expect(text).toContain("Paid with Visa •••• 4242 on Mar 6, 2025");
    expect(text).toContain("Status: paid");
    expect(text).toContain("Thank you for using Voxboard.");
    expect(text).not.toContain("Test mode");
    expect(text).not.toContain("Rechnung");
  });

  it("renders a German invoice with German labels, money and dates, umlauts intact", async () => {
    const text = await textOf(await renderInvoicePdf({ ...invoice, language: "de", item: "Growth-Tarif, erster Monat" }));
    expect(text).toMatch(/^Rechnung\b/);
    expect(text).toContain("Rechnungsnummer VB-000042");
    expect(text).toContain("Datum 06.03.2025");
    expect(text).toContain("Rechnungsempfänger\nAcme Dental");
    expect(text).toContain("Von\nVoxboard");
    expect(text).toContain("Growth-Tarif, erster Monat 1.234,50 $");
    expect(text).toContain("Bezahlter Gesamtbetrag 1.234,50 $");
    expect(text).not.toContain("$1,234.50");
    expect(text).toContain("Bezahlt mit Visa •••• 4242 am 06.03.2025");
    expect(text).toContain("Status: bezahlt");
    expect(text).toContain("Vielen Dank, dass Sie Voxboard nutzen.");
    expect(text).not.toContain("Testmodus");
    expect(text).not.toContain("Invoice");
  });

  it("adds the test-mode note only to a test-mode invoice, in its language", async () => {
    const en = await getTranslatorFor("en", "billing");
    const de = await getTranslatorFor("de", "billing");
    const english = await textOf(await renderInvoicePdf({ ...invoice, testMode: true }));
    const german = await textOf(await renderInvoicePdf({ ...invoice, language: "de", testMode: true }));
    expect(english).toContain(en("pdf.testMode"));
    expect(german).toContain(de("pdf.testMode"));
    expect(german).toContain("Testmodus: Für diese Rechnung wurde kein Geld abgebucht.");
  });

  it("names the card brand and its last four digits, and leaves the line out without a card", async () => {
    const amex = await textOf(await renderInvoicePdf({ ...invoice, card: { brand: "amex", last4: "0005" } }));
    expect(amex).toContain("Paid with American Express •••• 0005 on Mar 6, 2025");
    const mastercard = await textOf(await renderInvoicePdf({ ...invoice, language: "de", card: { brand: "mastercard", last4: "4444" } }));
    expect(mastercard).toContain("Bezahlt mit Mastercard •••• 4444 am 06.03.2025");
    const none = await textOf(await renderInvoicePdf({ ...invoice, card: null }));
    expect(none).not.toContain("Paid with");
    expect(none).toContain("Status: paid");
  });

  it("prints a name's letters as written, and only what the font lacks (Han characters) as ?, without garbling the line", async () => {
    const text = await textOf(await renderInvoicePdf({ ...invoice, customer: { name: "Zażółć Łódź 漢字 GmbH", email: null } }));
    expect(text).toContain("Billed to\nZażółć Łódź ?? GmbH\n");
    expect(text).toContain("Growth plan, first month $1,234.50");
  });

  it("fits on one page and carries the title, author, language and the invoice's own date as metadata", async () => {
    const pdf = await renderInvoicePdf({ ...invoice, language: "de" });
    expect((await getDocumentProxy(new Uint8Array(pdf))).numPages).toBe(1);
    const { info } = (await getMeta(new Uint8Array(pdf))) as { info: Record<string, unknown> };
    expect(info).toMatchObject({ Title: "Rechnung VB-000042", Author: "Voxboard", Creator: "Voxboard", Language: "de-DE", CreationDate: "D:20250305233000Z" });
  });
});
