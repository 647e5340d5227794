import { expect, test } from "./fixtures";
import { DEMO_USERS, signIn } from "./support";

test("the language switch renders German, is remembered, and switches back", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: "Deutsch" }).click();

  await expect(page.getByRole("heading", { name: "Bei Voxboard anmelden" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("button", { name: "Deutsch" })).toHaveAttribute("aria-pressed", "true");

  await page.reload();
  await expect(page.getByRole("heading", { name: "Bei Voxboard anmelden" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");

  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Voxboard" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("the dashboard follows the language switch", async ({ page }) => {
  await signIn(page, DEMO_USERS.owner.email);
  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toBeVisible();
});

test("the theme choice is rendered by the server and survives a reload", async ({ page }) => {
  const html = page.locator("html");
  await page.goto("/login");
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);

  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
});
