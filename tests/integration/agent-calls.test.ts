import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { createApiKey } from "~/features/api-keys/api-keys.server";
import { readAgentConfig, writeAgentConfig } from "~/features/agents/agent-config";
import { publishAgent } from "~/features/agents/agents.server";
import * as callEvents from "~/routes/api+/v1+/call-events";
import { BASE_URL, loadContext, prepareTestDatabase } from "../support/app";
import { agent as makeAgent, tenantWithOwner } from "../support/factories";

/* Calls carry the agent and version that handled them, and the version's privacy settings decide what is stored (docs/product/agents.md#privacy). */

beforeAll(prepareTestDatabase);

let sequence = 0;
async function tenantWithKey() {
  const tenant = await tenantWithOwner();
  const { key } = await createApiKey({ tenantId: tenant.tenantId, userId: tenant.ownerId, name: "Platform" });
  return { ...tenant, key };
}

async function post(key: string, call: Record<string, unknown>) {
  sequence += 1;
  const request = new Request(`${BASE_URL}/api/v1/call-events`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      eventId: `evt-${sequence}-${Math.random().toString(36).slice(2)}`,
      type: "call.ended",
      occurredAt: "2026-03-02T09:30:00Z",
      call: { direction: "inbound", from: "+4930123456", to: "+4989654321", ...call },
    }),
  });
  const response = (await callEvents.action({ request, params: {}, context: loadContext() })) as Response;
  expect(response.status).toBeLessThan(300);
  return getDb().selectFrom("calls").selectAll().where("external_id", "=", String(call.id)).executeTakeFirstOrThrow();
}

async function setPrivacy(tenantId: string, agentId: string, privacy: Partial<ReturnType<typeof readAgentConfig>["privacy"]>) {
  const row = await getDb().selectFrom("agents").select("config").where("id", "=", agentId).executeTakeFirstOrThrow();
  const config = readAgentConfig(row.config);
  config.privacy = { ...config.privacy, ...privacy };
  await getDb()
    .updateTable("agents")
    .set({ config: writeAgentConfig(config) })
    .where("id", "=", agentId)
    .execute();
  const result = await publishAgent(tenantId, agentId, null);
  if (!result.ok) throw new Error("not published");
  return result.version;
}

describe("calls and their agent", () => {
  it("keeps the tenant's agent and the version it names, with the agent's name when the event gives none", async () => {
    const tenant = await tenantWithKey();
    const agentId = await makeAgent(tenant.tenantId, { name: "Front desk", published: true });
    const call = await post(tenant.key, { id: `c-${sequence}-a`, agent: { id: agentId, version: 1 } });
    expect(call).toMatchObject({ agent_id: agentId, agent_version: 1, agent_name: "Front desk" });
  });

  it("takes the newest version when the event names none or one that does not exist, and ignores another tenant's agent", async () => {
    const tenant = await tenantWithKey();
    const other = await tenantWithKey();
    const agentId = await makeAgent(tenant.tenantId, { published: true });
    await setPrivacy(tenant.tenantId, agentId, { transcriptRetentionDays: 7 });
    expect(await post(tenant.key, { id: `c-${sequence}-b`, agent: { id: agentId } })).toMatchObject({ agent_id: agentId, agent_version: 2 });
    expect(await post(tenant.key, { id: `c-${sequence}-c`, agent: { id: agentId, version: 9 } })).toMatchObject({ agent_id: agentId, agent_version: 2 });
    expect(await post(other.key, { id: `c-${sequence}-d`, agent: { id: agentId, name: "Spoof" } })).toMatchObject({
      agent_id: null,
      agent_version: null,
      agent_name: "Spoof",
    });
  });

  it("stores transcripts and summaries redacted as the version says, and no recording when it records nothing", async () => {
    const tenant = await tenantWithKey();
    const agentId = await makeAgent(tenant.tenantId, { published: true });
    await setPrivacy(tenant.tenantId, agentId, { redactCards: true, redactEmails: true, recordCalls: false });
    const call = await post(tenant.key, {
      id: `c-${sequence}-e`,
      agent: { id: agentId },
      transcript: [{ speaker: "caller", text: "My card is 4242 4242 4242 4242, mail me at jane@example.com, order 1234567890123" }],
      summary: "Paid with 4242424242424242",
      audioUrl: "https://media.example.com/a.wav",
    });
    expect(call.transcript).toContain("My card is [card], mail me at [email], order 1234567890123");
    expect(call.transcript_text).not.toContain("4242");
    expect(call.summary).toBe("Paid with [card]");
    expect(call.audio_url).toBeNull();
    expect(call.audio_status).toBe("none");
  });

  it("refuses an agent without a name or an id", async () => {
    const tenant = await tenantWithKey();
    const request = new Request(`${BASE_URL}/api/v1/call-events`, {
      method: "POST",
      headers: { Authorization: `Bearer ${tenant.key}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        eventId: "evt-x",
        type: "call.ended",
        occurredAt: "2026-03-02T09:30:00Z",
        call: { id: "x", direction: "inbound", from: "+1", to: "+2", agent: { version: 2 } },
      }),
    });
    const response = (await callEvents.action({ request, params: {}, context: loadContext() })) as Response;
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("must give a name or an id");
  });
});

describe("the recordings list by agent (docs/product/agents.md#calls)", () => {
  it("shows the calls of an agent, and of one of its versions", async () => {
    const { loadRecordingsList } = await import("~/features/recordings/list/list-page.server");
    const { getGateContext } = await import("~/features/access/gate.server");
    const { makeRequest } = await import("../support/app");
    const tenant = await tenantWithKey();
    const agentId = await makeAgent(tenant.tenantId, { published: true });
    await setPrivacy(tenant.tenantId, agentId, { transcriptRetentionDays: 3 });
    await post(tenant.key, { id: `l-${sequence}-1`, agent: { id: agentId, version: 1 } });
    await post(tenant.key, { id: `l-${sequence}-2`, agent: { id: agentId, version: 2 } });
    await post(tenant.key, { id: `l-${sequence}-3`, agent: { name: "Someone" } });
    const list = async (query: string) => {
      const request = makeRequest(`/recordings?${query}`, { cookie: tenant.cookie });
      return loadRecordingsList(request, (await getGateContext(request))!, { basePath: "/recordings" });
    };
    expect((await list("")).total).toBe(3);
    expect((await list(`agent=${agentId}`)).total).toBe(2);
    const v1 = await list(`agent=${agentId}&version=1`);
    expect(v1.total).toBe(1);
    expect(v1.agents).toEqual([expect.objectContaining({ id: agentId, versions: [1, 2] })]);
    // A version the agent does not have shows all of its calls rather than none.
    expect((await list(`agent=${agentId}&version=7`)).total).toBe(2);
  });
});

describe("transcript retention (docs/product/agents.md#privacy)", () => {
  it("removes transcripts older than the handling version's retention, keeps the rest, and counts what went on the agent", async () => {
    const { purgeExpiredTranscripts } = await import("~/features/agents/retention.server");
    const tenant = await tenantWithKey();
    const agentId = await makeAgent(tenant.tenantId, { published: true });
    const v2 = await setPrivacy(tenant.tenantId, agentId, { transcriptRetentionDays: 30 });
    const transcript = [{ speaker: "caller", text: "Please call me back about invoice 77" }];
    // Ended 2026-03-02 (the helper's occurredAt): older than 30 days by the clock below.
    const old = await post(tenant.key, { id: `r-${sequence}-1`, agent: { id: agentId, version: v2 }, transcript, summary: "Callback" });
    const keptByV1 = await post(tenant.key, { id: `r-${sequence}-2`, agent: { id: agentId, version: 1 }, transcript });
    const now = new Date("2026-04-15T00:00:00Z");
    expect(await purgeExpiredTranscripts(now)).toEqual({ calls: 1 });
    const after = await getDb().selectFrom("calls").selectAll().where("id", "in", [old.id, keptByV1.id]).execute();
    const purged = after.find((row) => row.id === old.id)!;
    expect(purged).toMatchObject({ transcript: null, transcript_text: null, summary: "Callback" });
    expect(purged.search_text).not.toContain("invoice 77");
    expect(after.find((row) => row.id === keptByV1.id)!.transcript).toContain("invoice 77");
    const agent = await getDb()
      .selectFrom("agents")
      .select(["retention_purged_at", "retention_purged_count"])
      .where("id", "=", agentId)
      .executeTakeFirstOrThrow();
    expect(agent).toEqual({ retention_purged_at: now.toISOString(), retention_purged_count: 1 });
    // Nothing left to purge: the agent's last count stays.
    expect(await purgeExpiredTranscripts(now)).toEqual({ calls: 0 });
  });
});
