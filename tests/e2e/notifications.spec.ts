import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoSeriousViolations, registerOwnerWithPlan, test, waitForHydration } from "./fixtures";
import { DEMO_PASSWORD, isScriptless, uniqueEmail } from "./support";

/*
 * The notification bell (issue 27, docs/decisions/0059-notifications.md): a
 * new owner imports contacts twice, and each finished import is a
 * notification. The bell shows the count; with JavaScript its menu opens one
 * (read, and its link followed) and marks all read; without it the bell is a
 * link to /notifications, where the same is done with forms. The count drops
 * each time. A fresh owner per project, so nothing else touches its bell.
 */

async function importQuickly(request: APIRequestContext, fileName: string, phone: string) {
  const upload = await request.post("/contacts/import", {
    multipart: { file: { name: fileName, mimeType: "text/csv", buffer: Buffer.from(`First name,Phone\nBell,${phone}\n`) } },
    maxRedirects: 0,
  });
  expect(upload.status(), await upload.text()).toBe(302);
  const path = upload.headers()["location"]!;
  expect((await request.post(path, { form: { intent: "save-mapping", firstName: "0", phone: "1" }, maxRedirects: 0 })).status()).toBe(302);
  expect((await request.post(path, { form: { intent: "start-import", listId: "new", newListName: `${fileName} list` }, maxRedirects: 0 })).status()).toBe(302);
  await expect.poll(async () => (await request.get(path)).text(), { timeout: 20_000 }).toContain('data-testid="import-result"');
}

const badge = (page: Page) => page.getByTestId("notification-badge");

test("the bell counts new notifications, opens one and marks all read", async ({ page }, testInfo) => {
  const email = uniqueEmail("bell", testInfo);
  await registerOwnerWithPlan(page, { email, password: DEMO_PASSWORD, name: "Bella Bell", company: "Bell Co", phone: "4165550177" });
  const block = 200 + Math.floor(Math.random() * 800);
  await importQuickly(page.request, "first.csv", `613${block}0001`);
  await importQuickly(page.request, "second.csv", `613${block}0002`);

  // Not /overview: a new owner's onboarding wizard opens there over everything.
  await page.goto("/contacts");
  await expect(badge(page)).toHaveText("2");

  if (isScriptless(testInfo)) {
    const bell = page.getByRole("link", { name: "Notifications, 2 unread" });
    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    const list = page.getByTestId("notifications-list");
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await list.getByRole("button", { name: /^Unread: Import of second\.csv finished: 1 contact added/ }).click();
    await expect(page).toHaveURL(/\/contacts\/import\/[0-9a-f-]{36}$/);
    await expect(badge(page)).toHaveText("1");
    await page.goto("/notifications");
    await expect(page.getByTestId("notifications-list").getByRole("listitem")).toHaveCount(1);
    await page.getByRole("button", { name: "Mark all read" }).click();
    await expect(page.getByTestId("notifications-empty")).toContainText("No unread notifications");
    await expect(badge(page)).toHaveCount(0);
    await page.getByRole("link", { name: "All", exact: true }).click();
    await expect(page.getByTestId("notifications-list").getByRole("listitem")).toHaveCount(2);
    return;
  }

  await waitForHydration(page, testInfo);
  const bell = page.getByRole("button", { name: "Notifications, 2 unread" });
  await bell.click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: /Import of second\.csv finished: 1 contact added/ })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: /first\.csv/ })).toBeVisible();
  // The open menu, in the light theme the audit reads.
  await expectNoSeriousViolations(page);
  await menu.getByRole("menuitem", { name: /second\.csv/ }).click();
  await expect(page).toHaveURL(/\/contacts\/import\/[0-9a-f-]{36}$/);
  await expect(badge(page)).toHaveText("1");

  await page.getByRole("button", { name: "Notifications, 1 unread" }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Mark all read" }).click();
  await expect(badge(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();

  // Keyboard: the menu opens on Enter with its first entry focused; "See all" leads to the page.
  await page.getByRole("button", { name: "Notifications", exact: true }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menu").getByRole("menuitem", { name: "See all notifications" }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByTestId("notifications-empty")).toContainText("No unread notifications");
  await page.getByRole("link", { name: "All", exact: true }).click();
  await expect(page.getByTestId("notifications-list").getByRole("listitem")).toHaveCount(2);
  await expectNoSeriousViolations(page);
});
