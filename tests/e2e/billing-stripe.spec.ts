import { expect, test } from "@playwright/test";
import { startStripeStub, type StripeStub } from "../support/stubs/stripe-stub";
import { freePort } from "../support/throwaway-postgres";
import { startAppServer, tempDir, type AppServer } from "./app-servers";
import { DEMO_PASSWORD } from "./support";

/**
 * Billing with the Stripe provider, through a browser, against the local
 * Stripe stub (the SDK pointed at it by STRIPE_API_URL; nothing reaches
 * Stripe): a card added on the provider's hosted page (a redirect there and
 * back, no card number on our server), a top-up as an off-session
 * PaymentIntent, and a signed webhook replayed without a second credit.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "one browser run: the flow is redirects and plain forms either way");
test.describe.configure({ mode: "serial" });

let stub: StripeStub;
let server: AppServer;

test.beforeAll(async () => {
  stub = await startStripeStub();
  const dataDir = tempDir("stripe");
  server = await startAppServer(await freePort(), {
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${dataDir}/voxboard.db`,
    SEED_DEMO: "1",
    JOB_RUNNER: "0",
    STRIPE_SECRET_KEY: stub.secretKey,
    STRIPE_WEBHOOK_SECRET: stub.webhookSecret,
    STRIPE_API_URL: stub.baseUrl,
  });
});
test.afterAll(async () => {
  await server?.kill();
  await stub?.close();
});

test("a card is added on Stripe's page, a top-up is charged there, and a replayed webhook credits nothing twice", async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email", { exact: true }).fill("trial@demo.test");
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/choose-plan$/);
  // With Stripe there is no test-mode notice, and the card goes through Stripe's own page.
  await expect(page.getByTestId("billing-test-mode")).toHaveCount(0);
  await page.getByRole("link", { name: "Choose Starter" }).click();
  await page.getByRole("button", { name: "Continue to Stripe" }).click();
  await expect(page).toHaveURL(new RegExp(`^${stub.baseUrl}/checkout/`));
  await page.getByLabel("Test card").selectOption("pm_card_visa");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page).toHaveURL(/\/choose-plan\?plan=starter$/);
  await expect(page.getByTestId("plan-card")).toContainText("Visa ending in 4242");

  await page.getByRole("button", { name: "Choose Starter: pay $49.00" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  expect(stub.paymentIntents).toBe(1);

  await page.goto(`${server.url}/billing?tab=top-up`);
  await page.getByLabel("Amount (USD)", { exact: true }).fill("30");
  await page.getByTestId("topup-submit").click();
  await expect(page.getByRole("status").filter({ hasText: "Added $30.00 to your balance (invoice no. 2)." })).toBeVisible();
  expect(stub.paymentIntents).toBe(2);

  // Stripe delivers payment_intent.succeeded for the top-up, twice: the balance is credited once (by the request), and the events change nothing.
  const intent = [...stub.requests].reverse().find((request) => request.method === "POST" && request.path === "/v1/payment_intents");
  const chargeId = (intent!.params as { metadata?: { charge_id?: string } }).metadata!.charge_id!;
  const event = stub.event("payment_intent.succeeded", {
    id: "pi_replayed",
    object: "payment_intent",
    status: "succeeded",
    amount: 3000,
    currency: "usd",
    metadata: { charge_id: chargeId },
  });
  const signed = stub.signedEvent(event);
  for (const expected of ["applied", "duplicate"]) {
    const answer = await page.request.post(`${server.url}/webhooks/stripe`, {
      data: signed.body,
      headers: { "Content-Type": "application/json", "Stripe-Signature": signed.header },
    });
    expect(answer.status()).toBe(200);
    expect((await answer.json()).outcome).toBe(expected);
  }
  const forged = await page.request.post(`${server.url}/webhooks/stripe`, {
    data: signed.body,
    headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=forged" },
  });
  expect(forged.status()).toBe(400);

  await page.goto(`${server.url}/billing`);
  await expect(page.getByTestId("billing-balance")).toContainText("$30.00");
});
