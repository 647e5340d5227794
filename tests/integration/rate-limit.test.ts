import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getEnv, resetEnvCache } from "~/config/env.server";
import { getDb, openDatabase, type DB } from "~/db/db.server";
import { consumeAuthAttempt, resetRateLimits } from "~/features/auth/rate-limit.server";
import * as login from "~/routes/_auth+/login";
import * as register from "~/routes/_auth+/register";
import * as resetPassword from "~/routes/_auth+/reset-password";
import { callAction, findUser, loadContext, outboxCount, prepareTestDatabase, redirectLocation, unwrap } from "../support/app";

beforeAll(prepareTestDatabase);

const PER_IP = 4;
const PER_ACCOUNT = 3;

beforeEach(async () => {
  vi.stubEnv("RATE_LIMIT_PER_IP", String(PER_IP));
  vi.stubEnv("RATE_LIMIT_PER_ACCOUNT", String(PER_ACCOUNT));
  resetEnvCache();
  await resetRateLimits();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetEnvCache();
});

const TOO_MANY = {
  en: "Too many attempts. Please wait 15 minutes and try again.",
  de: "Zu viele Versuche. Bitte warten Sie 15 Minuten und versuchen Sie es erneut.",
};

type Form = Record<string, string>;

function attemptLogin(form: Form, ip: string, language: "en" | "de" = "en") {
  return callAction(login.action, "/login", { form, language, context: loadContext({ clientIp: ip }) });
}
function attemptRegister(form: Form, ip: string, language: "en" | "de" = "en") {
  return callAction(register.action, "/register", { form, language, context: loadContext({ clientIp: ip }) });
}
function attemptReset(form: Form, ip: string, language: "en" | "de" = "en") {
  return callAction(resetPassword.action, "/reset-password", { form, language, context: loadContext({ clientIp: ip }) });
}

/** The form-level error of a conform reply (login and register answer the reply itself; reset-password wraps it in `result`). */
function formErrors(value: unknown) {
  const reply = (value && typeof value === "object" && "result" in value ? (value as { result: unknown }).result : value) as {
    error?: Record<string, string[]>;
  };
  return reply.error?.[""];
}

function expectTooMany(result: unknown, language: "en" | "de" = "en") {
  const { status, value, headers } = unwrap(result);
  expect(status).toBe(429);
  expect(Number(headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(formErrors(value)).toEqual([TOO_MANY[language]]);
}

const registration = (email: string): Form => ({
  name: "Rate Limited",
  company: "Rate Limited Ltd",
  email,
  phone: "+14165550123",
  password: "Strong-pass-1",
  confirmPassword: "Strong-pass-1",
});

describe("sign-in", () => {
  it(`allows ${PER_IP} attempts per IP across different emails, then answers 429 with a translated message`, async () => {
    for (let i = 0; i < PER_IP; i += 1) {
      expect(unwrap(await attemptLogin({ email: `probe${i}@demo.test`, password: "Wrong-pass-1!" }, "192.0.2.1")).status).toBe(400);
    }
    const blocked = await attemptLogin({ email: "owner@demo.test", password: "Demo-pass-2026!" }, "192.0.2.1");
    // Even the right password does not get through while the IP is blocked.
    expectTooMany(blocked);
    // The window opened at the first attempt; slow hashing under load may already have spent a few seconds of it.
    expect(Number(unwrap(blocked).headers.get("Retry-After"))).toBeGreaterThanOrEqual(880);
    expect(Number(unwrap(blocked).headers.get("Retry-After"))).toBeLessThanOrEqual(900);
    expectTooMany(await attemptLogin({ email: "agent@demo.test", password: "Demo-pass-2026!" }, "192.0.2.1", "de"), "de");
    // Another IP is unaffected.
    expect(redirectLocation(await attemptLogin({ email: "owner@demo.test", password: "Demo-pass-2026!" }, "192.0.2.2"))).toBe("/overview");
  });

  it(`allows ${PER_ACCOUNT} attempts per account from many IPs, then answers 429`, async () => {
    const sessionsBefore = (await getDb().selectFrom("sessions").select("id_hash").execute()).length;
    for (let i = 0; i < PER_ACCOUNT; i += 1) {
      expect(unwrap(await attemptLogin({ email: "owner@demo.test", password: "Wrong-pass-1!" }, `198.51.100.${i + 1}`)).status).toBe(400);
    }
    // The account is counted whatever letter case the attacker uses.
    expectTooMany(await attemptLogin({ email: "OWNER@demo.test", password: "Demo-pass-2026!" }, "198.51.100.99"));
    expectTooMany(await attemptLogin({ email: "owner@demo.test", password: "Demo-pass-2026!" }, "198.51.100.98", "de"), "de");
    expect((await getDb().selectFrom("sessions").select("id_hash").execute()).length).toBe(sessionsBefore);
    // Another account from the same IPs still signs in.
    expect(redirectLocation(await attemptLogin({ email: "agent@demo.test", password: "Demo-pass-2026!" }, "198.51.100.1"))).toBe("/overview");
  });

  it("forgives after the window has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    for (let i = 0; i < PER_ACCOUNT; i += 1) await attemptLogin({ email: "admin@demo.test", password: "Wrong-pass-1!" }, "203.0.113.50");
    expectTooMany(await attemptLogin({ email: "admin@demo.test", password: "Demo-pass-2026!" }, "203.0.113.50"));
    vi.setSystemTime(Date.now() + 14 * 60_000 + 30_000);
    const almost = unwrap(await attemptLogin({ email: "admin@demo.test", password: "Demo-pass-2026!" }, "203.0.113.50"));
    expect(almost.status).toBe(429);
    // Half a minute left is still "1 minute", in the singular.
    expect(formErrors(almost.value)).toEqual(["Too many attempts. Please wait 1 minute and try again."]);
    vi.setSystemTime(Date.now() + 60_000);
    expect(redirectLocation(await attemptLogin({ email: "admin@demo.test", password: "Demo-pass-2026!" }, "203.0.113.50"))).toBe("/overview");
  });

  it("does not count submissions the form itself refuses", async () => {
    for (let i = 0; i < PER_IP + 2; i += 1) {
      expect(unwrap(await attemptLogin({ email: "not-an-email", password: "" }, "192.0.2.77")).status).toBe(400);
    }
    expect(redirectLocation(await attemptLogin({ email: "owner@demo.test", password: "Demo-pass-2026!" }, "192.0.2.77"))).toBe("/overview");
  });
});

describe("registration", () => {
  it(`allows ${PER_IP} registrations per IP, then answers 429 and creates nothing`, async () => {
    for (let i = 0; i < PER_IP; i += 1) {
      expect(redirectLocation(await attemptRegister(registration(`flood${i}@example.test`), "192.0.2.10"))).toBe("/registration-successful");
    }
    const blocked = await attemptRegister(registration("flood-last@example.test"), "192.0.2.10");
    expectTooMany(blocked);
    // The window opened at the first attempt; slow hashing under load may already have spent a few seconds of it.
    expect(Number(unwrap(blocked).headers.get("Retry-After"))).toBeGreaterThanOrEqual(880);
    expect(Number(unwrap(blocked).headers.get("Retry-After"))).toBeLessThanOrEqual(900);
    expectTooMany(await attemptRegister(registration("flood-de@example.test"), "192.0.2.10", "de"), "de");
    expect(await findUser("flood-last@example.test")).toBeUndefined();
    expect(await findUser("flood-de@example.test")).toBeUndefined();
    // The passwords are not sent back either.
    expect(JSON.stringify(unwrap(blocked).value)).not.toContain("Strong-pass-1");
  });

  it(`allows ${PER_ACCOUNT} attempts per email from many IPs, then answers 429`, async () => {
    expect(redirectLocation(await attemptRegister(registration("target@example.test"), "198.51.100.10"))).toBe("/registration-successful");
    for (let i = 1; i < PER_ACCOUNT; i += 1) {
      // A taken address gets the same answer as a new one (the owner is told by email), and still spends the budget.
      expect(redirectLocation(await attemptRegister(registration("target@example.test"), `198.51.100.${10 + i}`))).toBe("/registration-successful");
    }
    expectTooMany(await attemptRegister(registration("target@example.test"), "198.51.100.50"));
  });
});

describe("password reset", () => {
  it(`allows ${PER_IP} link requests per IP across emails, then answers 429 and sends nothing`, async () => {
    for (let i = 0; i < PER_IP; i += 1) {
      expect(unwrap(await attemptReset({ intent: "request", email: `someone${i}@demo.test` }, "192.0.2.20")).status).toBe(200);
    }
    const before = outboxCount();
    expectTooMany(await attemptReset({ intent: "request", email: "owner@demo.test" }, "192.0.2.20"));
    expectTooMany(await attemptReset({ intent: "request", email: "owner@demo.test" }, "192.0.2.20", "de"), "de");
    expect(outboxCount()).toBe(before);
  });

  it(`allows ${PER_ACCOUNT} link requests per email from many IPs, then answers 429`, async () => {
    for (let i = 0; i < PER_ACCOUNT; i += 1) {
      expect(unwrap(await attemptReset({ intent: "request", email: "agent@demo.test" }, `198.51.100.${60 + i}`)).status).toBe(200);
    }
    const before = outboxCount();
    expectTooMany(await attemptReset({ intent: "request", email: "Agent@Demo.test" }, "198.51.100.90"));
    expect(outboxCount()).toBe(before);
  });

  it(`limits setting a new password to ${PER_IP} attempts per IP`, async () => {
    const form = { intent: "set-password", token: "guessed-token", password: "Strong-pass-1", confirmPassword: "Strong-pass-1" };
    for (let i = 0; i < PER_IP; i += 1) {
      const { status, value } = unwrap(await attemptReset(form, "192.0.2.30"));
      expect(status).toBe(400);
      expect(value).toMatchObject({ invalidLink: true });
    }
    expectTooMany(await attemptReset(form, "192.0.2.30"));
    expect(unwrap(await attemptReset(form, "192.0.2.31")).status).toBe(400);
  });

  it("keeps the login, register and reset budgets apart", async () => {
    for (let i = 0; i < PER_IP; i += 1) await attemptReset({ intent: "request", email: `budget${i}@demo.test` }, "192.0.2.40");
    expectTooMany(await attemptReset({ intent: "request", email: "budget-x@demo.test" }, "192.0.2.40"));
    expect(redirectLocation(await attemptLogin({ email: "trial@demo.test", password: "Demo-pass-2026!" }, "192.0.2.40"))).toBe("/overview");
  });
});

describe("several app servers", () => {
  it("count against one budget: attempts through two servers' connections, at the same moment, let exactly the limit through, per IP and per account", async () => {
    const env = getEnv();
    // A second app server is a second connection (pool) to the same database.
    const second = openDatabase(env.postgresUrl ?? env.databaseFile!);
    try {
      // One budget at a time, so "exactly" holds: an attempt spends both of its budgets, and concurrent attempts may
      // be counted in a different order against each.
      const byIp = (db: DB) => consumeAuthAttempt({ form: "login", ip: "198.51.100.9" }, db);
      const fromIp = await Promise.all(Array.from({ length: 10 }, (_, i) => byIp(i % 2 === 0 ? getDb() : second)));
      expect(fromIp.filter((result) => result.allowed)).toHaveLength(PER_IP);
      const byAccount = (db: DB, i: number) => consumeAuthAttempt({ form: "login", ip: `198.51.100.${100 + i}`, account: "shared@demo.test" }, db);
      const onAccount = await Promise.all(Array.from({ length: 10 }, (_, i) => byAccount(i % 2 === 0 ? getDb() : second, i)));
      expect(onAccount.filter((result) => result.allowed)).toHaveLength(PER_ACCOUNT);
      const stored = await getDb()
        .selectFrom("rate_limit_counters")
        .select(["key", "count"])
        .where("key", "in", ["login:ip:198.51.100.9", "login:account:shared@demo.test"])
        .orderBy("key")
        .execute();
      expect(stored).toEqual([
        { key: "login:account:shared@demo.test", count: 10 },
        { key: "login:ip:198.51.100.9", count: 10 },
      ]);
    } finally {
      await second.destroy();
    }
  });
});
