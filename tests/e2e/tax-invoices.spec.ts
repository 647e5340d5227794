import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { expect, registerOwnerWithPlan, test, toast, waitForHydration } from "./fixtures";
import { uniqueEmail } from "./support";

/**
 * Invoices that are tax documents (issue 27, docs/decisions/0056-tax-invoices.md),
 * with JavaScript and without: the owner enters billing details on
 * /billing?tab=billing-details (a wrong VAT ID is answered at its field), pays,
 * and the invoice's row and PDF carry the details, net, VAT and gross.
 */

const PASSWORD = "Tax-invoices-e2e-2026!";

async function newOwner(page: Page, testInfo: TestInfo) {
  const email = uniqueEmail("tax", testInfo);
  // Invoice no. 1, issued before any billing details exist.
  await registerOwnerWithPlan(page, { email, password: PASSWORD, name: "Tina Tax", company: "Tina Tax Ltd", phone: "4165550178" });
}

/** The PDF's text as poppler's pdftotext reads it (poppler-utils, as the unit test uses). */
function pdfText(body: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), "tax-invoice-"));
  try {
    const file = join(dir, "invoice.pdf");
    writeFileSync(file, body);
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).normalize("NFC");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("billing details entered on the billing tab appear on the next invoice", async ({ page }, testInfo) => {
  await newOwner(page, testInfo);
  await page.goto("/billing");
  await waitForHydration(page, testInfo);
  await page.getByRole("link", { name: "Billing details" }).click();
  await expect(page).toHaveURL(/tab=billing-details/);

  const form = page.getByTestId("billing-details-form");
  await form.getByLabel("Legal name").fill("Tina Tax GmbH");
  await form.getByLabel("Street and number").fill("Königstraße 7");
  await form.getByLabel("Postcode").fill("70173");
  await form.getByLabel("City").fill("Stuttgart");
  await form.getByLabel("Country").selectOption("DE");
  await form.getByLabel("VAT ID (optional)").fill("DE12345678");
  await form.getByRole("button", { name: "Save billing details" }).click();
  const vatId = page.getByTestId("billing-details-form").getByLabel("VAT ID (optional)");
  await expect(vatId).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("billing-details-form")).toContainText("This is not a valid VAT ID format for the chosen country.");
  // What was typed stays, so only the VAT ID needs fixing.
  await expect(page.getByTestId("billing-details-form").getByLabel("Legal name")).toHaveValue("Tina Tax GmbH");

  await vatId.fill("DE 123 456 789");
  await page.getByTestId("billing-details-form").getByRole("button", { name: "Save billing details" }).click();
  await expect(toast(page, "Billing details saved.")).toBeVisible();
  await expect(page.getByTestId("billing-details-form").getByLabel("VAT ID (optional)")).toHaveValue("DE123456789");

  // A top-up issues invoice no. 2 with the details just saved.
  await page.goto("/billing?tab=top-up");
  await page.getByLabel("Amount (USD)", { exact: true }).fill("119.00");
  await page.getByTestId("topup-submit").click();
  await expect(toast(page, "Added $119.00 to your balance (invoice no. 2).")).toBeVisible();

  await page.goto("/invoices");
  const row = page.locator('[data-testid="invoices-table"] [data-invoice="2"]');
  await expect(row).toContainText("$100.00"); // net
  await expect(row).toContainText("$19.00 (19%)"); // VAT
  await expect(row).toContainText("$119.00"); // gross
  const pdfOf = async (number: number) => {
    const href = await page.getByRole("link", { name: `Download invoice VB-00000${number} as PDF` }).getAttribute("href");
    const pdf = await page.request.get(href!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    return pdfText(await pdf.body());
  };
  const text = await pdfOf(2);
  for (const field of [
    "Tina Tax GmbH",
    "Königstraße 7",
    "70173 Stuttgart",
    "VAT ID: DE123456789",
    "Voxboard Demo GmbH (placeholder", // the Quick start's stand-in seller
    "DE000000000",
    "VB-000002",
    "Net amount at 19%",
    "VAT 19%",
    "Total (gross)",
    "$119.00",
  ])
    expect(text).toContain(field);
  // The plan's invoice was issued before the details existed and keeps what it was issued with.
  expect(await pdfOf(1)).not.toContain("Tina Tax GmbH");
});
