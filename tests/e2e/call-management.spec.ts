import type { Page } from "@playwright/test";
import { auditsWithScriptsOnly, expect, expectNoSeriousViolations, prepareAccessibilityAudit, signInQuickly, test, waitForHydration } from "./fixtures";
import { DEMO_USERS, isScriptless } from "./support";

/*
 * /call-management's tabs over the demo tenant's two live and two queued
 * calls, and the way calls get there: an API key and the ingestion API.
 */

const tabs = (page: Page) => page.getByRole("navigation", { name: "Call management sections" });

test("the tabs show live, queued and missed calls and the recordings list", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/call-management");
  await expect(tabs(page).getByRole("link", { name: "Active Calls" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("live-calls").locator("tbody tr")).toHaveCount(2);
  await expect(page.getByRole("table", { name: "Calls in progress, newest first" })).toBeVisible();

  await tabs(page).getByRole("link", { name: "Call Queue" }).click();
  await expect(page).toHaveURL(/\/call-management\?tab=callqueue$/);
  await expect(tabs(page).getByRole("link", { name: "Call Queue" })).toHaveAttribute("aria-current", "page");
  const queued = page.getByTestId("queued-calls").locator("tbody tr");
  await expect(queued).toHaveCount(2);
  // Newest first: the call that has waited longest is at the bottom, and is answered next.
  await expect(queued.locator("td:first-child")).toHaveText(["2", "1"]);

  await tabs(page).getByRole("link", { name: "Missed Calls" }).click();
  await expect(page).toHaveURL(/\/call-management\?tab=missedcalls$/);
  const missed = page.getByTestId("missed-calls").locator("tbody tr");
  await expect(missed.first()).toBeVisible();
  const statuses = await missed.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-status")));
  expect(new Set(statuses)).toEqual(new Set(["missed", "voicemail"]));
  await expect(missed.filter({ hasText: "Voicemail" }).first()).toBeVisible();
  await expect(missed.first().getByRole("link", { name: /^Call back / })).toHaveAttribute("href", /^tel:\+\d+$/);

  // The recordings list has one screen, /recordings, which shows the same tabs.
  await tabs(page).getByRole("link", { name: "Recordings" }).click();
  await expect(page).toHaveURL(/\/recordings$/);
  await expect(page.getByRole("table", { name: "Recordings sorted by Date, descending" }).locator("tbody tr")).toHaveCount(10);
  await waitForHydration(page, testInfo);
  const search = page.getByRole("search", { name: "Search and filter recordings" }).getByLabel("Search", { exact: true });
  await search.fill("roof");
  if (isScriptless(testInfo)) await search.press("Enter");
  await expect(page).toHaveURL(/\/recordings\?q=roof(&|$)/);
  await expect(tabs(page).getByRole("link", { name: "Recordings" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("recordings-summary")).toContainText(/of \d+ recordings?$/);
  await expect(page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/recordings?q=roof&page=2");
  // The old address of the tab still works, with its filters.
  await page.goto("/call-management?tab=recordings&q=roof");
  await expect(page).toHaveURL(/\/recordings\?q=roof$/);
});

test("the live tab keeps itself up to date, or offers a refresh link without scripts", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/call-management?tab=live-calls");
  const refresh = page.getByTestId("refresh-link");
  await expect(refresh).toHaveAttribute("href", "/call-management?tab=live-calls");
  // The same 12-hour clock as the call times beside it ("12:33 AM"), not a 24-hour "00:39:53".
  await expect(page.getByTestId("last-updated").locator("time")).toHaveText(/^\d{1,2}:\d{2}:\d{2}\s[AP]M$/);

  if (isScriptless(testInfo)) {
    await expect(page.getByTestId("last-updated")).not.toContainText("updates every");
    await refresh.click();
    await expect(page).toHaveURL(/\/call-management\?tab=live-calls$/);
    await expect(page.getByTestId("live-calls").locator("tbody tr")).toHaveCount(2);
    return;
  }

  await waitForHydration(page, testInfo);
  await expect(page.getByTestId("last-updated")).toContainText("updates every 5 seconds");
  const before = await page.getByTestId("last-updated").locator("time").getAttribute("datetime");
  // A revalidation by itself, with nothing clicked: single fetch asks for the page's data.
  const revalidated = await page.waitForResponse((response) => new URL(response.url()).pathname === "/call-management.data", { timeout: 7_000 });
  expect(revalidated.status()).toBe(200);
  await expect(page.getByTestId("last-updated").locator("time")).not.toHaveAttribute("datetime", before!);
  await expect(page.getByTestId("live-calls").locator("tbody tr")).toHaveCount(2);
});

test("an API key created on /api-access lets a platform send a call, which the list then finds", async ({ page, request }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/api-access");
  const name = `E2E platform ${testInfo.project.name} ${Date.now()}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  // Keys need at least one scope (issue 26); these tests send call events and read calls.
  await page.getByRole("checkbox", { name: /calls:write/ }).check();
  await page.getByRole("checkbox", { name: /calls:read/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();

  const created = page.getByTestId("new-api-key");
  await expect(created).toContainText(`Your new API key “${name}”`);
  const key = await created.getByLabel("API key").inputValue();
  expect(key).toMatch(/^vbk_\S{20,}$/);
  await expect(page.getByTestId("api-keys").getByRole("rowheader", { name })).toBeVisible();

  // Shown once: the list keeps only its prefix.
  await page.goto("/api-access");
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  const listed = page
    .getByTestId("api-keys")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name }) });
  await expect(listed).toContainText("Active");
  await expect(listed).not.toContainText(key);
  expect(await page.content()).not.toContain(key);

  // A word no demo call and no other run has: the search finds this call and no other.
  const word = `quokka${testInfo.project.name.replace(/\W/g, "")}${Date.now().toString(36)}`;
  const event = {
    eventId: `e2e-${word}`,
    type: "call.ended",
    occurredAt: new Date().toISOString(),
    call: {
      id: `e2e-call-${word}`,
      direction: "inbound",
      from: "+14165550199",
      to: "+14165550100",
      agent: { name: "Ava" },
      caller: { name: "Quinn Example", company: "Example Widgets" },
      transcript: [
        { speaker: "customer", text: `Hi, I am calling about order ${word}.`, startSeconds: 0 },
        { speaker: "agent", text: "Thanks, I have found it. It ships tomorrow.", startSeconds: 4.2 },
      ],
      summary: "The customer asked about an order; it ships tomorrow.",
      durationSeconds: 12,
    },
  };
  // `request` carries no cookies: the key alone is the authentication.
  const sent = await request.post("/api/v1/call-events", { headers: { Authorization: `Bearer ${key}` }, data: event });
  expect(sent.status(), await sent.text()).toBe(201);
  const body = (await sent.json()) as { callId: string; duplicate: boolean; status: string };
  expect(body).toMatchObject({ duplicate: false, status: "ended" });
  const again = await request.post("/api/v1/call-events", { headers: { Authorization: `Bearer ${key}` }, data: event });
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({ duplicate: true, callId: body.callId });
  expect((await request.post("/api/v1/call-events", { data: event })).status()).toBe(401);

  await page.goto("/recordings");
  const search = page.getByRole("search", { name: "Search and filter recordings" }).getByLabel("Search", { exact: true });
  await search.fill(word.toUpperCase());
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word.toUpperCase()}\\b`));
  await expect(page.getByTestId("recordings-summary")).toHaveText("Showing 1–1 of 1 recording");
  const row = page.getByRole("table").locator("tbody tr");
  await expect(row).toHaveCount(1);
  // The compact list names the caller; the numbers are on the call's page.
  await expect(row).toContainText("Quinn Example");
  await waitForHydration(page, testInfo);
  if (!isScriptless(testInfo)) await row.getByRole("button", { name: "Actions for the call with Quinn Example" }).click();
  const open = isScriptless(testInfo) ? row.getByRole("link", { name: "Open", exact: true }) : page.getByRole("menuitem", { name: "Open", exact: true });
  await expect(open).toHaveAttribute("href", new RegExp(`^/recordings/${body.callId}\\?`));
});

test("a key is revoked from its row: a dialog with scripts, a confirmation step without", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/api-access");
  const name = `E2E revoke ${testInfo.project.name} ${Date.now()}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  // Keys need at least one scope (issue 26); these tests send call events and read calls.
  await page.getByRole("checkbox", { name: /calls:write/ }).check();
  await page.getByRole("checkbox", { name: /calls:read/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByTestId("new-api-key")).toBeVisible();

  await page.goto("/api-access");
  await waitForHydration(page, testInfo);
  const row = page
    .getByTestId("api-keys")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row).toContainText("Active");
  const actions = `Actions for the key “${name}”`;
  if (isScriptless(testInfo)) {
    // The row's actions are plain links; Revoke opens the confirmation step on the page itself.
    await row.getByRole("list", { name: actions }).getByRole("link", { name: "Revoke" }).click();
    await expect(page).toHaveURL(/\/api-access\?tab=keys&revoke=/);
    const confirmation = page.getByTestId("revoke-confirmation");
    await expect(confirmation.getByRole("heading", { name: `Revoke the key “${name}”?` })).toBeVisible();
    await confirmation.getByRole("button", { name: "Revoke key" }).click();
  } else {
    await row.getByRole("button", { name: actions }).click();
    await page.getByRole("menuitem", { name: "Revoke" }).click();
    const dialog = page.getByRole("dialog", { name: `Revoke the key “${name}”?` });
    await expect(dialog.getByText("will be refused from now on")).toBeVisible();
    // Cancel keeps the key; the second time it is revoked.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Active");
    await row.getByRole("button", { name: actions }).click();
    await page.getByRole("menuitem", { name: "Revoke" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
  }
  await expect(page).toHaveURL(/\/api-access\?tab=keys$/);
  await expect(row).toContainText("Revoked on");
  // A revoked key has nothing left to do.
  await expect(row.getByRole("button", { name: actions })).toHaveCount(0);
  await expect(row.getByRole("link", { name: "Revoke" })).toHaveCount(0);
});

test.describe("accessibility", () => {
  test.use({ javaScriptEnabled: true });
  // axe takes several seconds per page on this kind of machine.
  test.describe.configure({ timeout: 60_000 });
  test.beforeEach(async ({ page }, testInfo) => {
    await prepareAccessibilityAudit(page, testInfo);
    await signInQuickly(page, DEMO_USERS.owner.email);
  });

  test("/call-management's live tab has no serious accessibility problems", async ({ page }) => {
    await page.goto("/call-management?tab=live-calls");
    await expect(page.getByTestId("live-calls").locator("tbody tr")).toHaveCount(2);
    await expectNoSeriousViolations(page, { withoutScripts: true });
  });

  test("/api-access has no serious accessibility problems", async ({ page }, testInfo) => {
    auditsWithScriptsOnly(testInfo);
    await page.goto("/api-access");
    await expect(page.getByRole("heading", { name: "API access", level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
