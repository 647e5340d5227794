import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import * as apiAccess from "~/routes/_dashboard+/api-access";
import * as callRoute from "~/routes/api+/v1+/calls.$callId";
import { BASE_URL, callAction, callLoader, loadContext, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import { tenantWithOwner } from "../support/factories";

beforeAll(prepareTestDatabase);

interface CreatedReply {
  result: { status?: string; error?: Record<string, string[] | null> };
  created: { id: string; name: string; key: string } | null;
}

interface PageData {
  activeTab: string;
  keys: Array<{ id: string; name: string; prefix: string; lastUsedAt: string | null; revokedAt: string | null }>;
  canCreate: boolean;
  canRevoke: boolean;
  revokeTarget: { id: string } | null;
}

async function createKey(cookie: string, name: string, scopes: string[] = ["calls:read", "calls:write"], expiresOn?: string) {
  const form = new FormData();
  form.set("intent", "create");
  form.set("name", name);
  for (const scope of scopes) form.append("scopes", scope);
  if (expiresOn !== undefined) form.set("expiresOn", expiresOn);
  const result = await callAction(apiAccess.action, "/api-access?tab=keys", { cookie, form });
  const { status, value, headers } = unwrap(result);
  return { status, reply: value as CreatedReply | undefined, headers, raw: result };
}

async function page(cookie: string, search = "?tab=keys") {
  const result = await callLoader(apiAccess.loader, `/api-access${search}`, { cookie });
  const { status, value } = unwrap(result);
  return { status, data: value as PageData | undefined, raw: result };
}

/** A request to the API with the key in the Authorization header (and optionally something in the URL). */
function apiGet(key: string | null, path = "/api/v1/calls/no-such-call", headers: Record<string, string> = {}) {
  const request = new Request(new URL(path, BASE_URL), { headers: key ? { Authorization: `Bearer ${key}`, ...headers } : headers });
  return callRoute.loader({
    request,
    params: { callId: decodeURIComponent(path.split("?")[0]!.split("/").pop()!) },
    context: loadContext(),
  }) as Promise<Response>;
}

async function errorOf(response: Response) {
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe("creating an API key", () => {
  it("shows the full key once, in the action's response, and stores only its hash and prefix", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const { status, reply, headers } = await createKey(cookie, "  Acme Voice  ");
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("no-store");
    const key = reply!.created!.key;
    expect(key).toMatch(/^vbk_[A-Za-z0-9_-]{43}$/);
    expect(reply!.created!.name).toBe("Acme Voice");

    const row = await getDb().selectFrom("api_keys").selectAll().where("id", "=", reply!.created!.id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(row.prefix).toBe(key.slice(0, 12));
    expect(row.name).toBe("Acme Voice");
    expect(Object.values(row)).not.toContain(key);
    expect(JSON.stringify(row)).not.toContain(key.slice(12));

    // The next page load lists the key by its prefix only: the key itself is never shown again.
    const { data } = await page(cookie);
    const listed = data!.keys.find((k) => k.id === reply!.created!.id)!;
    expect(listed.prefix).toBe(key.slice(0, 12));
    expect(JSON.stringify(data)).not.toContain(key.slice(12));
  });

  it("refuses a missing or too long name and stores nothing", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const before = await getDb()
      .selectFrom("api_keys")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const empty = await createKey(cookie, "   ");
    expect(empty.status).toBe(400);
    expect(empty.reply!.created).toBeNull();
    expect(empty.reply!.result.error?.name).toEqual(["validation.nameRequired"]);
    const long = await createKey(cookie, "x".repeat(81));
    expect(long.status).toBe(400);
    expect(long.reply!.result.error?.name).toEqual(["validation.nameTooLong"]);
    const exactly80 = await createKey(cookie, "y".repeat(80));
    expect(exactly80.status).toBe(200);
    const after = await getDb()
      .selectFrom("api_keys")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });
});

describe("authenticating with a key", () => {
  it("accepts the key as a bearer token and records its last use at most once a minute", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const { reply } = await createKey(cookie, "Usage check");
    const { id, key } = reply!.created!;

    const response = await apiGet(key);
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("not_found");
    const first = await getDb().selectFrom("api_keys").select("last_used_at").where("id", "=", id).executeTakeFirstOrThrow();
    expect(first.last_used_at).not.toBeNull();

    const recent = new Date(Date.now() - 20_000).toISOString();
    await getDb().updateTable("api_keys").set({ last_used_at: recent }).where("id", "=", id).execute();
    await apiGet(key);
    expect((await getDb().selectFrom("api_keys").select("last_used_at").where("id", "=", id).executeTakeFirstOrThrow()).last_used_at).toBe(recent);

    const old = new Date(Date.now() - 2 * 60_000).toISOString();
    await getDb().updateTable("api_keys").set({ last_used_at: old }).where("id", "=", id).execute();
    await apiGet(key);
    const updated = (await getDb().selectFrom("api_keys").select("last_used_at").where("id", "=", id).executeTakeFirstOrThrow()).last_used_at!;
    expect(Date.parse(updated)).toBeGreaterThan(Date.parse(old) + 60_000);
  });

  it("answers 401 in JSON without a key, with a malformed header or with an unknown key", async () => {
    for (const response of [
      await apiGet(null),
      await apiGet(null, "/api/v1/calls/x", { Authorization: "Basic dXNlcjpwYXNz" }),
      await apiGet(`vbk_${"A".repeat(43)}`),
    ]) {
      expect(response.status).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
      expect(["unauthorized", "invalid_api_key"]).toContain((await errorOf(response)).code);
    }
  });

  it("refuses a key in the query string with 400, even a valid one sent with a valid header", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const { key } = (await createKey(cookie, "Leaky")).reply!.created!;
    const attempts = [
      await apiGet(null, `/api/v1/calls/x?api_key=${key}`),
      await apiGet(key, `/api/v1/calls/x?api_key=${key}`),
      await apiGet(key, `/api/v1/calls/x?callback=${key}`),
      await apiGet(key, "/api/v1/calls/x?token=abc"),
      await apiGet(key, "/api/v1/calls/x?Key=abc"),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe("api_key_in_query");
      expect(error.message).toMatch(/Authorization header/);
    }
    // An ordinary query parameter is fine.
    expect((await apiGet(key, "/api/v1/calls/x?include=audio")).status).toBe(404);
  });
});

describe("revoking a key", () => {
  it("asks for confirmation, then revokes, and the key gets 401 from then on", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const { id, key } = (await createKey(cookie, "To be revoked")).reply!.created!;
    expect((await apiGet(key)).status).toBe(404);

    const confirmation = await page(cookie, `?tab=keys&revoke=${id}`);
    expect(confirmation.data!.revokeTarget?.id).toBe(id);

    const result = await callAction(apiAccess.action, "/api-access?tab=keys", { cookie, form: { intent: "revoke", keyId: id } });
    expect(redirectLocation(result)).toBe("/api-access?tab=keys");
    const row = await getDb().selectFrom("api_keys").select("revoked_at").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();

    const response = await apiGet(key);
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe("invalid_api_key");

    const after = await page(cookie, `?tab=keys&revoke=${id}`);
    expect(after.data!.keys.find((k) => k.id === id)!.revokedAt).not.toBeNull();
    // A revoked key offers no second confirmation.
    expect(after.data!.revokeTarget).toBeNull();
  });
});

describe("who may manage keys", () => {
  it("sends the read-only agent away from /api-access and refuses its posts with 403", async () => {
    const agent = await sessionCookieFor("agent@demo.test");
    const view = await page(agent);
    expect(redirectLocation(view.raw)).toBe("/overview");

    const countBefore = (await getDb().selectFrom("api_keys").select("id").execute()).length;
    const create = await createKey(agent, "Agent key");
    expect(create.status).toBe(403);
    expect((await getDb().selectFrom("api_keys").select("id").execute()).length).toBe(countBefore);

    const owner = await sessionCookieFor("owner@demo.test");
    const { id } = (await createKey(owner, "Agent target")).reply!.created!;
    const revoke = await callAction(apiAccess.action, "/api-access?tab=keys", { cookie: agent, form: { intent: "revoke", keyId: id } });
    expect(unwrap(revoke).status).toBe(403);
    expect((await getDb().selectFrom("api_keys").select("revoked_at").where("id", "=", id).executeTakeFirstOrThrow()).revoked_at).toBeNull();
  });

  it("keeps keys inside their tenant: another owner neither sees nor revokes them", async () => {
    const owner = await sessionCookieFor("owner@demo.test");
    const { id } = (await createKey(owner, "Demo only")).reply!.created!;
    const other = await tenantWithOwner({ email: "other-owner@keys.test", name: "Other Owner", phone: "4165550151" });

    const { data } = await page(other.cookie, `?tab=keys&revoke=${id}`);
    expect(data!.keys).toEqual([]);
    expect(data!.revokeTarget).toBeNull();

    const revoke = await callAction(apiAccess.action, "/api-access?tab=keys", { cookie: other.cookie, form: { intent: "revoke", keyId: id } });
    expect(unwrap(revoke).status).toBe(404);
    expect((await getDb().selectFrom("api_keys").select("revoked_at").where("id", "=", id).executeTakeFirstOrThrow()).revoked_at).toBeNull();

    const mine = (await createKey(other.cookie, "Other tenant key")).reply!.created!;
    const row = await getDb().selectFrom("api_keys").select("tenant_id").where("id", "=", mine.id).executeTakeFirstOrThrow();
    expect(row.tenant_id).toBe(other.tenantId);
  });
});

describe("the /api-access tabs", () => {
  it("opens on the keys and shows the other tabs as not available yet", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    expect((await page(cookie, "")).data!.activeTab).toBe("keys");
    expect((await page(cookie, "?tab=nonsense")).data!.activeTab).toBe("keys");
    for (const tab of ["dashboard", "documentation", "usage", "account"]) {
      const { data } = await page(cookie, `?tab=${tab}`);
      expect(data!.activeTab).toBe(tab);
      expect(data!.keys).toEqual([]);
    }
  });
});
