import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect, expectNoSeriousViolations, prepareAccessibilityAudit, registerOwnerWithPlan, signInQuickly, test, toast, waitForHydration } from "./fixtures";
import { DEMO_USERS, isScriptless, uniqueEmail } from "./support";

/*
 * The CSV import from upload to result, once with JavaScript and once
 * without. Every test makes its own numbers (a random block of +1 613 …
 * numbers) and its own list names, so parallel tests and the other specs
 * never see each other's rows.
 */

const random = () => Math.floor(Math.random() * 1_000_000);

/** Ten-digit numbers no other test uses: 613 + a random 3-digit block + 4 digits. */
function numbers(count: number) {
  const block = 200 + Math.floor(Math.random() * 800);
  const start = Math.floor(Math.random() * 9_000);
  return Array.from({ length: count }, (_, i) => `613${block}${String(start + i).padStart(4, "0")}`);
}

const formatted = (digits: string) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;

/**
 * An existing contact, made the quick way: the import's own endpoints called
 * with the page's request context (a first import of one row).
 */
async function importQuickly(request: APIRequestContext, csv: string, listName: string) {
  const upload = await request.post("/contacts/import", {
    multipart: { file: { name: "seed.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } },
    maxRedirects: 0,
  });
  expect(upload.status(), await upload.text()).toBe(302);
  const path = upload.headers()["location"]!;
  const mapping = await request.post(path, { form: { intent: "save-mapping", firstName: "0", phone: "1" }, maxRedirects: 0 });
  expect(mapping.status()).toBe(302);
  const start = await request.post(path, { form: { intent: "start-import", listId: "new", newListName: listName }, maxRedirects: 0 });
  expect(start.status()).toBe(302);
  // "Import finished" is in the page's shipped translations from the start; the result panel is not.
  await expect.poll(async () => (await request.get(path)).text(), { timeout: 20_000 }).toContain('data-testid="import-result"');
}

async function uploadFile(page: Page, name: string, csv: string) {
  await page.getByLabel("CSV file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload and continue" }).click();
}

const counts = (page: Page) => page.getByTestId("import-counts");
const count = (page: Page, key: string) => counts(page).locator(`[data-count="${key}"] dd`);
const rowOf = (page: Page, row: number) => page.getByTestId("import-preview").locator(`tbody tr[data-row="${row}"]`);
/** The line under an invalid row: what is wrong with it, and the form that fixes it. */
const detailOf = (page: Page, row: number) => page.getByTestId("import-preview").locator(`tbody tr[data-detail-of="${row}"]`);

/**
 * After "Import": the page moves on to the result by itself (a <noscript> meta refresh, or polling). With the
 * axe set-up below, the no-js project has scripting on but the app's bundles blocked, so neither runs and this
 * reloads instead; the tests outside that set-up show the page moving on by itself.
 */
async function expectResult(page: Page, testInfo: TestInfo, text: string) {
  const result = page.getByTestId("import-result");
  if (isScriptless(testInfo)) {
    await expect(async () => {
      await page.reload();
      await expect(result).toContainText(text, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
  } else {
    await expect(result).toContainText(text, { timeout: 30_000 });
  }
  return result;
}

test.describe("with an accessibility audit of each page", () => {
  // axe runs inside the page; the no-js project keeps scripts on for it but blocks the app's bundles (prepareAccessibilityAudit),
  // so the app still behaves as without JavaScript.
  test.use({ javaScriptEnabled: true });
  test.beforeEach(async ({ page }, testInfo) => {
    await prepareAccessibilityAudit(page, testInfo);
  });

  test("a CSV with valid, invalid, duplicate and existing rows: check, fix, import, see the result", async ({ page }, testInfo: TestInfo) => {
    test.setTimeout(90_000);
    await signInQuickly(page, DEMO_USERS.owner.email);
    const suffix = `${testInfo.project.name}-${random()}`;
    const [existing, valid1, valid2, fixed] = numbers(4);
    await importQuickly(page.request, `First name,Phone\nAlready There,${existing}\n`, `Seed ${suffix}`);

    await page.goto("/contacts/import");
    await expect(page.getByRole("heading", { name: "Import contacts", level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, { withoutScripts: true });
    await waitForHydration(page, testInfo);

    // A German export from Excel: semicolons, German headers, a byte-order mark, CRLF.
    const csv = [
      "\uFEFFVorname;Nachname;Firma;Telefon;E-Mail",
      `Jürgen;Groß;"Müller; Söhne";${formatted(valid1!)};juergen@example.com`,
      `Anna;Schmidt;;+1 ${valid2};`,
      `;Ohnename;;${fixed};broken-email`,
      `Erika;Existing;;${existing};`,
      `Dora;Duplicate;;1${valid1};`,
      "",
    ].join("\r\n");
    await uploadFile(page, `kontakte-${suffix}.csv`, csv);

    // Step 2: the columns were matched from the German headers.
    await expect(page.getByRole("heading", { name: "Match the columns" })).toBeVisible();
    await expect(page.getByLabel("First name (required)")).toHaveValue("0");
    await expect(page.getByLabel("Last name", { exact: true })).toHaveValue("1");
    await expect(page.getByLabel("Company", { exact: true })).toHaveValue("2");
    await expect(page.getByLabel("Phone (required)")).toHaveValue("3");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("4");
    await expectNoSeriousViolations(page, { withoutScripts: true });
    await waitForHydration(page, testInfo);
    await page.getByRole("button", { name: "Continue to the preview" }).click();

    // Step 3: every class of row, with its reason.
    await expect(page.getByRole("heading", { name: "Check the rows" })).toBeVisible();
    await expect(count(page, "total")).toHaveText("5");
    await expect(count(page, "valid")).toHaveText("2");
    await expect(count(page, "invalid")).toHaveText("1");
    await expect(count(page, "exists")).toHaveText("1");
    await expect(count(page, "duplicate")).toHaveText("1");
    await expect(rowOf(page, 2)).toHaveAttribute("data-status", "valid");
    await expect(rowOf(page, 2)).toContainText("Müller; Söhne");
    await expect(rowOf(page, 4)).toHaveAttribute("data-status", "invalid");
    await expect(detailOf(page, 4)).toContainText("First name: Name is required");
    await expect(detailOf(page, 4)).toContainText("Email: Please enter a valid email address");
    // Only invalid rows continue on a line of their own.
    await expect(page.getByTestId("import-preview").locator("tbody tr[data-detail-of]")).toHaveCount(1);
    await expect(rowOf(page, 5)).toContainText("Already exists");
    await expect(rowOf(page, 6)).toContainText("Duplicate");
    await expectNoSeriousViolations(page, { withoutScripts: true });
    await waitForHydration(page, testInfo);

    // The filter is in the URL.
    await page.getByRole("link", { name: /^Invalid/ }).click();
    await expect(page).toHaveURL(/\?status=invalid$/);
    await expect(page.getByTestId("import-preview").locator("tbody tr[data-row]")).toHaveCount(1);
    await waitForHydration(page, testInfo);

    // No list yet, and an invalid row left: both are refused.
    await page.getByRole("button", { name: "Import 2 contacts" }).click();
    await expect(page.getByText("Please select a list")).toBeVisible();
    await waitForHydration(page, testInfo);
    const listName = `Import ${suffix}`;
    await page.getByLabel("Contact list").selectOption({ label: "A new list…" });
    await page.getByLabel("Name of the new list").fill(listName);
    await page.getByRole("button", { name: "Import 2 contacts" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Remove or fix the invalid rows before importing" })).toBeVisible();
    await waitForHydration(page, testInfo);

    // Fix row 4 in place.
    const row = detailOf(page, 4);
    await row.getByText("Fix row 4").click();
    await row.getByLabel("First name", { exact: true }).fill("Fixed");
    await row.getByLabel("Email", { exact: true }).fill("fixed@example.com");
    await row.getByRole("button", { name: "Save row 4" }).click();
    await expect(toast(page, "Row 4 saved.")).toBeVisible();
    await expect(count(page, "invalid")).toHaveText("0");
    await expect(count(page, "valid")).toHaveText("3");
    await waitForHydration(page, testInfo);

    await page.getByLabel("Contact list").selectOption({ label: "A new list…" });
    await page.getByLabel("Name of the new list").fill(listName);
    await page.getByRole("button", { name: "Import 3 contacts" }).click();

    // Step 4: the result.
    const result = await expectResult(page, testInfo, `3 contacts imported into ${listName}.`);
    await expect(result).toContainText("2 rows skipped (already existing or duplicates).");
    await expectNoSeriousViolations(page, { withoutScripts: true });

    // The history on the upload page has it too.
    await page.goto("/contacts/import");
    const historyRow = page.getByRole("row").filter({ hasText: `kontakte-${suffix}.csv` });
    await expect(historyRow).toContainText("Imported");
    await expect(historyRow.getByRole("link", { name: listName })).toHaveAttribute("href", /^\/contacts\?list=/);

    // And the contacts are in the list.
    await historyRow.getByRole("link", { name: listName }).click();
    await expect(page).toHaveURL(/\/contacts\?list=[0-9a-f-]{36}$/);
    for (const name of ["Jürgen", "Anna", "Fixed"]) await expect(page.getByRole("main")).toContainText(name);
    await expect(page.getByRole("main")).not.toContainText("Dora");
  });

  test("the read-only agent sees the history but no upload form", async ({ page }) => {
    await signInQuickly(page, DEMO_USERS.agent.email);
    await page.goto("/contacts/import");
    await expect(page.getByText("Importing contacts needs permission to create contacts")).toBeVisible();
    await expect(page.getByLabel("CSV file")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Recent imports" })).toBeVisible();
    await expectNoSeriousViolations(page, { withoutScripts: true });
  });
});

test("removing rows instead of fixing them, then importing into an existing list", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  const suffix = `${testInfo.project.name}-${random()}`;
  const [seed, a, b] = numbers(3);
  const existingList = `Existing ${suffix}`;
  await importQuickly(page.request, `First name,Phone\nSeed,${seed}\n`, existingList);

  await page.goto("/contacts/import");
  await waitForHydration(page, testInfo);
  await uploadFile(page, `remove-${suffix}.csv`, `Name,Phone\nAda Lovelace,${a}\nNo Phone,\nBad Phone,12\nGrace Hopper,${b}\n`);
  // "Name" is a full name: it is split into first and last name.
  await expect(page.getByLabel("Full name (split into first and last name)")).toHaveValue("0");
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Continue to the preview" }).click();
  await expect(count(page, "invalid")).toHaveText("2");
  await expect(rowOf(page, 2)).toContainText("Ada Lovelace");

  // On a phone every row is a card (an invalid one with its correction under it), and nothing scrolls sideways.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rowOf(page, 2)).toHaveCSS("display", "flex");
  await expect(detailOf(page, 3)).toHaveCSS("display", "block");
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize(viewport);
  await waitForHydration(page, testInfo);

  await rowOf(page, 3).getByRole("button", { name: "Remove row 3" }).click();
  await expect(toast(page, "Row 3 removed.")).toBeVisible();
  await expect(count(page, "removed")).toHaveText("1");
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Remove the invalid row" }).click();
  await expect(toast(page, "1 invalid row removed.")).toBeVisible();
  await expect(count(page, "invalid")).toHaveText("0");
  await expect(count(page, "removed")).toHaveText("2");
  await waitForHydration(page, testInfo);

  await page.getByLabel("Contact list").selectOption({ label: existingList });
  await page.getByRole("button", { name: "Import 2 contacts" }).click();
  const result = page.getByTestId("import-result");
  await expect(result).toContainText(`2 contacts imported into ${existingList}.`, { timeout: 20_000 });
  await expect(result).toContainText("2 rows removed before the import.");
  // The page says the import finished; no "Import started." toast contradicts it.
  await expect(page.getByRole("status").filter({ hasText: "Import started." })).toHaveCount(0);
  await result.getByRole("link", { name: `View the contacts of ${existingList}` }).click();
  await expect(page).toHaveURL(/\/contacts\?list=[0-9a-f-]{36}$/);
  for (const name of ["Ada", "Grace", "Seed"]) await expect(page.getByRole("main")).toContainText(name);
});

test("a large file: the progress page moves on to the result by itself", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signInQuickly(page, DEMO_USERS.owner.email);
  const suffix = `${testInfo.project.name}-${random()}`;
  // 40,000 rows in a random block of 647 numbers (the other tests use 613, so they never meet). Should the two
  // projects' blocks overlap, some rows are "already exists": the test reads the valid count from the page.
  const base = Math.floor(Math.random() * 9_000_000);
  const csv = ["First name,Phone", ...Array.from({ length: 40_000 }, (_, i) => `Person ${i},647${String(base + i).padStart(7, "0")}`)].join("\n");

  await page.goto("/contacts/import");
  await waitForHydration(page, testInfo);
  await uploadFile(page, `large-${suffix}.csv`, csv);
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Continue to the preview" }).click();
  await expect(count(page, "total")).toHaveText("40,000", { timeout: 60_000 });
  await waitForHydration(page, testInfo);
  await page.getByLabel("Contact list").selectOption({ label: "A new list…" });
  await page.getByLabel("Name of the new list").fill(`Large ${suffix}`);
  const valid = (await count(page, "valid").textContent()) ?? "";
  await page.getByRole("button", { name: `Import ${valid} contacts` }).click();
  // Without scripts a meta refresh reloads the page, with them the loader is polled: either way nobody clicks again.
  await expect(page.getByTestId("import-result")).toContainText(`${valid} contacts imported into Large ${suffix}.`, { timeout: 120_000 });
});

test("a file that is not a CSV is refused with a clear message", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/contacts/import");
  await waitForHydration(page, testInfo);
  await page.getByLabel("CSV file").setInputFiles({ name: "contacts.xlsx", mimeType: "application/octet-stream", buffer: Buffer.from("PK\u0003\u0004") });
  await page.getByRole("button", { name: "Upload and continue" }).click();
  await expect(page.getByText("Only .csv files can be imported.")).toBeVisible();
  // Without scripts the form posts to the index route (?index) and the answer is the same page.
  await expect(page).toHaveURL(/\/contacts\/import(\?index)?$/);
});

test("a German tenant's file: 030 1234567 is a Berlin number, and its second row a duplicate", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  // A German business registers (a German browser, a national number) and chooses a plan.
  const email = uniqueEmail("import-de", testInfo);
  const password = "Import-de-e2e-2026!";
  await registerOwnerWithPlan(page, {
    email,
    password,
    name: "Jana Berg",
    company: "Berg GmbH",
    phone: "030 5550 1234",
    // What a German Firefox sends: its first language names no region (issue 22, item 18: this tenant was read as US).
    headers: { "Accept-Language": "de,en-US;q=0.7,en;q=0.3" },
  });

  await page.goto("/contacts/import");
  await waitForHydration(page, testInfo);
  await uploadFile(
    page,
    "kontakte-berlin.csv",
    "Vorname;Nachname;Telefon\r\nAnna;Schmidt;030 1234567\r\nAnna;Schmidt;030 1234567\r\nBerta;Braun;089 7654321\r\n",
  );
  await expect(page.getByLabel("Phone (required)")).toHaveValue("2");
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Continue to the preview" }).click();

  await expect(count(page, "total")).toHaveText("3");
  await expect(count(page, "valid")).toHaveText("2");
  await expect(count(page, "invalid")).toHaveText("0");
  await expect(count(page, "duplicate")).toHaveText("1");
  await expect(rowOf(page, 2)).toHaveAttribute("data-status", "valid");
  await expect(rowOf(page, 2)).toContainText("+49 30 1234567");
  await expect(rowOf(page, 2)).not.toContainText("(030)");
  await expect(rowOf(page, 3)).toHaveAttribute("data-status", "duplicate");
  await expect(rowOf(page, 3)).toContainText("Duplicate");
  await expect(rowOf(page, 4)).toContainText("+49 89 7654321");
  await waitForHydration(page, testInfo);

  await page.getByLabel("Contact list").selectOption({ label: "A new list…" });
  await page.getByLabel("Name of the new list").fill("Berlin");
  await page.getByRole("button", { name: "Import 2 contacts" }).click();
  const result = await expectResult(page, testInfo, "2 contacts imported into Berlin.");
  await expect(result).toContainText("1 row skipped");
});
