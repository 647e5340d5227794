import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { prepareDatabase } from "~/seed/seed.server";
import { createSession, getSessionCookie } from "~/features/auth/session.server";
import { settleAfterResponseWork } from "~/lib/background/after-response.server";
import { runDueOutboxJobs } from "~/db/outbox.server";

export const BASE_URL = "http://localhost:3000";

/**
 * Migrates and seeds this test file's fresh database (demo tenant, demo users, plans). A file that calls it
 * starts from a copy of the run's prepared template (tests/setup/test-env.ts), which this then finds ready.
 */
export async function prepareTestDatabase() {
  await prepareDatabase();
}

/**
 * The same on a database that is not a copy of the template (test-env.ts tells them apart by name), for a file
 * that fakes the clock first: the demo tenant's calls are dated from the seeding's "now".
 */
export async function prepareTestDatabaseAtFakedClock() {
  await prepareDatabase();
}

export function loadContext(overrides: Partial<AppLoadContext> = {}): AppLoadContext {
  return { cspNonce: "test-nonce", clientIp: "203.0.113.7", ...overrides };
}

/** A signed-in Cookie header for a user, made the way the login action makes it. */
export async function sessionCookieFor(email: string) {
  const user = await getDb().selectFrom("users").select(["id", "tenant_id"]).where("email", "=", email).executeTakeFirstOrThrow();
  const { setCookie } = await createSession({ userId: user.id, tenantId: user.tenant_id });
  return setCookie.split(";")[0]!;
}

/** Joins Set-Cookie values of a response into a Cookie header a browser would send next. */
export function cookiesFrom(response: Response, previous = "") {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0]!, pair] as const),
  );
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0]!;
    const name = pair.split("=")[0]!;
    if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(header)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

interface RequestOptions {
  method?: string;
  cookie?: string;
  form?: Record<string, string> | FormData;
  headers?: Record<string, string>;
  language?: "en" | "de";
}

/** The `lng` cookie as the language switch sets it (Remix cookies hold base64 JSON, so a raw `lng=de` would be ignored). */
export function languageCookieHeader(language: "en" | "de") {
  return `lng=${encodeURIComponent(btoa(JSON.stringify(language)))}`;
}

export function makeRequest(pathname: string, { method, cookie, form, headers = {}, language }: RequestOptions = {}) {
  const allHeaders = new Headers(headers);
  const cookies = [cookie, language ? languageCookieHeader(language) : undefined].filter(Boolean).join("; ");
  if (cookies) allHeaders.set("Cookie", cookies);
  let body: BodyInit | undefined;
  if (form) {
    body = form instanceof FormData ? form : new URLSearchParams(form);
    allHeaders.set("Origin", BASE_URL);
  }
  return new Request(new URL(pathname, BASE_URL), { method: method ?? (form ? "POST" : "GET"), headers: allHeaders, body });
}

/** Runs a loader or action and returns what it returned or threw (Remix treats both the same). */
export async function settle<T>(work: () => Promise<T> | T): Promise<T | Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** Remix's `data()` wraps a value with its status; plain returns are status 200. */
export function unwrap<T>(result: T): { status: number; value: unknown; headers: Headers } {
  if (result instanceof Response) return { status: result.status, value: undefined, headers: result.headers };
  if (result && typeof result === "object" && "type" in result && (result as { type: unknown }).type === "DataWithResponseInit") {
    const wrapped = result as unknown as { data: unknown; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, value: wrapped.data, headers: new Headers(wrapped.init?.headers) };
  }
  return { status: 200, value: result, headers: new Headers() };
}

export function redirectLocation(result: unknown) {
  if (result instanceof Response && result.status >= 300 && result.status < 400) return result.headers.get("Location");
  return null;
}

/** The newest outbox message to an address (the JSON twin of the .eml the app wrote). */
export function latestEmailTo(address: string): { subject: string; text: string; html: string } | null {
  const dir = getEnv().outboxDir;
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort();
  for (const file of files.reverse()) {
    const message = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as { to: string; subject: string; text: string; html: string };
    if (message.to === address) return message;
  }
  return null;
}

export function linkFrom(text: string, pathname: string) {
  const match = text.match(new RegExp(`https?://[^\\s]+${pathname.replace(/\//g, "\\/")}\\?token=[\\w-]+`));
  return match ? new URL(match[0]) : null;
}

/* ---- Helpers for the sign-in, session and gate tests (additive). ---- */

type RouteFunction = (args: { request: Request; params: Record<string, string | undefined>; context: AppLoadContext }) => unknown;

interface CallOptions extends RequestOptions {
  params?: Record<string, string | undefined>;
  context?: AppLoadContext;
}

/** Calls a loader with a GET request the way Remix would, returning what it returned or threw. */
export function callLoader(loader: RouteFunction, pathname: string, { params = {}, context = loadContext(), ...request }: CallOptions = {}) {
  return settle(() => loader({ request: makeRequest(pathname, request), params, context }));
}

/**
 * Calls an action with a form POST (Origin set to this site), returning what it returned or threw,
 * once the work it left for after the response (emails) is done too.
 */
export async function callAction(action: RouteFunction, pathname: string, { params = {}, context = loadContext(), ...request }: CallOptions = {}) {
  const result = await settle(() => action({ request: makeRequest(pathname, { method: "POST", ...request }), params, context }));
  await settleAfterResponseWork();
  return result;
}

export function findUser(email: string) {
  return getDb().selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

/** The database key of the session a Cookie header carries (the cookie holds the id, the row its SHA-256). */
export async function sessionIdHashOf(cookie: string) {
  const id: unknown = await getSessionCookie().parse(cookie);
  if (typeof id !== "string") throw new Error(`no session id in cookie: ${cookie}`);
  return createHash("sha256").update(id).digest("hex");
}

export async function sessionRowOf(cookie: string) {
  return getDb()
    .selectFrom("sessions")
    .selectAll()
    .where("id_hash", "=", await sessionIdHashOf(cookie))
    .executeTakeFirst();
}

/** Moves a session's clock: last activity and/or absolute end relative to now. */
export async function ageSession(cookie: string, { lastSeenMinutesAgo, expiresInMinutes }: { lastSeenMinutesAgo?: number; expiresInMinutes?: number }) {
  const nowMs = Date.now();
  await getDb()
    .updateTable("sessions")
    .set({
      ...(lastSeenMinutesAgo === undefined ? {} : { last_seen_at: new Date(nowMs - lastSeenMinutesAgo * 60_000).toISOString() }),
      ...(expiresInMinutes === undefined ? {} : { expires_at: new Date(nowMs + expiresInMinutes * 60_000).toISOString() }),
    })
    .where("id_hash", "=", await sessionIdHashOf(cookie))
    .execute();
}

/** Number of messages written to the outbox so far. */
export function outboxCount() {
  const dir = getEnv().outboxDir;
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".json")).length : 0;
}

/**
 * The job runner's outbox pass (app/db/outbox.server.ts), as the
 * runner the route kicks would run it after the change's commit: an
 * appointment's Cal.com push and email are jobs queued with the change
 * (docs/decisions/0028-domain-events.md), no longer work done after the
 * response, so a test that looks for them runs this first.
 */
export async function runOutboxJobs() {
  return runDueOutboxJobs({ owner: "test-runner" });
}
