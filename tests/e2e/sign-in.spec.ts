import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, DEMO_USERS, openProfileMenu, profileMenuEntry, signIn, submitSignIn } from "./support";

test("a wrong password is refused without saying which field was wrong", async ({ page }) => {
  await page.goto("/login");
  await submitSignIn(page, DEMO_USERS.owner.email, "Wrong-pass-2026!");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
});

test("the owner signs in, signs out through the profile menu and comes back to where they wanted to go", async ({ page }, testInfo) => {
  await signIn(page, DEMO_USERS.owner.email);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole("heading", { name: `Welcome back, ${DEMO_USERS.owner.name}` })).toBeVisible();

  await openProfileMenu(page, testInfo);
  // The owner's menu holds every entry; the agent test checks that Billing disappears (Affiliate stays: the programme is every user's).
  for (const name of ["My Profile", "Billing", "Affiliate"]) await expect(profileMenuEntry(page, testInfo, name, "link")).toBeVisible();
  await profileMenuEntry(page, testInfo, "Logout", "button").click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status")).toContainText("You have been signed out.");

  await page.goto("/overview");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Foverview$/);

  await submitSignIn(page, DEMO_USERS.owner.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole("heading", { name: `Welcome back, ${DEMO_USERS.owner.name}` })).toBeVisible();
});
