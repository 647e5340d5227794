import type { Page, TestInfo } from "@playwright/test";
import { expect, expectNoSeriousViolations, prepareAccessibilityAudit, signInQuickly, test, toast, waitForHydration } from "./fixtures";
import { DEMO_USERS } from "./support";

/*
 * The contact center with and without JavaScript: the search box finds the
 * demo's Sarah Thompson by name and opens her timeline (calls, feedback, her
 * ticket and deal), whose tabs filter it; a whole number typed in another
 * format opens its one contact at once, where "Opt out" writes the timeline's
 * opt-out entry. Each screen passes axe either way. Tests share the demo
 * tenant, so the contact that is changed is this test's own.
 */

// axe runs inside the page; the no-js project keeps scripts on for it but blocks the app's bundles (prepareAccessibilityAudit).
test.use({ javaScriptEnabled: true });
test.beforeEach(async ({ page }, testInfo) => {
  await prepareAccessibilityAudit(page, testInfo);
});

/** A contact of this test's own on a list of its own, added by the contact forms' plain posts; its number as 10 digits. */
async function addContact(page: Page, testInfo: TestInfo) {
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
  const list = await page.request.post("/contacts/lists/new", { form: { name: `Contact center ${tag}`, returnTo: "/contacts" }, maxRedirects: 0 });
  expect(list.status()).toBe(302);
  const listId = new URL(list.headers().location!, "http://x").searchParams.get("list")!;
  const digits = `825555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
  const added = await page.request.post("/contacts/new", {
    form: {
      intent: "save",
      firstName: "Tess",
      lastName: `Timeline ${tag}`,
      phone: `+1${digits}`,
      email: "",
      title: "",
      company: "",
      listId,
      returnTo: "/contacts",
    },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
  return { name: `Tess Timeline ${tag}`, digits };
}

test("open a contact's timeline from the search box, filter it, and opt a contact out from its page", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/main-contact-center");
  await expect(page.getByRole("heading", { name: "Contact center", level: 1 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Recently changed contacts" })).toBeVisible();
  await expectNoSeriousViolations(page);

  await waitForHydration(page, testInfo);
  await page.getByRole("searchbox", { name: "Search contacts" }).fill("sarah thom");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/main-contact-center\?q=sarah\+thom$/);
  const matches = page.getByRole("list", { name: "Matching contacts" });
  await expect(matches.getByRole("listitem")).toHaveCount(1);
  await expectNoSeriousViolations(page);

  await matches.getByRole("link", { name: "Sarah Thompson" }).click();
  await expect(page.getByRole("heading", { name: "Sarah Thompson", level: 1 })).toBeVisible();
  await expect(page.getByTestId("contact-profile")).toContainText("Maple Leaf Dental");
  const timeline = page.getByRole("list", { name: "What happened with the contact, newest first" });
  for (const kind of ["call", "feedback", "ticket", "deal"]) await expect(timeline.locator(`li[data-kind="${kind}"]`).first()).toBeVisible();
  await expectNoSeriousViolations(page);

  await page
    .getByRole("navigation", { name: "Show in the timeline" })
    .getByRole("link", { name: /^Tickets/ })
    .click();
  await expect(page).toHaveURL(/[?&]show=ticket/);
  await expect(timeline.locator("li[data-kind]")).toHaveCount(await timeline.locator('li[data-kind="ticket"]').count());
  await expect(timeline.locator('li[data-kind="ticket"]').first()).toBeVisible();
  await page.getByRole("link", { name: "Back to the search results" }).click();
  await expect(page).toHaveURL(/\/main-contact-center\?q=sarah\+thom$/);

  // A whole number in another format is one contact: its page opens at once.
  const contact = await addContact(page, testInfo);
  await page.goto(
    `/main-contact-center?${new URLSearchParams({ q: `(${contact.digits.slice(0, 3)}) ${contact.digits.slice(3, 6)}-${contact.digits.slice(6)}` })}`,
  );
  await expect(page.getByRole("heading", { name: contact.name, level: 1 })).toBeVisible();
  await expect(page.getByTestId("timeline-empty")).toBeVisible();
  await waitForHydration(page, testInfo);
  await page.getByTestId("quick-actions").getByRole("button", { name: "Opt out" }).click();
  await expect(toast(page, `${contact.name} is opted out and will not be called.`)).toBeVisible();
  const entry = page.locator('li[data-kind="opt-out"]');
  await expect(entry).toContainText("Opted out of calls");
  await expect(entry).toContainText("By Olivia Owner, in the contact center");
  await expect(page.getByTestId("quick-actions").getByRole("button", { name: "Opt back in" })).toBeVisible();
});
