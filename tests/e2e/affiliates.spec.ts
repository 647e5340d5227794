import { expect, test } from "@playwright/test";
import { registerOwnerWithPlan, waitForHydration } from "./fixtures";
import { DEMO_USERS, isScriptless, openProfileMenu, profileMenuEntry, signIn, uniqueEmail } from "./support";

/*
 * The affiliate programme (issue 26, docs/product/affiliates.md): a new owner
 * applies from the profile menu's "Affiliate", the super admin approves them
 * and they get their referral link; the super admin then pays out one of the
 * demo affiliate's waiting payouts (the money one with scripts, the balance
 * one without, so the two projects never move the same payout), each move a
 * plain form post.
 */

test("approve an affiliate and pay out a commission", async ({ page, browser }, testInfo) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("affiliate", testInfo);
  const password = "Affiliate-pass-2026!";
  await registerOwnerWithPlan(page, { email, password, name: "Alex Affiliate", company: "Affiliate Co", phone: "4165550188" });
  // Not the overview: a new owner's first visit there opens the onboarding wizard over everything.
  await page.goto("/profile");
  await waitForHydration(page, testInfo);
  await openProfileMenu(page, testInfo);
  await profileMenuEntry(page, testInfo, "Affiliate", "link").click();
  await expect(page).toHaveURL(/\/affiliates$/);
  await page.getByRole("button", { name: "Apply to join" }).click();
  await expect(page.getByTestId("affiliate-applied")).toBeVisible();

  const adminContext = await browser.newContext({ javaScriptEnabled: !isScriptless(testInfo) });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_USERS.admin.email);
  await admin.goto("/affiliate-management?tab=approve");
  await admin.locator(`tr[data-affiliate="${email}"]`).getByRole("button", { name: "Approve", exact: true }).click();
  await expect(admin.getByText("Affiliate approved.")).toBeVisible();

  await page.goto("/affiliates");
  await expect(page.getByTestId("referral-link")).toHaveValue(/\/r\/[a-z2-9]{10}$/);

  const method = isScriptless(testInfo) ? "balance" : "money";
  await admin.goto("/affiliate-management?tab=payout");
  const waiting = admin.locator(`tr[data-affiliate="${DEMO_USERS.owner.email}"][data-method="${method}"][data-state="PENDING_APPROVAL"]`);
  const payoutId = await waiting.getAttribute("data-payout");
  expect(payoutId).toBeTruthy();
  const row = admin.locator(`tr[data-payout="${payoutId}"]`);
  // Marking it paid before it is approved is not on offer.
  await expect(row.getByRole("button", { name: "Mark paid" })).toHaveCount(0);
  await row.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(admin.getByText("Payout moved to “Approved, pending payment”.")).toBeVisible();
  await expect(row).toHaveAttribute("data-state", "APPROVED_PENDING_PAYMENT");
  await row.getByRole("button", { name: "Mark paid" }).click();
  await expect(admin.getByText("Payout moved to “Paid”.")).toBeVisible();
  await admin.goto("/affiliate-management?tab=payout&state=PAID");
  await expect(admin.locator(`tr[data-payout="${payoutId}"]`)).toHaveAttribute("data-state", "PAID");
  await adminContext.close();
});
