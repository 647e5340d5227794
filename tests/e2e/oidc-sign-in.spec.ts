import { expect, test } from "@playwright/test";
import { startOidcStub, type OidcStub } from "../support/stubs/oidc-stub";
import { freePort } from "../support/throwaway-postgres";
import { startAppServer, tempDir, type AppServer } from "./app-servers";

/**
 * Single sign-on (docs/product/single-sign-on.md) through a browser, with and
 * without JavaScript, against the local OpenID Connect stub: the login
 * page's button, the provider's own sign-in page, the way back, and a
 * refusal shown on /login. This file starts its own app server (the stub's
 * address is only known once it listens), beside the one the config starts.
 */
test.describe.configure({ mode: "serial" });

let stub: OidcStub;
let server: AppServer;

test.beforeAll(async () => {
  stub = await startOidcStub();
  const dataDir = tempDir("oidc");
  server = await startAppServer(await freePort(), {
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${dataDir}/voxboard.db`,
    SEED_DEMO: "1",
    JOB_RUNNER: "0",
    OIDC_ISSUER_URL: stub.issuer,
    OIDC_CLIENT_ID: stub.clientId,
    OIDC_CLIENT_SECRET: stub.clientSecret,
    OIDC_BUTTON_LABEL: "Stub ID",
  });
});
test.afterAll(async () => {
  await server?.kill();
  await stub?.close();
});

test("sign in through the OIDC stub", async ({ page }) => {
  await page.goto(`${server.url}/login?redirectTo=%2Fcontacts`);
  await page.getByRole("button", { name: "Sign in with Stub ID", exact: true }).click();
  // The provider's own page: the email to sign in as.
  await expect(page).toHaveURL(new RegExp(`^${stub.issuer}/authorize\\?`));
  await page.getByLabel("Email").fill("agent@demo.test");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(`${server.url}/contacts`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The link shows on the profile's security tab, and can be ended there.
  await page.goto(`${server.url}/profile/security`);
  const linked = page.getByTestId("linked-accounts");
  await expect(linked.getByRole("row", { name: /Stub ID/ })).toContainText("agent@demo.test");
  await linked.getByRole("button", { name: "Unlink Stub ID account agent@demo.test" }).click();
  await expect(page.getByTestId("no-linked-accounts")).toContainText("No Stub ID account is linked yet.");
});

test("a provider account without a Voxboard account is sent back to /login with a reason", async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await page.getByRole("button", { name: "Sign in with Stub ID", exact: true }).click();
  await page.getByLabel("Email").fill("nobody@elsewhere.test");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(`${server.url}/login?sso=noAccount`);
  await expect(page.getByRole("alert")).toContainText("There is no Voxboard account with the email address of your Stub ID account.");
});
