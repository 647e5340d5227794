import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { createApiKey } from "~/features/api-keys/api-keys.server";
import { apiRateLimitFor, recordUsage } from "~/features/api-keys/api-usage.server";
import { popToast } from "~/lib/toast/toast.server";
import * as adminRoute from "~/routes/_dashboard+/api-access-admin";
import * as apiAccess from "~/routes/_dashboard+/api-access";
import * as usageCsv from "~/routes/_files+/api-access.usage[.]csv";
import * as callRoute from "~/routes/api+/v1+/calls.$callId";
import { BASE_URL, callAction, callLoader, findUser, loadContext, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import { readCsv } from "../support/csv";
import * as factories from "../support/factories";

/*
 * The rest of API access (issue 26, docs/product/api-access.md): the
 * dashboard's figures (requests per day, error rate, p95 from the latency
 * histogram), the usage tab's URL filters and CSV export, and
 * /api-access-admin, the super admin's alone (403 in both languages to
 * anyone else), whose revocations land in the key's tenant's audit log with
 * the super admin as actor. Another tenant's keys and usage stay out of a
 * tenant's screens. Runs on SQLite and PostgreSQL.
 */

const db = () => getDb();
const FORBIDDEN = { en: "You do not have permission to do that.", de: "Sie haben keine Berechtigung für diese Aktion." };
const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);

let superAdmin: string;
let alpha: factories.TestTenant;
let beta: factories.TestTenant;
let reader: { id: string; key: string; prefix: string };
let writer: { id: string; key: string; prefix: string };
let betaKey: { id: string; key: string; prefix: string };

/** `count` requests of one status and latency, as the API would have counted them. */
async function requests(tenantId: string, keyId: string, endpoint: string, status: number, latencyMs: number, count: number, at = new Date()) {
  for (let i = 0; i < count; i++) await recordUsage({ tenantId, keyId, endpoint, status, latencyMs, at });
}

beforeAll(async () => {
  await prepareTestDatabase();
  superAdmin = await sessionCookieFor("admin@demo.test");
  alpha = await factories.tenantWithOwner({ company: "Alpha Usage" });
  beta = await factories.tenantWithOwner({ company: "Beta Usage" });
  reader = await createApiKey({ tenantId: alpha.tenantId, userId: alpha.ownerId, name: "Alpha reader", scopes: ["calls:read"] });
  writer = await createApiKey({ tenantId: alpha.tenantId, userId: alpha.ownerId, name: "Alpha writer", scopes: ["calls:write"] });
  betaKey = await createApiKey({ tenantId: beta.tenantId, userId: beta.ownerId, name: "Beta key", scopes: ["calls:read", "calls:write"] });
  // Alpha today: 20 reads, 10 within 25 ms, 8 within 100 ms, 2 (both 404s) within 500 ms; the 19th of 20 is in the 500 ms bucket.
  const calls = "GET /api/v1/calls/{callId}";
  await requests(alpha.tenantId, reader.id, calls, 200, 20, 10);
  await requests(alpha.tenantId, reader.id, calls, 200, 80, 8);
  await requests(alpha.tenantId, reader.id, calls, 404, 400, 2);
  // Alpha yesterday: 5 writes within 50 ms, no errors.
  await requests(alpha.tenantId, writer.id, "POST /api/v1/call-events", 201, 30, 5, new Date(Date.now() - DAY_MS));
  // Beta: plenty, all server errors, none of which may show on Alpha's screens.
  await requests(beta.tenantId, betaKey.id, calls, 500, 3000, 7);
});

interface DashboardView {
  dashboard: {
    periods: Array<{ key: string; requests: number; errors: number }>;
    total: { requests: number; errors: number; errorRate: number | null; p95Ms: number | null };
    endpoints: Array<{ endpoint: string; requests: number; errors: number; errorRate: number | null; p95Ms: number | null }>;
    granularity: string;
  };
}
interface UsageView {
  usage: {
    params: { from: string; to: string; key: string | null; endpoint: string | null; status: string | null; page: number };
    rows: Array<{ day: string; keyId: string; endpoint: string; requests: number; errors: number; p95Ms: number | null }>;
    choices: { keys: Array<{ id: string }>; endpoints: string[] };
  };
}

const openTab = async <T>(query: string, cookie = alpha.cookie) => {
  const result = unwrap(await callLoader(apiAccess.loader, `/api-access${query}`, { cookie }));
  expect(result.status).toBe(200);
  return result.value as T;
};

describe("the dashboard tab", () => {
  it("shows requests per day, the error rate and the p95 per endpoint from the histogram, for this tenant only", async () => {
    const { dashboard } = await openTab<DashboardView>("?tab=dashboard&range=last-7-days");
    expect(dashboard.granularity).toBe("day");
    expect(dashboard.periods).toHaveLength(7);
    expect(dashboard.periods.at(-1)).toMatchObject({ key: today(), requests: 20, errors: 2 });
    expect(dashboard.periods.at(-2)).toMatchObject({ key: yesterday(), requests: 5, errors: 0 });
    // 25 requests, 2 errors; the 24th fastest of 25 took up to 500 ms.
    expect(dashboard.total).toEqual({ requests: 25, errors: 2, errorRate: 0.08, p95Ms: 500 });
    expect(dashboard.endpoints).toEqual([
      { endpoint: "GET /api/v1/calls/{callId}", requests: 20, errors: 2, errorRate: 0.1, p95Ms: 500 },
      { endpoint: "POST /api/v1/call-events", requests: 5, errors: 0, errorRate: 0, p95Ms: 50 },
    ]);
  });

  it("counts only the range in the URL: today leaves yesterday's writes out; an unknown range is the default", async () => {
    const todayOnly = await openTab<DashboardView>("?tab=dashboard&range=today");
    expect(todayOnly.dashboard.total).toMatchObject({ requests: 20, errors: 2 });
    expect(todayOnly.dashboard.endpoints.map((row) => row.endpoint)).toEqual(["GET /api/v1/calls/{callId}"]);
    expect((await openTab<DashboardView>("?tab=dashboard&range=forever")).dashboard.periods).toHaveLength(7);
  });

  it('shows the slowest bucket as open-ended (-1 on the wire, "> 2,500 ms" on screen) for a tenant whose requests are all slow', async () => {
    const { dashboard } = await openTab<DashboardView>("?tab=dashboard", beta.cookie);
    expect(dashboard.total).toEqual({ requests: 7, errors: 7, errorRate: 1, p95Ms: -1 });
  });
});

describe("the documentation tab", () => {
  it("gives the base URL from APP_URL and the plan's rate limit", async () => {
    const { documentation } = await openTab<{ documentation: { baseUrl: string; rateLimitPerMinute: number } }>("?tab=documentation");
    expect(documentation.baseUrl).toMatch(/^https?:\/\/[^/]+\/api\/v1$/);
    // The same limit the API enforces and the account tab shows.
    expect(documentation.rateLimitPerMinute).toBe(await apiRateLimitFor(alpha.tenantId));
  });
});

describe("the usage tab's filters and CSV export", () => {
  it("filters by key, endpoint, day range and status class in the URL", async () => {
    const all = await openTab<UsageView>("?tab=usage");
    expect(all.usage.params).toMatchObject({ to: today(), key: null, endpoint: null, status: null });
    expect(all.usage.rows.map((row) => [row.day, row.keyId, row.requests, row.errors, row.p95Ms])).toEqual([
      [today(), reader.id, 20, 2, 500],
      [yesterday(), writer.id, 5, 0, 50],
    ]);
    expect(all.usage.choices.keys.map((key) => key.id).sort()).toEqual([reader.id, writer.id].sort());
    expect(all.usage.choices.endpoints).toEqual(["GET /api/v1/calls/{callId}", "POST /api/v1/call-events"]);

    const byKey = await openTab<UsageView>(`?tab=usage&key=${writer.id}`);
    expect(byKey.usage.rows.map((row) => row.keyId)).toEqual([writer.id]);
    const byEndpoint = await openTab<UsageView>(`?tab=usage&endpoint=${encodeURIComponent("GET /api/v1/calls/{callId}")}`);
    expect(byEndpoint.usage.rows.map((row) => row.keyId)).toEqual([reader.id]);
    const clientErrors = await openTab<UsageView>("?tab=usage&status=4xx");
    expect(clientErrors.usage.rows).toEqual([expect.objectContaining({ keyId: reader.id, requests: 2, errors: 2, p95Ms: 500 })]);
    const oneDay = await openTab<UsageView>(`?tab=usage&from=${yesterday()}&to=${yesterday()}`);
    expect(oneDay.usage.rows.map((row) => row.day)).toEqual([yesterday()]);
    // Backwards is swapped; nonsense falls back to the defaults.
    const backwards = await openTab<UsageView>(`?tab=usage&from=${today()}&to=${yesterday()}`);
    expect(backwards.usage.params).toMatchObject({ from: yesterday(), to: today() });
    expect((await openTab<UsageView>("?tab=usage&status=9xx&from=2026-02-31")).usage.params).toMatchObject({ status: null, to: today() });
  });

  it("pages the rows 50 at a time, keeping the filters; the CSV has them all", async () => {
    const gamma = await factories.tenantWithOwner({ company: "Gamma Usage" });
    for (const name of ["One", "Two"]) {
      const { id } = await createApiKey({ tenantId: gamma.tenantId, userId: gamma.ownerId, name, scopes: ["calls:read"] });
      for (let daysAgo = 0; daysAgo < 26; daysAgo++)
        await requests(gamma.tenantId, id, "GET /api/v1/slots", 200, 10, 1, new Date(Date.now() - daysAgo * DAY_MS));
    }
    const first = (await openTab<UsageView & { usage: { pageCount: number; total: number } }>("?tab=usage", gamma.cookie)).usage;
    expect([first.rows.length, first.total, first.pageCount]).toEqual([50, 52, 2]);
    const second = (await openTab<UsageView>("?tab=usage&status=2xx&page=2", gamma.cookie)).usage;
    expect(second.rows).toHaveLength(2);
    expect(second.params).toMatchObject({ status: "2xx", page: 2 });
    // A page past the end shows the last one.
    expect((await openTab<UsageView>("?tab=usage&page=9", gamma.cookie)).usage.params).toMatchObject({ page: 2 });
    const file = (await callLoader(usageCsv.loader, "/api-access/usage.csv?page=2", { cookie: gamma.cookie })) as Response;
    expect(await readCsv(await file.text(), ",")).toHaveLength(53);
  });

  it("exports the filtered rows as CSV: commas in English, semicolons and a BOM in German", async () => {
    const english = (await callLoader(usageCsv.loader, "/api-access/usage.csv?status=4xx", { cookie: alpha.cookie })) as Response;
    expect(english.status).toBe(200);
    expect(english.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(english.headers.get("Content-Disposition")).toMatch(/^attachment; filename="api-usage-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = await readCsv(await english.text(), ",");
    expect(rows).toEqual([
      ["Day", "Key", "Key prefix", "Endpoint", "Requests", "Errors", "p95 latency"],
      [today(), "Alpha reader", reader.prefix, "GET /api/v1/calls/{callId}", "2", "2", "≤ 500 ms"],
    ]);
    const german = (await callLoader(usageCsv.loader, `/api-access/usage.csv?key=${writer.id}`, { cookie: alpha.cookie, language: "de" })) as Response;
    const bytes = new Uint8Array(await german.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const germanRows = await readCsv(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ""), ";");
    expect(germanRows[0]![0]).toBe("Tag");
    expect(germanRows.slice(1)).toEqual([[yesterday(), "Alpha writer", writer.prefix, "POST /api/v1/call-events", "5", "0", "≤ 50 ms"]]);
  });

  it("keeps other tenants out: their key as a filter finds nothing, on screen and in the file, and is not offered", async () => {
    const filtered = await openTab<UsageView>(`?tab=usage&key=${betaKey.id}`);
    expect(filtered.usage.rows).toEqual([]);
    expect(filtered.usage.choices.keys.map((key) => key.id)).not.toContain(betaKey.id);
    const file = (await callLoader(usageCsv.loader, `/api-access/usage.csv?key=${betaKey.id}`, { cookie: alpha.cookie })) as Response;
    expect(await readCsv(await file.text(), ",")).toHaveLength(1);
    // The export is gated like the tab: a user without API access is sent away.
    const agent = await factories.tenantUser(alpha.tenantId, { role: "agent" });
    expect(redirectLocation(await callLoader(usageCsv.loader, "/api-access/usage.csv", { cookie: agent.cookie }))).toBe("/overview");
  });

  it("answers 404 when a tenant revokes another tenant's key through its own screen, and leaves the key alone", async () => {
    const result = await callAction(apiAccess.action, "/api-access?tab=keys", { cookie: alpha.cookie, form: { intent: "revoke", keyId: betaKey.id } });
    expect((result as Response).status).toBe(404);
    expect((await db().selectFrom("api_keys").select("revoked_at").where("id", "=", betaKey.id).executeTakeFirstOrThrow()).revoked_at).toBeNull();
  });
});

async function toastOf(result: unknown) {
  if (!(result instanceof Response)) return null;
  const cookie = result.headers.getSetCookie().find((value) => value.startsWith("__toast="));
  if (!cookie) return null;
  return (await popToast(new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } }))).toast;
}

interface AdminView {
  rows: Array<{ id: string; tenantId: string; tenantName: string; status: string; requests: number; scopes: string[] }>;
  total: number;
  pageCount: number;
  params: { page: number };
  revokeTarget: { id: string; tenantName: string } | null;
}
const openAdmin = async (query = "") => unwrap(await callLoader(adminRoute.loader, `/api-access-admin${query}`, { cookie: superAdmin })).value as AdminView;

describe("/api-access-admin: the super admin's alone", () => {
  it("anyone else is sent home from the page and refused the revocation with 403, in English and German", async () => {
    const admin = await factories.tenantUser(alpha.tenantId, { role: "admin" });
    for (const cookie of [alpha.cookie, admin.cookie, await sessionCookieFor("owner@demo.test"), await sessionCookieFor("agent@demo.test")]) {
      const page = await callLoader(adminRoute.loader, "/api-access-admin", { cookie });
      expect(redirectLocation(page)).toBe("/overview");
      expect(await toastOf(page)).toMatchObject({ type: "error", key: "errors.noAccess" });
      for (const language of ["en", "de"] as const) {
        const result = await callAction(adminRoute.action, "/api-access-admin", { cookie, form: { intent: "revoke", keyId: betaKey.id }, language });
        expect((result as Response).status).toBe(403);
        expect(await (result as Response).text()).toBe(FORBIDDEN[language]);
      }
    }
    expect((await db().selectFrom("api_keys").select("revoked_at").where("id", "=", betaKey.id).executeTakeFirstOrThrow()).revoked_at).toBeNull();
  });

  it("lists every tenant's keys with their requests in the range, filtered, searched and paged in the URL", async () => {
    const both = await openAdmin(`?q=${encodeURIComponent("usage")}`);
    const ids = both.rows.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([reader.id, writer.id, betaKey.id]));
    expect(both.rows.find((row) => row.id === reader.id)).toMatchObject({ tenantName: "Alpha Usage", status: "active", requests: 20, scopes: ["calls:read"] });
    expect(both.rows.find((row) => row.id === betaKey.id)).toMatchObject({ tenantName: "Beta Usage", requests: 7 });

    const alphaOnly = await openAdmin(`?tenant=${alpha.tenantId}`);
    expect(alphaOnly.rows.map((row) => row.id).sort()).toEqual([reader.id, writer.id].sort());
    expect((await openAdmin(`?tenant=${alpha.tenantId}&range=today`)).rows.find((row) => row.id === writer.id)!.requests).toBe(0);
    expect((await openAdmin(`?q=${reader.prefix}`)).rows.map((row) => row.id)).toEqual([reader.id]);
    expect((await openAdmin(`?tenant=${alpha.tenantId}&status=revoked`)).rows).toEqual([]);

    const many = await factories.tenantWithOwner({ company: "Many Keys" });
    for (let i = 0; i < 26; i++) await createApiKey({ tenantId: many.tenantId, userId: many.ownerId, name: `Key ${i}`, scopes: ["calls:read"] });
    const first = await openAdmin(`?tenant=${many.tenantId}`);
    expect([first.rows.length, first.total, first.pageCount]).toEqual([25, 26, 2]);
    const second = await openAdmin(`?tenant=${many.tenantId}&page=2`);
    expect(second.rows).toHaveLength(1);
    expect(first.rows.map((row) => row.id)).not.toContain(second.rows[0]!.id);
  });

  it("revokes any tenant's key after the confirmation step, audited in that tenant's log with the super admin as actor", async () => {
    const target = await createApiKey({ tenantId: beta.tenantId, userId: beta.ownerId, name: "Beta to revoke", scopes: ["calls:read"] });
    const confirmation = await openAdmin(`?revoke=${target.id}`);
    expect(confirmation.revokeTarget).toMatchObject({ id: target.id, tenantName: "Beta Usage" });

    const result = await callAction(adminRoute.action, "/api-access-admin", {
      cookie: superAdmin,
      form: { intent: "revoke", keyId: target.id, returnTo: `/api-access-admin?tenant=${beta.tenantId}` },
    });
    expect(redirectLocation(result)).toBe(`/api-access-admin?tenant=${beta.tenantId}`);
    expect(await toastOf(result)).toMatchObject({ type: "success", key: "api:toast.keyRevoked" });
    const row = await db().selectFrom("api_keys").select("revoked_at").where("id", "=", target.id).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    const admin = await findUser("admin@demo.test");
    const entries = await db()
      .selectFrom("audit_log")
      .select(["tenant_id", "actor_user_id", "action", "target_label"])
      .where("target_id", "=", target.id)
      .orderBy("at")
      .execute();
    const label = `Beta to revoke (${target.prefix}…)`;
    expect(entries).toEqual([
      { tenant_id: beta.tenantId, actor_user_id: beta.ownerId, action: "api-key.created", target_label: label },
      { tenant_id: beta.tenantId, actor_user_id: admin!.id, action: "api-key.revoked", target_label: label },
    ]);
    expect((await openAdmin(`?tenant=${beta.tenantId}&status=revoked`)).rows.map((key) => key.id)).toEqual([target.id]);

    // The key stops working at once.
    const request = new Request(`${BASE_URL}/api/v1/calls/none`, { headers: { Authorization: `Bearer ${target.key}` } });
    expect((await callRoute.loader({ request, params: { callId: "none" }, context: loadContext() })).status).toBe(401);

    // Revoking again changes nothing and adds no entry; an unknown key is 404; an outside Back link is not followed.
    const again = await callAction(adminRoute.action, "/api-access-admin", {
      cookie: superAdmin,
      form: { intent: "revoke", keyId: target.id, returnTo: "https://evil.example/" },
    });
    expect(redirectLocation(again)).toBe("/api-access-admin");
    expect(await db().selectFrom("audit_log").select("id").where("target_id", "=", target.id).execute()).toHaveLength(2);
    expect(
      ((await callAction(adminRoute.action, "/api-access-admin", { cookie: superAdmin, form: { intent: "revoke", keyId: "no-such-key" } })) as Response).status,
    ).toBe(404);
  });
});
