import type { Page, TestInfo } from "@playwright/test";
import { expect, signInQuickly, test, toast, waitForHydration } from "./fixtures";
import { choose } from "./screens";
import { DEMO_USERS, isScriptless } from "./support";

/**
 * Tax rates per country (issue 27, docs/decisions/0066-tax-rates-on-screen.md),
 * with JavaScript and without: the super admin finds the Tax rates tab on
 * /products, searches a country, is told at the field what is wrong with a
 * rate, sets one from a later day and sees it listed as to come. Each project
 * sets its own country, since both share the server's database.
 */

/** Hydrated, in either language (waitForHydration knows the English name of the profile menu only). */
async function hydrated(page: Page, testInfo: TestInfo) {
  if (!isScriptless(testInfo)) await expect(page.getByRole("button", { name: /profile menu|Profilmenü/i })).toBeVisible();
}

/** A UTC day next year: always later than today. */
const nextNewYear = () => `${new Date().getUTCFullYear() + 1}-01-01`;

async function openCountry(page: Page, testInfo: TestInfo, search: string, name: string) {
  await page.goto("/products");
  await waitForHydration(page, testInfo);
  await page.getByRole("navigation", { name: "Billing catalogue" }).getByRole("link", { name: "Tax rates" }).click();
  await expect(page).toHaveURL(/\/products\/tax-rates$/);
  await page.getByLabel("Search").fill(search);
  // With scripts the search submits itself after typing stops; without, Apply sends it.
  if (isScriptless(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${search}`));
  const table = page.getByTestId("tax-rates-table");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await table.getByRole("link", { name: new RegExp(name) }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`VAT rate: ${name}`);
}

test("the super admin sets a country's VAT rate from a later day, told at the field what is wrong first", async ({ page }, testInfo) => {
  const [search, name, code, current] = isScriptless(testInfo) ? ["lux", "Luxembourg", "LU", "17 %"] : ["ire", "Ireland", "IE", "23 %"];
  await signInQuickly(page, DEMO_USERS.admin.email);
  await openCountry(page, testInfo, search, name);
  await expect(page.getByTestId("rate-in-force")).toHaveText(current);

  const rate = page.getByLabel("Standard rate (%)");
  await rate.fill("100.5");
  await page.getByLabel("Effective from").fill(nextNewYear());
  await page.getByRole("button", { name: "Save rate" }).click();
  await expect(page.getByLabel("Standard rate (%)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("A rate cannot be more than 100 %.")).toBeVisible();
  // What was typed stays.
  await expect(page.getByLabel("Effective from")).toHaveValue(nextNewYear());

  await page.getByLabel("Standard rate (%)").fill("16.5");
  await page.getByRole("button", { name: "Save rate" }).click();
  await expect(toast(page, `The tax rate for ${code} was saved.`)).toBeVisible();
  await expect(page.getByTestId("rate-in-force")).toHaveText(current);
  await expect(page.getByTestId("rate-upcoming")).toContainText("16.5 % from");
  await expect(page.getByTestId("tax-rate-history")).toContainText("Ada Admin");

  await page.goto("/products/tax-rates?show=scheduled");
  await expect(page.locator(`[data-testid="tax-rates-table"] [data-country="${code}"]`)).toContainText("16.5 % from");
});

test("the super admin's view of the screen in German: the rate typed with a decimal comma", async ({ page }, testInfo) => {
  const code = isScriptless(testInfo) ? "MT" : "CY";
  await signInQuickly(page, DEMO_USERS.admin.email);
  await choose(page, "light", "de");
  await page.goto(`/products/tax-rates/${code}`);
  await hydrated(page, testInfo);
  await page.getByLabel("Regelsteuersatz (%)").fill("19,25");
  await page.getByLabel("Gültig ab").fill(nextNewYear());
  await page.getByRole("button", { name: "Satz speichern" }).click();
  await expect(toast(page, `Der Steuersatz für ${code} wurde gespeichert.`)).toBeVisible();
  await expect(page.getByTestId("rate-upcoming")).toContainText("19,25 % ab");
  await choose(page, "light", "en");
});

/** SCREENS=1: the new screens at the laptop's and the phone's size, light and dark, English and German, for a person to judge. */
test("screenshots of the tax rate screens", async ({ page }, testInfo) => {
  test.skip(process.env.TAX_RATE_SCREENSHOTS !== "1" || isScriptless(testInfo), "screenshots only when asked, with scripts");
  await signInQuickly(page, DEMO_USERS.admin.email);
  for (const theme of ["light", "dark"] as const) {
    for (const language of ["en", "de"] as const) {
      await choose(page, theme, language);
      for (const [width, height] of [
        [1366, 800],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        for (const [screen, path] of [
          ["list", "/products/tax-rates"],
          ["country", "/products/tax-rates/EE"],
        ] as const) {
          await page.goto(path);
          await hydrated(page, testInfo);
          const [scrollWidth, innerWidth] = await page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth]);
          expect(scrollWidth, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(innerWidth);
          await page.screenshot({ path: testInfo.outputPath(`tax-rates-${screen}-${width}-${theme}-${language}.png`), fullPage: false });
        }
      }
    }
  }
  await choose(page, "light", "en");
});
