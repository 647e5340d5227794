import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, expectNoSeriousViolations, prepareAccessibilityAudit, registerOwnerWithPlan, test, toast, waitForHydration } from "./fixtures";
import { isScriptless, uniqueEmail } from "./support";

/*
 * /numbers-managment. Every test that adds numbers registers an organisation
 * of its own, so the plan's quota is the test's alone: the demo tenant's
 * numbers are shared with the campaign and knowledge-base specs running at
 * the same time.
 */

const PASSWORD = "Numbers-e2e-2026!";

// axe runs inside the page, so scripts are on in both projects; without JavaScript the app's own bundles are blocked.
test.use({ javaScriptEnabled: true });
test.beforeEach(async ({ page }, testInfo) => {
  await prepareAccessibilityAudit(page, testInfo);
});

/** A new owner with their own organisation on the given plan, signed in. */
async function newOwner(page: Page, testInfo: TestInfo, plan: "starter" | "growth") {
  const email = uniqueEmail("numbers", testInfo);
  await registerOwnerWithPlan(page, { email, password: PASSWORD, name: "Nora Numbers", company: "Nora Numbers Ltd", phone: "4165550150", plan });
}

/** Four random digits after 416 555, so parallel runs and projects never type the same number. */
function randomLocalNumber() {
  const last = String(Math.floor(Math.random() * 10_000)).padStart(4, "0");
  return { digits: `416555${last}`, display: `+1 (416) 555-${last}`, typed: `(416) 555-${last}` };
}

const numberRows = (page: Page) => page.getByTestId("number-row");

/** A row's action: a plain link without scripts; with them an entry of the row's "⋯" menu. */
async function chooseRowAction(page: Page, row: Locator, testInfo: TestInfo, name: string) {
  if (isScriptless(testInfo)) {
    await row.getByRole("link", { name, exact: true }).click();
    return;
  }
  await row.getByRole("button", { name: /^Actions for / }).click();
  await page.getByRole("menuitem", { name, exact: true }).click();
}

test("an owner adds a number, sees it formatted, reaches the plan's limit, renames and deletes it", async ({ page }, testInfo) => {
  // One story with three accessibility audits: more than the default 30 seconds on a busy machine.
  test.slow();
  await newOwner(page, testInfo, "starter");
  await page.goto("/numbers-managment");
  await waitForHydration(page, testInfo);
  await expect(page.getByRole("heading", { name: "Phone numbers", level: 1 })).toBeVisible();
  await expect(page.getByTestId("numbers-quota")).toContainText("0 of 1 number used");
  await expect(page.getByText("You have not added a number yet.")).toBeVisible();
  await expectNoSeriousViolations(page);

  const number = randomLocalNumber();
  const phone = page.getByLabel("Phone number");
  const indicator = page.getByTestId("phone-format-status");
  if (isScriptless(testInfo)) {
    await phone.fill(`416 555 ${number.digits.slice(6)}`);
  } else {
    // With scripts the number is formatted while it is typed, and the indicator says whether the format is valid.
    await phone.pressSequentially(number.digits.slice(0, 5));
    await expect(phone).toHaveValue("(416) 55");
    await expect(indicator).toHaveText(/Invalid format/);
    await phone.pressSequentially(number.digits.slice(5));
    await expect(phone).toHaveValue(number.typed);
    await expect(indicator).toHaveText(/Valid format/);
  }
  // The help card on phone formats is a disclosure that opens without scripts.
  await page.getByText("Which phone formats work?").click();
  await expect(page.getByText("US numbers such as 555 123 4567 get brackets and +1 automatically.")).toBeVisible();

  await page.getByLabel("Label", { exact: true }).fill(`Front desk ${testInfo.project.name}`);
  await page.getByRole("button", { name: "Add number" }).click();
  await expect(toast(page, "Phone number added.")).toBeVisible();
  await expect(numberRows(page)).toHaveCount(1);
  const row = numberRows(page).first();
  await expect(row.getByRole("rowheader")).toHaveText(number.display);
  await expect(row).toContainText(`Front desk ${testInfo.project.name}`);
  await expect(row).toHaveAttribute("data-e164", `+1${number.digits}`);

  // The Starter plan has one number: the form is disabled and says why.
  await expect(page.getByTestId("numbers-quota")).toContainText("1 of 1 number used");
  await expect(page.getByText("Your Starter plan includes 1 phone number, and it is in use.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add number" })).toBeDisabled();
  await expect(page.getByLabel("Phone number")).toBeDisabled();
  await expectNoSeriousViolations(page);

  await waitForHydration(page, testInfo);
  await expect(page.getByRole("button", { name: "Save label" })).toHaveCount(0);
  await chooseRowAction(page, row, testInfo, "Edit label");
  await expect(page).toHaveURL(/\/numbers-managment\?edit=/);
  // The label's form opens on a line of its own under the row.
  await page.getByLabel(`Label of ${number.display}`).fill("Reception");
  await page.getByRole("button", { name: "Save label" }).click();
  await expect(toast(page, "Label saved.")).toBeVisible();
  await expect(numberRows(page).first()).toContainText("Reception");
  await expect(page).toHaveURL(/\/numbers-managment$/);

  await waitForHydration(page, testInfo);
  await chooseRowAction(page, numberRows(page).first(), testInfo, "Delete");
  if (isScriptless(testInfo)) {
    await expect(page).toHaveURL(/\/numbers-managment\/[^/]+\/delete$/);
    await expect(page.getByRole("heading", { name: "Delete phone number" })).toBeVisible();
    await expect(page.getByTestId("delete-number-summary")).toHaveText(`${number.display} · Reception`);
    await expect(page.getByText("It has no knowledge bases.")).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole("button", { name: "Delete number" }).click();
  } else {
    const dialog = page.getByRole("dialog", { name: "Delete phone number" });
    await expect(dialog.getByTestId("delete-number-summary")).toHaveText(`${number.display} · Reception`);
    await expectNoSeriousViolations(page);
    await dialog.getByRole("button", { name: "Delete number" }).click();
  }
  await expect(toast(page, `${number.display} was deleted.`)).toBeVisible();
  await expect(page).toHaveURL(/\/numbers-managment$/);
  await expect(numberRows(page)).toHaveCount(0);
  await expect(page.getByTestId("numbers-quota")).toContainText("0 of 1 number used");
});

test("a duplicate number is refused at the field, keeping what was typed", async ({ page }, testInfo) => {
  await newOwner(page, testInfo, "growth");
  const number = randomLocalNumber();
  await page.goto("/numbers-managment");
  await waitForHydration(page, testInfo);
  for (const attempt of [1, 2]) {
    await page.getByLabel("Phone number").fill(number.digits);
    await page.getByRole("button", { name: "Add number" }).click();
    if (attempt === 1) await expect(toast(page, "Phone number added.")).toBeVisible();
  }
  await expect(page.getByText("This number has already been added")).toBeVisible();
  // One message for one problem: no green "Valid format" beside the refusal.
  await expect(page.getByTestId("phone-format-status")).toHaveText("");
  await expect(page.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Phone number")).not.toHaveValue("");
  await expect(numberRows(page)).toHaveCount(1);
});

test("a number typed with a plus stays the international number it is, never a +1 number", async ({ page }, testInfo) => {
  await newOwner(page, testInfo, "growth");
  await page.goto("/numbers-managment");
  await waitForHydration(page, testInfo);
  const phone = page.getByLabel("Phone number");
  await phone.fill("+4930123456");
  if (!isScriptless(testInfo)) {
    await expect(phone).toHaveValue("+49 30 123456");
    await expect(page.getByTestId("phone-format-status")).toHaveText(/Valid format/);
  }
  await page.getByRole("button", { name: "Add number" }).click();
  await expect(toast(page, "Phone number added.")).toBeVisible();
  await expect(numberRows(page).getByRole("rowheader")).toHaveText(["+49 30 123456"]);
});

test("a CSV is validated row by row from row 2, and its valid numbers are added together", async ({ page }, testInfo) => {
  await newOwner(page, testInfo, "growth");
  const first = randomLocalNumber();
  let second = randomLocalNumber();
  while (second.digits === first.digits) second = randomLocalNumber();
  const csv = ["Name,Phone", `Ada,${first.digits}`, "Bob,12345", `Cy,1${second.digits}`, "Dee,not a number"].join("\r\n");

  await page.goto("/numbers-managment");
  await waitForHydration(page, testInfo);
  await page.getByLabel("CSV file").setInputFiles({ name: `numbers-${testInfo.project.name}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Validate numbers" }).click();

  await expect(page).toHaveURL(/\/numbers-managment\/validate$/);
  await expect(page.getByTestId("bulk-summary")).toHaveText(`numbers-${testInfo.project.name}.csv: 4 rows, 2 valid, 2 invalid.`);
  const rows = page.getByTestId("bulk-row");
  await expect(rows).toHaveCount(4);
  const expected = [
    ["2", first.display, "Valid", ""],
    ["3", "12345", "Invalid", "Invalid Phone Number Format"],
    ["4", second.display, "Valid", ""],
    ["5", "not a number", "Invalid", "Invalid Phone Number Format"],
  ];
  for (const [index, cells] of expected.entries()) {
    await expect(rows.nth(index).getByRole("cell")).toHaveText(cells);
  }
  await expectNoSeriousViolations(page);

  await waitForHydration(page, testInfo);
  await expect(page.getByText("2 valid numbers are not on your list yet.")).toBeVisible();
  await page.getByRole("button", { name: "Add the valid numbers" }).click();
  await expect(toast(page, "2 numbers added (0 already added, skipped).")).toBeVisible();
  await expect(page).toHaveURL(/\/numbers-managment$/);
  await expect(numberRows(page).getByRole("rowheader")).toHaveText([first.display, second.display]);
  await expect(page.getByTestId("numbers-quota")).toContainText("2 of 5 numbers used");
});

test("a file that is not a CSV is refused with a message", async ({ page }, testInfo) => {
  await newOwner(page, testInfo, "starter");
  await page.goto("/numbers-managment/validate");
  await waitForHydration(page, testInfo);
  await page.getByLabel("CSV file").setInputFiles({ name: "numbers.xlsx", mimeType: "application/vnd.ms-excel", buffer: Buffer.from("PK\u0003\u0004") });
  await page.getByRole("button", { name: "Validate numbers" }).click();
  await expect(page.getByText("Only .csv files can be validated.")).toBeVisible();
  await expect(page.getByLabel("CSV file")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("bulk-results")).toHaveCount(0);
});
