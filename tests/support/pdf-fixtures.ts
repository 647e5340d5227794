import { deflateSync } from "node:zlib";

/**
 * Real PDFs built byte by byte, with a correct cross-reference table, for the
 * upload tests: every page draws the same content stream (so a file of
 * 30,000 pages stays under the 5 MB upload limit), optionally Flate-compressed.
 */
export function buildPdf({
  pageCount = 1,
  content,
  compress = false,
}: {
  pageCount?: number;
  content: string | Buffer;
  compress?: boolean;
}): Uint8Array<ArrayBuffer> {
  const raw = typeof content === "string" ? Buffer.from(content, "latin1") : content;
  const stream = compress ? deflateSync(raw, { level: 9 }) : raw;
  const firstPage = 5;
  const kids = Array.from({ length: pageCount }, (_, index) => `${firstPage + index} 0 R`).join(" ");
  const objects: Buffer[] = [
    Buffer.from("<< /Type /Catalog /Pages 2 0 R >>"),
    // MediaBox and Resources are inherited by every page, which keeps each page object short.
    Buffer.from(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> >>`),
    Buffer.concat([Buffer.from(`<< /Length ${stream.byteLength}${compress ? " /Filter /FlateDecode" : ""} >>\nstream\n`), stream, Buffer.from("\nendstream")]),
    Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"),
  ];
  for (let index = 0; index < pageCount; index++) objects.push(Buffer.from("<< /Type /Page /Parent 2 0 R /Contents 3 0 R >>"));

  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n")];
  let length = parts[0]!.byteLength;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const framed = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), object, Buffer.from("\nendobj\n")]);
    parts.push(framed);
    length += framed.byteLength;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref + trailer));
  const bytes = Buffer.concat(parts);
  return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
}

/** A line of text in a content stream (about 90 characters fit on the page; pdf.js leaves out what does not). */
export const textContent = (text: string) => `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;

/** A page full of lines of text, one under the other. */
export const textLines = (lines: string[]) => `BT /F1 12 Tf 72 760 Td ${lines.map((line) => `(${line}) Tj 0 -14 Td`).join(" ")} ET`;

/** A content stream of drawing operators that inflates to `megabytes` MB from about 2 KB per MB. */
export function inflatingContent(megabytes: number) {
  const unit = Buffer.from("0 0 m 1 1 l S\n");
  const content = Buffer.alloc(megabytes * 1024 * 1024);
  for (let offset = 0; offset < content.byteLength; offset += unit.byteLength) unit.copy(content, offset);
  return content;
}
