import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getEnv, resetEnvCache } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { getSessionCookie, purgeExpiredSessions } from "~/features/auth/session.server";
import { popToast } from "~/lib/toast/toast.server";
import * as dashboard from "~/routes/_dashboard+/_layout";
import * as overview from "~/routes/_dashboard+/overview";
import * as logout from "~/routes/logout";
import {
  ageSession,
  callAction,
  callLoader,
  cookiesFrom,
  makeRequest,
  prepareTestDatabase,
  redirectLocation,
  sessionCookieFor,
  sessionRowOf,
  unwrap,
} from "../support/app";

beforeAll(prepareTestDatabase);
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const TO_LOGIN = "/login?redirectTo=%2Foverview";

async function overviewOutcome(cookie: string) {
  const result = await callLoader(overview.loader, "/overview", { cookie });
  return redirectLocation(result) ?? unwrap(result).status;
}

function clearsSessionCookie(response: Response) {
  return response.headers.getSetCookie().some((c) => c.startsWith("__session=;") && /Max-Age=0/i.test(c));
}

describe("logout", () => {
  it("POST /logout deletes the session row, clears the cookie and the replayed cookie is sent to /login", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    expect(await overviewOutcome(cookie)).toBe(200);

    const result = await callAction(logout.action, "/logout", { cookie, form: {} });
    expect(redirectLocation(result)).toBe("/login");
    const response = result as Response;
    expect(clearsSessionCookie(response)).toBe(true);
    expect(cookiesFrom(response, cookie)).not.toContain("__session=");
    const { toast } = await popToast(makeRequest("/login", { cookie: cookiesFrom(response) }));
    expect(toast).toEqual({ type: "info", key: "auth:toast.signedOut" });
    expect(await sessionRowOf(cookie)).toBeUndefined();

    // The old cookie, replayed, is no longer a session: page loaders and the dashboard layout send it to /login.
    expect(await overviewOutcome(cookie)).toBe(TO_LOGIN);
    const layout = await callLoader(dashboard.loader, "/contacts?view=all", { cookie });
    expect(redirectLocation(layout)).toBe("/login?redirectTo=%2Fcontacts%3Fview%3Dall");
    expect(clearsSessionCookie(layout as Response)).toBe(true);
  });

  it("ends only the session that logs out", async () => {
    const mine = await sessionCookieFor("agent@demo.test");
    const other = await sessionCookieFor("agent@demo.test");
    await callAction(logout.action, "/logout", { cookie: mine, form: {} });
    expect(await overviewOutcome(mine)).toBe(TO_LOGIN);
    expect(await overviewOutcome(other)).toBe(200);
  });

  it("GET /logout changes nothing", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const result = await callLoader(logout.loader, "/logout", { cookie });
    expect(redirectLocation(result)).toBe("/");
    expect((result as Response).headers.getSetCookie()).toEqual([]);
    expect(await sessionRowOf(cookie)).toBeDefined();
    expect(await overviewOutcome(cookie)).toBe(200);
  });

  it("logging out without a session still lands on /login", async () => {
    const result = await callAction(logout.action, "/logout", { form: {} });
    expect(redirectLocation(result)).toBe("/login");
    expect(clearsSessionCookie(result as Response)).toBe(true);
  });

  it("a forged or tampered cookie is no session", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const [name, value] = cookie.split("=") as [string, string];
    const tampered = `${name}=${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`;
    expect(await overviewOutcome(tampered)).toBe(TO_LOGIN);
    const unsigned = `__session=${encodeURIComponent(btoa(JSON.stringify("made-up-id")))}`;
    expect(await overviewOutcome(unsigned)).toBe(TO_LOGIN);
    const signedUnknown = (await getSessionCookie().serialize("made-up-id")).split(";")[0]!;
    expect(await overviewOutcome(signedUnknown)).toBe(TO_LOGIN);
  });
});

describe("idle timeout (default 30 minutes)", () => {
  it("31 minutes without a request ends the session", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    await ageSession(cookie, { lastSeenMinutesAgo: 31 });
    expect(await overviewOutcome(cookie)).toBe(TO_LOGIN);
    // The row is gone, so coming back in time does not help.
    expect(await sessionRowOf(cookie)).toBeUndefined();
  });

  it("29 minutes without a request keeps the session, and the request counts as activity", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    await ageSession(cookie, { lastSeenMinutesAgo: 29 });
    expect(await overviewOutcome(cookie)).toBe(200);
    const row = await sessionRowOf(cookie);
    expect(Date.now() - new Date(row!.last_seen_at).getTime()).toBeLessThan(10_000);
    // Activity restarted the idle clock: another 29 minutes later the session is still alive.
    await ageSession(cookie, { lastSeenMinutesAgo: 29 });
    expect(await overviewOutcome(cookie)).toBe(200);
  });

  it("the dashboard layout applies the same timeout", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    await ageSession(cookie, { lastSeenMinutesAgo: 31 });
    expect(redirectLocation(await callLoader(dashboard.loader, "/recordings", { cookie }))).toBe("/login?redirectTo=%2Frecordings");
  });
});

describe("absolute timeout (default 12 hours)", () => {
  it("a new session ends 12 hours after it started", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const row = await sessionRowOf(cookie);
    const lifetime = new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime();
    expect(lifetime).toBe(12 * 3_600_000);
  });

  it("a session past its absolute end is refused even while it is in use", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    await ageSession(cookie, { lastSeenMinutesAgo: 0, expiresInMinutes: -1 });
    expect(await overviewOutcome(cookie)).toBe(TO_LOGIN);
    expect(await sessionRowOf(cookie)).toBeUndefined();
  });

  it("a session a minute before its absolute end still works", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    await ageSession(cookie, { lastSeenMinutesAgo: 0, expiresInMinutes: 1 });
    expect(await overviewOutcome(cookie)).toBe(200);
  });
});

describe("timeouts from the environment", () => {
  it("SESSION_IDLE_MINUTES is read per request (the cached cookie keeps working)", async () => {
    // The cookie is made (and its cookie object cached) before the setting changes.
    const cookie = await sessionCookieFor("owner@demo.test");
    vi.stubEnv("SESSION_IDLE_MINUTES", "5");
    resetEnvCache();
    expect(getEnv().SESSION_IDLE_MINUTES).toBe(5);

    await ageSession(cookie, { lastSeenMinutesAgo: 4 });
    expect(await overviewOutcome(cookie)).toBe(200);
    await ageSession(cookie, { lastSeenMinutesAgo: 6 });
    expect(await overviewOutcome(cookie)).toBe(TO_LOGIN);
  });

  it("a longer SESSION_IDLE_MINUTES keeps a session the default would end", async () => {
    vi.stubEnv("SESSION_IDLE_MINUTES", "120");
    resetEnvCache();
    const cookie = await sessionCookieFor("agent@demo.test");
    await ageSession(cookie, { lastSeenMinutesAgo: 90 });
    expect(await overviewOutcome(cookie)).toBe(200);

    // Back to the default, the same 90 minutes are too long.
    vi.unstubAllEnvs();
    resetEnvCache();
    await ageSession(cookie, { lastSeenMinutesAgo: 90 });
    expect(await overviewOutcome(cookie)).toBe(TO_LOGIN);
  });

  it("SESSION_ABSOLUTE_HOURS sets the end of new sessions", async () => {
    vi.stubEnv("SESSION_ABSOLUTE_HOURS", "1");
    resetEnvCache();
    const cookie = await sessionCookieFor("owner@demo.test");
    const row = await sessionRowOf(cookie);
    expect(new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime()).toBe(3_600_000);
  });
});

describe("housekeeping", () => {
  it("purgeExpiredSessions removes idle and expired rows and keeps live ones", async () => {
    const idle = await sessionCookieFor("owner@demo.test");
    const expired = await sessionCookieFor("owner@demo.test");
    const live = await sessionCookieFor("owner@demo.test");
    await ageSession(idle, { lastSeenMinutesAgo: 45 });
    await ageSession(expired, { expiresInMinutes: -5 });
    await purgeExpiredSessions();
    expect(await sessionRowOf(idle)).toBeUndefined();
    expect(await sessionRowOf(expired)).toBeUndefined();
    expect(await sessionRowOf(live)).toBeDefined();
    const remaining = await getDb().selectFrom("sessions").select("last_seen_at").execute();
    expect(remaining.every((r) => Date.now() - new Date(r.last_seen_at).getTime() < 30 * 60_000)).toBe(true);
  });
});
