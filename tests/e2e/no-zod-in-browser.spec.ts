import { expect, signInQuickly, test } from "./fixtures";
import { DEMO_USERS, isScriptless } from "./support";

/**
 * The browser loads no zod (docs/decisions/0015): list pages read their URL
 * with the kit's readers, forms get their constraints from the loader and
 * their verdict from the action. Strings every zod build carries, minified or
 * not, betray it in any script a page loads.
 */
const ZOD_MARKERS = ['"ZodError"', "invalid_type_error"];

const SIGNED_OUT = ["/login", "/register", "/reset-password", "/verify-email"];
const SIGNED_IN = [
  "/overview",
  "/recordings",
  "/feedback",
  "/contacts",
  "/contacts/new",
  "/contacts/lists/new",
  "/contacts/import",
  "/campaigns",
  "/campaigns/new",
  "/numbers-managment",
  "/knowledge-base/new",
  "/profile",
  "/api-access",
];

/** Every script a page names: its module scripts and the chunks it preloads. */
function scriptsOf(html: string) {
  const sources = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((match) => match[1]!);
  return [...new Set(sources)];
}

test("no page loads zod in the browser", async ({ page }, testInfo) => {
  test.skip(isScriptless(testInfo), "Reads the pages' scripts as sent: runs once, in the js project");
  test.slow();
  const checked = new Map<string, boolean>();
  async function expectNoZod(path: string) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    const scripts = scriptsOf(await response.text());
    expect(scripts.length, `${path} names its scripts`).toBeGreaterThan(0);
    for (const script of scripts) {
      if (!checked.has(script)) {
        const body = await (await page.request.get(script)).text();
        checked.set(
          script,
          ZOD_MARKERS.some((marker) => body.includes(marker)),
        );
      }
      expect(checked.get(script), `${path} loads ${script}, which contains zod`).toBe(false);
    }
  }
  for (const path of SIGNED_OUT) await expectNoZod(path);
  await signInQuickly(page, DEMO_USERS.owner.email);
  for (const path of SIGNED_IN) await expectNoZod(path);
});
