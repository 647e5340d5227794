import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { auditsWithScriptsOnly, expect, expectNoSeriousViolations, test } from "./fixtures";
import { DEMO_USERS, ensureDemoIntegration, isScriptless, signIn } from "./support";
import { resolveSuperAdminIds, screenPath, SUPER_ADMIN_SCREENS } from "./screens";

// axe runs inside the page, so it needs script execution. Where the no-js
// project audits (the shell here, and the pages with fallbacks of their own:
// docs/decisions/0039-audits-without-scripts.md), scripts are on but the app's
// bundles are blocked, so React never hydrates.
test.use({ javaScriptEnabled: true });
test.beforeEach(async ({ page }, testInfo) => {
  if (isScriptless(testInfo)) await page.route(/\/build\/.+\.js(\?.*)?$/, (route) => route.abort());
});

/** The first link in a list page's main content whose href matches: a real record's page to audit. */
async function firstHref(page: Page, list: string, pattern: RegExp) {
  await page.goto(list);
  const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const href = hrefs.find((candidate) => pattern.test(candidate));
  if (!href) throw new Error(`No link matching ${pattern} on ${list}`);
  return href;
}

for (const path of ["/login", "/register", "/reset-password", "/api-docs"]) {
  test(`${path} has no serious accessibility problems`, async ({ page }, testInfo) => {
    auditsWithScriptsOnly(testInfo);
    // The API reference is one long page (every operation, its fields and examples): axe takes seconds more on it.
    if (path === "/api-docs") test.setTimeout(90_000);
    await page.goto(path);
    await expectNoSeriousViolations(page);
  });
}

test("a primary button under the pointer keeps its text readable", async ({ page }, testInfo) => {
  auditsWithScriptsOnly(testInfo);
  await page.goto("/login");
  const submit = page.getByRole("button", { name: "Sign in", exact: true });
  await submit.hover();
  // The hover style is a transition: audit the colour it settles on.
  await page.waitForTimeout(400);
  await expectNoSeriousViolations(page);
});

test("/choose-plan has no serious accessibility problems", async ({ page }, testInfo) => {
  auditsWithScriptsOnly(testInfo);
  await signIn(page, DEMO_USERS.trial.email);
  await expect(page).toHaveURL(/\/choose-plan$/);
  await expectNoSeriousViolations(page);
});

test("/overview and a screen that is not available yet have no serious accessibility problems", async ({ page }, testInfo) => {
  await signIn(page, DEMO_USERS.owner.email);
  await expect(page).toHaveURL(/\/overview$/);
  // Hydrated, the profile menu is a menu button; server-rendered, a <details> disclosure.
  await expect(page.getByRole("button", { name: "Profile menu" })).toHaveCount(isScriptless(testInfo) ? 0 : 1);
  await expectNoSeriousViolations(page, { withoutScripts: true });

  await page.goto("/overview-new");
  await expect(page.getByTestId("not-available")).toBeVisible();
  await expectNoSeriousViolations(page, { withoutScripts: true });
});

test("billing's and the account's settings screens have no serious accessibility problems", async ({ page }, testInfo) => {
  auditsWithScriptsOnly(testInfo);
  // Eight screens, each audited in full with the experimental rules too (fixtures.ts): a few seconds a screen on two cores.
  test.setTimeout(120_000);
  await signIn(page, DEMO_USERS.owner.email);
  for (const path of [
    "/billing",
    "/billing?tab=payment-methods",
    "/billing?tab=top-up",
    "/billing?tab=billing-history",
    "/billing?tab=usage",
    "/invoices",
    "/subscriptions-history",
    "/add-topup-balance",
  ]) {
    await page.goto(path);
    await expect(page.getByTestId("billing-test-mode")).toBeVisible();
    await expectNoSeriousViolations(page);
  }
  // The owner's other account screens: settings and the audit log (with the demo's entries).
  for (const [path, heading] of [
    ["/settings", "Settings"],
    ["/settings/audit-log", "Audit log"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
  }
});

test("the super admin's screens have no serious accessibility problems", async ({ page }, testInfo) => {
  auditsWithScriptsOnly(testInfo);
  test.setTimeout(150_000);
  await signIn(page, DEMO_USERS.admin.email);
  const ids = await resolveSuperAdminIds(page);
  for (const template of SUPER_ADMIN_SCREENS) {
    const response = await page.goto(screenPath(template, ids));
    expect(response?.status(), template).toBe(200);
    await expectNoSeriousViolations(page);
  }
});

test("the organization screens have no serious accessibility problems", async ({ page }, testInfo) => {
  auditsWithScriptsOnly(testInfo);
  // Two screens, each audited in full with the experimental rules too (fixtures.ts): a few seconds a screen on two cores.
  test.setTimeout(120_000);
  await signIn(page, DEMO_USERS.owner.email);
  for (const path of ["/organizations", "/organizations/new"]) {
    await page.goto(path);
    await expectNoSeriousViolations(page);
  }
});

test("the scheduling screens have no serious accessibility problems", async ({ page }, testInfo) => {
  auditsWithScriptsOnly(testInfo);
  // Sixteen screens, each audited in full.
  test.setTimeout(120_000);
  await signIn(page, DEMO_USERS.owner.email);
  const organizationPage = await firstHref(page, "/organizations", /^\/organizations\/[0-9a-f-]{8,}$/);
  const teamPage = await firstHref(page, `${organizationPage}?tab=teams`, /\/teams\/[0-9a-f-]{8,}$/);
  const eventTypePage = await firstHref(page, teamPage, /\/event-types\/[0-9a-f-]{8,}$/);
  const appointmentPage = await firstHref(page, "/appointments", /^\/appointments\/[0-9a-f-]{8,}$/);
  const staffPage = await firstHref(page, "/staff", /^\/staff\/[0-9a-f-]{8,}$/);
  for (const path of [
    organizationPage,
    `${organizationPage}?tab=teams`,
    teamPage,
    eventTypePage,
    `${teamPage}/event-types/new`,
    "/staff",
    staffPage,
    "/appointments",
    "/appointments/new",
    appointmentPage,
    `${appointmentPage}/reschedule`,
    "/calendar",
    "/calendar?view=month",
    "/calendar?view=day",
    "/appointment-insights?range=last-3-months",
    "/calcom",
  ]) {
    await page.goto(path);
    await expectNoSeriousViolations(page);
  }
});

test("the integration hub's screens have no serious accessibility problems", async ({ page }, testInfo) => {
  auditsWithScriptsOnly(testInfo);
  // Thirteen screens, each audited in full with the experimental rules too (fixtures.ts): a few seconds a screen on two cores.
  test.setTimeout(120_000);
  await signIn(page, DEMO_USERS.owner.email);
  const integration = await ensureDemoIntegration(page);
  for (const path of [
    "/integrations-hub",
    "/integrations-hub?view=list",
    "/integrations-hub?category=marketing",
    "/integrations-hub?tab=active",
    "/integrations-hub?tab=analytics",
    "/integrations-hub/connect/crm-suite",
    "/integrations-hub/import",
    `/integrations-hub/${integration}`,
    `/integrations-hub/${integration}?tab=mappings`,
    `/integrations-hub/${integration}?tab=endpoints&run=createUser`,
    `/integrations-hub/${integration}?tab=webhooks`,
    "/crm",
    "/crm-logs",
  ]) {
    await page.goto(path);
    await expectNoSeriousViolations(page);
  }
});

test("German pages name their controls with the text they show (WCAG 2.5.3)", async ({ page }, testInfo) => {
  auditsWithScriptsOnly(testInfo);
  test.setTimeout(120_000);
  await signIn(page, DEMO_USERS.owner.email);
  expect((await page.request.post("/resources/language", { form: { language: "de", lng: "de", redirectTo: "/overview" }, maxRedirects: 0 })).status()).toBe(
    302,
  );
  const organizationPage = await firstHref(page, "/organizations", /^\/organizations\/[0-9a-f-]{8,}$/);
  const teamPage = await firstHref(page, `${organizationPage}?tab=teams`, /\/teams\/[0-9a-f-]{8,}$/);
  const problems: string[] = [];
  // The screens whose controls carry a name besides their text: the top bar, pagers, member and team actions, the slot picker, the calendar, numbers.
  for (const path of [
    "/overview",
    "/recordings?page=2",
    "/contacts",
    "/numbers-managment",
    organizationPage,
    teamPage,
    "/appointments/new",
    "/calendar?view=month",
    "/staff",
    "/integrations-hub",
  ]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    const results = await new AxeBuilder({ page }).setLegacyMode(true).withRules(["label-content-name-mismatch"]).analyze();
    for (const violation of results.violations) {
      for (const node of violation.nodes) problems.push(`${path}: ${node.target.join(" ")} ${node.html}`);
    }
  }
  expect(problems).toEqual([]);
});
