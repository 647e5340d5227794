import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { namespaceFileReply, namespaceVersions } from "./namespace-files.server";
import { resources } from "./resources.server";
import { namespacesForMatches } from "./route-namespaces";

describe("translation namespaces as files", () => {
  it("are named by their content, so a release with other text gets other names", () => {
    const en = namespaceVersions("en");
    const de = namespaceVersions("de");
    expect(Object.keys(en).sort()).toEqual(Object.keys(resources.en).sort());
    expect(en.campaigns).toMatch(/^[0-9a-f]{10}$/);
    expect(en.campaigns).not.toBe(de.campaigns);
  });

  it("are served compressed and cached for a year under their current name", () => {
    const version = namespaceVersions("de").campaigns!;
    const brotli = namespaceFileReply("de", `campaigns.${version}.json`, "gzip, deflate, br");
    expect(brotli.status).toBe(200);
    expect(brotli.headers["Content-Encoding"]).toBe("br");
    expect(brotli.headers["Cache-Control"]).toBe("public, max-age=31536000, immutable");
    expect(JSON.parse(brotliDecompressSync(brotli.body as Buffer).toString("utf8"))).toEqual(resources.de.campaigns);

    const gzip = namespaceFileReply("de", `campaigns.${version}.json`, "gzip");
    expect(JSON.parse(gunzipSync(gzip.body as Buffer).toString("utf8"))).toEqual(resources.de.campaigns);
    const plain = namespaceFileReply("de", `campaigns.${version}.json`, undefined);
    expect(JSON.parse((plain.body as Buffer).toString("utf8"))).toEqual(resources.de.campaigns);
  });

  it("serve a namespace whose name has a hyphen", () => {
    const version = namespaceVersions("de")["service-desk"]!;
    const reply = namespaceFileReply("de", `service-desk.${version}.json`, undefined);
    expect(reply.status).toBe(200);
    expect(JSON.parse((reply.body as Buffer).toString("utf8"))).toEqual(resources.de["service-desk"]);
  });

  it("answer an old name with today's content that is not cached, and refuse names that are not ours", () => {
    expect(namespaceFileReply("en", "common.0000000000.json", "gzip").headers["Cache-Control"]).toBe("no-cache");
    expect(namespaceFileReply("fr", "common.0000000000.json", "gzip").status).toBe(404);
    expect(namespaceFileReply("en", "secrets.0000000000.json", "gzip").status).toBe(404);
    expect(namespaceFileReply("en", "../common.0000000000.json", "gzip").status).toBe(404);
  });
});

describe("the namespaces a page ships", () => {
  it("are the default one plus those its matched routes declare, known ones only, in a stable order", () => {
    expect(namespacesForMatches([undefined, { i18n: ["recordings", "calls"] }, { i18n: ["recording"] }, { other: true }])).toEqual([
      "common",
      "recordings",
      "recording",
      "calls",
    ]);
    expect(namespacesForMatches([{ i18n: ["nope"] }])).toEqual(["common"]);
  });
});
