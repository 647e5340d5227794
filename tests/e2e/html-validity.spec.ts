import fs from "node:fs";
import path from "node:path";
import { expect, signInQuickly, test } from "./fixtures";
import { choose, OWNER_SCREENS, resolveIds, resolveSuperAdminIds, screenPath, SUPER_ADMIN_SCREENS } from "./screens";
import { DEMO_USERS } from "./support";
import { vnuErrors } from "./vnu";

/*
 * Every screen of the layout audit (screens.ts), signed in as the owner, in
 * English with the light theme and in German with the dark one, plus the
 * signed-out pages, as the server sends them to a browser, checked by the Nu
 * HTML Checker in one run (docs/decisions/0026-html-validity.md). Errors fail
 * the test, listed by page, message and extract; warnings do not.
 */

// The server's HTML does not depend on whether the browser runs scripts: checked once.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the server's HTML is checked once, in the js project");

/**
 * A browser's user agent, not Playwright's HeadlessChrome: the server sends a
 * crawler the whole document at once and a browser the streamed one, and the
 * streamed one is what people get.
 */
const BROWSER_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** Invalid on purpose: the checker must report it, or the run proves nothing. */
const CANARY = '<!DOCTYPE html><html lang="en"><head><title>canary</title></head><body><span><ul><li>a list in a span</li></ul></span></body></html>';

const SIGNED_OUT = ["/login", "/register", "/reset-password"];

test("every screen is valid HTML (Nu HTML Checker)", async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const dir = testInfo.outputPath("html");
  fs.mkdirSync(dir, { recursive: true });
  const pages = new Map<string, string>(); // file → "language URL"
  const save = (label: string, html: string) => {
    const file = path.join(dir, `${String(pages.size).padStart(3, "0")}.html`);
    fs.writeFileSync(file, html);
    pages.set(file, label);
  };
  const headers = { "User-Agent": BROWSER_USER_AGENT };

  for (const url of SIGNED_OUT) {
    const response = await request.get(url, { headers });
    expect(response.status(), url).toBe(200);
    save(`signed out ${url}`, await response.text());
  }

  for (const audit of [
    { email: DEMO_USERS.owner.email, screens: OWNER_SCREENS, resolve: resolveIds },
    { email: DEMO_USERS.admin.email, screens: SUPER_ADMIN_SCREENS, resolve: resolveSuperAdminIds },
  ]) {
    await signInQuickly(page, audit.email);
    const ids = await audit.resolve(page);
    for (const [language, theme] of [
      ["en", "light"],
      ["de", "dark"],
    ] as const) {
      await choose(page, theme, language);
      const urls = audit.screens.map((template) => screenPath(template, ids));
      // A few at a time: the server renders four pages at once (MAX_CONCURRENT_RENDERS).
      for (let start = 0; start < urls.length; start += 4) {
        const batch = urls.slice(start, start + 4);
        const bodies = await Promise.all(
          batch.map(async (url) => {
            const response = await page.request.get(url, { headers, maxRedirects: 0 });
            expect(response.status(), url).toBe(200);
            const html = await response.text();
            expect(html, `${url} is not in ${language}`).toContain(`<html lang="${language}"`);
            return html;
          }),
        );
        batch.forEach((url, index) => save(`${language} ${url}`, bodies[index]!));
      }
    }
  }

  const canary = path.join(dir, "canary.html");
  fs.writeFileSync(canary, CANARY);
  const started = Date.now();
  const errors = await vnuErrors([...pages.keys(), canary]);
  testInfo.annotations.push({ type: "vnu", description: `${pages.size} pages checked in ${Date.now() - started} ms` });
  expect(
    errors
      .get(canary)
      ?.map((error) => error.message)
      .join("\n"),
    "the checker did not flag the invalid canary",
  ).toContain("not allowed as child of element");
  errors.delete(canary);

  const report = [...errors].map(([file, messages]) =>
    [
      `${pages.get(file) ?? file} (${path.basename(file)}): ${messages.length} error(s)`,
      ...messages.map((m) => `  line ${m.lastLine ?? "?"}: ${m.message}\n    ${JSON.stringify(m.extract ?? "")}`),
    ].join("\n"),
  );
  const total = [...errors.values()].reduce((sum, messages) => sum + messages.length, 0);
  if (report.length > 0) await testInfo.attach("vnu errors", { body: report.join("\n\n"), contentType: "text/plain" });
  expect(report, `${total} HTML error(s) on ${errors.size} of ${pages.size} pages:\n\n${report.join("\n\n")}`).toEqual([]);
});
