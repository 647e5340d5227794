import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/db.server";
import { createApiKey, listApiKeys } from "~/features/api-keys/api-keys.server";
import { sweepRateWindows, usageRows } from "~/features/api-keys/api-usage.server";
import { subscribeTenantToPlan } from "~/features/tenants/plans.server";
import * as apiAccess from "~/routes/_dashboard+/api-access";
import * as callEvents from "~/routes/api+/v1+/call-events";
import * as callRoute from "~/routes/api+/v1+/calls.$callId";
import { BASE_URL, callAction, callLoader, loadContext, prepareTestDatabase, sessionCookieFor, unwrap } from "../support/app";
import { tenantWithOwner } from "../support/factories";

/**
 * API key scopes and expiry, the per-key minute limit shared through the
 * database, and usage counting (issue 26; docs/decisions/0044, 0045).
 */

type CallRouteModule = typeof callRoute;

beforeAll(async () => {
  await prepareTestDatabase();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Freezes Date (only Date: the database drivers keep their timers) at a given second of the current minute. */
function freezeAtSecond(second: number) {
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  const frozen = minute + second * 1000;
  vi.useFakeTimers({ toFake: ["Date"], now: frozen });
  return frozen;
}

function getCall(route: CallRouteModule, key: string, callId = "no-such-call") {
  const request = new Request(`${BASE_URL}/api/v1/calls/${callId}`, { headers: { Authorization: `Bearer ${key}` } });
  return route.loader({ request, params: { callId }, context: loadContext() });
}

function postEvent(key: string) {
  const request = new Request(`${BASE_URL}/api/v1/call-events`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      eventId: `evt-${Math.random()}`,
      type: "call.queued",
      occurredAt: "2026-03-02T09:30:00Z",
      call: { id: "c-1", direction: "inbound", from: "+4930123456", to: "+4989654321" },
    }),
  });
  return callEvents.action({ request, params: {}, context: loadContext() });
}

async function newTenant() {
  return tenantWithOwner({ phone: `41655${String(Math.floor(Math.random() * 1e5)).padStart(5, "0")}` });
}

describe("the plans' rate limits", () => {
  it("a new database's plans carry the documented per-minute limits (docs/decisions/0045-api-rate-limit.md), not the column's default", async () => {
    const plans = await getDb().selectFrom("plans").select(["key", "api_rate_limit_per_minute"]).orderBy("sort_order").execute();
    expect(plans.filter((plan) => ["starter", "growth", "scale"].includes(plan.key))).toEqual([
      { key: "starter", api_rate_limit_per_minute: 60 },
      { key: "growth", api_rate_limit_per_minute: 300 },
      { key: "scale", api_rate_limit_per_minute: 1200 },
    ]);
  });
});

describe("creating a key with scopes and an expiry", () => {
  it("stores the chosen scopes and expiry and records them in the audit entry", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const form = new FormData();
    form.set("intent", "create");
    form.set("name", "Reader");
    form.append("scopes", "calls:read");
    form.append("scopes", "appointments:write");
    form.set("expiresOn", "2099-12-31");
    const { status, value } = unwrap(await callAction(apiAccess.action, "/api-access?tab=keys", { cookie, form }));
    expect(status).toBe(200);
    const created = (value as { created: { id: string } }).created;
    const row = await getDb().selectFrom("api_keys").select(["scopes", "expires_at"]).where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ scopes: "calls:read appointments:write", expires_at: "2100-01-01T00:00:00.000Z" });
    const audit = await getDb().selectFrom("audit_log").select(["action", "details"]).where("target_id", "=", created.id).executeTakeFirstOrThrow();
    expect(audit.action).toBe("api-key.created");
    expect(JSON.parse(audit.details)).toEqual({ scopes: "calls:read appointments:write", expiresAt: "2100-01-01T00:00:00.000Z" });
  });

  it("refuses a key without a scope, with an unknown scope or with a past expiry, and stores nothing", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const count = async () =>
      Number(
        (
          await getDb()
            .selectFrom("api_keys")
            .select(({ fn }) => fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const attempt = async (scopes: string[], expiresOn?: string) => {
      const form = new FormData();
      form.set("intent", "create");
      form.set("name", "Refused");
      for (const scope of scopes) form.append("scopes", scope);
      if (expiresOn) form.set("expiresOn", expiresOn);
      return unwrap(await callAction(apiAccess.action, "/api-access?tab=keys", { cookie, form }));
    };
    const errorsOf = (reply: unknown) => (reply as { result: { error: Record<string, string[]> } }).result.error;
    const none = await attempt([]);
    expect(none.status).toBe(400);
    expect(errorsOf(none.value).scopes).toEqual(["validation.scopesRequired"]);
    const unknown = await attempt(["admin:all"]);
    expect(unknown.status).toBe(400);
    expect(Object.values(errorsOf(unknown.value)).flat()).toContain("validation.scopeUnknown");
    const past = await attempt(["calls:read"], "2020-01-01");
    expect(past.status).toBe(400);
    expect(errorsOf(past.value).expiresOn).toEqual(["validation.expiryPast"]);
    expect(await count()).toBe(before);
  });
});

describe("scopes and expiry on /api/v1", () => {
  it("answers 403 naming the missing scope, and lets the granted one through", async () => {
    const tenant = await newTenant();
    const { key } = await createApiKey({ tenantId: tenant.tenantId, userId: tenant.ownerId, name: "Read only", scopes: ["calls:read"] });
    const refused = await postEvent(key);
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("insufficient_scope");
    expect(body.error.message).toContain("calls:write");
    // calls:read reaches the route: an unknown call is a 404, not a 403.
    const read = await getCall(callRoute, key);
    expect(read.status).toBe(404);
    // The factory's tenants are on Growth: 300 a minute.
    expect(read.headers.get("X-RateLimit-Limit")).toBe("300");
  });

  it("answers 401 api_key_expired once the expiry has passed", async () => {
    const tenant = await newTenant();
    const { key, id } = await createApiKey({
      tenantId: tenant.tenantId,
      userId: tenant.ownerId,
      name: "Short lived",
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await getCall(callRoute, key)).status).toBe(404);
    await getDb()
      .updateTable("api_keys")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", id)
      .execute();
    const expired = await getCall(callRoute, key);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { error: { code: string } }).error.code).toBe("api_key_expired");
  });

  it("migrated every key made before scopes to all scopes, so old integrations keep working", async () => {
    const tenant = await newTenant();
    const { key } = await createApiKey({ tenantId: tenant.tenantId, userId: tenant.ownerId, name: "Everything" });
    expect((await listApiKeys(tenant.tenantId))[0]!.scopes).toEqual(["calls:read", "calls:write", "appointments:read", "appointments:write"]);
    expect((await postEvent(key)).status).not.toBe(403);
  });
});

describe("the per-minute limit, shared through the database", () => {
  it("holds across two app instances: the third request of a 3-per-minute plan on either one gets 429 with Retry-After", async () => {
    const tenant = await newTenant();
    await subscribeTenantToPlan(tenant.tenantId, "starter");
    await getDb().updateTable("plans").set({ api_rate_limit_per_minute: 3 }).where("key", "=", "starter").execute();
    const { key, id } = await createApiKey({ tenantId: tenant.tenantId, userId: tenant.ownerId, name: "Busy", scopes: ["calls:read"] });

    // A second, independent copy of the route and everything under it (its own modules, its own database connection),
    // as a second app server would have: nothing but the database is shared between the two.
    vi.resetModules();
    const secondInstance = (await import("~/routes/api+/v1+/calls.$callId")) as CallRouteModule;
    expect(secondInstance).not.toBe(callRoute);

    const frozen = freezeAtSecond(15);
    const first = await getCall(callRoute, key);
    expect(first.status).toBe(404);
    expect(first.headers.get("X-RateLimit-Remaining")).toBe("2");
    const second = await getCall(secondInstance, key);
    expect(second.headers.get("X-RateLimit-Remaining")).toBe("1");
    expect((await getCall(callRoute, key)).headers.get("X-RateLimit-Remaining")).toBe("0");
    const refused = await getCall(secondInstance, key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("45");
    expect(refused.headers.get("X-RateLimit-Limit")).toBe("3");
    expect(refused.headers.get("X-RateLimit-Remaining")).toBe("0");
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect((await getCall(callRoute, key)).status).toBe(429);

    // The next minute is a new window; its first request also clears the key's old one.
    vi.setSystemTime(frozen + 46_000);
    const next = await getCall(secondInstance, key);
    expect(next.status).toBe(404);
    expect(next.headers.get("X-RateLimit-Remaining")).toBe("2");
    const windows = await getDb().selectFrom("api_rate_windows").select(["count"]).where("key_id", "=", id).execute();
    expect(windows).toEqual([{ count: 1 }]);
    await getDb().updateTable("plans").set({ api_rate_limit_per_minute: 60 }).where("key", "=", "starter").execute();
  });

  it("sweeps windows of keys that stopped calling", async () => {
    await getDb().insertInto("api_rate_windows").values({ key_id: "gone", window_start: "2020-01-01T00:00:00.000Z", count: 5 }).execute();
    expect(await sweepRateWindows()).toBeGreaterThanOrEqual(1);
    expect(await getDb().selectFrom("api_rate_windows").select("key_id").where("key_id", "=", "gone").execute()).toEqual([]);
  });
});

describe("usage counting", () => {
  it("counts each request per key, endpoint pattern, day and status class, and keeps tenants apart", async () => {
    const a = await newTenant();
    const b = await newTenant();
    const keyA = await createApiKey({ tenantId: a.tenantId, userId: a.ownerId, name: "A", scopes: ["calls:read"] });
    const keyB = await createApiKey({ tenantId: b.tenantId, userId: b.ownerId, name: "B" });
    await getCall(callRoute, keyA.key, "first");
    await getCall(callRoute, keyA.key, "second");
    await postEvent(keyA.key); // 403: counted as an error of its endpoint
    await getCall(callRoute, keyB.key, "third");

    const today = new Date().toISOString().slice(0, 10);
    const rowsA = await usageRows(a.tenantId, { from: today, to: today });
    expect(rowsA.map(({ endpoint, requests, errors, keyId }) => ({ endpoint, requests, errors, keyId }))).toEqual([
      { endpoint: "GET /api/v1/calls/{callId}", requests: 2, errors: 2, keyId: keyA.id },
      { endpoint: "POST /api/v1/call-events", requests: 1, errors: 1, keyId: keyA.id },
    ]);
    expect(rowsA[0]!.p95Ms).not.toBeNull();
    const rowsB = await usageRows(b.tenantId, { from: today, to: today });
    expect(rowsB.map((row) => [row.keyId, row.requests])).toEqual([[keyB.id, 1]]);
    // Another tenant's key id as a filter finds nothing.
    expect(await usageRows(b.tenantId, { from: today, to: today, keyId: keyA.id })).toEqual([]);
    expect((await listApiKeys(b.tenantId)).map((key) => key.id)).toEqual([keyB.id]);
  });
});

describe("the usage and account tabs", () => {
  it("show the signed-in tenant's usage only, and its plan's rate limit", async () => {
    const owner = await getDb().selectFrom("users").select(["id", "tenant_id"]).where("email", "=", "owner@demo.test").executeTakeFirstOrThrow();
    const { key, id } = await createApiKey({ tenantId: owner.tenant_id, userId: owner.id, name: "Demo usage", scopes: ["calls:read"] });
    await getCall(callRoute, key);
    const other = await newTenant();
    const cookie = await sessionCookieFor("owner@demo.test");
    const usage = unwrap(await callLoader(apiAccess.loader, "/api-access?tab=usage", { cookie })).value as {
      usage: { rows: Array<{ keyId: string; requests: number }> };
    };
    expect(usage.usage.rows.find((row) => row.keyId === id)?.requests).toBe(1);
    const otherCookie = await sessionCookieFor(other.email);
    const otherUsage = unwrap(await callLoader(apiAccess.loader, "/api-access?tab=usage", { cookie: otherCookie })).value as { usage: { rows: unknown[] } };
    expect(otherUsage.usage.rows).toEqual([]);
    const account = unwrap(await callLoader(apiAccess.loader, "/api-access?tab=account", { cookie: otherCookie })).value as {
      account: { rateLimitPerMinute: number };
    };
    expect(account.account.rateLimitPerMinute).toBe(300);
  });
});
