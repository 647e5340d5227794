import { expect, test } from "./fixtures";
import { DEMO_USERS, signIn } from "./support";

test("an unknown page says so, in the user's language", async ({ page }) => {
  await signIn(page, DEMO_USERS.owner.email);

  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // The language switch on the overview sets the lng cookie to "de".
  await page.goto("/overview");
  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  const german = await page.goto("/no-such-page");
  expect(german?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Seite nicht gefunden" })).toBeVisible();
});
