import { expect, test } from "./fixtures";
import { isScriptless, latestEmailTo, linkFrom, submitSignIn, uniqueEmail } from "./support";

const PASSWORD = "Fresh-start-2026!";

test("a new user registers, verifies the email, chooses a plan and reaches the overview", async ({ page }, testInfo) => {
  const email = uniqueEmail("new", testInfo);
  const name = "Erika Mustermann";

  await page.goto("/register");
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill("+49 30 1234567");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/registration-successful$/);
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  const verification = await latestEmailTo(email);
  expect(verification.subject).toBe("Verify your Voxboard email address");
  const link = linkFrom(verification.text, "/verify-email");

  // Opening the link (as a mail scanner would) must not spend the token: a second visit still offers the button.
  await page.goto(link);
  await expect(page.getByRole("button", { name: "Verify your email" })).toBeVisible();
  await page.goto(link);
  const verify = page.getByRole("button", { name: "Verify your email" });
  await expect(verify).toBeVisible();
  await verify.click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status")).toContainText("Your email is verified. Please sign in.");

  // The token is spent now.
  await page.goto(link);
  await expect(page.getByText("This verification link is invalid or has expired.")).toBeVisible();

  await page.goto("/login");
  await submitSignIn(page, email, PASSWORD);
  // A new account brings its own organisation, which has no plan yet.
  await expect(page).toHaveURL(/\/choose-plan$/);
  await page.getByRole("button", { name: "Choose Growth" }).click();

  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole("heading", { name: `Welcome back, ${name}` })).toBeVisible();
  await expect(page.getByTestId("plan-name")).toHaveText("Growth");
  await expect(page.getByRole("status")).toContainText("Your Growth plan is active.");
  await expect(page.getByText(`${email} · Verified`)).toBeVisible();
});

test("registration explains a weak password and a mismatched confirmation", async ({ page }, testInfo) => {
  await page.goto("/register");
  await page.getByLabel("Full name").fill("Erika Mustermann");
  await page.getByLabel("Email").fill(uniqueEmail("weak", testInfo));
  await page.getByLabel("Phone number").fill("+49 30 1234567");
  // Passes the native minLength so that, without scripts, the server's rules are what reject it.
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("abcdefgh");
  // The rule is also the field's hint; the error is the copy the input points to as invalid.
  const passwordError = page.locator(`[id="${await password.getAttribute("id")}-error"]`);
  const rule = "Password must be at least 8 characters and contain an uppercase letter, a lowercase letter, a number and a special character";

  if (!isScriptless(testInfo)) {
    // With scripts the field is checked on blur, before any submit. Retried because a blur before hydration goes unnoticed.
    await expect(async () => {
      await password.focus();
      await password.blur();
      await expect(passwordError).toHaveText(rule, { timeout: 500 });
    }).toPass();
  }

  await page.getByLabel("Confirm password").fill("abcdefgX");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/register$/);
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(passwordError).toHaveText(rule);
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await expect(page.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");
});
