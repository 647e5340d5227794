import { expect, test } from "./fixtures";
import { DEMO_USERS, openProfileMenu, profileMenuEntry, sidebar, signIn } from "./support";

test("the read-only agent sees only the screens it may read", async ({ page }, testInfo) => {
  await signIn(page, DEMO_USERS.agent.email);
  await expect(page).toHaveURL(/\/overview$/);
  const nav = sidebar(page);

  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/overview");
  for (const tab of ["Active Calls", "Call Queue", "Recordings", "Missed Calls"]) {
    await expect(nav.getByRole("link", { name: tab })).toBeVisible();
  }
  // The agent's CRM screens (contacts, deals to look at) stay in their group, open by default.
  await expect(nav.getByRole("button", { name: "CRM" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Contacts" })).toHaveAttribute("href", "/contacts");
  await expect(nav.getByRole("link", { name: "Deals", exact: true })).toHaveAttribute("href", "/crm-deals");

  // includeHidden: absent from the markup, not merely folded away in a fly-out.
  for (const name of ["Campaigns", "Knowledge base", "AI agent manager", "Create", "Super admin", "Users", "Roles"]) {
    await expect(nav.getByRole("link", { name, exact: true, includeHidden: true })).toHaveCount(0);
    await expect(nav.getByRole("button", { name, exact: true, includeHidden: true })).toHaveCount(0);
  }

  await openProfileMenu(page, testInfo);
  await expect(profileMenuEntry(page, testInfo, "My Profile", "link")).toBeVisible();
  await expect(profileMenuEntry(page, testInfo, "Logout", "button")).toBeVisible();
  await expect(page.getByText("Billing", { exact: true })).toHaveCount(0);
  // The affiliate programme is every user's own, the read-only agent's too (docs/product/affiliates.md).
  await expect(profileMenuEntry(page, testInfo, "Affiliate", "link")).toBeVisible();

  await page.goto("/campaigns");
  await expect(page).toHaveURL(/\/overview$/);
  // Not a silent bounce: the overview says why the screen did not open.
  await expect(page.getByRole("alert").filter({ hasText: "You don't have access to that page." })).toBeVisible();
});

test("the platform admin sees the Super admin group", async ({ page }) => {
  await signIn(page, DEMO_USERS.admin.email);
  const group = sidebar(page).getByRole("button", { name: "Super admin" });
  await expect(group).toBeVisible();
  if ((await group.getAttribute("aria-expanded")) !== "true") await group.click();
  await expect(sidebar(page).getByRole("link", { name: /^Users( soon)?$/ })).toBeVisible();
  // Roles is the owner's, under Settings (docs/decisions/0040-custom-roles.md); the group holds the platform's screens.
  await expect(sidebar(page).getByRole("link", { name: /^Products( soon)?$/ })).toBeVisible();
});

test("a user whose organisation has no plan is sent to choose one", async ({ page }) => {
  await signIn(page, DEMO_USERS.trial.email);
  await page.goto("/overview");
  await expect(page).toHaveURL(/\/choose-plan$/);
  await expect(page.getByRole("heading", { name: "Choose your plan" })).toBeVisible();
});
