import { describe, expect, it } from "vitest";
import { PartTooLarge, readCappedMultipart } from "./capped-multipart.server";

function multipart(parts: Array<[string, string]>) {
  const form = new FormData();
  for (const [name, value] of parts) form.append(name, new Blob([value]), `${name}.bin`);
  return new Request("http://localhost/upload", { method: "POST", body: form });
}

describe("readCappedMultipart", () => {
  it("returns the kept parts in order and drops the rest", async () => {
    const parts = await readCappedMultipart(
      multipart([
        ["a", "one"],
        ["skip", "x"],
        ["a", "two"],
      ]),
      { limitOf: () => 10, keep: (name) => name === "a" },
    );
    expect(parts.map((part) => [part.name, part.bytes.toString("utf8")])).toEqual([
      ["a", "one"],
      ["a", "two"],
    ]);
  });

  it("stops at the first part over its own cap, dropped parts included", async () => {
    const limits: Record<string, number> = { small: 3, big: 100 };
    const read = (parts: Array<[string, string]>) =>
      readCappedMultipart(multipart(parts), { limitOf: (name) => limits[name] ?? 5, keep: (name) => name in limits });
    await expect(
      read([
        ["big", "x".repeat(100)],
        ["small", "abc"],
      ]),
    ).resolves.toHaveLength(2);
    await expect(read([["small", "abcd"]])).rejects.toEqual(new PartTooLarge("small", 3));
    await expect(read([["other", "123456"]])).rejects.toMatchObject({ part: "other", limit: 5 });
  });
});
