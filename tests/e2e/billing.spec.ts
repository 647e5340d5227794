import type { Page, TestInfo } from "@playwright/test";
import { expect, registerOwnerWithPlan, test, toast, waitForHydration } from "./fixtures";
import { isScriptless, uniqueEmail } from "./support";

/**
 * Billing as a customer uses it, with JavaScript and without: cards (a dialog
 * with scripts, a page without), a top-up that shows in the balance and as
 * an invoice PDF, a declined card's message at the form, the last card kept,
 * and the auto top-up's minimums. The built-in test-mode provider takes
 * Stripe's test cards; nothing leaves the machine.
 */

const PASSWORD = "Billing-e2e-2026!";

/** A new owner with their own organisation on Starter, paid with Stripe's 4242 test card, signed in. */
async function newOwner(page: Page, testInfo: TestInfo) {
  const email = uniqueEmail("billing", testInfo);
  await registerOwnerWithPlan(page, { email, password: PASSWORD, name: "Bea Billing", company: "Bea Billing Ltd", phone: "4165550177" });
}

/** Opens the add-card form: a dialog with scripts, its own page without. */
async function openAddCard(page: Page, testInfo: TestInfo) {
  await page.goto("/billing?tab=payment-methods");
  await waitForHydration(page, testInfo);
  if (isScriptless(testInfo)) {
    await page.getByRole("link", { name: "Add card" }).click();
    await expect(page).toHaveURL(/add=card/);
    return page.getByTestId("add-card-form");
  }
  await page.getByRole("button", { name: "Add card" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a card" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillCard(form: ReturnType<Page["getByTestId"]>, number: string) {
  await form.getByLabel("Card number").fill(number);
  await form.getByLabel("Expiry (MM/YY)").fill("12/34");
  await form.getByLabel("CVC").fill("123");
  await form.getByRole("button", { name: "Save card" }).click();
}

test("add a card, top up, see the balance and open the invoice PDF", async ({ page }, testInfo) => {
  await newOwner(page, testInfo);

  const form = await openAddCard(page, testInfo);
  await expect(form).toContainText("Voxboard keeps only its brand, last four digits and expiry");
  await fillCard(form, "5555 5555 5555 4444");
  await expect(toast(page, "Card ending in 4444 saved.")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const cards = page.getByTestId("cards-table");
  await expect(cards.locator('[data-card="4242"]')).toHaveAttribute("data-priority", "primary");
  await expect(cards.locator('[data-card="4444"]')).toHaveAttribute("data-priority", "backup");
  await expect(page.getByTestId("billing-test-mode")).toContainText("Test mode: no real money moves");

  await page.goto("/billing?tab=top-up");
  await expect(page.getByTestId("topup-balance")).toHaveText("Current balance: $0.00");
  await page.getByLabel("Amount (USD)", { exact: true }).fill("25.50");
  await page.getByLabel("Payment method").selectOption({ label: "Mastercard ending in 4444" });
  await page.getByTestId("topup-submit").click();
  // Invoice no. 1 is the Starter plan; the top-up is no. 2.
  await expect(toast(page, "Added $25.50 to your balance (invoice no. 2).")).toBeVisible();
  await expect(page.getByTestId("topup-balance")).toHaveText("Current balance: $25.50");

  await page.goto("/billing");
  await expect(page.getByTestId("billing-balance")).toContainText("$25.50");
  await expect(page.getByTestId("plan-status")).toHaveText("Active");
  const invoice = page.locator('[data-testid="invoices-table"] [data-invoice="2"]');
  await expect(invoice).toContainText("Balance top-up");
  await expect(invoice).toContainText("$25.50");
  const pdfLink = invoice.getByRole("link", { name: "Download invoice VB-000002 as PDF" });
  const href = await pdfLink.getAttribute("href");
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await page.goto("/billing?tab=billing-history");
  await expect(page.getByTestId("transactions-table").locator('[data-kind="topup"]')).toContainText("+$25.50");
});

test("a declined card's message is shown at the form, with what to do next", async ({ page }, testInfo) => {
  await newOwner(page, testInfo);
  const form = await openAddCard(page, testInfo);
  await fillCard(form, "4000 0000 0000 0002");
  const error = page.getByTestId("card-error");
  await expect(error).toContainText("The card was declined.");
  await expect(error).toContainText("Use another card, or ask your bank why it declined the payment.");
  // With scripts the dialog stays open, as typed, for another try; without, the page shows the form again and the server never echoes the number back.
  await expect(page.getByTestId("add-card-form")).toBeVisible();
  if (isScriptless(testInfo)) await expect(page.getByLabel("Card number")).toHaveValue("");
  else await expect(page.getByRole("dialog", { name: "Add a card" })).toBeVisible();
  await page.goto("/billing?tab=payment-methods");
  await expect(page.getByTestId("cards-table").locator("[data-card]")).toHaveCount(1);
});

test("removing the last card is refused", async ({ page }, testInfo) => {
  await newOwner(page, testInfo);
  await page.goto("/billing?tab=payment-methods");
  await waitForHydration(page, testInfo);
  const row = page.getByTestId("cards-table").locator('[data-card="4242"]');
  if (isScriptless(testInfo)) {
    await row.getByRole("link", { name: "Remove: Visa ending in 4242" }).click();
    await page.getByRole("button", { name: "Remove card" }).click();
  } else {
    await row.getByRole("button", { name: "Remove: Visa ending in 4242" }).click();
    await page.getByRole("dialog", { name: "Remove this card?" }).getByRole("button", { name: "Remove card" }).click();
  }
  await expect(page.getByRole("alert").filter({ hasText: "You must keep at least one payment method." }).first()).toBeVisible();
  await page.goto("/billing?tab=payment-methods");
  await expect(page.getByTestId("cards-table").locator('[data-card="4242"]')).toHaveCount(1);
});

test("auto top-up settings keep their minimums, in English and German", async ({ page }, testInfo) => {
  await newOwner(page, testInfo);
  await page.goto("/billing?tab=top-up");
  const form = page.getByTestId("auto-topup-form");
  await form.getByLabel("Top up automatically").check();
  await form.getByLabel("Threshold (USD)").fill("9.99");
  await form.getByLabel("Top-up amount (USD)").fill("49");
  await form.getByRole("button", { name: "Save auto top-up" }).click();
  await expect(form).toContainText("The threshold must be at least $10.00.");
  await expect(form).toContainText("The auto top-up amount must be at least $50.00.");

  await form.getByLabel("Threshold (USD)").fill("10");
  await form.getByLabel("Top-up amount (USD)").fill("50");
  await form.getByLabel("Monthly cap (USD)").fill("200");
  await form.getByRole("button", { name: "Save auto top-up" }).click();
  await expect(toast(page, "Auto top-up settings saved.")).toBeVisible();
  await page.goto("/billing");
  await expect(page.getByTestId("billing-auto-topup")).toContainText("On: $50.00 when the balance falls below $10.00");

  // German: decimal commas, and the minimums in German money.
  await page.request.post("/resources/language", { form: { lng: "de", redirectTo: "/billing" } });
  await page.goto("/billing?tab=top-up");
  const german = page.getByTestId("auto-topup-form");
  await expect(german.getByLabel("Schwellenwert (USD)")).toHaveValue("10,00");
  await german.getByLabel("Schwellenwert (USD)").fill("9,50");
  await german.getByRole("button", { name: "Automatisches Aufladen speichern" }).click();
  await expect(german).toContainText("Der Schwellenwert muss mindestens 10,00 $ betragen.");
});
