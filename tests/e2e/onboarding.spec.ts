import type { Page } from "@playwright/test";
import { PAGE_TOURS, type TourStepDefinition } from "../../app/features/onboarding/tours";
import type { WizardType } from "../../app/features/onboarding/wizard-type";
import { expect, expectNoSeriousViolations, prepareAccessibilityAudit, registerOwnerWithPlan, signInQuickly, test, waitForHydration } from "./fixtures";
import { DEMO_PASSWORD, DEMO_USERS, isScriptless, uniqueEmail } from "./support";

/*
 * The onboarding wizard on the overview and the help button's page tours
 * (docs/product/behaviour.md#onboarding-wizard, docs/product/behaviour.md#page-tours).
 */

/** The wizard's current step: the dialog with scripts, the panel at the top of the overview without. */
function wizard(page: Page, title: string) {
  return page.getByRole("dialog", { name: title }).or(page.getByRole("region", { name: title }));
}

test("a new owner goes through the onboarding wizard from the welcome to /organizations", async ({ page }, testInfo) => {
  test.slow();
  const scriptless = isScriptless(testInfo);
  const email = uniqueEmail("onboarding", testInfo);
  await registerOwnerWithPlan(page, { email, password: DEMO_PASSWORD, name: "Wanda Wizard", company: "Wizard Works", phone: "4165550144" });
  await page.goto("/overview");
  await waitForHydration(page, testInfo);

  // 1. Welcome, opened by itself on the first visit.
  const welcome = wizard(page, "Welcome to Voxboard");
  await expect(welcome).toBeVisible();
  if (!scriptless) await expect(page.getByRole("dialog", { name: "Welcome to Voxboard" })).toBeVisible();
  await expect(welcome.getByTestId("onboarding-progress")).toHaveText("Step 1 of 5");
  await welcome.getByRole("link", { name: "Let's start" }).click();

  // 2. Phone: required, then a format check, then saved.
  await expect(page).toHaveURL(/\/overview\?onboarding=phone$/);
  const phoneStep = wizard(page, "Your phone number");
  const phone = phoneStep.getByLabel("Phone number");
  await expect(phone).toHaveValue("+1 (416) 555-0144");
  await phone.fill("");
  await phoneStep.getByRole("button", { name: "Save and continue" }).click();
  await expect(phoneStep.getByText("Phone number is required")).toBeVisible();
  await phone.fill("12345");
  await phoneStep.getByRole("button", { name: "Save and continue" }).click();
  await expect(phoneStep.getByText("Invalid phone number format")).toBeVisible();
  if (!scriptless) {
    // Live: formatted as typed, and judged.
    await phone.fill("");
    await phone.pressSequentially("4165550177");
    await expect(phone).toHaveValue("(416) 555-0177");
    await expect(phoneStep.getByTestId("phone-format-status")).toHaveText("✓ Valid format");
    await phone.pressSequentially("1234567");
    await expect(phoneStep.getByTestId("phone-format-status")).toHaveText("✗ Invalid format");
  }
  await phone.fill("(416) 555-0177");
  await phoneStep.getByRole("button", { name: "Save and continue" }).click();

  // 3. Quick profile: all three on by default.
  await expect(page).toHaveURL(/\/overview\?onboarding=profile$/);
  const profileStep = wizard(page, "Quick profile setup");
  for (const option of ["Inbound", "Outbound", "Live Call"]) await expect(profileStep.getByLabel(option, { exact: true })).toBeChecked();
  await profileStep.getByLabel("Outbound", { exact: true }).uncheck();
  await profileStep.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/overview\?onboarding=tour$/);

  // 4 and 5. The nav tour: the sidebar's ten groups (all but the super admin's), in its order.
  const areas = ["Dashboard", "Call Management", "Create", "CRM", "Service Desk", "Appointments", "Integrations", "Templates", "Organizations", "Settings"];
  if (scriptless) {
    const list = page.getByTestId("onboarding-nav-areas");
    await expect(list.getByRole("listitem")).toHaveCount(areas.length);
    for (const [index, area] of areas.entries()) await expect(list.getByRole("listitem").nth(index).getByRole("link")).toHaveText(area);
    await wizard(page, "A tour of the menu").getByRole("link", { name: "Next" }).click();
  } else {
    const card = page.getByTestId("tour-card");
    for (const [index, area] of areas.entries()) {
      await expect(card.getByRole("heading")).toHaveText(area);
      await expect(card.getByTestId("tour-progress")).toHaveText(`Step ${index + 1} of ${areas.length}`);
      // Each step rings its group of the sidebar.
      await expect(page.getByTestId("tour-overlay")).toHaveAttribute("data-target-found", "true");
      await card.getByRole("button", { name: index === areas.length - 1 ? "Done" : "Next" }).click();
    }
  }

  // 6. All set: Let's go! leads to the organizations.
  await expect(page).toHaveURL(/\/overview\?onboarding=done$/);
  await wizard(page, "You are all set").getByRole("link", { name: "Let's go!" }).click();
  await expect(page).toHaveURL(/\/organizations$/);

  // Seen: the overview opens without it now. The choices were stored.
  await page.goto("/overview");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Wanda Wizard");
  await expect(page.getByTestId("onboarding-wizard")).toHaveCount(0);
  await page.goto("/overview?onboarding=profile");
  await expect(page.getByLabel("Outbound", { exact: true })).not.toBeChecked();
  await expect(page.getByLabel("Live Call", { exact: true })).toBeChecked();
  await page.goto("/overview?onboarding=phone");
  await expect(page.getByRole("textbox", { name: "Phone number" })).toHaveValue("+1 (416) 555-0177");
});

test("closing the wizard goes back to the overview and the next opening starts at the welcome", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/overview?onboarding=profile");
  await waitForHydration(page, testInfo);
  if (isScriptless(testInfo)) await page.getByRole("link", { name: "Close the wizard" }).click();
  else await page.getByRole("dialog", { name: "Quick profile setup" }).getByRole("button", { name: "Close modal" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId("onboarding-wizard")).toHaveCount(0);
  // The help page of the overview reopens it at step 1.
  await page.goto("/help?type=overview");
  await page.getByRole("link", { name: "Start the onboarding wizard again" }).click();
  await expect(page).toHaveURL(/\/overview\?onboarding=welcome$/);
  await expect(wizard(page, "Welcome to Voxboard")).toBeVisible();
});

test.describe("accessibility", () => {
  // axe runs in the page; the no-js project audits the scriptless page by blocking the app's bundles instead (prepareAccessibilityAudit).
  test.use({ javaScriptEnabled: true });

  test("the wizard's phone step has no serious accessibility problems, as a dialog and as a page", async ({ page }, testInfo) => {
    // The overview's chart makes axe slow on two cores.
    test.setTimeout(150_000);
    await prepareAccessibilityAudit(page, testInfo);
    await signInQuickly(page, DEMO_USERS.owner.email);
    await page.goto("/overview?onboarding=phone");
    await waitForHydration(page, testInfo);
    await expect(wizard(page, "Your phone number")).toBeVisible();
    if (!isScriptless(testInfo)) await expect(page.getByRole("dialog", { name: "Your phone number" })).toBeVisible();
    await expectNoSeriousViolations(page, { withoutScripts: true });
  });
});

test.describe("page tours", () => {
  test.beforeEach(async ({ page }, testInfo) => {
    test.skip(isScriptless(testInfo), "The tour overlay needs JavaScript; without it the help button is a link to /help (tested below)");
    await page.setViewportSize({ width: 1366, height: 800 });
    await signInQuickly(page, DEMO_USERS.owner.email);
  });

  for (const [path, first, count] of [
    ["/overview", "Your overview", 5],
    ["/campaigns", "Campaigns", 3],
    ["/contacts", "Contacts", 5],
  ] as const) {
    test(`the help button starts the tour of ${path}`, async ({ page }, testInfo) => {
      await page.goto(path);
      await waitForHydration(page, testInfo);
      const help = page.getByRole("button", { name: "Help: tour of this page" });
      await help.click();
      const card = page.getByRole("dialog", { name: first });
      await expect(card).toBeVisible();
      await expect(card.getByTestId("tour-progress")).toHaveText(`Step 1 of ${count}`);
      // The page behind is inert while the tour runs.
      await expect(page.locator("body > div").first()).toHaveAttribute("inert", "");
      for (let step = 1; step < count; step++) {
        await page.getByTestId("tour-card").getByRole("button", { name: "Next" }).click();
        await expect(page.getByTestId("tour-progress")).toHaveText(`Step ${step + 1} of ${count}`);
        await expect(page.getByTestId("tour-overlay"), `step ${step + 1} of ${path} finds its element`).toHaveAttribute("data-target-found", "true");
      }
      await page.getByTestId("tour-card").getByRole("button", { name: "Back" }).click();
      await expect(page.getByTestId("tour-progress")).toHaveText(`Step ${count - 1} of ${count}`);
      await page.getByTestId("tour-card").getByRole("button", { name: "Next" }).click();
      await page.getByTestId("tour-card").getByRole("button", { name: "Done" }).click();
      await expect(page.getByTestId("tour-overlay")).toHaveCount(0);
      await expect(page.locator("body > div").first()).not.toHaveAttribute("inert", "");
      // Escape closes it too, and focus returns to the help button.
      await help.click();
      await expect(page.getByTestId("tour-card")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("tour-overlay")).toHaveCount(0);
      await expect(help).toBeFocused();
    });
  }

  test("the open tour has no serious accessibility problems and keeps focus in its card", async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    await prepareAccessibilityAudit(page, testInfo);
    await page.goto("/campaigns");
    await waitForHydration(page, testInfo);
    await page.getByRole("button", { name: "Help: tour of this page" }).click();
    const card = page.getByTestId("tour-card");
    await expect(card).toBeVisible();
    await expect(card.getByRole("button", { name: "Next" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(card.getByRole("button", { name: "Close tour" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(card.getByRole("button", { name: "Next" })).toBeFocused();
    await expectNoSeriousViolations(page);
  });

  // Every step's element is on its page, as the owner sees it (the wizard types' pages).
  const TOUR_PAGES: Array<[WizardType, string]> = [
    ["main", "/recordings"],
    ["overview", "/overview"],
    ["numbers-management", "/numbers-managment"],
    ["organizations", "/organizations"],
    ["campaigns", "/campaigns"],
    ["contacts", "/contacts"],
  ];
  for (const [type, path] of TOUR_PAGES) {
    test(`every step of the ${type} tour finds its element on ${path}`, async ({ page }) => {
      await page.goto(path);
      const missing = await page.evaluate(
        (steps: TourStepDefinition[]) => steps.filter((step) => document.querySelector(step.selector) === null).map((step) => `${step.key}: ${step.selector}`),
        PAGE_TOURS[type],
      );
      expect(missing, `steps of the ${type} tour whose element is not on ${path}`).toEqual([]);
    });
  }

  test("every step of the ai-agent-manager and ai-agent tours finds its element", async ({ page }) => {
    await page.goto("/ai-agent-manager");
    const missingOn = (type: "ai-agent-manager" | "ai-agent") =>
      page.evaluate((steps: TourStepDefinition[]) => steps.filter((step) => !document.querySelector(step.selector)).map((s) => s.selector), PAGE_TOURS[type]);
    expect(await missingOn("ai-agent-manager"), "/ai-agent-manager").toEqual([]);
    // A draft of its own, made the way a user makes one; the editor's tours are walked on it.
    await page.goto("/create-from-blank");
    await page.getByLabel("Name", { exact: true }).fill(`Tour agent ${Date.now()}`);
    await page.getByRole("button", { name: "Create and continue" }).click();
    await expect(page).toHaveURL(/\/ai-agent\?id=[^&]+&create=true&tab=general$/);
    const id = new URL(page.url()).searchParams.get("id")!;
    for (const tab of ["general", "context", "appearance", "personality", "speech", "privacy"]) {
      await page.goto(`/ai-agent?id=${id}&create=true&tab=${tab}`);
      for (const selector of ["#agent-tabs", `#agent-form-${tab}`, "#agent-save"]) await expect(page.locator(selector).first()).toBeAttached();
    }
    await page.goto(`/ai-agent?id=${id}&tab=general`);
    expect(await missingOn("ai-agent"), "/ai-agent").toEqual([]);
    await page.goto(`/ai-agent-manager/${id}/delete`);
    await page.getByRole("button", { name: "Delete agent" }).click();
    await expect(page).toHaveURL(/\/ai-agent-manager$/);
  });
});

test("without JavaScript the help button leads to a page listing the tour's steps", async ({ page }, testInfo) => {
  test.skip(!isScriptless(testInfo), "The scripted help button starts the tour (tested above)");
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/campaigns");
  await page.getByRole("link", { name: "Help: tour of this page" }).click();
  await expect(page).toHaveURL(/\/help\?type=campaigns&from=%2Fcampaigns$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Help: Campaigns");
  await expect(page.getByTestId("help-step")).toHaveCount(3);
  await expect(page.getByTestId("help-step").first().getByRole("heading")).toHaveText("Campaigns");
  await page.getByRole("link", { name: "Back to Campaigns" }).click();
  await expect(page).toHaveURL(/\/campaigns$/);

  // The agent screen's tab tours are there too.
  await page.goto("/help?type=ai-agent&tab=speech");
  await expect(page.getByRole("heading", { name: "Tab: Speech" })).toBeVisible();
  await expect(page.getByTestId("help-step")).toHaveCount(3);
});
