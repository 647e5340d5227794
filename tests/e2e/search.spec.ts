import { expect, signInQuickly, test } from "./fixtures";
import { DEMO_USERS } from "./support";

/*
 * Search everywhere (issue 27): the top bar's Search link opens /search, a
 * GET form that works without JavaScript, with the matches grouped by area.
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
