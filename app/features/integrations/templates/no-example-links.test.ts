import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 27: no link in the product points at an `.example` host (RFC 2606 reserves
 * the TLD, so such a link can never open). Placeholders like https://cal.example.com
 * stay allowed: that host ends in .com. Decision 0061.
 */
const root = join(__dirname, "../../../..");
const URL_PATTERN = /https?:\/\/[^\s"'`<>)\\]+/g;

const exampleHostsIn = (text: string) =>
  [...text.matchAll(URL_PATTERN)]
    .map((match) => match[0])
    .filter((url) => {
      try {
        const host = new URL(url).hostname;
        return host === "example" || host.endsWith(".example");
      } catch {
        return false;
      }
    });

const filesUnder = (folder: string, keep: (name: string) => boolean) =>
  (readdirSync(join(root, folder), { recursive: true }) as string[]).filter(keep).map((name) => join(folder, name));

describe("no .example links", () => {
  it("finds one when it is there", () => {
    expect(exampleHostsIn('{"documentationUrl": "https://docs.vendor.example/api"}')).toEqual(["https://docs.vendor.example/api"]);
    expect(exampleHostsIn("Enter the API address, such as https://cal.example.com.")).toEqual([]);
  });

  it.each(filesUnder("app/features/integrations/templates", (name) => name.endsWith(".json")))("template %s links nowhere .example", (file) => {
    const template = JSON.parse(readFileSync(join(root, file), "utf8")) as Record<string, unknown>;
    // baseUrl is the connect form's prefilled API address the tenant replaces, not a link anyone follows.
    const { baseUrl: _baseUrl, ...linked } = template;
    expect(exampleHostsIn(JSON.stringify(linked))).toEqual([]);
  });

  it.each(filesUnder("locales", (name) => name.endsWith(".json")))("locale %s links nowhere .example", (file) => {
    expect(exampleHostsIn(readFileSync(join(root, file), "utf8"))).toEqual([]);
  });

  it("no screen or seed links to an .example host", () => {
    const sources = filesUnder("app", (name) => /\.(tsx?)$/.test(name) && !/\.test\.tsx?$/.test(name));
    const found = sources.flatMap((file) => exampleHostsIn(readFileSync(join(root, file), "utf8")).map((url) => `${file}: ${url}`));
    expect(found).toEqual([]);
  });
});
