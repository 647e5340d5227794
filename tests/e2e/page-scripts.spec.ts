import type { Page } from "@playwright/test";
import { expect, signInQuickly, test, waitForHydration } from "./fixtures";
import { DEMO_USERS } from "./support";

/*
 * What a page's scripts hold (issue 9's JavaScript budget): no page loads
 * Headless UI or tailwind-merge any more, and libphonenumber-js loads only
 * where a phone field is, once that field is used. Each library is known by
 * a string its minified code keeps.
 */
const LIBRARIES = {
  "libphonenumber-js": "country_calling_codes",
  "@headlessui/react": "headlessui",
  "tailwind-merge": "conflictingClassGroups",
} as const;
type Library = keyof typeof LIBRARIES;

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "about the scripts a page loads");

/** Every script the page has loaded so far, with its text. */
function watchScripts(page: Page) {
  const scripts = new Map<string, Promise<string>>();
  page.on("response", (response) => {
    if (/\/build\/.+\.js(\?|$)/.test(response.url())) scripts.set(response.url(), response.text());
  });
  return async function loadedLibraries(): Promise<Library[]> {
    const texts = await Promise.all(scripts.values());
    return (Object.keys(LIBRARIES) as Library[]).filter((library) => texts.some((text) => text.includes(LIBRARIES[library])));
  };
}

test("sign-in and the recordings list load none of the three", async ({ page }, testInfo) => {
  const loadedLibraries = watchScripts(page);
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await loadedLibraries()).toEqual([]);

  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/recordings");
  await waitForHydration(page, testInfo);
  // The menus and dialogs that Headless UI made: a row's menu, its delete dialog, the profile menu.
  await page
    .getByRole("button", { name: /^Actions for the call with / })
    .first()
    .click();
  await page.getByRole("menuitem", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Delete recording" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByRole("button", { name: "Profile menu" }).click();
  await expect(page.getByRole("menuitem", { name: "My Profile", exact: true })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await loadedLibraries()).toEqual([]);
});

test("a page with a phone field loads the phone library when the field is first used", async ({ page }, testInfo) => {
  const loadedLibraries = watchScripts(page);
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/contacts/new");
  await waitForHydration(page, testInfo);
  await page.waitForLoadState("networkidle");
  expect(await loadedLibraries()).toEqual([]);

  const phone = page.getByLabel("Phone number");
  await phone.pressSequentially("4165550101");
  // Formatted as typed and judged live, as before the library became a later load.
  await expect(phone).toHaveValue("(416) 555-0101");
  await expect(page.getByTestId("phone-format-status")).toContainText("Valid format");
  expect(await loadedLibraries()).toEqual(["libphonenumber-js"]);
});
