import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { resetRateLimits } from "~/features/auth/rate-limit.server";
import { getTranslatorFor } from "~/i18n/i18next.server";
import * as login from "~/routes/_auth+/login";
import * as overview from "~/routes/_dashboard+/overview";
import {
  callAction,
  callLoader,
  cookiesFrom,
  findUser,
  loadContext,
  prepareTestDatabase,
  redirectLocation,
  sessionIdHashOf,
  sessionRowOf,
  unwrap,
} from "../support/app";

beforeAll(prepareTestDatabase);
beforeEach(() => resetRateLimits());

const PASSWORD = "Demo-pass-2026!";

function signIn(form: Record<string, string>, { cookie, language, ip }: { cookie?: string; language?: "en" | "de"; ip?: string } = {}) {
  return callAction(login.action, "/login", {
    form,
    cookie,
    language,
    context: loadContext(ip ? { clientIp: ip } : {}),
    headers: { "User-Agent": "vitest-browser" },
  });
}

interface Reply {
  status?: string;
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
}

describe("sign-in success", () => {
  it("redirects to /overview with an HttpOnly, SameSite=Lax session cookie holding an opaque id", async () => {
    const result = await signIn({ email: "owner@demo.test", password: PASSWORD }, { ip: "198.51.100.20" });
    expect(redirectLocation(result)).toBe("/overview");
    const setCookie = (result as Response).headers.getSetCookie().find((c) => c.startsWith("__session="));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    // Nothing about the user travels in the cookie.
    const user = await findUser("owner@demo.test");
    expect(decodeURIComponent(setCookie!)).not.toContain(user!.id);
    expect(decodeURIComponent(setCookie!)).not.toContain("owner@demo.test");

    const cookie = cookiesFrom(result as Response);
    const row = await sessionRowOf(cookie);
    expect(row).toMatchObject({ user_id: user!.id, tenant_id: user!.tenant_id, ip: "198.51.100.20", user_agent: "vitest-browser" });
    expect(unwrap(await callLoader(overview.loader, "/overview", { cookie })).status).toBe(200);
  });

  it("accepts the email in any letter case and with surrounding spaces", async () => {
    expect(redirectLocation(await signIn({ email: "  Owner@Demo.TEST ", password: PASSWORD }))).toBe("/overview");
  });

  it.each([
    ["/contacts?view=all", "/contacts?view=all"],
    ["/call-management?tab=recordings", "/call-management?tab=recordings"],
    ["//evil.test", "/overview"],
    ["//evil.test/overview", "/overview"],
    ["https://evil.test", "/overview"],
    ["https://evil.test/overview", "/overview"],
    ["/\\evil", "/overview"],
    ["/\\evil.test/x", "/overview"],
    ["javascript:alert(1)", "/overview"],
    ["evil.test", "/overview"],
    ["", "/overview"],
  ])("redirectTo %j lands on %s", async (redirectTo, expected) => {
    expect(redirectLocation(await signIn({ email: "owner@demo.test", password: PASSWORD, redirectTo }))).toBe(expected);
  });

  it("the sign-in page sends a signed-in visitor on, honouring only same-site redirectTo", async () => {
    const cookie = cookiesFrom((await signIn({ email: "agent@demo.test", password: PASSWORD })) as Response);
    expect(redirectLocation(await callLoader(login.loader, "/login", { cookie }))).toBe("/overview");
    expect(redirectLocation(await callLoader(login.loader, "/login?redirectTo=%2Fcontacts", { cookie }))).toBe("/contacts");
    expect(redirectLocation(await callLoader(login.loader, `/login?redirectTo=${encodeURIComponent("//evil.test")}`, { cookie }))).toBe("/overview");
    // Signed out, the page itself: the form and its HTML constraints.
    expect(unwrap(await callLoader(login.loader, "/login")).value).toMatchObject({ constraint: { email: { required: true } } });
  });
});

describe("sign-in failure", () => {
  const wrongPassword = { email: "owner@demo.test", password: "Wrong-pass-2026!" };
  const unknownEmail = { email: "nobody@demo.test", password: "Wrong-pass-2026!" };

  it("wrong password and unknown email give the same 'invalid email or password' form error", async () => {
    const sessionsBefore = await getDb().selectFrom("sessions").select("id_hash").execute();
    const wrong = unwrap(await signIn(wrongPassword));
    const unknown = unwrap(await signIn(unknownEmail));
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    const wrongReply = wrong.value as Reply;
    const unknownReply = unknown.value as Reply;
    expect(wrongReply.error).toEqual({ "": ["validation.invalidCredentials"] });
    expect(unknownReply.error).toEqual({ "": ["validation.invalidCredentials"] });
    // Nothing but the email typed differs between the two answers.
    expect({ ...unknownReply, initialValue: { ...unknownReply.initialValue, email: "x" } }).toEqual({
      ...wrongReply,
      initialValue: { ...wrongReply.initialValue, email: "x" },
    });
    expect(wrongReply.initialValue).toEqual({ email: "owner@demo.test" });
    // The password is not sent back.
    expect(JSON.stringify(wrong.value)).not.toContain("Wrong-pass-2026!");
    expect(JSON.stringify(unknown.value)).not.toContain("Wrong-pass-2026!");
    expect(await getDb().selectFrom("sessions").select("id_hash").execute()).toHaveLength(sessionsBefore.length);
  });

  it("the message reads 'Invalid email or password' in English and German", async () => {
    expect((await getTranslatorFor("en", "auth"))("validation.invalidCredentials")).toBe("Invalid email or password");
    expect((await getTranslatorFor("de", "auth"))("validation.invalidCredentials")).toBe("E-Mail-Adresse oder Passwort ist falsch");
    // The answer carries the key, whatever the language, and the page translates it.
    expect((unwrap(await signIn(wrongPassword, { language: "de" })).value as Reply).error).toEqual({ "": ["validation.invalidCredentials"] });
  });

  it("requires email and password", async () => {
    const result = unwrap(await signIn({ email: "", password: "" }));
    expect(result.status).toBe(400);
    expect((result.value as Reply).error).toEqual({ email: ["validation.emailRequired"], password: ["validation.passwordRequired"] });
    const malformed = unwrap(await signIn({ email: "owner", password: "x" }));
    expect((malformed.value as Reply).error).toEqual({ email: ["validation.emailInvalid"] });
  });

  it("a failed sign-in does not end the session the browser already has", async () => {
    const cookie = cookiesFrom((await signIn({ email: "owner@demo.test", password: PASSWORD })) as Response);
    expect(unwrap(await signIn(wrongPassword, { cookie })).status).toBe(400);
    expect(await sessionRowOf(cookie)).toBeDefined();
  });
});

describe("session id at sign-in", () => {
  it("changes at every sign-in: new cookie, old row deleted, old cookie no longer works", async () => {
    const first = await signIn({ email: "owner@demo.test", password: PASSWORD });
    const firstCookie = cookiesFrom(first as Response);
    const firstHash = await sessionIdHashOf(firstCookie);
    expect(await sessionRowOf(firstCookie)).toBeDefined();

    // Same browser signs in again, sending its current cookie along.
    const second = await signIn({ email: "owner@demo.test", password: PASSWORD }, { cookie: firstCookie });
    expect(redirectLocation(second)).toBe("/overview");
    const secondCookie = cookiesFrom(second as Response, firstCookie);
    expect(secondCookie).toMatch(/^__session=/);
    expect(secondCookie).not.toBe(firstCookie);
    expect(await sessionIdHashOf(secondCookie)).not.toBe(firstHash);

    const oldRow = await getDb().selectFrom("sessions").select("id_hash").where("id_hash", "=", firstHash).executeTakeFirst();
    expect(oldRow).toBeUndefined();
    expect(redirectLocation(await callLoader(overview.loader, "/overview", { cookie: firstCookie }))).toBe("/login?redirectTo=%2Foverview");
    expect(unwrap(await callLoader(overview.loader, "/overview", { cookie: secondCookie })).status).toBe(200);
  });

  it("a session id planted before sign-in (fixation) is never promoted", async () => {
    const planted = cookiesFrom((await signIn({ email: "agent@demo.test", password: PASSWORD })) as Response);
    const plantedHash = await sessionIdHashOf(planted);
    const result = await signIn({ email: "owner@demo.test", password: PASSWORD }, { cookie: planted });
    const fresh = cookiesFrom(result as Response, planted);
    expect(await sessionIdHashOf(fresh)).not.toBe(plantedHash);
    expect(await getDb().selectFrom("sessions").select("id_hash").where("id_hash", "=", plantedHash).executeTakeFirst()).toBeUndefined();
    const owner = await findUser("owner@demo.test");
    expect((await sessionRowOf(fresh))?.user_id).toBe(owner!.id);
  });

  it("each device keeps its own session: signing in elsewhere does not end other sessions", async () => {
    const laptop = cookiesFrom((await signIn({ email: "admin@demo.test", password: PASSWORD })) as Response);
    const phone = cookiesFrom((await signIn({ email: "admin@demo.test", password: PASSWORD })) as Response);
    expect(laptop).not.toBe(phone);
    expect(unwrap(await callLoader(overview.loader, "/overview", { cookie: laptop })).status).toBe(200);
    expect(unwrap(await callLoader(overview.loader, "/overview", { cookie: phone })).status).toBe(200);
  });
});
