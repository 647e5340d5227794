import { expect, test, type Browser } from "@playwright/test";
import { DEMO_PASSWORD, isScriptless, sidebar, signIn, uniqueEmail } from "./support";

/*
 * Roles and users (issue 26, docs/product/roles.md): an owner creates a
 * custom role, gives it to a member, and the member's sidebar changes on
 * their next page; the super admin disables a user, whose open session ends
 * at once. JavaScript on and off: the role editor and the member's role are
 * plain forms, disabling is a dialog with scripts and a confirmation page
 * without.
 */

async function signedIn(browser: Browser, email: string, password = DEMO_PASSWORD) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return { context, page };
}

test("an owner creates a custom role, gives it to a member, and the member's sidebar changes", async ({ page, browser }, testInfo) => {
  // Two people signed in, two role changes: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const roleName = `Campaigners ${testInfo.project.name}`;
  await signIn(page, "owner@demo.test");
  await page.goto("/roles");
  await page.getByRole("link", { name: "New role" }).click();
  await page.getByLabel("Name", { exact: true }).fill(roleName);
  await page.getByRole("checkbox", { name: "Campaigns: Read" }).check();
  await page.getByRole("checkbox", { name: "Recordings: Read" }).check();
  await page.getByRole("button", { name: "Create role" }).click();
  await expect(page.getByRole("heading", { level: 1, name: roleName })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Campaigns: Read" })).toBeChecked();

  // The member: support@demo.test in the js project, the read-only agent without scripts (each project its own person).
  const member = isScriptless(testInfo)
    ? { email: "agent@demo.test", name: "Arjun Agent", role: "Agent (read-only)" }
    : { email: "support@demo.test", name: "Sam Support", role: "Support" };
  const memberSession = await signedIn(browser, member.email);
  await expect(sidebar(memberSession.page).getByRole("link", { name: "Campaigns" })).toHaveCount(0);

  await page.goto("/roles?tab=members");
  const row = page.locator(`tr[data-member="${member.email}"]`);
  await row.getByLabel(`Role of ${member.name}`, { exact: true }).selectOption({ label: roleName });
  await row.getByRole("button", { name: `Save role of ${member.name}` }).click();
  await expect(page.getByText(`${member.name} has a new role.`)).toBeVisible();

  // No new sign-in: the member's next page reads the new role.
  await memberSession.page.goto("/overview");
  await expect(sidebar(memberSession.page).getByRole("link", { name: "Campaigns" })).toBeVisible();
  await memberSession.page.goto("/campaigns");
  await expect(memberSession.page).toHaveURL(/\/campaigns$/);

  // Back to the member's own role, and the role can go.
  await page.goto("/roles?tab=members");
  await page.locator(`tr[data-member="${member.email}"]`).getByLabel(`Role of ${member.name}`, { exact: true }).selectOption({ label: member.role });
  await page
    .locator(`tr[data-member="${member.email}"]`)
    .getByRole("button", { name: `Save role of ${member.name}` })
    .click();
  await expect(page.getByText(`${member.name} has a new role.`)).toBeVisible();
  await memberSession.context.close();
});

test("the super admin disables a user: their open session ends at once and sign-in is refused", async ({ page, browser }, testInfo) => {
  // A user of their own, registered for this test, so no demo sign-in is disabled under another spec.
  const email = uniqueEmail("disabled", testInfo);
  const password = "Disable-me-2026!";
  const registration = await browser.newContext();
  const victim = await registration.newPage();
  await victim.goto("/register");
  await victim.getByLabel("Full name").fill("Dora Disabled");
  await victim.getByLabel("Company name").fill("Dora GmbH");
  await victim.getByLabel("Email").fill(email);
  await victim.getByLabel("Phone number").fill("+49 30 1234567");
  await victim.getByLabel("Password", { exact: true }).fill(password);
  await victim.getByLabel("Confirm password").fill(password);
  await victim.getByRole("button", { name: "Create account" }).click();
  await expect(victim).not.toHaveURL(/\/register$/);
  await signIn(victim, email, password);
  await victim.goto("/profile");
  await expect(victim).toHaveURL(/\/(profile|choose-plan)/);

  await signIn(page, "admin@demo.test");
  await page.goto(`/usersManagement?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: "Dora Disabled" }).click();
  await expect(page.getByTestId("user-status")).toHaveText("Unverified");
  if (isScriptless(testInfo)) {
    await page.getByRole("link", { name: "Disable user" }).click();
    await expect(page).toHaveURL(/\?confirm=disable$/);
    await page.getByRole("button", { name: "Disable user" }).click();
  } else {
    await page.getByRole("button", { name: "Disable user" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Disable user" }).click();
  }
  await expect(page.getByTestId("user-status")).toHaveText("Disabled");
  await expect(page.getByTestId("user-sessions")).toHaveText("0");

  await victim.reload();
  await expect(victim).toHaveURL(/\/login/);
  await victim.getByLabel("Email", { exact: true }).fill(email);
  await victim.getByLabel("Password", { exact: true }).fill(password);
  await victim.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(victim.getByText("This account has been disabled. Please contact support.")).toBeVisible();
  await registration.close();
});
