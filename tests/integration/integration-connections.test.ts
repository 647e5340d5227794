import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import { testConnection } from "~/features/integrations/connection-test.server";
import { LOG_BODY_LIMIT } from "~/features/integrations/delivery/crm-http.server";
import { runDueDeliveries } from "~/features/integrations/delivery/deliveries.server";
import { onContactSaved } from "~/features/integrations/integration-events.server";
import {
  deleteIntegration,
  DuplicateIntegration,
  getIntegration,
  listIntegrations,
  requireIntegration,
  secretOf,
  type Integration,
} from "~/features/integrations/integrations.server";
import { registerWebhook } from "~/features/integrations/delivery/webhooks.server";
import { prepareTestDatabase } from "../support/app";
import {
  addOrganization,
  allowPrivateAddresses,
  connect,
  hubRowCounts,
  hubTenant,
  insertContact,
  integrationRow,
  logsOf,
  restoreEnv,
  setEndpoints,
  withTimeout,
  type HubTenant,
} from "../support/integrations";
import { startCrmSuiteStub, type CrmSuiteStub } from "../support/stubs/crm-suite-stub";
import { startGymStub, type GymStub } from "../support/stubs/gym-stub";

/*
 * Connections of the integration hub (issue 13): the key sealed at rest,
 * one connection per CRM and organization, "Test connection" against the
 * CRM stubs on 127.0.0.1 (success, a wrong key, a server error, a timeout,
 * an address the outbound guard refuses, a template without a read to
 * test with), and the tenant boundary, deletion included.
 */

let gym: GymStub;
let crm: CrmSuiteStub;
let tenant: HubTenant;

beforeAll(async () => {
  await prepareTestDatabase();
  allowPrivateAddresses();
  [gym, crm] = await Promise.all([startGymStub(), startCrmSuiteStub()]);
  tenant = await hubTenant();
});

afterAll(async () => {
  restoreEnv();
  await Promise.all([gym?.close(), crm?.close()]);
});

/** Every gym connection below lives in an organization of its own (one connection per CRM and organization). */
async function gymConnection(options: Parameters<typeof connect>[4] = {}, secret = gym.apiKey) {
  const organizationId = await addOrganization(tenant);
  return connect(tenant, "gym-management", gym.baseUrl, secret, { organizationId, ...options });
}

async function crmConnection(secret = crm.token) {
  const organizationId = await addOrganization(tenant);
  return connect(tenant, "crm-suite", crm.baseUrl, secret, { organizationId });
}

const requestsSince = <T>(stub: { requests: T[] }, before: number) => stub.requests.slice(before);

/** The row's every column as text: where a secret must not be. */
const rowText = (row: unknown) => JSON.stringify(row);

describe("creating a connection", () => {
  it("seals the key: never in the clear in the row (or the SQLite file), only its last four characters; secretOf opens it", async () => {
    const unique = randomBytes(12).toString("hex");
    const secret = `clubcore_live_${unique}_k3y9`;
    const integration = await gymConnection({}, secret);
    const row = await integrationRow(integration.id);
    expect(row.secret_last4).toBe("k3y9");
    expect(row.secret_sealed).toMatch(/^v1:/);
    expect(rowText(row)).not.toContain(secret);
    expect(rowText(row)).not.toContain(secret.slice(0, -4));
    expect(secretOf(row)).toBe(secret);
    expect(row).toMatchObject({ status: "enabled", template_id: "gym-management", crm_name: "ClubCore", base_url: gym.baseUrl, restricted_contacts: 1 });
    expect(JSON.parse(row.settings)).toEqual({ clubId: "club_1024", locationId: "loc_88", eventTypeId: "evtype_12", defaultRoleId: "7" });

    // Using the key (it is sent to the CRM) leaves it nowhere either.
    await testConnection(row, "Test User");
    for (const log of await logsOf(integration.id)) expect(rowText(log)).not.toContain(secret);

    const db = getDb();
    if (isPostgres(db)) return; // The file scan is SQLite's: PostgreSQL's files are the server's.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    const file = getEnv().databaseFile!;
    // The scan would find what is there: the row itself is in the file.
    expect(fs.readFileSync(file).includes(Buffer.from(integration.id, "utf8"))).toBe(true);
    for (const path of [file, `${file}-wal`]) {
      if (!fs.existsSync(path)) continue;
      const bytes = fs.readFileSync(path);
      expect(bytes.includes(Buffer.from(secret, "utf8")), `${path} holds the key`).toBe(false);
      expect(bytes.includes(Buffer.from(unique, "utf8")), `${path} holds part of the key`).toBe(false);
    }
  });

  it("refuses a second connection with the same CRM name in one organization, not in another", async () => {
    const organizationId = await addOrganization(tenant);
    await connect(tenant, "gym-management", gym.baseUrl, gym.apiKey, { organizationId });
    await expect(connect(tenant, "gym-management", gym.baseUrl, gym.apiKey, { organizationId })).rejects.toBeInstanceOf(DuplicateIntegration);
    await expect(connect(tenant, "gym-management", gym.baseUrl, gym.apiKey, { organizationId, crmName: "  ClubCore " })).rejects.toBeInstanceOf(
      DuplicateIntegration,
    );
    // Another name, or another organization, is another connection.
    await expect(connect(tenant, "gym-management", gym.baseUrl, gym.apiKey, { organizationId, crmName: "ClubCore (second club)" })).resolves.toMatchObject({
      crm_name: "ClubCore (second club)",
    });
    await expect(connect(tenant, "gym-management", gym.baseUrl, gym.apiKey, { organizationId: await addOrganization(tenant) })).resolves.toMatchObject({
      crm_name: "ClubCore",
    });
    expect((await listIntegrations(tenant.tenantId, organizationId)).map((row) => row.crm_name)).toEqual(["ClubCore", "ClubCore (second club)"]);
  });
});

describe("testing a connection", () => {
  it("gym: the template's cheapest read with the stored key; status, time, an excerpt; the key redacted in the log", async () => {
    const integration = await gymConnection();
    const before = gym.requests.length;
    gym.addMember({ firstName: "Existing", lastName: "Member" });

    const result = await testConnection(integration, "Test User");
    expect(result).toMatchObject({ ok: true, endpointName: "searchUsers", status: 200 });
    if (!result.ok) throw new Error("unreachable");
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(result.durationMs).toBeLessThan(10_000);
    expect(result.excerpt).toContain('"firstName":"Existing"');
    expect(result.excerpt.length).toBeLessThanOrEqual(600);

    const sent = requestsSince(gym, before);
    expect(sent.map((request) => [request.method, request.path, request.status])).toEqual([["GET", "/v1/users", 200]]);
    expect(sent[0]!.headers["x-api-key"]).toBe(gym.apiKey);

    const [log, ...more] = await logsOf(integration.id);
    expect(more).toEqual([]);
    expect(log).toMatchObject({
      kind: "test",
      source: "Test User",
      method: "GET",
      outcome: "success",
      response_status: 200,
      attempt: 1,
      delivery_id: null,
      crm_name: "ClubCore",
    });
    expect(log!.url.startsWith(`${gym.baseUrl}/users`)).toBe(true);
    const headers = JSON.parse(log!.request_headers) as Record<string, string>;
    expect(headers["x-api-key"]).toBe(`••••${gym.apiKey.slice(-4)}`);
    expect(rowText(log)).not.toContain(gym.apiKey);
    expect(log!.response_body).toContain("Existing");

    const row = await integrationRow(integration.id);
    expect(row.last_test_ok).toBe(1);
    expect(row.last_test_at).toBeTruthy();
    expect(JSON.parse(row.last_test_summary!)).toMatchObject({ ok: true, status: 200, endpointName: "searchUsers" });
  });

  it("crm-suite: a bearer token, redacted in the log however it is written", async () => {
    const integration = await crmConnection();
    crm.addContact({ firstname: "Known", lastname: "Person", email: "known@example.test" });
    const before = crm.requests.length;

    const result = await testConnection(integration, "Test User");
    // The first enabled GET without path parameters: listContacts is off in the template, listMeetings on.
    expect(result).toMatchObject({ ok: true, status: 200, endpointName: "listMeetings" });
    const sent = requestsSince(crm, before);
    expect(sent.map((request) => [request.method, request.path])).toEqual([["GET", "/crm/v3/objects/meetings"]]);
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${crm.token}`);

    const [log] = await logsOf(integration.id);
    const headers = JSON.parse(log!.request_headers) as Record<string, string>;
    expect(headers.authorization).toMatch(/^••••/);
    expect(headers.authorization).not.toContain(crm.token.slice(0, 10));
    expect(rowText(log)).not.toContain(crm.token);
    expect(log).toMatchObject({ outcome: "success", response_status: 200 });
  });

  it("a wrong key is an http-error with the CRM's 401, kept on the connection as a failed test", async () => {
    const integration = await gymConnection({}, "clubcore_wrong_key_000000000000");
    const result = await testConnection(integration, "Test User");
    expect(result).toMatchObject({ ok: false, endpointName: "searchUsers", outcome: "http-error", status: 401, error: "HTTP 401" });
    expect(result.excerpt).toContain("unauthorized");
    const [log] = await logsOf(integration.id);
    expect(log).toMatchObject({ outcome: "http-error", response_status: 401 });
    expect(rowText(log)).not.toContain("clubcore_wrong_key_000000000000");
    const row = await integrationRow(integration.id);
    expect(row.last_test_ok).toBe(0);
    expect(JSON.parse(row.last_test_summary!)).toMatchObject({ ok: false, status: 401 });

    const suite = await crmConnection("pat-na1-wrong-token-xxxx");
    expect(await testConnection(suite, "Test User")).toMatchObject({ ok: false, outcome: "http-error", status: 401 });
  });

  it("a server error is an http-error with its status and the CRM's answer", async () => {
    const integration = await gymConnection();
    gym.fail({ method: "GET", path: "/v1/users" }, { status: 503 });
    const result = await testConnection(integration, "Test User");
    expect(result).toMatchObject({ ok: false, outcome: "http-error", status: 503 });
    expect(result.excerpt).toContain("service_unavailable");
  });

  it("a key the CRM echoes back is redacted in the excerpt and the log; a long answer is cut at LOG_BODY_LIMIT", async () => {
    const integration = await gymConnection();
    gym.fail(
      { method: "GET", path: "/v1/users" },
      { status: 401, body: { error: { code: "unauthorized", message: `The key ${gym.apiKey} is not valid for this club.` } } },
    );
    const echoed = await testConnection(integration, "Test User");
    expect(echoed).toMatchObject({ ok: false, status: 401 });
    expect(echoed.excerpt).toContain(`••••${gym.apiKey.slice(-4)} is not valid`);
    expect(echoed.excerpt).not.toContain(gym.apiKey);
    expect(JSON.stringify(await integrationRow(integration.id))).not.toContain(gym.apiKey);

    gym.fail({ method: "GET", path: "/v1/users" }, { status: 502, body: "x".repeat(LOG_BODY_LIMIT + 5_000) });
    const long = await testConnection(integration, "Test User");
    expect(long).toMatchObject({ ok: false, status: 502 });
    expect(long.excerpt).toHaveLength(600);
    const logs = await logsOf(integration.id);
    expect(logs).toHaveLength(2);
    expect(rowText(logs)).not.toContain(gym.apiKey);
    const cut = logs.find((log) => log.response_status === 502)!;
    expect(cut.response_body!.startsWith("x".repeat(LOG_BODY_LIMIT))).toBe(true);
    expect(cut.response_body).toContain("5000 more characters not kept");
    expect(cut.response_body!.length).toBeLessThan(LOG_BODY_LIMIT + 100);
  });

  it("no answer within the template's timeout is a timeout (a copy of the template with 300 ms: the shipped ones wait 30 s)", async () => {
    const integration = await gymConnection({ customize: withTimeout(300) });
    expect(integration.template_id).toBe("custom");
    const before = gym.requests.length;
    gym.fail({ method: "GET", path: "/v1/users" }, { hang: true });
    const started = Date.now();
    const result = await testConnection(integration, "Test User");
    expect(result).toMatchObject({ ok: false, endpointName: "searchUsers", outcome: "timeout", status: null, error: "no answer within 300 ms" });
    expect(result.durationMs).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(requestsSince(gym, before)).toHaveLength(1);
    const [log] = await logsOf(integration.id);
    expect(log).toMatchObject({ outcome: "timeout", response_status: null, response_body: null });
  });

  it("an address the outbound guard refuses is never contacted", async () => {
    const integration = await gymConnection();
    const before = gym.requests.length;
    const result = await testConnection(integration, "Test User", { guard: { allowPrivate: false } });
    expect(result).toMatchObject({ ok: false, outcome: "refused", status: null });
    if (result.ok) throw new Error("unreachable");
    expect(result.error).toMatch(/127\.0\.0\.1 is not a public address/);
    expect(requestsSince(gym, before)).toEqual([]);
    const [log] = await logsOf(integration.id);
    expect(log).toMatchObject({ outcome: "refused", response_status: null });

    // A host name that resolves to a private address is refused at the lookup, the same way.
    const named = await connect(tenant, "gym-management", gym.baseUrl.replace("127.0.0.1", "localhost"), gym.apiKey, {
      organizationId: await addOrganization(tenant),
    });
    const viaName = await testConnection(named, "Test User", { guard: { allowPrivate: false, resolve: async () => [{ address: "127.0.0.1", family: 4 }] } });
    expect(viaName).toMatchObject({ ok: false, outcome: "refused" });
    expect(requestsSince(gym, before)).toEqual([]);
  });

  it("a full rate window: the test is not sent, and says until when", async () => {
    const integration = await gymConnection();
    const at = new Date();
    const minuteStart = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
    await getDb()
      .insertInto("integration_rate_windows")
      .values({ integration_id: integration.id, window: "minute", window_start: minuteStart.toISOString(), count: 60 })
      .execute();
    const before = gym.requests.length;
    const result = await testConnection(integration, "Test User", { now: () => at });
    expect(result).toMatchObject({
      ok: false,
      outcome: "rate-limited",
      endpointName: "searchUsers",
      error: new Date(minuteStart.getTime() + 60_000).toISOString(),
    });
    expect(requestsSince(gym, before)).toEqual([]);
    expect(await logsOf(integration.id)).toEqual([]);
  });

  it("with every read turned off there is nothing to test with: said so, nothing sent", async () => {
    const integration = await gymConnection();
    await setEndpoints(tenant.tenantId, integration.id, { disable: ["searchUsers", "searchEvents"] });
    const before = gym.requests.length;
    const result = await testConnection((await getIntegration(tenant.tenantId, integration.id))!, "Test User");
    expect(result).toEqual({ ok: false, endpointName: null, outcome: "no-endpoint", status: null, durationMs: 0, excerpt: "", error: null });
    expect(requestsSince(gym, before)).toEqual([]);
    expect(await logsOf(integration.id)).toEqual([]);
    expect((await integrationRow(integration.id)).last_test_ok).toBe(0);
  });
});

describe("the tenant boundary", () => {
  let other: HubTenant;
  let integration: Integration;

  beforeAll(async () => {
    other = await hubTenant();
    integration = await gymConnection({ sync: ["createUser"] });
  });

  it("another tenant never sees the connection: get, require (404), list", async () => {
    expect(await getIntegration(other.tenantId, integration.id)).toBeUndefined();
    const thrown = await requireIntegration(other.tenantId, integration.id).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    expect((await listIntegrations(other.tenantId, null)).map((row) => row.id)).not.toContain(integration.id);
    expect(await listIntegrations(other.tenantId, integration.organization_id)).toEqual([]);
    // Its own tenant does.
    expect((await requireIntegration(tenant.tenantId, integration.id)).id).toBe(integration.id);
    expect((await listIntegrations(tenant.tenantId, null)).map((row) => row.id)).toContain(integration.id);
    expect((await listIntegrations(tenant.tenantId, integration.organization_id)).map((row) => row.id)).toEqual([integration.id]);
    // Another organization of the same tenant lists only its own.
    expect((await listIntegrations(tenant.tenantId, tenant.organizationId)).map((row) => row.id)).not.toContain(integration.id);
  });

  it("deleting removes its logs, deliveries, links, webhooks and rate windows; another tenant's delete does nothing", async () => {
    await testConnection(integration, "Test User");
    const contact = await insertContact(tenant, { email: "delete.me@example.test" });
    expect(await onContactSaved(tenant.tenantId, contact.id, "contact.created")).toBe(1);
    await runDueDeliveries({ owner: "connections-test" });
    await registerWebhook(tenant.tenantId, integration.id, { url: "http://127.0.0.1:9/hook", events: ["contact.created"] });
    const queuedContact = await insertContact(tenant, { email: "queued@example.test" });
    // Queued, not sent: the webhook's and the CRM's deliveries stay in the queue.
    expect(await onContactSaved(tenant.tenantId, queuedContact.id, "contact.created")).toBe(2);
    const before = await hubRowCounts(integration.id);
    expect(before).toEqual({ logs: 2, deliveries: 3, links: 1, webhooks: 1, rateWindows: 3 });

    await deleteIntegration(other.tenantId, integration.id);
    expect(await hubRowCounts(integration.id)).toEqual(before);
    expect(await getIntegration(tenant.tenantId, integration.id)).toBeDefined();

    await deleteIntegration(tenant.tenantId, integration.id);
    expect(await getIntegration(tenant.tenantId, integration.id)).toBeUndefined();
    expect(await hubRowCounts(integration.id)).toEqual({ logs: 0, deliveries: 0, links: 0, webhooks: 0, rateWindows: 0 });
  });
});
