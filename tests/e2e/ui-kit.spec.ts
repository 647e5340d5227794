import { expect, expectNoSeriousViolations, prepareAccessibilityAudit, test } from "./fixtures";

/*
 * The kit's own page (/dev/ui-kit, on in this run through UI_KIT_PAGE=1):
 * every primitive renders in both themes without serious accessibility
 * problems, with and without JavaScript, and fits a phone.
 */

// axe over a page of every primitive, twice, takes a while on a two-core machine.
test.describe.configure({ timeout: 180_000 });

test("the UI kit page shows every primitive in both themes without serious accessibility problems", async ({ page }, testInfo) => {
  // axe over the scriptless copy of this long page did not finish within minutes on a two-core machine; the scripted
  // page is audited, and every screen built from the kit is audited without scripts by its own spec.
  test.skip(testInfo.project.name === "no-js", "audited with scripts");
  await prepareAccessibilityAudit(page, testInfo);
  await page.goto("/dev/ui-kit");
  await expect(page.getByRole("heading", { name: "UI kit", level: 1 })).toBeVisible();
  for (const theme of ["light", "dark"]) await expect(page.locator(`[data-theme-sample=${theme}]`)).toBeVisible();
  for (const section of [
    "Button",
    "Fields",
    "Tabs",
    "FilterForm",
    "DataTable, RowActionsMenu, Pagination",
    "EmptyState",
    "Stat, Badge, StatusBadge, Notice",
    "ConfirmAction, Dialog, Drawer, Toast",
  ]) {
    await expect(page.getByRole("heading", { name: section, exact: true })).toHaveCount(2);
  }
  await expectNoSeriousViolations(page, { withoutScripts: true });
});

test("the UI kit page fits a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dev/ui-kit");
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
});

test("the kit's menus and dialogs work from the keyboard and give focus back", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "menus and dialogs exist with scripts only");
  await page.goto("/dev/ui-kit");
  // The kit is shown twice (light and dark); the first copy's menu.
  const menuButton = page.getByRole("button", { name: "Actions for Anna Schmidt" }).first();
  await expect(menuButton).toHaveAttribute("aria-haspopup", "menu");

  await menuButton.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Open" })).toBeFocused();
  await expect(menuButton).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Open" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(page.getByRole("menuitem", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");

  // ArrowUp opens on the last entry; the dialog it opens gives focus back to the menu's button.
  await page.keyboard.press("ArrowUp");
  await expect(page.getByRole("menuitem", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "A dialog" });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole("menu")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  // A click outside closes a menu.
  await menuButton.click();
  await expect(page.getByRole("menuitem", { name: "Open" })).toBeVisible();
  await page.getByRole("heading", { name: "UI kit", level: 1 }).click();
  await expect(page.getByRole("menu")).toHaveCount(0);

  // A drawer closes on a click beside it (the backdrop) and gives focus back to its opener.
  const opener = page.getByRole("button", { name: "Open a drawer" }).first();
  await opener.click();
  const drawer = page.getByRole("dialog", { name: "Call with Anna Schmidt" });
  await expect(drawer).toBeVisible();
  await page.mouse.click(10, 10);
  await expect(drawer).toHaveCount(0);
  await expect(opener).toBeFocused();
});
