import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_USERS, sidebar, signIn } from "./support";

async function widthOf(element: Locator) {
  return element.evaluate((node) => node.getBoundingClientRect().width);
}

test("the sidebar is collapsed at 700 px and expanded at 1280 px, with no script needed", async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await signIn(page, DEMO_USERS.owner.email);
  const aside = page.getByTestId("sidebar");
  const nav = sidebar(page);

  expect(Math.round(await widthOf(aside))).toBe(64);
  // Group titles and labels give way to icons; the icon-only disclosure still names the group.
  await expect(nav.getByRole("button", { name: "Create", exact: true })).toBeHidden();
  await expect(nav.getByText("Dashboard", { exact: true })).toBeHidden();
  await expect(nav.getByLabel("Create", { exact: true })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
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
  await page.setViewportSize({ width: 700, height: 900 });
  await signIn(page, DEMO_USERS.owner.email);
  await page.goto("/recordings");
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
