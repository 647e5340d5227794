/**
 * How an uploaded CSV's bytes become text, the same for every upload of the
 * app: binary files (a spreadsheet or an image renamed to .csv) are refused;
 * UTF-16 with a byte-order mark (Excel's "Unicode text") is read as UTF-16;
 * valid UTF-8 as UTF-8; anything else as Windows-1252, which is what older
 * Excel versions save. The decoders drop a byte-order mark.
 *
 * The contact import applies these rules while it streams a file to disk
 * (contact-import/upload.server.ts); a small file read into memory is decoded
 * at once with decodeTextBytes.
 */
export type TextEncoding = "utf-8" | "windows-1252" | "utf-16le";

/** How many bytes from the start of a streamed file are checked by looksLikeText. */
export const SNIFF_BYTES = 8 * 1024;

const startsWithUtf16Bom = (bytes: Uint8Array) => bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe;

/** Text, not binary: no NUL byte (outside UTF-16) and hardly any control characters besides tab, form feed and line ends. */
export function looksLikeText(sample: Uint8Array): boolean {
  if (startsWithUtf16Bom(sample)) return true;
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  return control <= sample.length * 0.01;
}

/** The encoding of a text file, from its first bytes and whether all of it is valid UTF-8. */
export function textEncodingOf(head: Uint8Array, validUtf8: boolean): TextEncoding {
  if (startsWithUtf16Bom(head)) return "utf-16le";
  return validUtf8 ? "utf-8" : "windows-1252";
}

const isValidUtf8 = (bytes: Uint8Array) => {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/**
 * The text of a file held in memory, or null when it is not text. All of it
 * is checked for binary content, not just the first SNIFF_BYTES, since it is
 * all there.
 */
export function decodeTextBytes(bytes: Uint8Array): string | null {
  if (!looksLikeText(bytes)) return null;
  return new TextDecoder(textEncodingOf(bytes, isValidUtf8(bytes))).decode(bytes);
}
