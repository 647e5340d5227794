import PDFDocument from "pdfkit";
import { formatDate, formatMoney } from "~/i18n/format";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { invoiceNumberLabel } from "./invoice-number";
import { cardBrandName } from "./card-brand";

/**
 * An invoice as a one-page A4 PDF in the tenant's language, drawn with pdfkit.
 * Only the standard fonts are used: nothing to embed or ship, and their WinAnsi
 * encoding covers German (ä ö ü ß), the euro sign and the bullet. pdfkit loads
 * their metrics from its own package at run time, so it must stay external to
 * the server bundle (remix.config.js bundles no server dependencies).
 */

export interface InvoiceDocument {
  language: "en" | "de";
  /** Sequential per tenant; shown as invoiceNumberLabel(number). */
  number: number;
  /** ISO instant. */
  issuedAt: string;
  /** IANA zone the dates are shown in. */
  timeZone: string;
  /** "Voxboard" and its address lines (may be empty). */
  seller: { name: string; lines: string[] };
  customer: { name: string; email: string | null };
  /** Already translated, e.g. "Growth plan, first month". */
  item: string;
  amountCents: number;
  currency: string;
  card: { brand: string; last4: string } | null;
  /** Adds the translated note that no money was charged. */
  testMode: boolean;
}

export { invoiceNumberLabel };

export { cardBrandName };

/*
 * The standard fonts can show only WinAnsi characters, and pdfkit writes any
 * other one as a code wider than a byte, which garbles the rest of the line.
 * Names and items are the tenant's own text: a letter with a diacritic WinAnsi
 * lacks keeps its base letter (ő → o, ż → z), anything else becomes "?".
 */
const WIN_ANSI_EXTRAS = new Set([..."ƒ–—‘’‚“”„†‡•…€‰‹›ˆ™ŒœŠšŸŽž˜"].map((char) => char.codePointAt(0)));
const BASE_LETTERS: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", ı: "i", "\u202f": "\u00a0", "\u2009": " " };

function winAnsi(text: string) {
  let result = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(code)) result += char;
    else if (code < 0x20) result += " ";
    else result += BASE_LETTERS[char] ?? winAnsiBase(char);
  }
  return result;
}

function winAnsiBase(char: string) {
  const base = char.normalize("NFD").replace(/\p{M}/gu, "");
  return base !== char && [...base].every((c) => (c.codePointAt(0) ?? 0) < 0x7f) ? base : "?";
}

const MARGIN = 56; // about 2 cm
const MUTED = "#555555";
const RULE = "#cccccc";

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const t = await getTranslatorFor(doc.language, "billing");
  const numberLabel = invoiceNumberLabel(doc.number);
  const date = formatDate(doc.issuedAt, doc.language, doc.timeZone);
  const amount = formatMoney(doc.amountCents, doc.currency, doc.language);
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

  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) => pdf.text(winAnsi(value), x, y, options);

  // Title on the left; number and date on the right, where a reader looks for them.
  pdf.font("Helvetica-Bold").fontSize(24).fillColor("black");
  text(title, left, MARGIN);
  const metaWidth = 220;
  const metaX = left + width - metaWidth;
  pdf.fontSize(10);
  let y = MARGIN + 2;
  for (const [label, value] of [
    [t("pdf.number"), numberLabel],
    [t("pdf.date"), date],
  ] as const) {
    pdf.font("Helvetica").fillColor(MUTED);
    text(label, metaX, y, { width: metaWidth - 100 });
    pdf.font("Helvetica-Bold").fillColor("black");
    text(value, metaX + metaWidth - 100, y, { width: 100, align: "right" });
    y += 16;
  }

  // Seller and customer side by side, each under its label.
  y = MARGIN + 70;
  const blockWidth = width / 2 - 12;
  const block = (label: string, name: string, lines: string[], x: number) => {
    pdf.font("Helvetica-Bold").fontSize(9).fillColor(MUTED);
    text(label, x, y, { width: blockWidth });
    pdf.font("Helvetica-Bold").fontSize(11).fillColor("black");
    text(name, x, y + 15, { width: blockWidth });
    pdf.font("Helvetica").fontSize(10);
    for (const line of lines) text(line, x, pdf.y + 2, { width: blockWidth });
    return pdf.y;
  };
  const sellerEnd = block(t("pdf.from"), doc.seller.name, doc.seller.lines, left);
  const customerEnd = block(t("pdf.billedTo"), doc.customer.name, doc.customer.email ? [doc.customer.email] : [], left + width / 2 + 12);

  // One item row between rules, then the total in bold.
  const amountWidth = 140;
  const descriptionWidth = width - amountWidth - 16;
  const rule = (at: number, color = RULE) => pdf.moveTo(left, at).lineTo(left + width, at).lineWidth(0.75).strokeColor(color).stroke();
  y = Math.max(sellerEnd, customerEnd) + 36;
  pdf.font("Helvetica-Bold").fontSize(9).fillColor(MUTED);
  text(t("pdf.item"), left, y, { width: descriptionWidth });
  text(t("pdf.amount"), left + width - amountWidth, y, { width: amountWidth, align: "right" });
  y += 16;
  rule(y);
  y += 10;
  pdf.font("Helvetica").fontSize(11).fillColor("black");
  text(doc.item, left, y, { width: descriptionWidth });
  const itemEnd = pdf.y;
  text(amount, left + width - amountWidth, y, { width: amountWidth, align: "right" });
  y = Math.max(itemEnd, pdf.y) + 10;
  rule(y);
  y += 12;
  pdf.font("Helvetica-Bold").fontSize(12);
  text(t("pdf.total"), left, y, { width: descriptionWidth });
  text(amount, left + width - amountWidth, y, { width: amountWidth, align: "right" });
  y = pdf.y + 8;
  rule(y, "black");

  // How and whether it was paid; a card is optional (credit or a free upgrade has none).
  y += 24;
  pdf.font("Helvetica").fontSize(10).fillColor("black");
  if (doc.card) {
    // Language-neutral: the bullet is in WinAnsi, so "Visa •••• 4242" reads the same in both languages.
    text(t("pdf.paidWith", { card: `${cardBrandName(doc.card.brand)} •••• ${doc.card.last4}`, date }), left, y, { width });
    y = pdf.y + 4;
  }
  text(t("pdf.status"), left, y, { width });
  y = pdf.y;

  if (doc.testMode) {
    // Boxed and coloured: a test invoice must not pass for a real one at a glance.
    y += 20;
    pdf.font("Helvetica-Bold").fontSize(10);
    const note = winAnsi(t("pdf.testMode"));
    const noteHeight = pdf.heightOfString(note, { width: width - 20 });
    pdf
      .rect(left, y, width, noteHeight + 16)
      .lineWidth(1)
      .fillAndStroke("#fff4e5", "#b45309");
    pdf.fillColor("#b45309").text(note, left + 10, y + 8, { width: width - 20 });
  }

  // The footer sits just above the bottom margin: text below it would start a second page.
  pdf.font("Helvetica").fontSize(9).fillColor(MUTED);
  text(t("pdf.footer"), left, pdf.page.height - MARGIN - 12, { width, align: "center" });

  pdf.end();
  return done;
}
