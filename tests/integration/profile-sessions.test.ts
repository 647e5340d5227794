import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { createSession } from "~/features/auth/session.server";
import * as overview from "~/routes/_dashboard+/overview";
import * as security from "~/routes/_dashboard+/profile_.security";
import { callAction, callLoader, findUser, prepareTestDatabase, redirectLocation, sessionCookieFor, sessionIdHashOf, unwrap } from "../support/app";

beforeAll(() => prepareTestDatabase());

const CHROME_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

interface SessionItem {
  idHash: string;
  device: { browser: string | null; system: string | null };
  ip: string | null;
  lastSeenAt: string;
  current: boolean;
}

async function signInAs(email: string, userAgent: string, ip: string) {
  const user = await findUser(email);
  const { setCookie } = await createSession({ userId: user!.id, tenantId: user!.tenant_id, ip, userAgent });
  return setCookie.split(";")[0]!;
}

async function sessionsSeenBy(cookie: string) {
  const result = await callLoader(security.loader, "/profile/security", { cookie });
  return (unwrap(result).value as { sessions: SessionItem[] }).sessions;
}

async function stillSignedIn(cookie: string) {
  return redirectLocation(await callLoader(overview.loader, "/overview", { cookie })) === null;
}

describe("the sessions list", () => {
  it("lists the user's own active sessions with device, address and last use, this one first and marked", async () => {
    const here = await signInAs("owner@demo.test", CHROME_WINDOWS, "198.51.100.7");
    const phone = await signInAs("owner@demo.test", SAFARI_IPHONE, "203.0.113.50");
    await signInAs("agent@demo.test", CHROME_WINDOWS, "192.0.2.1");
    // Idle past the limit: not active, so not listed.
    const idle = await signInAs("owner@demo.test", SAFARI_IPHONE, "203.0.113.51");
    await getDb()
      .updateTable("sessions")
      .set({ last_seen_at: new Date(Date.now() - 24 * 3_600_000).toISOString() })
      .where("id_hash", "=", await sessionIdHashOf(idle))
      .execute();

    const sessions = await sessionsSeenBy(here);
    expect(sessions[0]).toMatchObject({ current: true, ip: "198.51.100.7", device: { browser: "Chrome", system: "Windows" } });
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    const phoneRow = sessions.find((session) => session.ip === "203.0.113.50");
    expect(phoneRow).toMatchObject({ current: false, device: { browser: "Safari", system: "iOS" } });
    expect(sessions.map((session) => session.ip)).not.toContain("192.0.2.1");
    expect(sessions.map((session) => session.ip)).not.toContain("203.0.113.51");
    expect(await stillSignedIn(phone)).toBe(true);
  });
});

describe("signing sessions out", () => {
  it("signs out one other session, audited; the current one and another user's cannot be signed out this way", async () => {
    const here = await signInAs("owner@demo.test", CHROME_WINDOWS, "198.51.100.8");
    const laptop = await signInAs("owner@demo.test", CHROME_WINDOWS, "198.51.100.9");
    const someoneElse = await signInAs("agent@demo.test", CHROME_WINDOWS, "192.0.2.2");

    const result = await callAction(security.action, "/profile/security", {
      cookie: here,
      form: { intent: "sign-out-session", session: await sessionIdHashOf(laptop) },
    });
    expect(redirectLocation(result)).toBe("/profile/security");
    expect(await stillSignedIn(laptop)).toBe(false);
    expect(await stillSignedIn(here)).toBe(true);

    await callAction(security.action, "/profile/security", { cookie: here, form: { intent: "sign-out-session", session: await sessionIdHashOf(someoneElse) } });
    expect(await stillSignedIn(someoneElse)).toBe(true);
    await callAction(security.action, "/profile/security", { cookie: here, form: { intent: "sign-out-session", session: await sessionIdHashOf(here) } });
    expect(await stillSignedIn(here)).toBe(true);

    const entries = await getDb().selectFrom("audit_log").select(["action", "details"]).where("action", "=", "session.signed-out").execute();
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]!.details)).toMatchObject({ sessions: 1, browser: "Chrome", system: "Windows", ip: "198.51.100.9" });

    const malformed = await callAction(security.action, "/profile/security", { cookie: here, form: { intent: "sign-out-session", session: "nope" } });
    expect(unwrap(malformed).status).toBe(400);
  });

  it("signs out every other session of the user and keeps this one and other users'", async () => {
    const here = await signInAs("owner@demo.test", CHROME_WINDOWS, "198.51.100.10");
    const others = [await signInAs("owner@demo.test", SAFARI_IPHONE, "203.0.113.60"), await sessionCookieFor("owner@demo.test")];
    const someoneElse = await signInAs("agent@demo.test", CHROME_WINDOWS, "192.0.2.3");

    expect(redirectLocation(await callAction(security.action, "/profile/security", { cookie: here, form: { intent: "sign-out-others" } }))).toBe(
      "/profile/security",
    );
    for (const other of others) expect(await stillSignedIn(other)).toBe(false);
    expect(await stillSignedIn(here)).toBe(true);
    expect(await stillSignedIn(someoneElse)).toBe(true);
    const sessions = await sessionsSeenBy(here);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.current).toBe(true);

    const entry = await getDb()
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "session.signed-out")
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.details)).toMatchObject({ others: true });
    expect(JSON.parse(entry.details).sessions).toBeGreaterThanOrEqual(2);
  });
});
