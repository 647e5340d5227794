import { auditsWithScriptsOnly, expect, expectNoSeriousViolations, prepareAccessibilityAudit, signInQuickly, test } from "./fixtures";
import { DEMO_USERS } from "./support";

/*
 * The overview's call figures and the way from a figure to the calls it
 * counts. Missed calls are the figure to follow: no other test adds or
 * removes one (deletes take ended calls, the API test adds an ended one).
 */

test("a figure of the chosen range leads to exactly the calls it counts", async ({ page }) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/overview");
  const ranges = page.getByRole("navigation", { name: "Date range" });
  await expect(ranges.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");

  await ranges.getByRole("link", { name: "Last 3 months" }).click();
  await expect(page).toHaveURL(/\/overview\?range=last-3-months$/);
  await expect(ranges.getByRole("link", { name: "Last 3 months" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("figures-span")).toContainText("Last 3 months:");

  const missed = page.locator('[data-figure="missed"]');
  await expect(missed).toContainText("Missed");
  const figure = Number(((await missed.locator("span").nth(1).textContent()) ?? "").replace(/,/g, ""));
  // The demo has a handful of missed calls in three months; enough that the list pages.
  expect(figure).toBeGreaterThan(0);

  await missed.click();
  await expect(page).toHaveURL(/\/recordings\?status=missed&range=last-3-months$/);
  await expect(page.getByRole("link", { name: "Remove filter: Status: Missed" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Remove filter: Period: Last 3 months" })).toBeVisible();
  await expect(page.getByTestId("recordings-summary")).toHaveText(new RegExp(`^Showing 1–${Math.min(figure, 10)} of ${figure} recordings?$`));
  const directions = await page
    .getByRole("table")
    .locator("tbody tr")
    // Cell 0 is the play button, then the date, then the direction with the call's status.
    .evaluateAll((trs) => trs.map((tr) => (tr as HTMLTableRowElement).cells[2]?.textContent ?? ""));
  expect(directions).toHaveLength(Math.min(figure, 10));
  for (const cell of directions) expect(cell).toMatch(/^(Inbound|Outbound)Missed$/);
});

test("the chart is drawn on the server, with a spoken summary and a table", async ({ page }) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/overview?range=last-3-months");
  const inbound = (await page.locator('[data-figure="inbound"] span').nth(1).textContent())!;
  const outbound = (await page.locator('[data-figure="outbound"] span').nth(1).textContent())!;
  // Three months are drawn per week; the summary says what the bars show.
  const chart = page.getByRole("img", { name: `${inbound} inbound and ${outbound} outbound calls.`, exact: false });
  await expect(chart).toBeVisible();
  expect(await chart.evaluate((node) => node.tagName.toLowerCase())).toBe("svg");
  await expect(chart).toHaveAccessibleName(/Busiest week: .+ with [\d,]+ calls?\.$/);
  await expect(page.getByRole("table", { name: /^Calls per week, / })).toBeAttached();
});

test("call minutes read as minutes: whole, with the unit, in the user's language", async ({ page }) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/overview?range=last-3-months");
  const minutes = page.locator('[data-figure="minutes"]');
  // "1,704 min", never "1704.4"; the same style in the chart's table.
  await expect(minutes).toContainText(/\d{1,3}(,\d{3})*\smin/);
  await expect(minutes).not.toHaveText(/\d\.\d/);
  await expect(page.getByTestId("calls-chart-table").locator("tbody tr").first().locator("td").last()).toHaveText(/^(\d{1,3}(,\d{3})*|<\s1)\smin$/);

  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.locator('[data-figure="minutes"]')).toContainText(/\d{1,3}(\.\d{3})*\sMin\./);
});

test.describe("accessibility", () => {
  test.use({ javaScriptEnabled: true });
  // axe takes several seconds on a page with a chart on this kind of machine.
  test.describe.configure({ timeout: 60_000 });

  test("/overview with its figures has no serious accessibility problems", async ({ page }, testInfo) => {
    auditsWithScriptsOnly(testInfo);
    await prepareAccessibilityAudit(page, testInfo);
    await signInQuickly(page, DEMO_USERS.owner.email);
    await page.goto("/overview?range=last-3-months");
    await expect(page.getByTestId("figure-cards").getByRole("link")).toHaveCount(7);
    await expectNoSeriousViolations(page);
  });
});
