import { expect, signInQuickly, test, waitForHydration } from "./fixtures";
import { DEMO_USERS, isScriptless } from "./support";

/*
 * The shared time-zone field (issue 27, app/components/ui/time-zone-field.tsx) on a staff member's
 * working hours: grouped by region in a <select> without JavaScript, searchable with it, and the
 * select is what the form submits either way.
 */
test("the time-zone field is grouped without JavaScript, searchable with it, and saves", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/staff");
  const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const staffPage = hrefs.find((href) => /^\/staff\/[0-9a-f-]{8,}$/.test(href));
  expect(staffPage, "a staff member's page").toBeTruthy();
  await page.goto(staffPage!);
  await waitForHydration(page, testInfo);

  const select = page.getByLabel("Time zone", { exact: true });
  await expect(select.locator('optgroup[label="Europe"] option[value="Europe/Berlin"]')).toHaveCount(1);
  await expect(select.locator('optgroup[label="America"] option[value="America/New_York"]')).toHaveCount(1);
  const search = page.getByRole("combobox", { name: "Search Time zone" });
  const target = (await select.inputValue()) === "Europe/Berlin" ? "America/New_York" : "Europe/Berlin";
  if (isScriptless(testInfo)) {
    await expect(search).toHaveCount(0);
    await select.selectOption(target);
  } else {
    await search.fill(target === "Europe/Berlin" ? "berlin" : "new york");
    await page.getByRole("option", { name: target.replace(/_/g, " ") }).click();
    await expect(select).toHaveValue(target);
  }
  await page.getByRole("button", { name: "Save working hours" }).click();
  await page.waitForLoadState("load");
  await page.goto(staffPage!);
  await expect(page.getByLabel("Time zone", { exact: true })).toHaveValue(target);
});
