/**
 * Issue 22, item 4: an imported integration gets no URL the connect and
 * webhook forms would refuse (javascript:, file:, data:, credentials, a
 * fragment): the import reads URLs by the forms' own rule, and refuses the
 * whole file, saying where, with nothing saved.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { listIntegrations } from "~/features/integrations/integrations.server";
import { isTenantHttpUrl } from "~/lib/outbound/tenant-url";
import * as exportRoute from "~/routes/_files+/integrations-hub.$id.export";
import * as importRoute from "~/routes/_dashboard+/integrations-hub+/import";
import * as selectionRoute from "~/routes/resources+/selection";
import { callAction, callLoader, cookiesFrom, prepareTestDatabase, sessionCookieFor, unwrap } from "../support/app";
import { addOrganization, callEvent, connect, hubTenant, postCallEvent, type HubTenant } from "../support/integrations";

const REFUSED = [
  "javascript:alert(1)",
  "file:///etc/passwd",
  "data:text/html,<script>alert(1)</script>",
  "ftp://files.example.test/",
  "https://user:pass@crm.example.test/",
  "https://crm.example.test/#x",
  `https://crm.example.test/${"a".repeat(2050)}`,
];

let owner: HubTenant;
let cookie: string;
let target: string;
let exported: { integration: { baseUrl: string; webhooks: Array<{ url: string; events: string[] }> } } & Record<string, unknown>;

beforeAll(async () => {
  await prepareTestDatabase();
  owner = await hubTenant();
  const integration = await connect(owner, "gym-management", "https://api.clubcore.example/v1", "gym-key-1234-Zz99");
  const response = (await callAction(selectionRoute.action, "/resources/selection", {
    cookie: await sessionCookieFor(owner.email),
    form: { organizationId: owner.organizationId },
  })) as Response;
  cookie = cookiesFrom(response, await sessionCookieFor(owner.email));
  const file = await callLoader(exportRoute.loader, `/integrations-hub/${integration.id}/export`, { cookie, params: { id: integration.id } });
  exported = JSON.parse(await (file as Response).text());
  // Into a second organization, where applying it would create the integration.
  target = await addOrganization(owner);
  const moved = (await callAction(selectionRoute.action, "/resources/selection", { cookie, form: { organizationId: target } })) as Response;
  cookie = cookiesFrom(moved, cookie);
});

function withUrls(baseUrl: string, webhookUrl = "https://hooks.example.test/in") {
  return JSON.stringify({ ...exported, integration: { ...exported.integration, baseUrl, webhooks: [{ url: webhookUrl, events: ["call.ended"] }] } });
}

async function apply(json: string) {
  const result = unwrap(
    await callAction(importRoute.action, "/integrations-hub/import", { cookie, form: { intent: "apply", json, secret: "imported-key-1234-Kk77" } }),
  );
  return {
    status: result.status,
    value: result.value as { error: string | null; plan: { ok: boolean; problems?: Array<{ path: string; message: string }> } | null },
  };
}

describe("issue 22 item 4: imports follow the forms' URL rules", () => {
  it.each(REFUSED)("refuses a base URL %j, saying where, and saves nothing", async (baseUrl) => {
    const { status, value } = await apply(withUrls(baseUrl));
    expect(status).toBe(400);
    expect(value.plan).toMatchObject({ ok: false, problems: [{ path: "integration.baseUrl", message: "urlInvalid" }] });
    expect(await listIntegrations(owner.tenantId, target)).toEqual([]);
  });

  it.each(REFUSED)("refuses a webhook URL %j, saying where, and saves nothing", async (url) => {
    const { status, value } = await apply(withUrls("https://api.clubcore.example/v1", url));
    expect(status).toBe(400);
    expect(value.plan).toMatchObject({ ok: false, problems: [{ path: "integration.webhooks.0.url", message: "urlInvalid" }] });
    expect(await listIntegrations(owner.tenantId, target)).toEqual([]);
    expect(await getDb().selectFrom("integration_webhooks").select("url").where("url", "=", url).execute()).toEqual([]);
  });

  it("still imports a file whose URLs a form would take", async () => {
    const { status } = await apply(withUrls("http://crm.example.test:8080/api", "https://hooks.example.test/in?team=7"));
    expect(status).toBe(302);
    expect((await listIntegrations(owner.tenantId, target)).map((row) => row.base_url)).toEqual(["http://crm.example.test:8080/api"]);
  });

  it.each(REFUSED)("refuses an audioUrl %j sent through the call events API, naming the field", async (audioUrl) => {
    const { status, body } = await postCallEvent(owner.apiKey, callEvent("call.ended", `url-rule-${audioUrl.length}-${audioUrl.slice(0, 5)}`, { audioUrl }));
    expect(status).toBe(400);
    expect(JSON.stringify(body.error)).toContain("call.audioUrl");
  });

  it("is the one rule of the forms, the import and the API", () => {
    for (const value of REFUSED) expect(isTenantHttpUrl(value), value).toBe(false);
    for (const value of ["https://crm.example.test", "http://10.0.0.1:8080/x?y=1"]) expect(isTenantHttpUrl(value), value).toBe(true);
  });
});
