import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { accessOf, featuresOf, renderScreensDoc, SCREENS_DOC } from "./screens-doc";

describe("docs/screens.md", () => {
  it("reads a route's gate and its features from its source", () => {
    expect(accessOf('await requireActionAccess(request, "update", "contacts");')).toBe("contacts");
    expect(accessOf('requireReadAccess(request, "recordings"); requireActionAccess(request, "delete", "recordings")')).toBe("recordings");
    expect(accessOf("const { tenantId } = await requireApiTenant(request);")).toBe("API key");
    expect(accessOf("export default function Page() {}")).toBe("public");
    expect(
      featuresOf(
        [
          'import { a } from "~/features/contacts/contacts.server";',
          'import type { B } from "~/features/billing/money";',
          'import { c } from "~/features/access/gate.server";',
        ].join("\n"),
      ),
    ).toEqual(["access", "contacts"]);
  });

  it("is what the routes say today (run `npm run docs:screens` after adding or moving a route)", async () => {
    const generated = await renderScreensDoc();
    expect(generated.split("\n").filter((line) => line.startsWith("| `/")).length).toBeGreaterThanOrEqual(98);
    expect(fs.readFileSync(SCREENS_DOC, "utf8")).toBe(generated);
  });
});
