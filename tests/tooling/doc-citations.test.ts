import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Comments and test titles cite documents of this repository (docs/decisions/0029-code-layout.md): the product rules
 * are stated in docs/product/, never cited from a specification kept elsewhere. This test fails on
 * (a) a citation of an outside spec ("spec section 5", "the spec's rules", "the spec says") in app/, tests/ or tools/;
 * (b) a cited `docs/….md` that does not exist, or a `docs/….md#anchor` whose file has no such heading.
 */
const ROOT = path.resolve(__dirname, "../..");
const TREES = ["app", "tests", "tools"];
const SELF = path.relative(ROOT, __filename).split(path.sep).join("/");
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|json|css|md|sql|ya?ml|html|txt)$/;

/** Phrases that cite an outside specification, looked for case-insensitively in text whose comment lines are joined. */
const FORBIDDEN = /\bspec\s+sections?\b|\bthe\s+spec(?:['’]s)?\b(?!\.[a-z])|\bspec['’]s\b|\bspecification\b/gi;

/** External standards that may be named a specification: the text just before the word must end with one of these. */
const ALLOWED_SPECIFICATIONS = ["Standard Webhooks"];

const DOC_CITATION = /(?<![\w/.-])(docs\/[\w./-]+\.md)(?:#([\w-]+))?/g;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".") || entry.name === "node_modules") return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.isFile() && TEXT_FILE.test(entry.name) ? [full] : [];
  });
}

const files = TREES.flatMap((tree) => walk(path.join(ROOT, tree)))
  .map((full) => path.relative(ROOT, full).split(path.sep).join("/"))
  .filter((file) => file !== SELF)
  .sort();

/**
 * The text with each line's leading comment marker (`*`, `//`) removed and the lines joined by a space, so a phrase
 * broken over two comment lines is still found; `lineAt` gives the line number of an offset in it.
 */
function joinedText(source: string) {
  const starts: number[] = [];
  let text = "";
  for (const line of source.split("\n")) {
    starts.push(text.length);
    text += line.replace(/^\s*(?:\/\/+|\/?\*+\/?)?\s*/, "") + " ";
  }
  const lineAt = (offset: number) => {
    let line = 0;
    while (line + 1 < starts.length && starts[line + 1]! <= offset) line++;
    return line + 1;
  };
  return { text, lineAt };
}

/** The outside-spec citations in a source text, as "line: phrase". */
function specCitations(source: string): string[] {
  const { text, lineAt } = joinedText(source);
  const found: string[] = [];
  for (const match of text.matchAll(FORBIDDEN)) {
    const before = text.slice(0, match.index).trimEnd();
    if (/^specification$/i.test(match[0]) && ALLOWED_SPECIFICATIONS.some((name) => before.toLowerCase().endsWith(name.toLowerCase()))) continue;
    found.push(`${lineAt(match.index)}: ${text.slice(Math.max(0, match.index - 30), match.index + match[0].length + 30).trim()}`);
  }
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation but '-' and '_' dropped, each space a '-'. */
function headingSlug(heading: string) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a Markdown file's headings (outside code fences), a repeated one numbered as GitHub does. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

describe("the checks themselves", () => {
  it("find outside-spec citations, also across comment lines, and leave external standards and Playwright specs alone", () => {
    expect(specCitations("// Spec section 9: search debounce 300 ms.")).toHaveLength(1);
    expect(specCitations(" * the typing format of spec\n * section 5 with the caret")).toEqual(["1: the typing format of spec section 5 with the caret"]);
    expect(specCitations("/** whether the spec's rules accept it */")).toHaveLength(1);
    expect(specCitations("it('leaves input as the spec says', () => {})")).toHaveLength(1);
    expect(specCitations("/** Public like the spec. */")).toHaveLength(1);
    expect(specCitations("/** per the product specification */")).toHaveLength(1);
    expect(specCitations(" * each delivery signed per the Standard Webhooks specification (webhook-id,")).toEqual([]);
    expect(specCitations("// audited by its own spec; see tests/e2e/layout.spec.ts and the campaigns spec")).toEqual([]);
    expect(specCitations("(docs/product/validation.md#phone-numbers)")).toEqual([]);
  });

  it("make GitHub's anchors", () => {
    expect(headingSlug("Phone numbers")).toBe("phone-numbers");
    expect(headingSlug("The sidebar a role sees")).toBe("the-sidebar-a-role-sees");
    expect(headingSlug("Errors: `loadFailed` (server)")).toBe("errors-loadfailed-server");
    expect([...anchorsOf("# A\n## Tabs\n```\n# not a heading\n```\n### Tabs\n")]).toEqual(["a", "tabs", "tabs-1"]);
  });
});

describe("citations in app/, tests/ and tools/", () => {
  it("never cite an outside specification: the rules are in docs/product/", () => {
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => specCitations(fs.readFileSync(path.join(ROOT, file), "utf8")).map((hit) => `${file}:${hit}`));
    expect(found).toEqual([]);
  });

  it("name documents that exist, and headings that exist in them", () => {
    const anchors = new Map<string, Set<string>>();
    const broken: string[] = [];
    let cited = 0;
    for (const file of files) {
      for (const match of fs.readFileSync(path.join(ROOT, file), "utf8").matchAll(DOC_CITATION)) {
        const [citation, doc, anchor] = match as unknown as [string, string, string | undefined];
        cited++;
        const target = path.join(ROOT, doc);
        if (!fs.existsSync(target)) {
          broken.push(`${file}: ${citation} (no such file)`);
          continue;
        }
        if (!anchor) continue;
        if (!anchors.has(doc)) anchors.set(doc, anchorsOf(fs.readFileSync(target, "utf8")));
        if (!anchors.get(doc)!.has(anchor)) broken.push(`${file}: ${citation} (no heading "#${anchor}" in ${doc})`);
      }
    }
    expect(cited).toBeGreaterThan(50);
    expect(broken).toEqual([]);
  });
});
