import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_USERS, isScriptless, sidebar, signIn } from "./support";

async function widthOf(element: Locator) {
  return element.evaluate((node) => node.getBoundingClientRect().width);
}

test("on a phone the sidebar is a drawer behind a labelled Menu control, with the same groups; at 1280 px it is expanded", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_USERS.owner.email);
  await page.goto("/contacts");
  const aside = page.getByTestId("sidebar");
  const nav = sidebar(page);
  const menu = page.getByTestId("menu-button");
  await expect(aside).toBeHidden();
  await expect(menu).toHaveText("Menu");
  // The organization selector stays in the top bar, a row of its own.
  await expect(page.getByTestId("organization-switcher")).toBeVisible();

  await menu.click();
  await expect(aside).toBeVisible();
  // The drawer is the expanded sidebar: group titles and labels, not an icon rail.
  expect(Math.round(await widthOf(aside))).toBe(320);
  await expect(nav.getByRole("button", { name: "Create", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Contacts", exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  if (!isScriptless(testInfo)) {
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    // A modal on a phone: focus moves in, Escape closes it and gives focus back to Menu.
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(aside).toBeHidden();
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.click();
  }
  await page
    .getByRole("link", { name: "Close menu" })
    .or(page.getByRole("button", { name: "Close menu" }))
    .click();
  await expect(aside).toBeHidden();

  // A link followed from the drawer closes it.
  await menu.click();
  await nav.getByRole("link", { name: "Campaigns", exact: true }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
  await expect(aside).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(aside).toBeVisible();
  await expect(menu).toBeHidden();
  await expect.poll(async () => Math.round(await widthOf(aside))).toBe(256);
  await expect(nav.getByRole("button", { name: "Create", exact: true })).toBeVisible();
  await expect(nav.getByText("Dashboard", { exact: true })).toBeVisible();
});

test("a closed sidebar group stays closed after a reload", async ({ page, context }) => {
  await signIn(page, DEMO_USERS.owner.email);
  const nav = sidebar(page);
  const create = nav.getByRole("button", { name: "Create", exact: true });
  await expect(create).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: /AI agent manager/ })).toBeVisible();

  // A plain form post without scripts, a fetcher (single fetch: /resources/sidebar.data) with them.
  const saved = page.waitForResponse(
    (response) => /^\/resources\/sidebar(\.data)?$/.test(new URL(response.url()).pathname) && response.request().method() === "POST",
  );
  await create.click();
  await saved;
  await expect(create).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: /AI agent manager/ })).toBeHidden();
  expect((await context.cookies()).some((cookie) => cookie.name === "sidebar")).toBe(true);

  await page.reload();
  await expect(create).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: /AI agent manager/ })).toBeHidden();
});

test("a collapsed sidebar's flyout lies above the page's tab bar, so every part of it can be read and clicked", async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 900 });
  await signIn(page, DEMO_USERS.owner.email);
  await page.goto("/recordings");
  await page.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect.poll(async () => Math.round(await widthOf(page.getByTestId("sidebar")))).toBe(64);
  const group = page.locator(".nav-group").filter({ has: page.getByLabel("Call management", { exact: true }) });
  await group.hover();
  const flyout = group.locator(".nav-flyout > div");
  await expect(flyout.getByRole("link", { name: "Active Calls" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Call management sections" });
  // Every point where the flyout and the tab bar (a positioned element later in the document) overlap must belong to the flyout.
  const covered = await flyout.evaluate(
    (panel, tabBar) => {
      const a = panel.getBoundingClientRect();
      const b = tabBar!.getBoundingClientRect();
      const [left, right, top, bottom] = [Math.max(a.left, b.left), Math.min(a.right, b.right), Math.max(a.top, b.top), Math.min(a.bottom, b.bottom)];
      if (left >= right || top >= bottom) return "no overlap";
      for (let x = left + 2; x < right; x += 20)
        for (let y = top + 2; y < bottom; y += 8) if (!panel.contains(document.elementFromPoint(x, y))) return `tab bar on top at ${x},${y}`;
      return "flyout on top";
    },
    await tabs.elementHandle(),
  );
  expect(covered).toBe("flyout on top");
});
