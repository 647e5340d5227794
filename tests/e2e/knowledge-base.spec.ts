import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, expectNoSeriousViolations, prepareAccessibilityAudit, signInQuickly, test, toast, waitForHydration } from "./fixtures";
import { DEMO_USERS, isScriptless } from "./support";

/*
 * Knowledge bases end to end, with and without JavaScript. The demo seed
 * gives the tenant "Main line" (with an outbound and an inbound knowledge
 * base) and "Sales" (none). The two projects work on different numbers so
 * one never switches the other's default, and each makes only knowledge
 * bases of a type the campaigns spec does not count on: inbound on Main line
 * (its campaigns use the outbound one), outbound on Sales (its refusal test
 * needs Sales to have no inbound knowledge base).
 */

// axe runs inside the page; the no-js project keeps scripts on for it but blocks the app's bundles (prepareAccessibilityAudit).
test.use({ javaScriptEnabled: true });
test.beforeEach(async ({ page }, testInfo) => {
  await prepareAccessibilityAudit(page, testInfo);
});

const lane = (testInfo: TestInfo) =>
  isScriptless(testInfo) ? { number: "+1 (647) 555-0199 · Sales", type: "Outbound" } : { number: "+1 (416) 555-0100 · Main line", type: "Inbound" };

const uniqueName = (testInfo: TestInfo, label: string) => `${label} ${testInfo.project.name} ${Math.random().toString(36).slice(2, 8)}`;

const rowOf = (page: Page, name: string) => page.getByTestId("knowledge-row").filter({ hasText: name });

/**
 * A row's action: without scripts a plain link (or, for a change such as
 * "Make default", a small form button); with them an entry of the row's "⋯" menu.
 */
async function chooseRowAction(page: Page, row: Locator, testInfo: TestInfo, name: string, kind: "link" | "button" = "link") {
  if (isScriptless(testInfo)) {
    await row.getByRole(kind, { name, exact: true }).click();
    return;
  }
  await row.getByRole("button", { name: /^Actions for / }).click();
  await page.getByRole("menuitem", { name, exact: true }).click();
}

const LONG_CONTENT =
  "You answer calls for the demo company. Greet the caller, find out what they need, answer questions about opening hours and prices, and offer to book a call back with an advisor.";

async function openNewForm(page: Page, testInfo: TestInfo) {
  await page.goto("/knowledge-base");
  await waitForHydration(page, testInfo);
  await page.getByRole("link", { name: "New knowledge base" }).click();
  await expect(page.getByRole("heading", { name: "New knowledge base" })).toBeVisible();
  await waitForHydration(page, testInfo);
}

async function fillBasics(page: Page, testInfo: TestInfo, name: string) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Phone number", { exact: true }).selectOption({ label: lane(testInfo).number });
  await page.getByLabel(lane(testInfo).type, { exact: true }).check();
  await page.getByLabel("Voice", { exact: true }).selectOption({ label: "Mia – friendly, British English" });
}

/** A second knowledge base on the number, made from a template, so the one under test is never its number's only one. */
async function createFromTemplate(page: Page, testInfo: TestInfo, name: string) {
  await openNewForm(page, testInfo);
  await fillBasics(page, testInfo, name);
  await page.getByLabel("Template", { exact: true }).selectOption({ label: "Customer support" });
  // Without scripts the server fills the texts in; with them, choosing the template already did.
  if (isScriptless(testInfo)) await page.getByRole("button", { name: "Apply template" }).click();
  await expect(page.getByLabel("First message", { exact: true })).toHaveValue("Hello, you have reached customer support. How can I help you today?");
  await expect(page.getByLabel("Content", { exact: true })).toHaveValue(/^You answer customer questions about our products/);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await page.getByRole("button", { name: "Create knowledge base" }).click();
  await expect(toast(page, `Knowledge base "${name}" created.`)).toBeVisible();
}

test("create a knowledge base, fix its content, make it the default and delete it", async ({ page }, testInfo) => {
  // Two forms filled, five pages audited: longer than the default budget on a loaded machine.
  test.slow();
  await signInQuickly(page, DEMO_USERS.owner.email);
  const companion = uniqueName(testInfo, "Companion");
  const name = uniqueName(testInfo, "Front desk");
  await createFromTemplate(page, testInfo, companion);

  await openNewForm(page, testInfo);
  await fillBasics(page, testInfo, name);
  await page.getByLabel("First message", { exact: true }).fill("Hello, thanks for calling!");
  await page.getByLabel("Content", { exact: true }).fill("Too short to be useful.");
  await page.getByLabel("Warm transfer").check();
  await page.getByLabel("Transfer number 1").fill("4165550111");
  await page.getByRole("button", { name: "Add another number" }).click();
  await page.getByLabel("Transfer number 2").fill("+44 20 7946 0958");
  await page.getByRole("button", { name: "Create knowledge base" }).click();

  await expect(page.getByText("Content must be at least 100 characters")).toBeVisible();
  // The live counter needs scripts; without them the rule is in the field's hint and the message.
  if (isScriptless(testInfo)) await expect(page.getByTestId("content-counter")).toHaveCount(0);
  else await expect(page.getByTestId("content-counter")).toHaveText("23 characters – at least 100 needed");
  // Nothing typed is lost.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Transfer number 2")).toHaveValue(/20 ?7946 ?0958/);
  await expect(page.getByLabel("Warm transfer")).toBeChecked();
  await expectNoSeriousViolations(page, { withoutScripts: true });

  await page.getByLabel("Content", { exact: true }).fill(LONG_CONTENT);
  if (!isScriptless(testInfo)) {
    // The counter follows the typing and the message goes as soon as the rule is met.
    await expect(page.getByTestId("content-counter")).toHaveText(`${LONG_CONTENT.length} characters`);
    await expect(page.getByText("Content must be at least 100 characters")).toBeHidden();
  }
  await page.getByRole("button", { name: "Create knowledge base" }).click();
  await expect(toast(page, `Knowledge base "${name}" created.`)).toBeVisible();
  await expect(page).toHaveURL(/\/knowledge-base\?number=/);
  await expect(page.getByLabel("Phone number", { exact: true })).toHaveValue(/.+/);

  const row = rowOf(page, name);
  await expect(row).toContainText(lane(testInfo).type);
  await expect(row).toContainText("Mia");
  await expect(row).toContainText("Warm to +1 (416) 555-0111, +44 20 7946 0958");
  await expect(row).not.toContainText("Default");
  await expectNoSeriousViolations(page);

  await chooseRowAction(page, row, testInfo, "Make default", "button");
  await expect(toast(page, `"${name}" is now the default for its number.`)).toBeVisible();
  await expect(rowOf(page, name)).toContainText("Default");
  await expect(rowOf(page, companion)).not.toContainText("Default");

  // Without scripts the confirmation is a page of its own; with them the same form opens in a dialog over the list.
  await chooseRowAction(page, rowOf(page, name), testInfo, "Delete");
  await expect(page.getByRole("heading", { name: "Delete knowledge base" })).toBeVisible();
  await expect(page.getByText(`Do you really want to delete the knowledge base "${name}"?`)).toBeVisible();
  await expect(page.getByText("becomes the default instead")).toBeVisible();
  await expectNoSeriousViolations(page);
  // The dialog exists only once the list has hydrated (and hides the rest of the page while it is open); the page needs no scripts.
  await page.getByRole("button", { name: "Delete knowledge base" }).click();
  await expect(toast(page, `Knowledge base "${name}" deleted.`)).toBeVisible();
  await expect(rowOf(page, name)).toHaveCount(0);
  await expect(rowOf(page, companion)).toHaveCount(1);
});

test("the list filters by number through the URL and an edit keeps what was typed", async ({ page }, testInfo) => {
  // A form filled, two edits posted, two pages audited.
  test.slow();
  await signInQuickly(page, DEMO_USERS.owner.email);
  const name = uniqueName(testInfo, "Filtered");
  await createFromTemplate(page, testInfo, name);

  await page.goto("/knowledge-base");
  await waitForHydration(page, testInfo);
  await expect(page.getByRole("heading", { name: /\+1 \(416\) 555-0100/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /\+1 \(647\) 555-0199/ })).toBeVisible();
  await page.getByLabel("Phone number", { exact: true }).selectOption({ label: lane(testInfo).number });
  if (isScriptless(testInfo)) await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/\/knowledge-base\?number=[^&]+$/);
  await expect(page.getByTestId("number-group")).toHaveCount(1);
  await expect(rowOf(page, name)).toHaveCount(1);

  // A bookmarked filter opens the same view.
  await page.goto(page.url());
  await expect(page.getByTestId("number-group")).toHaveCount(1);

  await chooseRowAction(page, rowOf(page, name), testInfo, "Edit");
  await expect(page.getByRole("heading", { name: `Knowledge base ${name}` })).toBeVisible();
  await waitForHydration(page, testInfo);
  await page.getByLabel("Tool name (optional)").fill("book appointment!");
  await page.getByLabel("Has an assistant").check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Tool name can only contain letters, digits, underscores and hyphens")).toBeVisible();
  await expect(page.getByLabel("Has an assistant")).toBeChecked();
  await expectNoSeriousViolations(page, { withoutScripts: true });

  await page.getByLabel("Tool name (optional)").fill("book_appointment");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, `Knowledge base "${name}" saved.`)).toBeVisible();
  await expect(rowOf(page, name).getByRole("cell").nth(3)).toHaveText("Yes");
});

test("the agent, who may not read knowledge bases, is sent to the overview", async ({ page }) => {
  await signInQuickly(page, DEMO_USERS.agent.email);
  await page.goto("/knowledge-base");
  await expect(page).toHaveURL(/\/overview$/);
});
