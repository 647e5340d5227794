import { generateTOTP } from "@epic-web/totp";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { resetRateLimits } from "~/features/auth/rate-limit.server";
import { openSecret } from "~/lib/security/secrets.server";
import * as login from "~/routes/_auth+/login";
import * as secondStep from "~/routes/_auth+/login_.two-factor";
import * as overview from "~/routes/_dashboard+/overview";
import * as contacts from "~/routes/_dashboard+/contacts+/_index";
import * as newContact from "~/routes/_dashboard+/contacts+/new";
import * as security from "~/routes/_dashboard+/profile_.security";
import { callAction, callLoader, cookiesFrom, findUser, loadContext, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";

beforeAll(() => prepareTestDatabase());
beforeEach(() => resetRateLimits());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetEnvCache();
});

const PASSWORD = "Demo-pass-2026!";

interface SecurityPage {
  view: { state: "off" } | { state: "enrolling"; qrSvg: string; key: string } | { state: "on"; confirmedAt: string; recoveryCodesLeft: number };
  mustEnrol: boolean;
  owner: { required: boolean } | null;
}
interface SecurityReply {
  intent: string;
  recoveryCodes?: string[];
  result?: { error?: Record<string, string[] | null> };
}

async function secretOf(email: string) {
  const user = await findUser(email);
  const row = await getDb().selectFrom("two_factor_credentials").select("secret").where("user_id", "=", user!.id).executeTakeFirstOrThrow();
  return openSecret(row.secret);
}

/** The code an authenticator app shows for `secret`, `offsetSeconds` from now. */
async function codeFor(secret: string, offsetSeconds = 0) {
  if (offsetSeconds !== 0) {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + offsetSeconds * 1000);
  }
  try {
    return (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
  } finally {
    vi.useRealTimers();
  }
}

/** The tests spend several codes within one 30-second step; this forgets which steps were used, as if time had passed. */
async function forgetUsedSteps(email: string) {
  const user = await findUser(email);
  await getDb().updateTable("two_factor_credentials").set({ last_used_step: null }).where("user_id", "=", user!.id).execute();
}

async function securityPage(cookie: string) {
  const result = await callLoader(security.loader, "/profile/security", { cookie });
  return { status: unwrap(result).status, data: unwrap(result).value as SecurityPage | undefined, raw: result };
}

function post(cookie: string, form: Record<string, string>) {
  return callAction(security.action, "/profile/security", { cookie, form });
}

async function enrol(email: string) {
  const cookie = await sessionCookieFor(email);
  expect(redirectLocation(await post(cookie, { intent: "start-enrolment" }))).toBe("/profile/security");
  const secret = await secretOf(email);
  const reply = unwrap(await post(cookie, { intent: "confirm-enrolment", code: await codeFor(secret) }));
  expect(reply.status).toBe(200);
  return { cookie, secret, recoveryCodes: (reply.value as SecurityReply).recoveryCodes! };
}

function passwordStep(email: string, { cookie, ip = "198.51.100.30" }: { cookie?: string; ip?: string } = {}) {
  return callAction(login.action, "/login", {
    form: { email, password: PASSWORD, redirectTo: "/contacts" },
    cookie,
    context: loadContext({ clientIp: ip }),
    headers: { "User-Agent": "vitest-browser" },
  });
}

function codeStep(cookie: string, code: string, ip = "198.51.100.30") {
  return callAction(secondStep.action, "/login/two-factor", { cookie, form: { code }, context: loadContext({ clientIp: ip }) });
}

async function sessionCount(email: string) {
  const user = await findUser(email);
  const row = await getDb()
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("user_id", "=", user!.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function auditActions(userEmail: string) {
  const user = await findUser(userEmail);
  const rows = await getDb().selectFrom("audit_log").select("action").where("actor_user_id", "=", user!.id).orderBy("at").execute();
  return rows.map((row) => row.action);
}

describe("enrolment on /profile/security", () => {
  it("shows a server-rendered QR code and the key, refuses a wrong code, and turns on with a right one, showing ten recovery codes once", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    expect((await securityPage(cookie)).data!.view.state).toBe("off");
    await post(cookie, { intent: "start-enrolment" });
    const page = (await securityPage(cookie)).data!;
    expect(page.view.state).toBe("enrolling");
    if (page.view.state !== "enrolling") throw new Error("not enrolling");
    expect(page.view.qrSvg).toMatch(/^<svg [^>]*aria-hidden="true"/);
    const secret = await secretOf("owner@demo.test");
    expect(page.view.key.replace(/ /g, "")).toBe(secret);
    // Sealed at rest: the stored value is not the secret.
    const stored = await getDb().selectFrom("two_factor_credentials").select(["secret", "confirmed_at"]).executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^v1:/);
    expect(stored.secret).not.toContain(secret);
    expect(stored.confirmed_at).toBeNull();

    const wrong = unwrap(await post(cookie, { intent: "confirm-enrolment", code: "000000" === (await codeFor(secret)) ? "111111" : "000000" }));
    expect(wrong.status).toBe(400);
    expect((wrong.value as SecurityReply).result!.error!.code).toEqual(["validation.codeWrong"]);
    expect((await securityPage(cookie)).data!.view.state).toBe("enrolling");

    const right = unwrap(await post(cookie, { intent: "confirm-enrolment", code: await codeFor(secret) }));
    expect(right.status).toBe(200);
    const codes = (right.value as SecurityReply).recoveryCodes!;
    expect(codes).toHaveLength(10);
    const hashes = await getDb().selectFrom("two_factor_recovery_codes").select("code_hash").execute();
    expect(hashes).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(hashes)).not.toContain(code.replace("-", ""));

    const on = (await securityPage(cookie)).data!;
    expect(on.view).toMatchObject({ state: "on", recoveryCodesLeft: 10 });
    // Shown once: the page itself never carries the codes again.
    expect(JSON.stringify(on)).not.toContain(codes[0]);
    expect(await auditActions("owner@demo.test")).toContain("two-factor.enabled");
  });
});

describe("signing in with a second factor", () => {
  it("gives no session after the password, only the code step; a right code creates the session and goes where the user was going", async () => {
    const secret = await secretOf("owner@demo.test");
    await forgetUsedSteps("owner@demo.test");
    const before = await sessionCount("owner@demo.test");
    const first = await passwordStep("owner@demo.test");
    expect(redirectLocation(first)).toBe("/login/two-factor");
    const setCookies = (first as Response).headers.getSetCookie();
    expect(setCookies.some((c) => c.startsWith("__session=") && !/Max-Age=0/i.test(c))).toBe(false);
    expect(setCookies.find((c) => c.startsWith("__sign_in_pending="))).toMatch(/HttpOnly/i);
    expect(await sessionCount("owner@demo.test")).toBe(before);
    const pending = cookiesFrom(first as Response);
    // The pending cookie is not a session: the dashboard still sends the browser to sign in.
    expect(redirectLocation(await callLoader(overview.loader, "/overview", { cookie: pending }))).toMatch(/^\/login/);
    expect(unwrap(await callLoader(secondStep.loader, "/login/two-factor", { cookie: pending })).status).toBe(200);

    const done = await codeStep(pending, await codeFor(secret));
    expect(redirectLocation(done)).toBe("/contacts");
    const signedIn = cookiesFrom(done as Response, pending);
    expect(signedIn).not.toContain("__sign_in_pending=");
    expect(await sessionCount("owner@demo.test")).toBe(before + 1);
    expect(unwrap(await callLoader(overview.loader, "/overview", { cookie: signedIn })).status).toBe(200);
  });

  it("refuses a code whose time step was used already (a replay), and a code that has run out", async () => {
    const secret = await secretOf("owner@demo.test");
    await forgetUsedSteps("owner@demo.test");
    const code = await codeFor(secret);
    const once = cookiesFrom((await passwordStep("owner@demo.test")) as Response);
    expect(redirectLocation(await codeStep(once, code))).toBe("/contacts");

    const again = cookiesFrom((await passwordStep("owner@demo.test")) as Response);
    const replay = unwrap(await codeStep(again, code));
    expect(replay.status).toBe(400);

    await forgetUsedSteps("owner@demo.test");
    const stale = await codeFor(secret, -120);
    if (stale !== (await codeFor(secret)) && stale !== (await codeFor(secret, -30)) && stale !== (await codeFor(secret, 30))) {
      expect(unwrap(await codeStep(again, stale)).status).toBe(400);
    }
  });

  it("accepts a recovery code once", async () => {
    const user = await findUser("owner@demo.test");
    // Enrolment's codes were shown to the first test only; replace them to know one.
    const cookie = await sessionCookieFor("owner@demo.test");
    await forgetUsedSteps("owner@demo.test");
    const regenerated = unwrap(await post(cookie, { intent: "regenerate-codes", proof: PASSWORD }));
    const codes = (regenerated.value as SecurityReply).recoveryCodes!;
    expect(codes).toHaveLength(10);
    const recovery = codes[3]!;

    const first = cookiesFrom((await passwordStep("owner@demo.test")) as Response);
    expect(redirectLocation(await codeStep(first, recovery.toUpperCase()))).toBe("/contacts");
    const used = await getDb()
      .selectFrom("two_factor_recovery_codes")
      .select("used_at")
      .where("user_id", "=", user!.id)
      .where("used_at", "is not", null)
      .execute();
    expect(used).toHaveLength(1);

    const second = cookiesFrom((await passwordStep("owner@demo.test")) as Response);
    expect(unwrap(await codeStep(second, recovery)).status).toBe(400);
    expect((await securityPage(cookie)).data!.view).toMatchObject({ state: "on", recoveryCodesLeft: 9 });
    expect(await auditActions("owner@demo.test")).toContain("two-factor.recovery-codes-regenerated");
  });

  it("is rate-limited per account like the password step, with Retry-After", async () => {
    vi.stubEnv("RATE_LIMIT_PER_ACCOUNT", "3");
    vi.stubEnv("RATE_LIMIT_PER_IP", "50");
    resetEnvCache();
    const pending = cookiesFrom((await passwordStep("owner@demo.test")) as Response);
    const secret = await secretOf("owner@demo.test");
    await forgetUsedSteps("owner@demo.test");
    const right = await codeFor(secret);
    const wrong = right === "123456" ? "654321" : "123456";
    // Each try comes from another address: the per-account budget is what runs out.
    for (let attempt = 0; attempt < 3; attempt++) expect(unwrap(await codeStep(pending, wrong, `192.0.2.${attempt + 1}`)).status).toBe(400);
    const blocked = unwrap(await codeStep(pending, right, "192.0.2.99"));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("sends a missing, altered or expired pending sign-in back to the password step", async () => {
    expect(redirectLocation(await callLoader(secondStep.loader, "/login/two-factor"))).toBe("/login");
    const pending = cookiesFrom((await passwordStep("owner@demo.test")) as Response);
    const [name, value] = pending.split("=");
    const altered = `${name}=${value!.slice(0, -3)}abc`;
    expect(redirectLocation(await codeStep(altered, "123456"))).toBe("/login");

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    expect(redirectLocation(await codeStep(pending, "123456"))).toBe("/login");
  });

  it("leaves a user without a second factor signing in with the password alone", async () => {
    const result = await passwordStep("support@demo.test");
    expect(redirectLocation(result)).toBe("/contacts");
    expect((result as Response).headers.getSetCookie().some((c) => c.startsWith("__session=") && !/Max-Age=0/i.test(c))).toBe(true);
  });
});

describe("the step-up before turning it off", () => {
  it("refuses a wrong password and leaves two-factor on; a current code turns it off and is audited", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const wrong = unwrap(await post(cookie, { intent: "disable-two-factor", proof: "not my password" }));
    expect(wrong.status).toBe(400);
    expect((wrong.value as SecurityReply).result!.error!.proof).toEqual(["validation.proofWrong"]);
    expect((await securityPage(cookie)).data!.view.state).toBe("on");
    // A recovery code is not a step-up.
    const regenerated = unwrap(await post(cookie, { intent: "regenerate-codes", proof: PASSWORD }));
    const recovery = (regenerated.value as SecurityReply).recoveryCodes![0]!;
    expect(unwrap(await post(cookie, { intent: "disable-two-factor", proof: recovery })).status).toBe(400);

    await forgetUsedSteps("owner@demo.test");
    const off = await post(cookie, { intent: "disable-two-factor", proof: await codeFor(await secretOf("owner@demo.test")) });
    expect(redirectLocation(off)).toBe("/profile/security");
    expect((await securityPage(cookie)).data!.view.state).toBe("off");
    expect(await getDb().selectFrom("two_factor_recovery_codes").selectAll().execute()).toHaveLength(0);
    expect(await auditActions("owner@demo.test")).toContain("two-factor.disabled");
    expect(redirectLocation(await passwordStep("owner@demo.test"))).toBe("/contacts");
  });
});

describe("the tenant's requirement", () => {
  it("is the owner's alone, and only once the owner has a second factor", async () => {
    const agent = await sessionCookieFor("agent@demo.test");
    expect(unwrap(await post(agent, { intent: "set-requirement", required: "on" })).status).toBe(403);

    const owner = await sessionCookieFor("owner@demo.test");
    expect((await securityPage(owner)).data!.view.state).toBe("off");
    expect(redirectLocation(await post(owner, { intent: "set-requirement", required: "on" }))).toBe("/profile/security");
    expect((await securityPage(owner)).data!.owner).toEqual(expect.objectContaining({ required: false }));

    await enrol("owner@demo.test");
    await post(owner, { intent: "set-requirement", required: "on" });
    expect((await securityPage(owner)).data!.owner).toEqual(expect.objectContaining({ required: true }));
    const entry = await getDb().selectFrom("audit_log").select(["details"]).where("action", "=", "two-factor.requirement-changed").executeTakeFirstOrThrow();
    expect(JSON.parse(entry.details)).toEqual({ required: true });
  });

  it("sends a member without a second factor to enrol, blocks every other screen and form, and lets them in once enrolled", async () => {
    const agent = await sessionCookieFor("agent@demo.test");
    expect(redirectLocation(await callLoader(overview.loader, "/overview", { cookie: agent }))).toBe("/profile/security");
    expect(redirectLocation(await callLoader(contacts.loader, "/contacts", { cookie: agent }))).toBe("/profile/security");
    expect(redirectLocation(await callAction(newContact.action, "/contacts/new", { cookie: agent, form: { firstName: "Blocked" } }))).toBe("/profile/security");
    const page = await securityPage(agent);
    expect(page.status).toBe(200);
    expect(page.data!.mustEnrol).toBe(true);

    // A read-only role may still secure its own sign-in.
    const { cookie } = await enrol("agent@demo.test");
    expect(cookie).toBeTruthy();
    expect(unwrap(await callLoader(overview.loader, "/overview", { cookie: agent })).status).toBe(200);
    expect((await securityPage(agent)).data!.mustEnrol).toBe(false);
  });

  it("does not touch a tenant that does not require it", async () => {
    const trial = await findUser("trial@demo.test");
    const tenant = await getDb().selectFrom("tenants").select("two_factor_required").where("id", "=", trial!.tenant_id).executeTakeFirstOrThrow();
    expect(tenant.two_factor_required).toBe(0);
    const support = await sessionCookieFor("support@demo.test");
    // Support is in the demo tenant, which now requires it.
    expect(redirectLocation(await callLoader(overview.loader, "/overview", { cookie: support }))).toBe("/profile/security");
    await getDb().updateTable("tenants").set({ two_factor_required: 0 }).where("id", "=", trial!.tenant_id).execute();
    const trialCookie = await sessionCookieFor("trial@demo.test");
    expect(redirectLocation(await callLoader(overview.loader, "/overview", { cookie: trialCookie }))).not.toBe("/profile/security");
  });
});
