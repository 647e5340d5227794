import { expect, expectNoSeriousViolations, prepareAccessibilityAudit, signInQuickly, test, waitForHydration } from "./fixtures";
import { DEMO_USERS, isScriptless } from "./support";

/*
 * Campaign results (app/features/campaigns/results.ts), with and without
 * JavaScript: the demo's completed "Webinar thank-you calls" campaign
 * (app/seed/demo-campaigns.server.ts) shows its figures instead of the
 * pre-launch check, and its contacts filter by outcome through the URL.
 */

// axe runs inside the page; the no-js project keeps scripts on for it but blocks the app's bundles (prepareAccessibilityAudit).
test.use({ javaScriptEnabled: true });

test("a completed campaign shows its results and filters its contacts by outcome", async ({ page }, testInfo) => {
  await prepareAccessibilityAudit(page, testInfo);
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/campaigns?status=completed");
  await page.getByRole("link", { name: "Webinar thank-you calls" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Webinar thank-you calls" })).toBeVisible();
  await waitForHydration(page, testInfo);

  const results = page.getByTestId("campaign-results");
  await expect(results.getByRole("heading", { name: "Results" })).toBeVisible();
  await expect(page.getByText("Pre-launch check")).toHaveCount(0);
  const figure = (name: string) => results.locator(`[data-figure="${name}"]`);
  // Ten attendees: two outside their window were skipped; of the eight dialled, four answered, one reached voicemail, two did not answer, one failed.
  await expect(figure("dialled")).toContainText("8");
  await expect(figure("answered")).toContainText("4");
  await expect(figure("voicemail")).toContainText("1");
  await expect(figure("no-answer")).toContainText("2");
  await expect(figure("failed")).toContainText("1");
  await expect(figure("waiting")).toContainText("0");
  await expect(figure("appointments")).toContainText("2");
  await expect(figure("cost")).toContainText(/\$\d+\.\d\d/);
  await expect(page.getByTestId("result-contact")).toHaveCount(10);
  await expectNoSeriousViolations(page, { withoutScripts: true });

  // Filter by outcome: with scripts the select applies at once, without them Apply submits the GET form.
  await page.getByLabel("Outcome", { exact: true }).selectOption("no-answer");
  if (isScriptless(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/outcome=no-answer/);
  await expect(page.getByTestId("result-contact")).toHaveCount(2);
  for (const outcome of await page.getByTestId("result-contact").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-outcome"))))
    expect(outcome).toBe("no-answer");

  // The voicemail figure is a link to its contacts; the call opens on its page.
  await figure("voicemail").click();
  await expect(page).toHaveURL(/outcome=voicemail/);
  await expect(page.getByTestId("result-contact")).toHaveCount(1);
  await page
    .getByTestId("result-contact")
    .getByRole("link", { name: /Open call|Listen/ })
    .click();
  await expect(page).toHaveURL(/\/recordings\/[0-9a-f-]{8,}/);
});
