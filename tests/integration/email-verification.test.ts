import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { resetRateLimits } from "~/features/auth/rate-limit.server";
import { popToast } from "~/lib/toast/toast.server";
import * as register from "~/routes/_auth+/register";
import * as verifyAccount from "~/routes/_auth+/verify-account";
import * as verifyEmail from "~/routes/_auth+/verify-email";
import {
  callAction,
  callLoader,
  cookiesFrom,
  findUser,
  latestEmailTo,
  linkFrom,
  makeRequest,
  prepareTestDatabase,
  redirectLocation,
  sessionCookieFor,
  unwrap,
} from "../support/app";

beforeAll(prepareTestDatabase);
beforeEach(() => resetRateLimits());

/** Registers through the real action and returns the token from the verification email in the outbox. */
async function registerAndGetToken(email: string) {
  const result = await callAction(register.action, "/register", {
    form: { name: "Vera Verify", company: "Verify Ltd", email, phone: "+14165550177", password: "Strong-pass-1", confirmPassword: "Strong-pass-1" },
  });
  expect(redirectLocation(result)).toBe("/registration-successful");
  const link = linkFrom(latestEmailTo(email)?.text ?? "", "/verify-email");
  expect(link).not.toBeNull();
  return link!.searchParams.get("token")!;
}

async function verifiedAt(email: string) {
  const user = await findUser(email);
  if (!user) throw new Error(`no user ${email}`);
  return user.email_verified_at;
}

const routes = [
  ["/verify-email", verifyEmail],
  ["/verify-account", verifyAccount],
] as const;

describe.each(routes)("%s", (pathname, route) => {
  it("opening the link (GET) shows the button but does not use the token", async () => {
    const email = `get${pathname.replace("/", "-")}@example.test`;
    const token = await registerAndGetToken(email);
    for (let i = 0; i < 2; i += 1) {
      const result = unwrap(await callLoader(route.loader, `${pathname}?token=${token}`));
      expect(result.status).toBe(200);
      expect(result.value).toMatchObject({ token, tokenIsLive: true });
    }
    expect(await verifiedAt(email)).toBeNull();
  });

  it("POST uses the token, sets email_verified_at and redirects to /login; the same token then fails", async () => {
    const email = `post${pathname.replace("/", "-")}@example.test`;
    const token = await registerAndGetToken(email);
    const before = Date.now();

    const first = await callAction(route.action, `${pathname}?token=${token}`, { form: { token } });
    expect(redirectLocation(first)).toBe("/login");
    const { toast } = await popToast(makeRequest("/login", { cookie: cookiesFrom(first as Response) }));
    expect(toast).toEqual({ type: "success", key: "auth:toast.emailVerifiedSignIn" });

    const stamp = await verifiedAt(email);
    expect(typeof stamp).toBe("string");
    expect(new Date(stamp!).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const second = unwrap(await callAction(route.action, `${pathname}?token=${token}`, { form: { token } }));
    expect(second.status).toBe(400);
    expect(second.value).toMatchObject({ invalid: true, sent: false });
    // After use the link shows the invalid state.
    expect(unwrap(await callLoader(route.loader, `${pathname}?token=${token}`)).value).toMatchObject({ token, tokenIsLive: false });
  });

  it("an unknown token shows invalid and verifies nobody", async () => {
    const unverifiedBefore = await getDb().selectFrom("users").select("id").where("email_verified_at", "is", null).execute();
    expect(unwrap(await callLoader(route.loader, `${pathname}?token=not-a-real-token`)).value).toMatchObject({ token: "not-a-real-token", tokenIsLive: false });
    const result = unwrap(await callAction(route.action, pathname, { form: { token: "not-a-real-token" } }));
    expect(result.status).toBe(400);
    expect(result.value).toMatchObject({ invalid: true });
    const result2 = unwrap(await callAction(route.action, pathname, { form: {} }));
    expect(result2.status).toBe(400);
    expect(result2.value).toMatchObject({ invalid: true });
    const unverifiedAfter = await getDb().selectFrom("users").select("id").where("email_verified_at", "is", null).execute();
    expect(unverifiedAfter).toHaveLength(unverifiedBefore.length);
  });
});

describe("verification details", () => {
  it("without a token the page shows no button", async () => {
    expect(unwrap(await callLoader(verifyEmail.loader, "/verify-email")).value).toMatchObject({ token: null, tokenIsLive: false });
  });

  it("a signed-in user who verifies goes to /overview", async () => {
    const email = "signed-in-verify@example.test";
    const token = await registerAndGetToken(email);
    const cookie = await sessionCookieFor(email);
    const result = await callAction(verifyEmail.action, "/verify-email", { form: { token }, cookie });
    expect(redirectLocation(result)).toBe("/overview");
    expect(await verifiedAt(email)).not.toBeNull();
  });

  it("an expired token is refused", async () => {
    const email = "expired@example.test";
    const token = await registerAndGetToken(email);
    const user = await findUser(email);
    await getDb()
      .updateTable("verifications")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user!.id)
      .execute();
    expect(unwrap(await callLoader(verifyEmail.loader, `/verify-email?token=${token}`)).value).toMatchObject({ token, tokenIsLive: false });
    expect(unwrap(await callAction(verifyEmail.action, "/verify-email", { form: { token } })).status).toBe(400);
    expect(await verifiedAt(email)).toBeNull();
  });

  it("a resent link replaces the old one", async () => {
    const email = "resend@example.test";
    const oldToken = await registerAndGetToken(email);
    const resent = unwrap(await callAction(verifyEmail.action, "/verify-email", { form: { intent: "resend", email } }));
    expect(resent.status).toBe(200);
    expect(resent.value).toMatchObject({ sent: true, invalid: false });
    const newToken = linkFrom(latestEmailTo(email)!.text, "/verify-email")!.searchParams.get("token")!;
    expect(newToken).not.toBe(oldToken);

    expect(unwrap(await callAction(verifyEmail.action, "/verify-email", { form: { token: oldToken } })).status).toBe(400);
    expect(await verifiedAt(email)).toBeNull();
    expect(redirectLocation(await callAction(verifyEmail.action, "/verify-email", { form: { token: newToken } }))).toBe("/login");
    expect(await verifiedAt(email)).not.toBeNull();
  });

  it("a verification token cannot reset a password and vice versa (purposes are separate)", async () => {
    const email = "purpose@example.test";
    const token = await registerAndGetToken(email);
    const { loader: resetLoader } = await import("~/routes/_auth+/reset-password");
    expect(unwrap(await callLoader(resetLoader, `/reset-password?token=${token}`)).value).toMatchObject({ token, tokenIsLive: false });
  });
});
