import { expect, signInQuickly, test } from "./fixtures";
import { DEMO_USERS, isScriptless, sidebar } from "./support";

/** The translations a page embeds for its first render (see app/i18n/translations-script.tsx). */
function embeddedNamespaces(html: string): string[] {
  const json = /<script id="i18n-resources" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  expect(json, "the page embeds its translations").toBeTruthy();
  return Object.keys((JSON.parse(json!) as { resources: Record<string, unknown> }).resources).sort();
}

test("a page ships only the translations its screen uses, and no byte React did not render", async ({ page }, testInfo) => {
  test.skip(isScriptless(testInfo), "Reads the HTML as sent: runs once, in the js project");
  const login = await page.request.get("/login");
  const loginHtml = await login.body();
  expect(loginHtml.includes(0)).toBe(false);
  expect(embeddedNamespaces(loginHtml.toString("utf8"))).toEqual(["auth", "common"]);

  await signInQuickly(page, DEMO_USERS.owner.email);
  const pages: Array<[string, string[]]> = [
    ["/recordings", ["calls", "common", "recording", "recordings"]],
    ["/campaigns", ["campaigns", "common"]],
    // The overview hosts the onboarding wizard, whose phone step needs the phone namespace.
    ["/overview", ["calls", "common", "onboarding", "phone"]],
  ];
  for (const [path, namespaces] of pages) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    const body = await response.body();
    expect(body.includes(0), `${path} contains a NUL byte`).toBe(false);
    expect(embeddedNamespaces(body.toString("utf8")), path).toEqual(namespaces);
  }
});

test("the page's scripts are preloaded at low priority, behind the stylesheet, and the page still hydrates", async ({ page }, testInfo) => {
  test.skip(isScriptless(testInfo), "Reads the HTML as sent and waits for hydration: runs in the js project");
  const html = await (await page.request.get("/login")).text();
  const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
  expect(preloads.length).toBeGreaterThan(5);
  for (const link of preloads) expect(link, "every module preload").toContain('fetchpriority="low"');
  expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('rel="modulepreload"'));

  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/login");
  // React marks every element it has hydrated with its own properties.
  await page.waitForFunction(() => Object.keys(document.getElementById("main") ?? {}).some((key) => key.startsWith("__react")));
  expect(errors).toEqual([]);
});

test("a screen reached without a page load fetches the translations it lacks, once and cacheable", async ({ page }, testInfo) => {
  test.skip(isScriptless(testInfo), "Client-side navigation needs JavaScript");
  await signInQuickly(page, DEMO_USERS.owner.email);
  const translationFiles: Array<{ url: string; cacheControl: string | undefined }> = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/locales/"))
      translationFiles.push({ url: response.url(), cacheControl: response.headers()["cache-control"] });
  });
  await page.goto("/recordings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Recordings/);
  expect(translationFiles).toEqual([]);

  await sidebar(page).getByRole("link", { name: "Campaigns", exact: true }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Campaigns");
  // Not one raw key on the screen.
  await expect(page.locator("main")).not.toContainText(/\b(list|form|status|empty)\.[a-z]+[A-Z]?\w*/);
  expect(translationFiles.map((file) => new URL(file.url).pathname)).toEqual([expect.stringMatching(/^\/locales\/en\/campaigns\.[0-9a-f]{10}\.json$/)]);
  expect(translationFiles[0]!.cacheControl).toBe("public, max-age=31536000, immutable");
});
