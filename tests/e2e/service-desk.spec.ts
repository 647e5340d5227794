import type { Page, TestInfo } from "@playwright/test";
import { auditsWithScriptsOnly, expect, expectNoSeriousViolations, prepareAccessibilityAudit, signInQuickly, test, toast, waitForHydration } from "./fixtures";
import { DEMO_USERS, isScriptless } from "./support";

/*
 * The service desk (docs/product/service-desk.md), with JavaScript and
 * without: a ticket made from a recording, worked and resolved; and every
 * screen of the desk audited by axe. Both projects run at once against the
 * same demo data, so each picks its own recording (Solar Leads Q4 calls,
 * which no other spec changes), alternating rows.
 */

/** A recording of this project that has no ticket yet: its page offers "Create ticket". */
async function recordingWithoutTicket(page: Page, testInfo: TestInfo) {
  await page.goto("/recordings?campaign=Solar+Leads+Q4&status=ended");
  const hrefs = await page
    .getByRole("table")
    .locator('tbody a[href^="/recordings/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const ids = [...new Set(hrefs.map((href) => /^\/recordings\/([0-9a-f-]{36})/.exec(href)?.[1]).filter((id): id is string => Boolean(id)))];
  for (let index = isScriptless(testInfo) ? 1 : 0; index < ids.length; index += 2) {
    await page.goto(`/recordings/${ids[index]}`);
    if ((await page.getByRole("link", { name: "Create ticket", exact: true }).count()) === 1) return ids[index]!;
  }
  throw new Error("No recording without a ticket left for this project");
}

test("a ticket from a recording: created, taken, noted and resolved", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  const callId = await recordingWithoutTicket(page, testInfo);
  await waitForHydration(page, testInfo);
  await page.getByRole("link", { name: "Create ticket", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/service-desk/new\\?call=${callId}$`));
  await expect(page.getByRole("heading", { name: "New ticket" })).toBeVisible();
  // Prefilled from the call: who it was with as the subject.
  await expect(page.getByLabel("Subject")).not.toHaveValue("");

  // A refused form keeps what was typed and says why at the field.
  const subject = `E2E ticket (${testInfo.project.name}, ${Date.now()})`;
  await page.getByLabel("Subject").fill("");
  await page.getByLabel("Tags").fill("e2e, callback");
  await page.getByRole("button", { name: "Create ticket" }).click();
  await expect(page.getByText("Enter a subject")).toBeVisible();
  await expect(page.getByLabel("Tags")).toHaveValue("e2e, callback");

  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Priority").selectOption("high");
  await page.getByRole("button", { name: "Create ticket" }).click();
  await expect(toast(page, "created")).toBeVisible();
  await expect(page).toHaveURL(/\/service-desk\/[0-9a-f-]{36}$/);
  const ticketUrl = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1 })).toContainText(subject);
  await expect(page.getByTestId("ticket-status")).toHaveText("Open");
  await expect(page.getByTestId("ticket-calls").locator(`a[href="/recordings/${callId}"]`)).toBeVisible();

  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Take it" }).click();
  await expect(toast(page, "The ticket is yours")).toBeVisible();
  await expect(page.getByTestId("ticket-facts")).toContainText(DEMO_USERS.owner.name);

  const note = `Called back at ${Date.now()}; the customer confirmed.`;
  await page.getByLabel("Add a note").fill(note);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(toast(page, "Note added")).toBeVisible();
  await expect(page.getByTestId("ticket-notes")).toContainText(note);

  await page.getByLabel("Change the status to").selectOption("resolved");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(toast(page, "Status changed")).toBeVisible();
  await expect(page.getByTestId("ticket-status")).toHaveText("Resolved");
  await expect(page.getByTestId("ticket-activity")).toContainText(`${DEMO_USERS.owner.name} changed the status from Open to Resolved.`);
  // Resolved: no deadline counts any more, and the resolution time is shown.
  await expect(page.getByTestId("ticket-facts")).toContainText("No deadline");

  // The recording now leads to its ticket instead of offering a second one.
  await page.goto(`/recordings/${callId}`);
  await expect(page.getByTestId("recording-ticket-link")).toHaveText(/^Open ticket #\d+$/);
  await expect(page.getByTestId("recording-ticket-link")).toHaveAttribute("href", ticketUrl);

  // Found in the list by its subject among the resolved tickets.
  await page.goto(`/service-desk?${new URLSearchParams({ tab: "all", status: "resolved", q: subject })}`);
  await expect(page.getByTestId("tickets-table").getByRole("link", { name: new RegExp(subject.replace(/[()]/g, "\\$&")) })).toBeVisible();
});

test.describe("accessibility", () => {
  // axe runs inside the page: the no-js project audits the server's markup with the app's bundles blocked (prepareAccessibilityAudit).
  test.use({ javaScriptEnabled: true });

  test("the desk's screens have no serious accessibility problems", async ({ page }, testInfo) => {
    auditsWithScriptsOnly(testInfo);
    test.setTimeout(90_000);
    await prepareAccessibilityAudit(page, testInfo);
    await signInQuickly(page, DEMO_USERS.owner.email);
    await page.goto("/service-desk?tab=all&status=any");
    const ticket = await page.getByTestId("tickets-table").locator('a[href^="/service-desk/"]').first().getAttribute("href");
    for (const path of ["/service-desk", "/service-desk?tab=all&status=any&sort=priority&order=desc", "/service-desk/new", ticket!, "/service-desk/settings"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page);
    }
  });
});
