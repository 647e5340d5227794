import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, DEMO_USERS, isScriptless } from "./support";

test("a state-changing request from another site is refused", async ({ request, baseURL }, testInfo) => {
  test.skip(isScriptless(testInfo), "Browser-independent: runs once, in the js project");
  const form = { email: DEMO_USERS.owner.email, password: DEMO_PASSWORD, redirectTo: "" };

  const foreign = await request.post("/login", { form, headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
  expect(foreign.status()).toBe(403);
  expect(foreign.headers()["set-cookie"]).toBeUndefined();

  const crossSite = await request.post("/login", { form, headers: { "Sec-Fetch-Site": "cross-site" }, maxRedirects: 0 });
  expect(crossSite.status()).toBe(403);

  const own = await request.post("/login", { form, headers: { Origin: new URL(baseURL!).origin }, maxRedirects: 0 });
  expect(own.status()).not.toBe(403);
  expect(own.status()).toBe(302);
  expect(own.headers()["location"]).toBe("/overview");
});
