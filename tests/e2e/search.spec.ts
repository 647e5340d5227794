import type { Locator, Page } from "@playwright/test";
import { expect, expectNoSeriousViolations, signInQuickly, test, waitForHydration } from "./fixtures";
import { DEMO_USERS } from "./support";

/*
 * Search everywhere (issue 27): the top bar's Search link opens /search, a
 * GET form that works without JavaScript, with the matches grouped by area.
 * With JavaScript, Ctrl+K (⌘K) or the same Search opens the command palette
 * over the same search, loaded as a chunk of its own on first use.
 */
test.describe("with JavaScript switched off in the browser", () => {
  test.use({ javaScriptEnabled: false });
  test("the top bar's Search opens /search, which finds a demo contact", async ({ page }) => {
    await signInQuickly(page, DEMO_USERS.owner.email);
    await page.goto("/overview");
    await page.getByRole("link", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByText("Search everything")).toBeVisible();
    await page.getByLabel("Search term").fill("OKAFOR");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=OKAFOR/);
    const contacts = page.getByRole("region", { name: "Contacts" });
    await expect(contacts.getByRole("link", { name: /Samuel Okafor/ })).toBeVisible();
    await expect(contacts.getByRole("link", { name: "See all" })).toHaveAttribute("href", "/contacts?q=okafor");
  });
});

/** Moves the palette's active entry with the arrow keys down to `option` (the first entry is active as the results come). */
async function arrowDownTo(page: Page, option: Locator) {
  for (let step = 0; step < 20 && (await option.getAttribute("data-focus")) === null; step++) await page.keyboard.press("ArrowDown");
  await expect(option).toHaveAttribute("data-focus", "");
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the command palette needs scripts");

  test("Ctrl+K opens the palette; typing, arrows and Enter open a contact", async ({ page }, testInfo) => {
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (/\/build\/.+\.js(\?|$)/.test(response.url())) scripts.push(response.url());
    });
    await signInQuickly(page, DEMO_USERS.owner.email);
    await page.goto("/overview");
    await waitForHydration(page, testInfo);
    // The shortcut is announced once the page's script is running.
    await expect(page.getByTestId("search-link")).toHaveAttribute("aria-keyshortcuts", "Control+K Meta+K");
    await page.waitForLoadState("networkidle");
    expect(scripts.some((url) => /search-palette/.test(url))).toBe(false);

    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Search everywhere" });
    await expect(palette).toBeVisible();
    // Its chunk is loaded now, and only now.
    expect(scripts.some((url) => /search-palette/.test(url))).toBe(true);
    const input = palette.getByRole("combobox", { name: "Search everywhere" });
    await expect(input).toBeFocused();
    await input.pressSequentially("okafor");
    await expect(palette.getByRole("status")).toContainText(/\d+ matches\./);
    const contact = palette.getByRole("group", { name: "Contacts" }).getByRole("option", { name: "Samuel Okafor", exact: true });
    await expect(contact).toBeVisible();
    await expect(palette.getByRole("option", { name: "All results for “okafor”" })).toBeVisible();
    // The open palette with its groups, audited like every screen (WCAG 2 A/AA, light theme).
    await expectNoSeriousViolations(page);
    // The first entry is active; Down moves off it and Up comes back.
    await expect(contact).toHaveAttribute("data-focus", "");
    await page.keyboard.press("ArrowDown");
    await expect(contact).not.toHaveAttribute("data-focus", "");
    await page.keyboard.press("ArrowUp");
    await expect(contact).toHaveAttribute("data-focus", "");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/contacts\/[^/]+\/edit$/);
    await expect(palette).toBeHidden();
  });

  test("the top bar's Search opens the palette; Escape closes it, arrows and Enter open a campaign, a term without matches opens /search", async ({
    page,
  }, testInfo) => {
    await signInQuickly(page, DEMO_USERS.owner.email);
    await page.goto("/overview");
    await waitForHydration(page, testInfo);
    await page.getByTestId("search-link").click();
    const palette = page.getByRole("dialog", { name: "Search everywhere" });
    const input = palette.getByRole("combobox", { name: "Search everywhere" });
    await expect(input).toBeFocused();
    await expect(page).toHaveURL(/\/overview$/);
    await page.keyboard.press("Escape");
    await expect(palette).toBeHidden();

    await page.keyboard.press("Control+k");
    await input.pressSequentially("thank-you");
    // The count is the typed term's once its answer is in (an earlier term's answer may have come while typing).
    await expect(palette.getByRole("status")).toContainText(/\d+ matches\./);
    const campaign = palette.getByRole("group", { name: "Campaigns" }).getByRole("option", { name: "Webinar thank-you calls", exact: true });
    await expect(campaign).toBeVisible();
    await arrowDownTo(page, campaign);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/campaigns\/[^/?]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Webinar thank-you calls" })).toBeVisible();

    await page.keyboard.press("Control+k");
    await input.fill("zzq-nothing");
    await expect(palette.getByRole("status")).toContainText("No matches.");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=zzq-nothing$/);
  });
});

test("/search's See all for campaigns opens the campaigns list filtered by name", async ({ page }) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/search?q=spring");
  await page.getByRole("region", { name: "Campaigns" }).getByRole("link", { name: "See all" }).click();
  await expect(page).toHaveURL(/\/campaigns\?q=spring$/);
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue("spring");
  // Other specs add "Spring push …" campaigns to the same server: every row shown has the term in its name.
  await expect(page.getByTestId("campaign-row").filter({ hasText: "Spring lead follow-up" })).toBeVisible();
  for (const name of await page.getByTestId("campaign-row").getByRole("rowheader").allTextContents()) expect(name.toLowerCase()).toContain("spring");
});
