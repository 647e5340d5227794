import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetRateLimits } from "~/features/auth/rate-limit.server";
import { popToast } from "~/lib/toast/toast.server";
import * as login from "~/routes/_auth+/login";
import * as resetPassword from "~/routes/_auth+/reset-password";
import * as overview from "~/routes/_dashboard+/overview";
import {
  callAction,
  callLoader,
  cookiesFrom,
  findUser,
  latestEmailTo,
  linkFrom,
  makeRequest,
  outboxCount,
  prepareTestDatabase,
  redirectLocation,
  sessionCookieFor,
  unwrap,
} from "../support/app";

beforeAll(prepareTestDatabase);
beforeEach(() => resetRateLimits());

const OLD_PASSWORD = "Demo-pass-2026!";
const NEW_PASSWORD = "Fresh-pass-2027?";

async function overviewOutcome(cookie: string) {
  const result = await callLoader(overview.loader, "/overview", { cookie });
  return redirectLocation(result) ?? unwrap(result).status;
}

function signIn(email: string, password: string) {
  return callAction(login.action, "/login", { form: { email, password } });
}

async function requestLink(email: string, language: "en" | "de" = "en") {
  return unwrap(await callAction(resetPassword.action, "/reset-password", { form: { intent: "request", email }, language }));
}

function tokenFromOutbox(email: string) {
  const message = latestEmailTo(email);
  const link = linkFrom(message?.text ?? "", "/reset-password");
  expect(link).not.toBeNull();
  return link!.searchParams.get("token")!;
}

describe("password reset", () => {
  it("revokes every session of the user; the new password works and the old one does not", async () => {
    const email = "agent@demo.test";
    // Two devices signed in: one through the real sign-in, one made directly.
    const laptop = cookiesFrom((await signIn(email, OLD_PASSWORD)) as Response);
    const phone = await sessionCookieFor(email);
    const bystander = await sessionCookieFor("owner@demo.test");
    expect(await overviewOutcome(laptop)).toBe(200);
    expect(await overviewOutcome(phone)).toBe(200);

    const requested = await requestLink(email);
    expect(requested.status).toBe(200);
    expect(requested.value).toMatchObject({ kind: "request", sent: true });
    const message = latestEmailTo(email);
    expect(message?.subject).toBe("Reset your Voxboard password");
    const token = tokenFromOutbox(email);

    // Opening the link only shows the form.
    expect(unwrap(await callLoader(resetPassword.loader, `/reset-password?token=${token}`)).value).toMatchObject({ token, tokenIsLive: true });
    expect(unwrap(await callLoader(resetPassword.loader, `/reset-password?token=${token}`)).value).toMatchObject({ token, tokenIsLive: true });

    const result = await callAction(resetPassword.action, `/reset-password?token=${token}`, {
      form: { intent: "set-password", token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(redirectLocation(result)).toBe("/login");
    const { toast } = await popToast(makeRequest("/login", { cookie: cookiesFrom(result as Response) }));
    expect(toast).toEqual({ type: "success", key: "auth:reset.done" });

    expect(await overviewOutcome(laptop)).toBe("/login?redirectTo=%2Foverview");
    expect(await overviewOutcome(phone)).toBe("/login?redirectTo=%2Foverview");
    // Other users keep their sessions.
    expect(await overviewOutcome(bystander)).toBe(200);

    const oldAttempt = unwrap(await signIn(email, OLD_PASSWORD));
    expect(oldAttempt.status).toBe(400);
    expect(oldAttempt.value).toMatchObject({ error: { "": ["validation.invalidCredentials"] } });
    const newAttempt = await signIn(email, NEW_PASSWORD);
    expect(redirectLocation(newAttempt)).toBe("/overview");
    expect(await overviewOutcome(cookiesFrom(newAttempt as Response))).toBe(200);

    const user = await findUser(email);
    expect(user!.password_hash.startsWith("$argon2id$v=19$m=19456,t=2,p=1$")).toBe(true);

    // The link works once.
    const again = unwrap(
      await callAction(resetPassword.action, "/reset-password", {
        form: { intent: "set-password", token, password: "Third-pass-2028!", confirmPassword: "Third-pass-2028!" },
      }),
    );
    expect(again.status).toBe(400);
    expect(again.value).toMatchObject({ kind: "set", invalidLink: true });
    expect(unwrap(await callLoader(resetPassword.loader, `/reset-password?token=${token}`)).value).toMatchObject({ token, tokenIsLive: false });
    expect(redirectLocation(await signIn(email, NEW_PASSWORD))).toBe("/overview");
  });

  it("answers an unknown email exactly like a known one and sends nothing", async () => {
    const outboxBefore = outboxCount();
    const unknown = await requestLink("nobody-here@demo.test");
    expect(outboxCount()).toBe(outboxBefore);
    expect(latestEmailTo("nobody-here@demo.test")).toBeNull();

    const known = await requestLink("owner@demo.test");
    expect(outboxCount()).toBe(outboxBefore + 1);
    expect(unknown.status).toBe(known.status);
    expect(unknown.value).toEqual(known.value);
    expect(unknown.value).toMatchObject({ kind: "request", sent: true, invalidLink: false });
  });

  it("sends the link in the visitor's language", async () => {
    await requestLink("admin@demo.test", "de");
    expect(latestEmailTo("admin@demo.test")?.subject).toBe("Ihr Voxboard-Passwort zurücksetzen");
  });

  it("a newer link replaces the older one", async () => {
    const email = "admin@demo.test";
    await requestLink(email);
    const first = tokenFromOutbox(email);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await requestLink(email);
    const second = tokenFromOutbox(email);
    expect(second).not.toBe(first);
    expect(unwrap(await callLoader(resetPassword.loader, `/reset-password?token=${first}`)).value).toMatchObject({ tokenIsLive: false });
    expect(unwrap(await callLoader(resetPassword.loader, `/reset-password?token=${second}`)).value).toMatchObject({ tokenIsLive: true });
  });

  it("applies the password rules to the new password and keeps the old one until it passes", async () => {
    const email = "trial@demo.test";
    await requestLink(email);
    const token = tokenFromOutbox(email);
    const weak = unwrap(
      await callAction(resetPassword.action, "/reset-password", { form: { intent: "set-password", token, password: "weakpass", confirmPassword: "weakpass" } }),
    );
    expect(weak.status).toBe(400);
    expect(weak.value).toMatchObject({ kind: "set", invalidLink: false, result: { error: { password: ["validation.passwordRules"] } } });
    const mismatch = unwrap(
      await callAction(resetPassword.action, "/reset-password", {
        form: { intent: "set-password", token, password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` },
      }),
    );
    expect(mismatch.value).toMatchObject({ result: { error: { confirmPassword: ["validation.passwordsMustMatch"] } } });
    expect(JSON.stringify(mismatch.value)).not.toContain(NEW_PASSWORD);
    // Refused attempts leave the token usable and the password unchanged.
    expect(redirectLocation(await signIn(email, OLD_PASSWORD))).toBe("/overview");
    expect(unwrap(await callLoader(resetPassword.loader, `/reset-password?token=${token}`)).value).toMatchObject({ tokenIsLive: true });
  });

  it("an unknown or expired token changes nothing", async () => {
    const result = unwrap(
      await callAction(resetPassword.action, "/reset-password", {
        form: { intent: "set-password", token: "forged-token", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      }),
    );
    expect(result.status).toBe(400);
    expect(result.value).toMatchObject({ kind: "set", invalidLink: true, sent: false });
    expect(unwrap(await callLoader(resetPassword.loader, "/reset-password?token=forged-token")).value).toMatchObject({
      token: "forged-token",
      tokenIsLive: false,
    });
    expect(unwrap(await callLoader(resetPassword.loader, "/reset-password")).value).toMatchObject({ token: null, tokenIsLive: false });
  });

  it("requires a valid email to request a link", async () => {
    const result = await requestLink("not-an-email");
    expect(result.status).toBe(400);
    expect(result.value).toMatchObject({ kind: "request", sent: false, result: { error: { email: ["validation.emailInvalid"] } } });
  });
});
