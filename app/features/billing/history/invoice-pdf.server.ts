import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { formatDate, formatMoney } from "~/i18n/format";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { invoiceNumberLabel } from "./invoice-number";
import { cardBrandName } from "../payments/card-brand";
import type { TaxNote } from "../tax/tax-rule";

/**
 * An invoice as a one-page A4 PDF in the tenant's language, drawn with pdfkit.
 * The text is set in DejaVu Sans, embedded as a subset (see below). pdfkit and
 * the font package are read from node_modules at run time, so they must stay
 * external to the server bundle (remix.config.js bundles no server dependencies).
 */

export interface InvoiceDocument {
  language: "en" | "de";
  /** Sequential per tenant; shown as invoiceNumberLabel(number). */
  number: number;
  /** ISO instant. */
  issuedAt: string;
  /** IANA zone the dates are shown in. */
  timeZone: string;
  /** The seller's legal name and address lines; its VAT ID when known (§14 UStG). */
  seller: { name: string; lines: string[]; vatId?: string | null };
  /** The buyer: name, address lines (may be empty) and VAT ID when it has one. */
  customer: { name: string; email: string | null; lines?: string[]; vatId?: string | null };
  /** Already translated, e.g. "Growth plan, first month". */
  item: string;
  amountCents: number;
  currency: string;
  card: { brand: string; last4: string } | null;
  /** Adds the translated note that no money was charged. */
  testMode: boolean;
  /**
   * The tax snapshot of an invoice issued since migration 0040; absent on older
   * invoices, which print as before (one total). amountCents is the gross.
   */
  tax?: { netCents: number; rateBp: number; taxCents: number; note: TaxNote };
  /**
   * The period a plan invoice bills (ISO instants, migration 0041), printed
   * under the item in place of the service date; a top-up has none.
   */
  servicePeriod?: { start: string; end: string } | null;
}

export { invoiceNumberLabel };

export { cardBrandName };

/*
 * DejaVu Sans (npm dejavu-fonts-ttf, a free licence: Bitstream Vera's with
 * public-domain changes) covers Latin, Greek and Cyrillic, so names such as
 * "Łódź Şahin" print as written. pdfkit embeds only the glyphs a document
 * uses (a subset with a ToUnicode map), which keeps an invoice small and its
 * text extractable. The files are read once per process from the package.
 */
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  fonts ??= { regular: readFileSync(fontFile("DejaVuSans.ttf")), bold: readFileSync(fontFile("DejaVuSans-Bold.ttf")) };
  return fonts;
}
const REGULAR = "Voxboard-Regular";
const BOLD = "Voxboard-Bold";

/** The part of pdfkit's current font (fontkit's) that says whether it has a glyph. */
interface GlyphCoverage {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/*
 * Names and items are the tenant's own text. A character the font lacks would
 * print as an empty box: a letter keeps its base letter (a decomposable accent
 * DejaVu lacks), anything else (an emoji) becomes "?"; control characters
 * become spaces.
 */
function printable(text: string, font: GlyphCoverage) {
  let result = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) result += " ";
    else if (font.hasGlyphForCodePoint(code)) result += char;
    else result += baseLetter(char, font);
  }
  return result;
}

function baseLetter(char: string, font: GlyphCoverage) {
  const base = char.normalize("NFD").replace(/\p{M}/gu, "");
  return base !== char && [...base].every((c) => font.hasGlyphForCodePoint(c.codePointAt(0) ?? 0)) ? base : "?";
}

/** "19 %" / "19%", "25,5 %" / "25.5%", as the language writes a percentage. */
function formatPercent(rateBp: number, language: "en" | "de") {
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(rateBp / 10_000);
}

const MARGIN = 56; // about 2 cm
const MUTED = "#555555";
const RULE = "#cccccc";

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const t = await getTranslatorFor(doc.language, "billing");
  const numberLabel = invoiceNumberLabel(doc.number);
  const date = formatDate(doc.issuedAt, doc.language, doc.timeZone);
  const money = (cents: number) => formatMoney(cents, doc.currency, doc.language);
  const amount = money(doc.amountCents);
  const title = t("pdf.title");

  const pdf = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    lang: doc.language === "de" ? "de-DE" : "en-US",
    displayTitle: true,
    // The invoice's date, not the render's: the same invoice downloaded twice carries the same metadata.
    info: { Title: `${title} ${numberLabel}`, Author: "Voxboard", Creator: "Voxboard", CreationDate: new Date(doc.issuedAt) },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  const { regular, bold } = loadFonts();
  pdf.registerFont(REGULAR, regular);
  pdf.registerFont(BOLD, bold);
  // Both faces cover the same characters; what the regular one lacks is replaced in either.
  pdf.font(REGULAR);
  const coverage = (pdf as unknown as { _font: { font: GlyphCoverage } })._font.font;
  const printed = (value: string) => printable(value, coverage);

  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) => pdf.text(printed(value), x, y, options);

  // Title on the left; number and date on the right, where a reader looks for them.
  pdf.font(BOLD).fontSize(24).fillColor("black");
  text(title, left, MARGIN);
  const metaWidth = 220;
  const metaX = left + width - metaWidth;
  pdf.fontSize(10);
  let y = MARGIN + 2;
  // §14 UStG wants the time of supply or the period: a plan invoice states the period it bills under its item;
  // a top-up is supplied when it is paid for, so its service date is the invoice date.
  const meta: [string, string][] = [
    [t("pdf.number"), numberLabel],
    [t("pdf.date"), date],
  ];
  if (doc.tax && !doc.servicePeriod) meta.push([t("pdf.serviceDate"), date]);
  for (const [label, value] of meta) {
    pdf.font(REGULAR).fillColor(MUTED);
    text(label, metaX, y, { width: metaWidth - 100 });
    pdf.font(BOLD).fillColor("black");
    text(value, metaX + metaWidth - 100, y, { width: 100, align: "right" });
    y += 16;
  }

  // Seller and customer side by side, each under its label.
  y = MARGIN + 70;
  const blockWidth = width / 2 - 12;
  const block = (label: string, name: string, lines: string[], x: number) => {
    pdf.font(BOLD).fontSize(9).fillColor(MUTED);
    text(label, x, y, { width: blockWidth });
    pdf.font(BOLD).fontSize(11).fillColor("black");
    text(name, x, y + 15, { width: blockWidth });
    pdf.font(REGULAR).fontSize(10);
    for (const line of lines) text(line, x, pdf.y + 2, { width: blockWidth });
    return pdf.y;
  };
  const vatLine = (vatId: string | null | undefined) => (vatId ? [t("pdf.vatId", { vatId })] : []);
  const sellerEnd = block(t("pdf.from"), doc.seller.name, [...doc.seller.lines, ...vatLine(doc.seller.vatId)], left);
  const customerEnd = block(
    t("pdf.billedTo"),
    doc.customer.name,
    [...(doc.customer.lines ?? []), ...vatLine(doc.customer.vatId), ...(doc.customer.email ? [doc.customer.email] : [])],
    left + width / 2 + 12,
  );

  // One item row between rules, then the total in bold.
  const amountWidth = 140;
  const descriptionWidth = width - amountWidth - 16;
  const rule = (at: number, color = RULE) =>
    pdf
      .moveTo(left, at)
      .lineTo(left + width, at)
      .lineWidth(0.75)
      .strokeColor(color)
      .stroke();
  y = Math.max(sellerEnd, customerEnd) + 36;
  pdf.font(BOLD).fontSize(9).fillColor(MUTED);
  text(t("pdf.item"), left, y, { width: descriptionWidth });
  text(t("pdf.amount"), left + width - amountWidth, y, { width: amountWidth, align: "right" });
  y += 16;
  rule(y);
  y += 10;
  pdf.font(REGULAR).fontSize(11).fillColor("black");
  // Quantity and kind of service (§14 UStG): one service per invoice.
  text(doc.tax ? t("pdf.quantityItem", { item: doc.item }) : doc.item, left, y, { width: descriptionWidth });
  if (doc.servicePeriod) {
    pdf.fontSize(10).fillColor(MUTED);
    const from = formatDate(doc.servicePeriod.start, doc.language, doc.timeZone);
    const to = formatDate(doc.servicePeriod.end, doc.language, doc.timeZone);
    text(t("pdf.servicePeriod", { from, to }), left, pdf.y + 2, { width: descriptionWidth });
    pdf.fontSize(11).fillColor("black");
  }
  const itemEnd = pdf.y;
  text(doc.tax ? money(doc.tax.netCents) : amount, left + width - amountWidth, y, { width: amountWidth, align: "right" });
  y = Math.max(itemEnd, pdf.y) + 10;
  rule(y);
  y += 12;
  if (doc.tax) {
    // Net by rate, the rate and the tax, then the gross (§14 Abs. 4 Nr. 7 and 8 UStG).
    const rate = formatPercent(doc.tax.rateBp, doc.language);
    pdf.font(REGULAR).fontSize(10);
    for (const [label, value] of [
      [t("pdf.net", { rate }), money(doc.tax.netCents)],
      [t("pdf.tax", { rate }), money(doc.tax.taxCents)],
    ] as const) {
      text(label, left, y, { width: descriptionWidth });
      text(value, left + width - amountWidth, y, { width: amountWidth, align: "right" });
      y = pdf.y + 4;
    }
    y += 4;
  }
  pdf.font(BOLD).fontSize(12);
  text(doc.tax ? t("pdf.gross") : t("pdf.total"), left, y, { width: descriptionWidth });
  text(amount, left + width - amountWidth, y, { width: amountWidth, align: "right" });
  y = pdf.y + 8;
  rule(y, "black");
  if (doc.tax?.note) {
    y += 12;
    pdf.font(BOLD).fontSize(10).fillColor("black");
    text(t(`pdf.notes.${doc.tax.note}`), left, y, { width });
    y = pdf.y;
  }

  // How and whether it was paid; a card is optional (credit or a free upgrade has none).
  y += 24;
  pdf.font(REGULAR).fontSize(10).fillColor("black");
  if (doc.card) {
    // Language-neutral: "Visa •••• 4242" reads the same in both languages.
    text(t("pdf.paidWith", { card: `${cardBrandName(doc.card.brand)} •••• ${doc.card.last4}`, date }), left, y, { width });
    y = pdf.y + 4;
  }
  text(t("pdf.status"), left, y, { width });
  y = pdf.y;

  if (doc.testMode) {
    // Boxed and coloured: a test invoice must not pass for a real one at a glance.
    y += 20;
    pdf.font(BOLD).fontSize(10);
    const note = printed(t("pdf.testMode"));
    const noteHeight = pdf.heightOfString(note, { width: width - 20 });
    pdf
      .rect(left, y, width, noteHeight + 16)
      .lineWidth(1)
      .fillAndStroke("#fff4e5", "#b45309");
    pdf.fillColor("#b45309").text(note, left + 10, y + 8, { width: width - 20 });
  }

  // The footer sits just above the bottom margin: text below it would start a second page.
  pdf.font(REGULAR).fontSize(9).fillColor(MUTED);
  text(t("pdf.footer"), left, pdf.page.height - MARGIN - 12, { width, align: "center" });

  pdf.end();
  return done;
}
