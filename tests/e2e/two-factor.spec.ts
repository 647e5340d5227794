import { generateTOTP } from "@epic-web/totp";
import { expect, registerOwnerWithPlan, test } from "./fixtures";
import { submitSignIn, uniqueEmail } from "./support";

/**
 * Two-factor sign-in end to end (docs/product/two-factor.md): a new owner
 * enrols from the key shown on the page, then signs in with the password and
 * a code. Both forms are plain posts, so the flow is the same with and
 * without JavaScript; it runs in both projects because enrolling without
 * scripts (the server-rendered QR code and key) is the point.
 */

/** The code an authenticator app shows at `ms`; the library reads the clock once, synchronously, when called. */
async function codeAt(secret: string, ms: number) {
  const realGetTime = Date.prototype.getTime;
  Date.prototype.getTime = () => ms;
  let pending: ReturnType<typeof generateTOTP>;
  try {
    pending = generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" });
  } finally {
    Date.prototype.getTime = realGetTime;
  }
  return (await pending).otp;
}

test("enrol with the manual key, then sign in with password and code", async ({ page }, testInfo) => {
  const email = uniqueEmail("two-factor", testInfo);
  const password = "Two-factor-e2e-2026!";
  await registerOwnerWithPlan(page, { email, password, name: "Tara Factor", company: "Factor Ltd", phone: "+1 416 555 0142" });

  await page.goto("/profile/security");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for adding Voxboard to an authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("two-factor-key").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // The previous step's code (the app's clock a little behind): the sign-in below then uses the current step, which is new.
  await page.getByLabel("Code from the app").fill(await codeAt(secret, Date.now() - 30_000));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await page.getByRole("link", { name: "I have saved my recovery codes" }).click();
  await expect(page.getByTestId("two-factor-state")).toHaveText("On");

  await page.context().clearCookies();
  await page.goto("/login");
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  await page.getByLabel("Code", { exact: true }).fill("000000" === (await codeAt(secret, Date.now())) ? "111111" : "000000");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("This code is not right, has run out or was used already.")).toBeVisible();
  await page.getByLabel("Code", { exact: true }).fill(await codeAt(secret, Date.now()));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview/);

  await page.goto("/profile/security");
  await expect(page.getByTestId("sessions").locator('[data-current="true"]')).toContainText("This session");
});
