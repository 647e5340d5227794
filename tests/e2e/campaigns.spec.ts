import type { Page, TestInfo } from "@playwright/test";
import { expect, expectNoSeriousViolations, prepareAccessibilityAudit, signInQuickly, test, toast, waitForHydration } from "./fixtures";
import { DEMO_USERS, isScriptless } from "./support";

/*
 * Campaigns end to end, with and without JavaScript. Each test makes its own
 * uniquely named campaign from the demo list "Spring leads" and the number
 * "Main line" (seeded with an outbound knowledge base), and never counts
 * things another test can change. The e2e server ticks its job runner every
 * two seconds (playwright.config.ts), so a started campaign logs its first
 * calls at once and takes several ticks to get through the list.
 */

// axe runs inside the page; the no-js project keeps scripts on for it but blocks the app's bundles (prepareAccessibilityAudit).
test.use({ javaScriptEnabled: true });
test.beforeEach(async ({ page }, testInfo) => {
  await prepareAccessibilityAudit(page, testInfo);
});

const uniqueName = (testInfo: TestInfo, label: string) => `${label} ${testInfo.project.name} ${Math.random().toString(36).slice(2, 8)}`;

async function optionValue(page: Page, selectName: string, text: string) {
  const value = await page.locator(`select[name="${selectName}"] option`, { hasText: text }).first().getAttribute("value");
  if (!value) throw new Error(`No option "${text}" in ${selectName}`);
  return value;
}

/** Fills the create form for an immediate outbound campaign that may call at any hour of any day. */
async function fillCampaignForm(page: Page, name: string) {
  await page.getByLabel("Campaign name").fill(name);
  await page.getByLabel("Contact list").selectOption(await optionValue(page, "contactListId", "Spring leads"));
  await page.getByLabel("Outbound").check();
  await page.getByLabel("Immediately").check();
  await page.getByLabel("Business phone number").selectOption(await optionValue(page, "phoneNumberId", "Main line"));
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) await page.getByLabel(day, { exact: true }).check();
  await page.getByLabel("From", { exact: true }).fill("00:00");
  await page.getByLabel("Until", { exact: true }).fill("23:59");
}

async function createCampaign(page: Page, testInfo: TestInfo, name: string) {
  await page.goto("/campaigns/new");
  await waitForHydration(page, testInfo);
  await fillCampaignForm(page, name);
  if (!isScriptless(testInfo)) await expect(page.getByTestId("knowledge-base-line")).toContainText("The agent will use the knowledge base");
  await page.getByRole("button", { name: "Save campaign" }).click();
  await expect(toast(page, `Campaign “${name}” saved as a draft.`)).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByTestId("campaign-status").first()).toHaveText("Draft");
}

const number = (text: string | null, pattern: RegExp) => Number(pattern.exec(text ?? "")?.[1]?.replace(/,/g, "") ?? NaN);

test("create a campaign, check it, start it, see logged calls and pause it", async ({ page }, testInfo) => {
  test.slow();
  await signInQuickly(page, DEMO_USERS.owner.email);
  const name = uniqueName(testInfo, "Spring push");
  await createCampaign(page, testInfo, name);
  await expect(page.getByText("Calls are logged, not placed: no voice platform configured")).toBeVisible();
  await expectNoSeriousViolations(page);

  // The pre-launch check is part of the URL and needs no script.
  await page.getByRole("button", { name: "Run pre-launch check" }).click();
  await expect(page).toHaveURL(/\?check=1$/);
  const summary = page.getByTestId("prelaunch-summary");
  await expect(summary).toContainText(/contacts? will be called/);
  const text = await summary.textContent();
  const called = number(text, /^([\d,]+) contacts? will be called/);
  const skipped = number(text, /([\d,]+) skipped/);
  const total = number(text, /\(of ([\d,]+)\)/);
  expect(called).toBeGreaterThan(0);
  expect(called + skipped).toBe(total);
  // The demo list has an opted-out lead.
  await expect(page.getByTestId("prelaunch-reasons")).toContainText(/\d+ opted out/);

  // Someone would be skipped (the lead who wants no more calls), so Start shows the numbers and asks first:
  // a page without scripts, a dialog with them.
  if (isScriptless(testInfo)) {
    await page.getByRole("link", { name: "Start", exact: true }).click();
    await expect(page).toHaveURL(/\?start=1$/);
    const confirmation = page.getByTestId("start-confirmation");
    await expect(confirmation.getByTestId("prelaunch-reasons")).toContainText(/\d+ opted out|no more calls/);
    await expectNoSeriousViolations(page);
    await confirmation.getByRole("button", { name: "Start anyway" }).click();
  } else {
    await page.getByRole("button", { name: "Start", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Start campaign" });
    await expect(dialog.getByTestId("prelaunch-summary")).toContainText(`${called + skipped}`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("campaign-status").first()).toHaveText("Draft");
    await page.getByRole("button", { name: "Start", exact: true }).click();
    await page.getByRole("dialog", { name: "Start campaign" }).getByRole("button", { name: "Start anyway" }).click();
  }
  await expect(toast(page, "Campaign started.")).toBeVisible();
  const logged = page.getByTestId("activity-entry").filter({ hasText: "Would call (logged)" });
  if (isScriptless(testInfo)) {
    await expect(async () => {
      await page.reload();
      await expect(logged.first()).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 8_000 });
  } else {
    // With scripts the page refreshes itself while the campaign runs.
    await expect(logged.first()).toBeVisible({ timeout: 8_000 });
  }
  await expect(page.getByTestId("campaign-status").first()).toHaveText("Running");

  await page.getByRole("button", { name: "Pause", exact: true }).click();
  await expect(toast(page, "Campaign paused.")).toBeVisible();
  await expect(page.getByTestId("campaign-status").first()).toHaveText("Paused");
  await expect(page.getByRole("button", { name: "Resume", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pause", exact: true })).toHaveCount(0);

  // Paused between batches: nothing more is dispatched.
  const entries = await page.getByTestId("activity-entry").count();
  await page.waitForTimeout(4_500);
  await page.reload();
  await expect(page.getByTestId("activity-entry")).toHaveCount(entries);
  await expect(page.getByTestId("campaign-status").first()).toHaveText("Paused");
  await expectNoSeriousViolations(page);

  // The list shows it among the paused campaigns.
  await page.goto("/campaigns?status=paused");
  await expect(page.getByTestId("campaign-row").filter({ hasText: name })).toContainText("Paused");
});

test("the form explains what is wrong, in place", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/campaigns/new");
  await waitForHydration(page, testInfo);
  await page.getByLabel("Campaign name").fill("Abc");
  await page.getByLabel("Contact list").focus();
  await page.getByLabel("Once, at a set time").check();
  await page.getByLabel("From", { exact: true }).fill("17:00");
  await page.getByLabel("Until", { exact: true }).fill("09:00");
  await page.getByRole("button", { name: "Save campaign" }).click();
  await expect(page.getByText("Campaign name must be at least 5 characters.")).toBeVisible();
  await expect(page.getByText("Please choose a contact list.")).toBeVisible();
  await expect(page.getByText("Please choose a business phone number.")).toBeVisible();
  await expect(page.getByText("Please choose a date and time.")).toBeVisible();
  await expect(page.getByText("The end time must be after the start time.")).toBeVisible();
  // What was typed is still there.
  await expect(page.getByLabel("Campaign name")).toHaveValue("Abc");
  await expect(page).toHaveURL(/\/campaigns\/new$/);
  await expectNoSeriousViolations(page, { withoutScripts: true });
});

test("a number without an inbound knowledge base is refused with a way to create one that comes back to the form", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/campaigns/new");
  await waitForHydration(page, testInfo);
  // Each number says which knowledge base types it has.
  await expect(page.getByLabel("Business phone number").locator("option", { hasText: "Main line" })).toHaveText(
    "Main line · +1 (416) 555-0100 — inbound, outbound",
  );
  const name = uniqueName(testInfo, "Inbound try");
  await fillCampaignForm(page, name);
  await page.getByLabel("Business phone number").selectOption(await optionValue(page, "phoneNumberId", "Sales"));
  await page.getByLabel("Inbound").check();
  await page.getByRole("button", { name: "Save campaign" }).click();
  await expect(page.getByText("This number has no inbound knowledge base yet.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns\/new$/);
  const link = page.getByRole("link", { name: "Create a knowledge base" }).first();
  const href = new URL((await link.getAttribute("href"))!, page.url());
  expect(href.pathname).toBe("/knowledge-base/new");
  expect(href.searchParams.get("type")).toBe("inbound");
  expect(href.searchParams.get("returnTo")).toMatch(/^\/campaigns\/new\?name=/);

  // There and back (Cancel here; saving leads back the same way): the form is as it was left.
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: "New knowledge base" })).toBeVisible();
  await expect(page.getByLabel("Inbound")).toBeChecked();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/campaigns\/new\?name=/);
  await expect(page.getByLabel("Campaign name")).toHaveValue(name);
  await expect(page.getByLabel("Inbound")).toBeChecked();
  await expect(page.getByLabel("Until", { exact: true })).toHaveValue("23:59");
  await expect(page.getByText("This number has no inbound knowledge base yet.").first()).toBeVisible();
});

test("the form shows the fields of its sending type from the first paint, and nothing moves when scripts load", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  const html = await (await page.request.get("/campaigns/new")).text();
  expect(html).not.toContain('name="frequency"');
  expect(html).not.toContain('name="scheduleAt"');
  await page.goto("/campaigns/new");
  await waitForHydration(page, testInfo);
  await expect(page.getByLabel("Frequency")).toHaveCount(0);
  await expect(page.getByLabel("Date and time")).toHaveCount(0);
  await page.getByLabel("Recurring").check();
  if (isScriptless(testInfo)) {
    // Scripts are on but the app's bundles are blocked here, so the <noscript> Apply is not shown: saving shows the fields with what is missing.
    await page.getByRole("button", { name: "Save campaign" }).click();
    await expect(page.getByText("Please choose how often a recurring campaign runs.")).toBeVisible();
  }
  await expect(page.getByLabel("Frequency")).toBeVisible();
  await expect(page.getByLabel("Date and time")).toBeVisible();
});

test.describe("with JavaScript switched off in the browser", () => {
  test.use({ javaScriptEnabled: false });
  test("Apply shows the fields of the chosen sending type, keeping what was typed", async ({ page }) => {
    await signInQuickly(page, DEMO_USERS.owner.email);
    await page.goto("/campaigns/new");
    await page.getByLabel("Campaign name").fill("Weekly check-in");
    await page.getByLabel("Recurring").check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/campaigns\/new\?.*sendingType=recurring/);
    await expect(page.getByLabel("Frequency")).toBeVisible();
    await expect(page.getByLabel("Date and time")).toBeVisible();
    await expect(page.getByLabel("Campaign name")).toHaveValue("Weekly check-in");
    await expect(page.getByLabel("Recurring")).toBeChecked();
  });
});

test("deleting a campaign asks first", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  const name = uniqueName(testInfo, "Short lived");
  await createCampaign(page, testInfo, name);
  const campaignUrl = new URL(page.url()).pathname;
  if (isScriptless(testInfo)) {
    await page.getByRole("link", { name: "Delete" }).click();
    await expect(page).toHaveURL(`${campaignUrl}/delete`);
    await expect(page.getByText(`Do you really want to delete the campaign “${name}”?`)).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(campaignUrl);
    await page.getByRole("link", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete campaign" }).click();
  } else {
    await page.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete campaign" });
    await expect(dialog).toContainText(`Do you really want to delete the campaign “${name}”?`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete campaign" }).getByRole("button", { name: "Delete campaign" }).click();
  }
  await expect(toast(page, `Campaign “${name}” deleted.`)).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByTestId("campaign-row").filter({ hasText: name })).toHaveCount(0);
  const gone = await page.request.get(campaignUrl);
  expect(gone.status()).toBe(404);
});

test("a row of the list deletes its campaign after asking: a menu and a dialog with scripts, links and a page without", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  const name = uniqueName(testInfo, "Row delete");
  await createCampaign(page, testInfo, name);
  // Newest first: the draft just made is on the first page.
  await page.goto("/campaigns?status=draft");
  await waitForHydration(page, testInfo);
  const row = page.getByTestId("campaign-row").filter({ hasText: name });
  if (isScriptless(testInfo)) {
    await expect(row.getByRole("link", { name: "Edit", exact: true })).toHaveAttribute("href", /\/campaigns\/[0-9a-f-]{36}\/edit$/);
    await row.getByRole("link", { name: "Delete", exact: true }).click();
    await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}\/delete$/);
    await page.getByRole("button", { name: "Delete campaign" }).click();
  } else {
    await row.getByRole("button", { name: `Actions for ${name}` }).click();
    await expect(page.getByRole("menuitem", { name: "Edit", exact: true })).toBeVisible();
    await page.getByRole("menuitem", { name: "Delete", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Delete campaign" });
    await expect(dialog).toContainText(`Do you really want to delete the campaign “${name}”?`);
    await expectNoSeriousViolations(page);
    await dialog.getByRole("button", { name: "Delete campaign" }).click();
  }
  await expect(toast(page, `Campaign “${name}” deleted.`)).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByTestId("campaign-row").filter({ hasText: name })).toHaveCount(0);
});

test("the list filters by status and sorts through its URL", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/campaigns?status=completed");
  await waitForHydration(page, testInfo);
  const completed = page.getByTestId("campaign-row").filter({ hasText: "Webinar thank-you calls" });
  await expect(completed).toContainText("Completed");
  await expect(page.getByLabel("Status")).toHaveValue("completed");
  for (const status of await page.getByTestId("campaign-row").getByTestId("campaign-status").allTextContents()) expect(status).toBe("Completed");

  // Choosing another status (Apply without scripts) changes the URL.
  await page.getByLabel("Status").selectOption("draft");
  if (isScriptless(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=draft/);
  await expect(page.getByTestId("campaign-row").filter({ hasText: "Spring lead follow-up" })).toContainText("Draft");

  await page.getByRole("link", { name: /^Name/ }).click();
  await expect(page).toHaveURL(/status=draft&sort=name&order=asc/);
  await expect(page.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "ascending");
  await expectNoSeriousViolations(page);
});
