import { expect, signInQuickly, test } from "./fixtures";
import { DEMO_USERS, isScriptless, sidebar } from "./support";

/**
 * The translation files a page names for its first render (app/i18n/translations-script.tsx): listed in its JSON,
 * each preloaded by its head from the same URL; no translation text inside the page itself (issue 27).
 */
function embeddedNamespaces(html: string): string[] {
  const json = /<script id="i18n-resources" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  expect(json, "the page names its translations").toBeTruthy();
  const { namespaces, release } = JSON.parse(json!) as { namespaces: string[]; release: string };
  expect(release).toMatch(/^[0-9a-f]{10}$/);
  expect(json!.length, "a list of names, not the translations").toBeLessThan(200);
  const head = html.slice(0, html.indexOf("</head>"));
  for (const namespace of namespaces) {
    expect(head, `${namespace} is preloaded`).toContain(
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="/locales/${html.match(/<html lang="(\w+)"/)![1]}/${namespace}.${release}.json"/>`,
    );
  }
  return [...namespaces].sort();
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

test("a page loads its translations as cacheable files, once each (the preloads are used), and a screen reached without a page load fetches only those it lacks", async ({
  page,
}, testInfo) => {
  test.skip(isScriptless(testInfo), "Client-side navigation needs JavaScript");
  await signInQuickly(page, DEMO_USERS.owner.email);
  const translationFiles: Array<{ url: string; cacheControl: string | undefined }> = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/locales/"))
      translationFiles.push({ url: response.url(), cacheControl: response.headers()["cache-control"] });
  });
  await page.goto("/recordings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Recordings/);
  await page.waitForFunction(() => Object.keys(document.getElementById("main") ?? {}).some((key) => key.startsWith("__react")));
  const firstLoad = translationFiles.map((file) => new URL(file.url).pathname.replace(/\.[0-9a-f]{10}\.json$/, "")).sort();
  expect(firstLoad).toEqual(["/locales/en/calls", "/locales/en/common", "/locales/en/recording", "/locales/en/recordings"]);
  for (const file of translationFiles) expect(file.cacheControl, file.url).toBe("public, max-age=31536000, immutable");
  translationFiles.length = 0;

  await sidebar(page).getByRole("link", { name: "Campaigns", exact: true }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Campaigns");
  // Not one raw key on the screen.
  await expect(page.locator("main")).not.toContainText(/\b(list|form|status|empty)\.[a-z]+[A-Z]?\w*/);
  expect(translationFiles.map((file) => new URL(file.url).pathname)).toEqual([expect.stringMatching(/^\/locales\/en\/campaigns\.[0-9a-f]{10}\.json$/)]);
  expect(translationFiles[0]!.cacheControl).toBe("public, max-age=31536000, immutable");
});

test("a translation file that cannot be loaded leaves the server's page as it is, readable and working without scripts, instead of hydrating it into raw keys", async ({
  page,
}, testInfo) => {
  test.skip(isScriptless(testInfo), "Hydration needs JavaScript");
  await page.route(/\/locales\/en\/auth\.[0-9a-f]{10}\.json$/, (route) => route.fulfill({ status: 503, body: "unavailable" }));
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  await page.goto("/login");
  await expect.poll(() => consoleErrors.some((text) => text.includes("Translations en/auth: HTTP 503"))).toBe(true);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to Voxboard");
  expect(await page.evaluate(() => Object.keys(document.getElementById("main") ?? document.body).some((key) => key.startsWith("__react")))).toBe(false);
  // The form still posts, as it does without JavaScript.
  await page.getByLabel("Email").fill(DEMO_USERS.owner.email);
  await page.getByLabel("Password", { exact: true }).fill("wrong password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Invalid email or password").first()).toBeVisible();
});

test("a list row carries one play control, and the short classes that replace repeated utilities keep their colours after the build", async ({ page }) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/recordings?status=voicemail");
  const row = page.locator("tbody tr").first();
  await expect(
    row
      .getByRole(/* a link without scripts, a button with them */ "link", { name: /^Play the recording of / })
      .or(row.getByRole("button", { name: /^Play the recording of / })),
  ).toHaveCount(1);
  // Tailwind keeps only the classes it finds written in the source: a badge class built from a variable came out colourless.
  const badge = row.locator(".badge").first();
  await expect(badge).toBeVisible();
  expect(await badge.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toMatch(/^(rgba\(0, 0, 0, 0\)|transparent|rgb\(255, 255, 255\))$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row.locator(".data-cell-play")).toBeVisible();
});
