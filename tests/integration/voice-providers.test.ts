import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/config/env.server";
import { getDb, newId } from "~/db/db.server";
import { publishAgent } from "~/features/agents/agents.server";
import { readAgentConfig, writeAgentConfig } from "~/features/agents/agent-config";
import { audioFetchesSettled } from "~/features/calls/audio-fetch.server";
import { JobRunner } from "~/features/jobs/job-runner.server";
import { openProviderAccount } from "~/features/voice-platform/provider-accounts.server";
import { signRetell } from "~/features/voice-platform/retell";
import * as platformRoute from "~/routes/_dashboard+/ai-agent-manager+/platform";
import * as webhookRoute from "~/routes/webhooks+/$provider.$key";
import { callAction, callLoader, loadContext, prepareTestDatabase, redirectLocation, sessionCookieFor, settle, unwrap } from "../support/app";
import * as factories from "../support/factories";
import { makeWav } from "../support/recording-fixtures";
import { startRetellStub, startVapiStub, type RetellStub, type VapiStub } from "../support/stubs/voice-provider-stubs";

/*
 * Vapi and Retell behind the voice-platform interface (docs/decisions/0030-voice-providers.md),
 * each against a local stub of its documented endpoints: the key tested before
 * it is stored, publishing pushes the agent, a campaign dials through the
 * platform, a genuine report lands once as a call with its cost and recording,
 * a forged, stale or unknown one is refused with 401.
 */

const VAPI_KEY = "vapi-private-key-0001";
const RETELL_KEY = "key_retell_private_0002";
const MAIN_LINE = "+14165550100";
let vapi: VapiStub;
let retell: RetellStub;
let recordings: http.Server;
let recordingBase: string;
let tenantId: string;
let cookie: string;

beforeAll(async () => {
  await prepareTestDatabase();
  vapi = await startVapiStub({ apiKey: VAPI_KEY, numbers: [{ id: "pn-main", number: MAIN_LINE }] });
  retell = await startRetellStub({ apiKey: RETELL_KEY });
  recordings = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "audio/wav" });
    res.end(Buffer.from(makeWav(800)));
  });
  await new Promise<void>((resolve) => recordings.listen(0, "127.0.0.1", resolve));
  recordingBase = `http://127.0.0.1:${(recordings.address() as AddressInfo).port}`;
  const tenant = await getDb().selectFrom("tenants").select("id").where("name", "=", "Demo Company").executeTakeFirstOrThrow();
  tenantId = tenant.id;
  cookie = await sessionCookieFor("owner@demo.test");
});

function useStubs() {
  vi.stubEnv("VAPI_API_URL", vapi.baseUrl);
  vi.stubEnv("RETELL_API_URL", retell.baseUrl);
  vi.stubEnv("OUTBOUND_ALLOW_PRIVATE", "1");
  vi.stubEnv("APP_URL", "https://voxboard.example.test");
  resetEnvCache();
}

afterEach(async () => {
  await audioFetchesSettled();
  vi.unstubAllEnvs();
  resetEnvCache();
});

afterAll(async () => {
  await vapi.close();
  await retell.close();
  recordings.closeAllConnections();
  await new Promise<void>((resolve) => recordings.close(() => resolve()));
});

const connect = (provider: string, apiKey: string) =>
  callAction(platformRoute.action, "/ai-agent-manager/platform", { cookie, form: { intent: "connect", provider, apiKey } });

async function publishedAgent(name: string) {
  const agentId = await factories.agent(tenantId, { name, published: true });
  return agentId;
}

/** Saves a change to the draft and publishes it, as the editor does. */
async function publishChange(agentId: string, change: (config: ReturnType<typeof readAgentConfig>) => void) {
  const row = await getDb().selectFrom("agents").select("config").where("id", "=", agentId).executeTakeFirstOrThrow();
  const config = readAgentConfig(row.config);
  change(config);
  await getDb()
    .updateTable("agents")
    .set({ config: writeAgentConfig(config), has_unpublished_changes: 1 })
    .where("id", "=", agentId)
    .execute();
  const result = await publishAgent(tenantId, agentId, null);
  expect(result.ok).toBe(true);
}

async function runJobs() {
  const runner = new JobRunner({ intervalMs: 1_000, batchSize: 50 });
  await runner.tick();
  await runner.stop();
}

const link = (agentId: string) => getDb().selectFrom("agent_provider_links").selectAll().where("agent_id", "=", agentId).executeTakeFirst();

/** The demo tenant's Webinar attendees list as a due campaign on Main line with the agent. */
async function dueCampaign(name: string, agentId: string) {
  const db = getDb();
  const list = await db
    .selectFrom("contact_lists")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("name", "=", "Webinar attendees")
    .executeTakeFirstOrThrow();
  const number = await db.selectFrom("phone_numbers").select("id").where("tenant_id", "=", tenantId).where("e164", "=", MAIN_LINE).executeTakeFirstOrThrow();
  const id = newId();
  const at = new Date(Date.now() - 1_000).toISOString();
  await db
    .insertInto("campaigns")
    .values({
      id,
      tenant_id: tenantId,
      name,
      contact_list_id: list.id,
      phone_number_id: number.id,
      type: "outbound",
      sending_type: "immediate",
      frequency: null,
      schedule_local: null,
      window_days: "[1,2,3,4,5,6,7]",
      window_start_minute: 0,
      window_end_minute: 1439,
      status: "running",
      agent_id: agentId,
      next_run_at: at,
      last_run_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

const activity = (campaignId: string) =>
  getDb()
    .selectFrom("campaign_activity")
    .selectAll()
    .where("campaign_id", "=", campaignId)
    .where("contact_id", "is not", null)
    .where("kind", "!=", "skipped")
    .execute();

async function postWebhook(provider: string, key: string, body: string, headers: Record<string, string>) {
  const request = new Request(`https://voxboard.example.test/webhooks/${provider}/${key}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body,
  });
  return settle(() => webhookRoute.action({ request, params: { provider, key }, context: loadContext() }));
}

const json = async (result: unknown) => (result instanceof Response ? ((await result.json()) as unknown) : unwrap(result).value);

const webhookKeyOf = async () =>
  (await getDb().selectFrom("voice_provider_accounts").select("webhook_key").where("tenant_id", "=", tenantId).executeTakeFirstOrThrow()).webhook_key;

const callRow = (externalId: string) =>
  getDb().selectFrom("calls").selectAll().where("tenant_id", "=", tenantId).where("external_id", "=", externalId).executeTakeFirst();

describe("Vapi", () => {
  it("refuses a key Vapi does not accept, at the key field, storing nothing", async () => {
    useStubs();
    const response = unwrap(await connect("vapi", "wrong-key"));
    expect(response.status).toBe(400);
    const body = response.value as { result: { error: Record<string, string[]> } };
    expect(body.result.error.apiKey).toEqual(["platform.errors.unauthorized"]);
    expect(await getDb().selectFrom("voice_provider_accounts").selectAll().where("tenant_id", "=", tenantId).execute()).toEqual([]);
  });

  it("stores a tested key sealed, pushes the published agents, and dials a campaign through Vapi", async () => {
    useStubs();
    const agentId = await publishedAgent("Vapi front desk");
    const response = await connect("vapi", VAPI_KEY);
    expect(redirectLocation(response)).toBe("/ai-agent-manager/platform");
    const stored = await getDb().selectFrom("voice_provider_accounts").selectAll().where("tenant_id", "=", tenantId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ provider: "vapi", api_key_last4: "0001" });
    expect(stored.api_key_sealed).not.toContain(VAPI_KEY);
    const replacedEntries = () =>
      getDb().selectFrom("audit_log").select(["target_label", "details"]).where("action", "=", "integration.secret-replaced").execute();
    expect(await replacedEntries(), "a first key replaces nothing").toEqual([]);
    expect(redirectLocation(await connect("vapi", VAPI_KEY))).toBe("/ai-agent-manager/platform");
    expect(await replacedEntries()).toEqual([{ target_label: "vapi", details: JSON.stringify({ secret: "api-key" }) }]);

    await runJobs();
    const pushed = (await link(agentId))!;
    expect(pushed).toMatchObject({ status: "pushed", pushed_version: 1, error: null });
    const assistant = vapi.assistants.get(pushed.external_id!)!;
    expect(assistant).toMatchObject({
      name: "Vapi front desk",
      firstMessage: "Hello!",
      model: { messages: [{ role: "system", content: "Help the caller kindly." }] },
      server: { url: `https://voxboard.example.test/webhooks/vapi/${stored.webhook_key}` },
      metadata: { voxboardAgentId: agentId, voxboardAgentVersion: 1 },
    });
    const account = (await openProviderAccount(tenantId))!;
    expect((assistant.server as { headers: Record<string, string> }).headers["X-Vapi-Secret"]).toBe(account.webhookSecret);

    // A new version updates the same assistant.
    await publishChange(agentId, (config) => {
      config.general.firstMessage = "Good morning!";
    });
    await runJobs();
    expect(await link(agentId)).toMatchObject({ status: "pushed", pushed_version: 2, external_id: pushed.external_id });
    expect([...vapi.assistants.values()].filter((made) => (made.metadata as Record<string, unknown>).voxboardAgentId === agentId)).toHaveLength(1);
    expect(vapi.assistants.get(pushed.external_id!)!.firstMessage).toBe("Good morning!");

    const campaignId = await dueCampaign("Vapi campaign", agentId);
    await runJobs();
    const rows = await activity(campaignId);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((row) => row.kind === "placed" && row.platform_call_id?.startsWith("vapi-call-"))).toBe(true);
    const sent = vapi.calls.filter((call) => (call.metadata as Record<string, unknown>).voxboardCampaignId === campaignId);
    expect(sent).toHaveLength(rows.length);
    expect(sent[0]).toMatchObject({
      assistantId: pushed.external_id,
      phoneNumberId: "pn-main",
      metadata: { voxboardAgentId: agentId, voxboardAgentVersion: 2, voxboardCampaignName: "Vapi campaign" },
    });
  });

  it("turns a genuine end-of-call report into one call with its transcript, cost, agent and recording; refuses forged ones", async () => {
    useStubs();
    const account = (await openProviderAccount(tenantId))!;
    const key = await webhookKeyOf();
    const agent = await getDb()
      .selectFrom("agents")
      .select(["id"])
      .where("tenant_id", "=", tenantId)
      .where("name", "=", "Vapi front desk")
      .executeTakeFirstOrThrow();
    const report = JSON.stringify({
      message: {
        type: "end-of-call-report",
        endedReason: "customer-ended-call",
        call: {
          id: "vapi-report-1",
          type: "outboundPhoneCall",
          metadata: { voxboardAgentId: agent.id, voxboardAgentVersion: 2, voxboardCampaignName: "Vapi campaign" },
        },
        customer: { number: "+14165550199" },
        phoneNumber: { number: MAIN_LINE },
        startedAt: "2026-11-20T10:00:00.000Z",
        endedAt: "2026-11-20T10:02:30.000Z",
        artifact: {
          messages: [
            { role: "bot", message: "Good morning!", secondsFromStart: 0.4 },
            { role: "user", message: "Hi, I'd like to book.", secondsFromStart: 3.1 },
          ],
          recordingUrl: `${recordingBase}/rec-1.wav`,
        },
        analysis: { summary: "The caller wanted a booking." },
        costs: [
          { type: "transport", cost: 0.021 },
          { type: "transcriber", cost: 0.013 },
          { type: "model", cost: 0.0042 },
          { type: "voice", cost: 0.036 },
          { type: "vapi", cost: 0.125 },
        ],
      },
    });
    expect((await postWebhook("vapi", key, report, { "X-Vapi-Secret": "not-the-secret" })).status).toBe(401);
    expect((await postWebhook("vapi", "unknown-key-unknown-key-00", report, { "X-Vapi-Secret": account.webhookSecret })).status).toBe(401);
    expect(await callRow("vapi-report-1")).toBeUndefined();

    const first = await postWebhook("vapi", key, report, { "X-Vapi-Secret": account.webhookSecret });
    expect(first.status).toBe(201);
    const again = await postWebhook("vapi", key, report, { "X-Vapi-Secret": account.webhookSecret });
    expect(await json(again)).toMatchObject({ duplicate: true });
    await audioFetchesSettled();

    const call = (await callRow("vapi-report-1"))!;
    expect(call).toMatchObject({
      status: "ended",
      direction: "outbound",
      agent_id: agent.id,
      agent_version: 2,
      summary: "The caller wanted a booking.",
      audio_status: "stored",
    });
    expect(call.duration_seconds).toBe(150);
    expect(call.transcript).toContain("I'd like to book");
    expect(call.extracted_data).toContain("customer-ended-call");
    // USD parts in cents: 2.1 + 12.5 (transport and Vapi's fee) → 15; 1.3 → 1; 0.42 → 0; 3.6 → 4.
    expect([call.cost_telephony_minor, call.cost_stt_minor, call.cost_llm_minor, call.cost_tts_minor]).toEqual([15, 1, 0, 4]);
    expect(await getDb().selectFrom("calls").select("id").where("external_id", "=", "vapi-report-1").execute()).toHaveLength(1);
  });

  it("shows the connection, the webhook URL and each agent's push on the settings page", async () => {
    useStubs();
    const data = (await json(await callLoader(platformRoute.loader, "/ai-agent-manager/platform", { cookie }))) as {
      settings: { active: string; account: { provider: string; last4: string; webhookUrl: string }; agents: Array<{ name: string; status: string }> };
    };
    expect(data.settings.active).toBe("vapi");
    expect(data.settings.account).toMatchObject({ provider: "vapi", last4: "0001" });
    expect(data.settings.account.webhookUrl).toMatch(/^https:\/\/voxboard\.example\.test\/webhooks\/vapi\/[\w-]{20,}$/);
    expect(data.settings.agents.find((agent) => agent.name === "Vapi front desk")).toMatchObject({ status: "pushed" });
    expect(JSON.stringify(data)).not.toContain(VAPI_KEY);
  });

  it("records a refused push with Vapi's words and does not retry it", async () => {
    useStubs();
    const agentId = await publishedAgent("Refused push");
    await runJobs();
    const made = (await link(agentId))!;
    expect(made.status).toBe("pushed");
    vapi.failNext(`/assistant/${made.external_id}`, { status: 400, body: { message: ["voice.voiceId must be a valid voice"], statusCode: 400 } });
    await publishChange(agentId, (config) => {
      config.general.firstMessage = "Hi again";
    });
    await runJobs();
    expect(await link(agentId)).toMatchObject({ status: "failed", error: "refused: HTTP 400: voice.voiceId must be a valid voice" });
    const jobs = await getDb()
      .selectFrom("outbox_jobs")
      .select(["status"])
      .where("tenant_id", "=", tenantId)
      .where("kind", "=", "agents.push-to-platform")
      .execute();
    expect(jobs.every((job) => job.status === "done")).toBe(true);
  });
});

describe("Retell", () => {
  it("switches the tenant to Retell: the LLM and the agent are made, a campaign dials with create-phone-call", async () => {
    useStubs();
    const response = await connect("retell", RETELL_KEY);
    expect(redirectLocation(response)).toBe("/ai-agent-manager/platform");
    // What Vapi called the agents is forgotten; every published agent is pushed to Retell.
    await runJobs();
    const agent = await getDb()
      .selectFrom("agents")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("name", "=", "Vapi front desk")
      .executeTakeFirstOrThrow();
    const pushed = (await link(agent.id))!;
    expect(pushed).toMatchObject({ provider: "retell", status: "pushed", pushed_version: 2 });
    expect(retell.llms.get(pushed.external_llm_id!)).toMatchObject({
      general_prompt: "Help the caller kindly.",
      begin_message: "Good morning!",
      start_speaker: "agent",
    });
    const key = await webhookKeyOf();
    expect(retell.agents.get(pushed.external_id!)).toMatchObject({
      agent_name: "Vapi front desk",
      response_engine: { type: "retell-llm", llm_id: pushed.external_llm_id },
      language: "en-US",
      webhook_url: `https://voxboard.example.test/webhooks/retell/${key}`,
    });

    const campaignId = await dueCampaign("Retell campaign", agent.id);
    await runJobs();
    const rows = await activity(campaignId);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((row) => row.kind === "placed" && row.platform_call_id?.startsWith("retell_call_"))).toBe(true);
    expect(retell.calls.at(-1)).toMatchObject({
      from_number: MAIN_LINE,
      override_agent_id: pushed.external_id,
      metadata: { voxboardCampaignName: "Retell campaign" },
    });
  });

  it("applies signed call_started, call_ended and call_analyzed once each; a stale or forged signature is refused", async () => {
    useStubs();
    const key = await webhookKeyOf();
    const agent = await getDb()
      .selectFrom("agents")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("name", "=", "Vapi front desk")
      .executeTakeFirstOrThrow();
    const callBase = {
      call_id: "retell-report-1",
      call_type: "phone_call",
      direction: "inbound",
      from_number: "+14165550177",
      to_number: MAIN_LINE,
      metadata: { voxboardAgentId: agent.id, voxboardAgentVersion: 2 },
      start_timestamp: Date.parse("2026-11-21T09:00:00Z"),
    };
    const started = JSON.stringify({ event: "call_started", call: callBase });
    const ended = JSON.stringify({
      event: "call_ended",
      call: {
        ...callBase,
        end_timestamp: Date.parse("2026-11-21T09:01:00Z"),
        disconnection_reason: "user_hangup",
        transcript_object: [
          { role: "agent", content: "Good morning!", words: [{ start: 0.2 }] },
          { role: "user", content: "Is the shop open on Sunday?", words: [{ start: 2.5 }] },
        ],
        recording_url: `${recordingBase}/retell-1.wav`,
        call_cost: {
          combined_cost: 11.2,
          product_costs: [
            { product: "elevenlabs_tts", cost: 4.2 },
            { product: "gpt_4o_mini", cost: 0.6 },
            { product: "retell_platform", cost: 5.4 },
            { product: "deepgram_stt", cost: 1.0 },
          ],
        },
      },
    });
    const analyzed = JSON.stringify({
      event: "call_analyzed",
      call: { ...JSON.parse(ended).call, call_analysis: { call_summary: "Asked about Sunday opening hours." } },
    });
    const sign = (body: string, at = Date.now(), apiKey = RETELL_KEY) => ({ "x-retell-signature": signRetell(body, apiKey, at) });

    expect((await postWebhook("retell", key, started, sign(started, Date.now(), "key_someone_else"))).status).toBe(401);
    expect((await postWebhook("retell", key, started, sign(started, Date.now() - 6 * 60_000))).status).toBe(401);
    expect((await postWebhook("retell", key, started, {})).status).toBe(401);
    // A valid signature of another body.
    expect((await postWebhook("retell", key, ended, sign(started))).status).toBe(401);
    expect(await callRow("retell-report-1")).toBeUndefined();

    expect((await postWebhook("retell", key, started, sign(started))).status).toBe(201);
    expect((await callRow("retell-report-1"))!.status).toBe("live");
    expect((await postWebhook("retell", key, ended, sign(ended))).status).toBe(200);
    expect(await json(await postWebhook("retell", key, ended, sign(ended)))).toMatchObject({ duplicate: true });
    expect((await postWebhook("retell", key, analyzed, sign(analyzed))).status).toBe(200);
    await audioFetchesSettled();

    const call = (await callRow("retell-report-1"))!;
    expect(call).toMatchObject({
      status: "ended",
      direction: "inbound",
      agent_id: agent.id,
      agent_version: 2,
      summary: "Asked about Sunday opening hours.",
      audio_status: "stored",
    });
    expect(call.duration_seconds).toBe(60);
    expect(call.transcript).toContain("Sunday");
    expect([call.cost_telephony_minor, call.cost_stt_minor, call.cost_llm_minor, call.cost_tts_minor]).toEqual([5, 1, 1, 4]);
  });

  it("ignores events it does not use, and keeps the tenants apart", async () => {
    useStubs();
    const key = await webhookKeyOf();
    const other = await factories.tenantWithOwner();
    const body = JSON.stringify({ event: "transfer_started", call: { call_id: "x" } });
    expect(await json(await postWebhook("retell", key, body, { "x-retell-signature": signRetell(body, RETELL_KEY) }))).toMatchObject({
      ignored: "event transfer_started",
    });
    // Another tenant without a platform has no webhook; its own key cannot reach this tenant's.
    expect(await getDb().selectFrom("voice_provider_accounts").select("tenant_id").where("tenant_id", "=", other.tenantId).execute()).toEqual([]);
    expect((await postWebhook("vapi", key, "{}", {})).status).toBe(401);
  });

  it("disconnects back to the server's own platform", async () => {
    useStubs();
    const response = await callAction(platformRoute.action, "/ai-agent-manager/platform", { cookie, form: { intent: "disconnect" } });
    expect(redirectLocation(response)).toBe("/ai-agent-manager/platform");
    expect(await getDb().selectFrom("voice_provider_accounts").selectAll().where("tenant_id", "=", tenantId).execute()).toEqual([]);
    expect(await getDb().selectFrom("agent_provider_links").selectAll().where("tenant_id", "=", tenantId).execute()).toEqual([]);
  });
});
