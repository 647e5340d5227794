import { expect, test } from "./fixtures";
import { isScriptless, latestEmailTo, linkFrom, submitSignIn, uniqueEmail } from "./support";

const PASSWORD = "Fresh-start-2026!";

test("a new user registers, verifies the email, chooses a plan and reaches the overview", async ({ page }, testInfo) => {
  const email = uniqueEmail("new", testInfo);
  const name = "Erika Mustermann";
  const company = "Mustermann & Söhne GmbH";

  await page.goto("/register");
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Company name").fill(company);
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
  // The plan first (the recommended one is marked, with its minutes and the price of each minute beyond them), then the card
  // (Stripe's test card in the built-in test mode), then the payment.
  await expect(page.getByTestId("billing-test-mode")).toContainText("Test mode: no real money moves");
  const growth = page.locator('[data-plan="growth"]');
  await expect(growth).toHaveAttribute("data-recommended", "true");
  await expect(growth.getByTestId("plan-overage")).toHaveText("then $0.05 per extra minute");
  await expect(page.getByLabel("Card number")).toHaveCount(0);
  await growth.getByRole("link", { name: "Choose Growth" }).click();
  await expect(page).toHaveURL(/\/choose-plan\?plan=growth$/);
  await expect(page.getByTestId("chosen-plan")).toContainText("Your choice: Growth");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByTestId("plan-card")).toContainText("Visa ending in 4242");
  await page.getByRole("button", { name: "Choose Growth: pay $149.00" }).click();

  await expect(page).toHaveURL(/\/overview$/);
  // The first visit of a new account is a welcome, not a return.
  await expect(page.getByRole("heading", { name: `Welcome, ${name}`, exact: true })).toBeVisible();
  await expect(page.getByTestId("plan-name")).toHaveText("Growth");
  await expect(page.getByRole("status")).toContainText("Your Growth plan is active.");
  await expect(page.getByText(`${email} · Verified`)).toBeVisible();
  // The organisation is the company, in the zone of the +49 number.
  await expect(page.getByTestId("tenant-name")).toHaveText(company);
  await expect(page.getByText("Europe/Berlin", { exact: true })).toBeVisible();

  // The first overview opens the onboarding wizard (docs/product/behaviour.md#onboarding-wizard): a dialog with scripts, closed here;
  // without them a panel at the top of the page. tests/e2e/onboarding.spec.ts walks it.
  if (!isScriptless(testInfo)) {
    const wizard = page.getByRole("dialog", { name: "Welcome to Voxboard" });
    await expect(wizard).toBeVisible();
    await wizard.getByRole("button", { name: "Close modal" }).click();
    await expect(wizard).toHaveCount(0);
  } else {
    await expect(page.getByRole("region", { name: "Welcome to Voxboard" })).toBeVisible();
  }
  // An empty organisation gets its first steps, each a link for the owner.
  const steps = page.getByTestId("first-step");
  await expect(steps).toHaveCount(5);
  await expect(page.locator('[data-testid="first-step"][data-done="false"]')).toHaveCount(5);
  await page.getByRole("link", { name: "Add a number" }).click();
  await expect(page).toHaveURL(/\/numbers-managment$/);

  // The next sign-in is a return.
  await page.context().clearCookies();
  await page.goto("/login");
  await submitSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole("heading", { name: `Welcome back, ${name}` })).toBeVisible();
});

test("registration explains a weak password and a mismatched confirmation", async ({ page }, testInfo) => {
  await page.goto("/register");
  await page.getByLabel("Full name").fill("Erika Mustermann");
  await page.getByLabel("Company name").fill("Mustermann GmbH");
  await page.getByLabel("Email").fill(uniqueEmail("weak", testInfo));
  await page.getByLabel("Phone number").fill("+49 30 1234567");
  // Passes the native minLength so that, without scripts, the server's rules are what reject it.
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("abcdefgh");
  // The rule is also the field's hint; the error is the copy the input points to as invalid.
  const passwordError = page.locator(`[id="${await password.getAttribute("id")}-error"]`);
  const rule = "Password must be at least 8 characters and contain an uppercase letter, a lowercase letter, a number and a special character";

  await page.getByLabel("Confirm password").fill("abcdefgX");
  await page.getByRole("button", { name: "Create account" }).click();

  // The server judges the form (the page loads no schema); its reply puts each message at its field.
  await expect(page).toHaveURL(/\/register$/);
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(passwordError).toHaveText(rule);
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await expect(page.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");

  if (!isScriptless(testInfo)) {
    // With scripts, a message goes once its field is edited (nobody has judged the new value yet); the others stay.
    await page.getByLabel("Password", { exact: true }).fill("Abcdefg1!");
    await expect(passwordError).toHaveCount(0);
    await expect(page.getByText("Passwords do not match")).toBeVisible();
  }
});

test.describe("a number that spans time zones", () => {
  // The browser's clock is in Vancouver; a toll-free +1 800 number could be anywhere in North America.
  test.use({ timezoneId: "America/Vancouver" });

  test("gives the organisation the browser's zone, or the default without JavaScript", async ({ page }, testInfo) => {
    const email = uniqueEmail("zone", testInfo);
    // Through the sign-in page's link: with scripts that is a client-side navigation, where the page's inline script does not run.
    await page.goto("/login");
    if (!isScriptless(testInfo)) {
      await page.waitForFunction(() => "__remixRouter" in window);
      await page.evaluate(() => Object.assign(window, { stayedOnThePage: true }));
    }
    await page.getByRole("link", { name: "Create one" }).click();
    await expect(page).toHaveURL(/\/register$/);
    if (!isScriptless(testInfo)) expect(await page.evaluate(() => "stayedOnThePage" in window), "a client-side navigation").toBe(true);
    await page.getByLabel("Full name").fill("Vera Vancouver");
    await page.getByLabel("Company name").fill("Coastal Calls Inc.");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone number").fill("+1 800 555 0142");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/registration-successful$/);

    await page.goto(linkFrom((await latestEmailTo(email)).text, "/verify-email"));
    await page.getByRole("button", { name: "Verify your email" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await submitSignIn(page, email, PASSWORD);
    await page.getByRole("link", { name: "Choose Growth" }).click();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/34");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Save card" }).click();
    await page.getByRole("button", { name: "Choose Growth" }).click();
    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByText(isScriptless(testInfo) ? "America/Toronto" : "America/Vancouver", { exact: true })).toBeVisible();
  });

  test("asks for the company at the field", async ({ page }, testInfo) => {
    await page.goto("/register");
    // The page's inline script fills in the browser's zone; without scripts the field stays empty.
    await expect(page.locator('input[name="browserTimeZone"]')).toHaveValue(isScriptless(testInfo) ? "" : "America/Vancouver");
    await page.getByLabel("Full name").fill("Vera Vancouver");
    const company = page.getByLabel("Company name");
    // Three characters pass the native minLength, so without scripts it is the server that refuses the one that is left after trimming.
    await company.fill(" V ");
    await page.getByLabel("Email").fill(uniqueEmail("company", testInfo));
    await page.getByLabel("Phone number").fill("+1 416 555 0142");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(company).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`[id="${await company.getAttribute("id")}-error"]`)).toHaveText("Company name must be at least 2 characters");
  });
});
