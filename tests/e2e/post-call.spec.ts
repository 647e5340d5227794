import type { TestInfo } from "@playwright/test";
import { expect, prepareAccessibilityAudit, signInQuickly, test, toast, waitForHydration } from "./fixtures";
import { DEMO_USERS } from "./support";

/*
 * Post-call templates and responses end to end, with and without JavaScript
 * (docs/product/post-call.md): a template made through the form (a list
 * button adds a row), re-run on one campaign's past calls with its progress
 * page, and its fields seen on one of those recordings; then the responses
 * view filtered by a field condition and exported.
 */

test.beforeEach(async ({ page }, testInfo) => {
  await prepareAccessibilityAudit(page, testInfo);
  await signInQuickly(page, DEMO_USERS.owner.email);
});

const uniqueName = (testInfo: TestInfo, label: string) => `${label} ${testInfo.project.name} ${Math.random().toString(36).slice(2, 6)}`;

test("create a template and see its fields on an analysed call", async ({ page }, testInfo) => {
  test.slow();
  const name = uniqueName(testInfo, "Budget check");
  await page.goto("/templates/new");
  await waitForHydration(page, testInfo);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Field name").fill("Monthly rate");
  await page.getByLabel("Type").selectOption("number");
  // A second row, added by conform's list button (a round trip without JavaScript), then a message at its field.
  await page.getByRole("button", { name: "Add field" }).click();
  await expect(page.getByTestId("template-field-row")).toHaveCount(2);
  await page.getByTestId("template-field-row").nth(1).getByLabel("Type").selectOption("choice");
  await page.getByTestId("template-field-row").nth(1).getByLabel("Field name").fill("Plan");
  await page.getByRole("button", { name: "Create template" }).click();
  await expect(page.getByText("A choice needs at least two options, one per line.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await page.getByRole("button", { name: "Remove field 2" }).click();
  await expect(page.getByTestId("template-field-row")).toHaveCount(1);
  await page.getByRole("button", { name: "Create template" }).click();
  await expect(toast(page, `Template ${name} created.`)).toBeVisible();
  const templateUrl = page.url();

  try {
    // Re-run on one campaign's past calls (each project its own campaign, as the two run side by side; neither is one the responses test counts).
    const campaign = testInfo.project.name === "js" ? "Customer Care Inbound" : "Spring Renewal 2026";
    await page.getByRole("link", { name: "Re-run on past calls" }).click();
    await page.getByLabel("Campaign").selectOption(campaign);
    await page.getByRole("button", { name: "Re-run on past calls" }).click();
    await expect(page).toHaveURL(/\/reruns\//);
    // The page follows the job by itself: revalidation with JavaScript, a meta refresh without.
    await expect(page.getByRole("heading", { name: "Finished" })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(`campaign ${campaign}`)).toBeVisible();
    await page.getByRole("table", { name: "Calls whose answers changed" }).locator("a[href^='/recordings/']").first().click();
    const panel = page.getByTestId("call-template-result");
    await expect(page.getByRole("heading", { name: `Post-call template: ${name}` })).toBeVisible();
    await expect(panel.getByTestId("template-field-monthly_rate")).toContainText("Monthly rate");
  } finally {
    await page.goto(`${templateUrl}/delete`);
    await page.getByRole("button", { name: "Delete template" }).click();
    await expect(page).toHaveURL(/\/templates$/);
  }
});

test("filter responses by a field and export exactly that view", async ({ page }, testInfo) => {
  // By the template's own link: the other test makes another template the default for a while.
  await page.goto("/templates");
  await page.getByRole("link", { name: "Call outcome", exact: true }).click();
  await page.getByRole("link", { name: "View responses" }).click();
  await expect(page).toHaveURL(/\/response\?template=/);
  await waitForHydration(page, testInfo);
  await page.getByLabel("Field", { exact: true }).selectOption({ label: "Amount" });
  await page.getByLabel("Condition", { exact: true }).selectOption({ label: "is more than" });
  await page.getByLabel("Value", { exact: true }).fill("200");
  await page.getByRole("button", { name: "Add condition" }).click();
  await expect(page).toHaveURL(/where=amount%3Agt%3A200/);
  await expect(page.getByRole("list", { name: "Active conditions" })).toContainText("Amount is more than 200");
  const heading = await page.getByRole("heading", { name: /calls? in this view/ }).textContent();
  const total = Number(heading!.replace(/\D/g, ""));
  expect(total).toBeGreaterThan(0);
  const amounts = await page.getByTestId("responses-table").locator("tbody tr td:nth-child(4)").allTextContents();
  for (const amount of amounts) expect(Number(amount.replace(/[^\d.]/g, ""))).toBeGreaterThan(200);
  const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  expect(href).toContain("where=amount%3Agt%3A200");
  const csv = await (await page.request.get(href!)).text();
  expect(csv.trim().split("\r\n")).toHaveLength(total + 1);
});
