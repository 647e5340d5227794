import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/config/env.server";
import { getDb, now } from "~/db/db.server";
import { resetRateLimits } from "~/features/auth/rate-limit.server";
import { resetOidcDiscovery } from "~/features/sso/oidc.server";
import * as login from "~/routes/_auth+/login";
import * as oidcStart from "~/routes/auth.oidc";
import * as oidcCallback from "~/routes/auth.oidc_.callback";
import * as securityPage from "~/routes/_dashboard+/profile_.security";
import { startOidcStub, type OidcStub, type StubUser } from "../support/stubs/oidc-stub";
import { callAction, callLoader, cookiesFrom, findUser, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";

/**
 * Single sign-on (docs/product/single-sign-on.md) against a local OpenID
 * Connect provider stub: the authorization code flow with PKCE, state and
 * nonce, ID tokens signed with the stub's key, linking by verified email.
 */

let stub: OidcStub;

function configure() {
  vi.stubEnv("OIDC_ISSUER_URL", stub.issuer);
  vi.stubEnv("OIDC_CLIENT_ID", stub.clientId);
  vi.stubEnv("OIDC_CLIENT_SECRET", stub.clientSecret);
  vi.stubEnv("OIDC_BUTTON_LABEL", "Stub ID");
  resetEnvCache();
  resetOidcDiscovery();
}

beforeAll(async () => {
  await prepareTestDatabase();
  stub = await startOidcStub();
});
afterAll(() => stub?.close());
beforeEach(async () => {
  await resetRateLimits();
  stub.fault = null;
  stub.nextUser = null;
  configure();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
  resetOidcDiscovery();
});

/** The button's post, the provider's redirect back (followed by hand, as the browser would), and the callback URL with the flow cookie. */
async function throughProvider(user: StubUser, { redirectTo = "/contacts" } = {}) {
  stub.nextUser = user;
  const started = await callAction(oidcStart.action, "/auth/oidc", { form: { redirectTo } });
  const authorizeUrl = redirectLocation(started);
  expect(authorizeUrl).toMatch(new RegExp(`^${stub.issuer}/authorize\\?`));
  const cookie = cookiesFrom(started as Response);
  const back = await fetch(authorizeUrl!, { redirect: "manual" });
  expect(back.status).toBe(302);
  const callbackUrl = new URL(back.headers.get("Location")!);
  expect(callbackUrl.pathname).toBe("/auth/oidc/callback");
  return { authorizeUrl: new URL(authorizeUrl!), cookie, callbackPath: `${callbackUrl.pathname}${callbackUrl.search}` };
}

async function callback(path: string, cookie: string) {
  return (await callLoader(oidcCallback.loader, path, { cookie, headers: { "User-Agent": "vitest-browser" } })) as Response;
}

async function signIn(user: StubUser, options?: { redirectTo?: string }) {
  const { cookie, callbackPath } = await throughProvider(user, options);
  return callback(callbackPath, cookie);
}

async function sessionCount(email: string) {
  const user = await findUser(email);
  const rows = await getDb().selectFrom("sessions").select("id_hash").where("user_id", "=", user!.id).execute();
  return rows.length;
}

const identities = (email: string) =>
  getDb()
    .selectFrom("oidc_identities")
    .innerJoin("users", "users.id", "oidc_identities.user_id")
    .select(["oidc_identities.subject", "oidc_identities.issuer", "oidc_identities.email"])
    .where("users.email", "=", email)
    .execute();

describe("without configuration", () => {
  it("shows no button and the routes answer 404", async () => {
    vi.unstubAllEnvs();
    resetEnvCache();
    const page = unwrap(await callLoader(login.loader, "/login?sso=failed")).value as { sso: unknown; ssoError: unknown };
    expect(page.sso).toBeNull();
    expect(page.ssoError).toBeNull();
    expect((await callAction(oidcStart.action, "/auth/oidc", { form: {} })) as Response).toMatchObject({ status: 404 });
    expect((await callLoader(oidcCallback.loader, "/auth/oidc/callback?code=x&state=y")) as Response).toMatchObject({ status: 404 });
  });
});

describe("with a provider configured", () => {
  it("shows the button with the provider's name, and a GET of the start route starts nothing", async () => {
    const page = unwrap(await callLoader(login.loader, "/login")).value as { sso: { provider: string } | null };
    expect(page.sso).toEqual({ provider: "Stub ID" });
    const get = (await callLoader(oidcStart.loader, "/auth/oidc")) as Response;
    expect(get.status).toBe(405);
    expect(get.headers.getSetCookie()).toEqual([]);
  });

  it("starts the code flow with PKCE (S256), state and nonce, and keeps them in an HttpOnly cookie", async () => {
    const { authorizeUrl, cookie } = await throughProvider(stub.userForEmail("owner@demo.test"));
    const params = authorizeUrl.searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("client_id")).toBe(stub.clientId);
    expect(params.get("redirect_uri")).toBe("http://localhost:3000/auth/oidc/callback");
    expect(params.get("scope")).toBe("openid email profile");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get("state")).toBeTruthy();
    expect(params.get("nonce")).toBeTruthy();
    expect(cookie).toMatch(/^__oidc_flow=/);
  });

  it("links by verified email on the first sign-in, records it in the audit log, and signs in to the redirect target", async () => {
    const before = await sessionCount("agent@demo.test");
    const response = await signIn(stub.userForEmail("agent@demo.test"));
    expect(redirectLocation(response)).toBe("/contacts");
    expect(response.headers.getSetCookie().some((header) => header.startsWith("__session=") && !/max-age=0/i.test(header))).toBe(true);
    // The flow's cookie is cleared: it serves one callback.
    expect(response.headers.getSetCookie().some((header) => header.startsWith("__oidc_flow=;") || /^__oidc_flow=.*max-age=0/i.test(header))).toBe(true);
    expect(await sessionCount("agent@demo.test")).toBe(before + 1);
    // The code was exchanged with the PKCE verifier.
    expect(stub.tokenRequests.at(-1)).toMatchObject({ status: 200, redirectUri: "http://localhost:3000/auth/oidc/callback" });
    expect(stub.tokenRequests.at(-1)!.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);

    expect(await identities("agent@demo.test")).toEqual([{ issuer: stub.issuer, subject: stub.userForEmail("agent@demo.test").sub, email: "agent@demo.test" }]);
    const agent = await findUser("agent@demo.test");
    const audit = await getDb().selectFrom("audit_log").select(["action", "actor_user_id", "details"]).where("action", "=", "sso.identity-linked").execute();
    expect(audit).toEqual([{ action: "sso.identity-linked", actor_user_id: agent!.id, details: JSON.stringify({ provider: "Stub ID" }) }]);
  });

  it("once linked, the subject finds the user even after the email at the provider changed (and links nothing new)", async () => {
    const linked = stub.userForEmail("agent@demo.test");
    const response = await signIn({ ...linked, email: "arjun.new@elsewhere.test", email_verified: false });
    expect(redirectLocation(response)).toBe("/contacts");
    expect(await identities("agent@demo.test")).toHaveLength(1);
    const audit = await getDb().selectFrom("audit_log").select("id").where("action", "=", "sso.identity-linked").execute();
    expect(audit).toHaveLength(1);
  });

  it("reads the email from userinfo when the ID token has none", async () => {
    const response = await signIn({ ...stub.userForEmail("support@demo.test"), emailOnlyInUserInfo: true });
    expect(redirectLocation(response)).toBe("/contacts");
    expect(await identities("support@demo.test")).toHaveLength(1);
  });

  it("refuses an unverified email with a message on /login, and links nothing", async () => {
    const response = await signIn({ sub: "unverified-1", email: "owner@demo.test", email_verified: false });
    expect(redirectLocation(response)).toBe("/login?sso=unverifiedEmail&redirectTo=%2Fcontacts");
    expect(await identities("owner@demo.test")).toEqual([]);
    const page = unwrap(await callLoader(login.loader, "/login?sso=unverifiedEmail")).value as { ssoError: string };
    expect(page.ssoError).toBe("unverifiedEmail");
  });

  it("refuses a verified email nobody here has, pointing to registration", async () => {
    const response = await signIn({ sub: "stranger-1", email: "stranger@elsewhere.test", email_verified: true });
    expect(redirectLocation(response)).toMatch(/^\/login\?sso=noAccount/);
    expect(await getDb().selectFrom("oidc_identities").select("subject").where("subject", "=", "stranger-1").execute()).toEqual([]);
  });

  it("refuses to link to an account whose email was never confirmed here", async () => {
    const trial = await findUser("trial@demo.test");
    await getDb().updateTable("users").set({ email_verified_at: null }).where("id", "=", trial!.id).execute();
    try {
      const response = await signIn(stub.userForEmail("trial@demo.test"));
      expect(redirectLocation(response)).toMatch(/^\/login\?sso=accountNotVerified/);
      expect(await identities("trial@demo.test")).toEqual([]);
    } finally {
      await getDb().updateTable("users").set({ email_verified_at: now() }).where("id", "=", trial!.id).execute();
    }
  });

  it("refuses a wrong state before the code is exchanged", async () => {
    const { cookie, callbackPath } = await throughProvider(stub.userForEmail("owner@demo.test"));
    const exchanges = stub.tokenRequests.length;
    const tampered = callbackPath.replace(/state=[^&]+/, "state=forged-state");
    const response = await callback(tampered, cookie);
    expect(redirectLocation(response)).toMatch(/^\/login\?sso=failed/);
    expect(stub.tokenRequests.length).toBe(exchanges);
    expect(await identities("owner@demo.test")).toEqual([]);
  });

  it("refuses a callback without the flow's cookie (another browser, or the cookie ran out)", async () => {
    const { callbackPath } = await throughProvider(stub.userForEmail("owner@demo.test"));
    expect(redirectLocation(await callback(callbackPath, ""))).toBe("/login?sso=expired");
  });

  it("refuses the same callback twice", async () => {
    const { cookie, callbackPath } = await throughProvider(stub.userForEmail("agent@demo.test"));
    expect(redirectLocation(await callback(callbackPath, cookie))).toBe("/contacts");
    expect(redirectLocation(await callback(callbackPath, cookie))).toMatch(/^\/login\?sso=failed/);
  });

  it.each([
    ["wrong-nonce", "a wrong nonce"],
    ["wrong-audience", "a wrong audience"],
    ["wrong-issuer", "a wrong issuer"],
    ["expired", "an expired ID token"],
    ["foreign-key", "a signature by a key not in the provider's JWKS"],
  ] as const)("refuses %s (%s) and starts no session", async (fault, what) => {
    stub.fault = fault;
    const before = await sessionCount("owner@demo.test");
    const response = await signIn(stub.userForEmail("owner@demo.test"));
    expect(redirectLocation(response), what).toMatch(/^\/login\?sso=failed/);
    expect(response.headers.getSetCookie().some((header) => header.startsWith("__session=") && !/max-age=0/i.test(header))).toBe(false);
    expect(await sessionCount("owner@demo.test")).toBe(before);
    expect(await identities("owner@demo.test")).toEqual([]);
  });

  it("refuses a disabled user, like the password step does", async () => {
    const admin = await findUser("admin@demo.test");
    await getDb().updateTable("users").set({ disabled_at: now() }).where("id", "=", admin!.id).execute();
    try {
      const before = await sessionCount("admin@demo.test");
      const response = await signIn(stub.userForEmail("admin@demo.test"));
      expect(redirectLocation(response)).toMatch(/^\/login\?sso=accountDisabled/);
      expect(await sessionCount("admin@demo.test")).toBe(before);
    } finally {
      await getDb().updateTable("users").set({ disabled_at: null }).where("id", "=", admin!.id).execute();
    }
  });

  it("sends a user with a second factor to the code step, with no session yet", async () => {
    const owner = await findUser("owner@demo.test");
    await getDb()
      .insertInto("two_factor_credentials")
      .values({ user_id: owner!.id, tenant_id: owner!.tenant_id, secret: "v1:not-used-here", confirmed_at: now(), last_used_step: null, created_at: now() })
      .execute();
    try {
      const before = await sessionCount("owner@demo.test");
      const response = await signIn(stub.userForEmail("owner@demo.test"));
      expect(redirectLocation(response)).toBe("/login/two-factor");
      expect(response.headers.getSetCookie().some((header) => header.startsWith("__sign_in_pending="))).toBe(true);
      expect(await sessionCount("owner@demo.test")).toBe(before);
    } finally {
      await getDb().deleteFrom("two_factor_credentials").where("user_id", "=", owner!.id).execute();
    }
  });

  it("keeps an off-site redirect target out, through the one same-origin check", async () => {
    const response = await signIn(stub.userForEmail("agent@demo.test"), { redirectTo: "//evil.example/phish" });
    expect(redirectLocation(response)).toBe("/overview");
  });

  it("lists the linked account on /profile/security and unlinks it there (audited); another user's link is out of reach", async () => {
    const owner = stub.userForEmail("owner@demo.test");
    expect(redirectLocation(await signIn(owner))).not.toMatch(/^\/login/);
    expect(await identities("owner@demo.test")).toHaveLength(1);
    const agentCookie = await sessionCookieFor("agent@demo.test");
    const ownerCookie = await sessionCookieFor("owner@demo.test");
    type SecurityPage = { linkedAccounts: Array<{ issuer: string; subject: string; provider: string; email: string }>; ssoProvider: string | null };
    const page = unwrap(await callLoader(securityPage.loader, "/profile/security", { cookie: ownerCookie })).value as SecurityPage;
    expect(page.ssoProvider).toBe("Stub ID");
    expect(page.linkedAccounts).toEqual([expect.objectContaining({ issuer: stub.issuer, subject: owner.sub, provider: "Stub ID", email: "owner@demo.test" })]);

    // The agent posts the owner's link: nothing of the owner's changes.
    const link = { intent: "unlink-identity", issuer: stub.issuer, subject: owner.sub };
    await callAction(securityPage.action, "/profile/security", { cookie: agentCookie, form: link });
    expect(await identities("owner@demo.test")).toHaveLength(1);

    expect(redirectLocation(await callAction(securityPage.action, "/profile/security", { cookie: ownerCookie, form: link }))).toBe("/profile/security");
    expect(await identities("owner@demo.test")).toEqual([]);
    const unlinked = await getDb().selectFrom("audit_log").select(["actor_user_id", "details"]).where("action", "=", "sso.identity-unlinked").execute();
    expect(unlinked).toEqual([{ actor_user_id: (await findUser("owner@demo.test"))!.id, details: JSON.stringify({ provider: "Stub ID" }) }]);
    const after = unwrap(await callLoader(securityPage.loader, "/profile/security", { cookie: ownerCookie })).value as SecurityPage;
    expect(after.linkedAccounts).toEqual([]);
    // Unlinking ends the link, not the provider: the next sign-in with it links again by the verified-email rule.
    await signIn(owner);
    expect(await identities("owner@demo.test")).toHaveLength(1);
  });

  it("answers a provider that cannot be reached with the failure message, not an error page", async () => {
    vi.stubEnv("OIDC_ISSUER_URL", "http://127.0.0.1:9/");
    resetEnvCache();
    resetOidcDiscovery();
    const started = await callAction(oidcStart.action, "/auth/oidc", { form: { redirectTo: "/contacts" } });
    expect(redirectLocation(started)).toBe("/login?sso=failed&redirectTo=%2Fcontacts");
  });
});
