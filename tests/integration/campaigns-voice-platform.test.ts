import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, newId } from "~/db/db.server";
import { JobRunner } from "~/features/jobs/job-runner.server";
import { createHttpVoicePlatform } from "~/features/voice-platform/http-platform.server";
import { startVoicePlatformStub, type VoicePlatformStub } from "../support/stubs/voice-platform-stub";
import { VoicePlatformError, type PlaceCallRequest } from "~/features/voice-platform/voice-platform";
import { createVoicePlatform } from "~/features/voice-platform/voice-platform.server";
import { prepareTestDatabase } from "../support/app";
import * as factories from "../support/factories";

/*
 * The voice platform behind campaigns: the HTTP implementation against a real
 * stub server on 127.0.0.1, the logging default, the factory that picks one,
 * and what each makes of a campaign run in the activity log.
 */

const API_KEY = "test-voice-key";
let stub: VoicePlatformStub;

const request: PlaceCallRequest = {
  to: "+14165550123",
  from: "+14165550100",
  campaignId: "campaign-1",
  contactId: "contact-1",
  knowledgeBaseId: "kb-1",
  runId: "run-1",
  tenantId: "tenant-1",
};

beforeAll(async () => {
  await prepareTestDatabase();
  stub = await startVoicePlatformStub({ apiKey: API_KEY });
});

afterAll(async () => {
  await stub.close();
});

describe("HTTP voice platform", () => {
  it("POSTs the call as JSON with the bearer key and returns the platform's call id", async () => {
    stub.setReply({ status: 201, body: { callId: "pl-123" } });
    const platform = createHttpVoicePlatform({ baseUrl: `${stub.baseUrl}/`, apiKey: API_KEY, timeoutMs: 2_000 });
    expect(platform.outcome).toBe("placed");
    await expect(platform.placeCall(request)).resolves.toEqual({ callId: "pl-123" });
    const call = stub.calls.at(-1)!;
    expect(call.authorization).toBe(`Bearer ${API_KEY}`);
    expect(call.contentType).toBe("application/json");
    expect(call.idempotencyKey).toBe("run-1:contact-1");
    expect(call.body).toEqual({
      to: "+14165550123",
      from: "+14165550100",
      campaignId: "campaign-1",
      contactId: "contact-1",
      knowledgeBaseId: "kb-1",
      agentId: null,
      agentVersion: null,
      runId: "run-1",
    });
  });

  it("accepts an id field as the call id", async () => {
    stub.setReply({ status: 200, body: { id: 987 } });
    const platform = createHttpVoicePlatform({ baseUrl: stub.baseUrl, apiKey: API_KEY, timeoutMs: 2_000 });
    await expect(platform.placeCall(request)).resolves.toEqual({ callId: "987" });
  });

  it("turns a refusal, a wrong key, an answer without id and a timeout into errors with a message", async () => {
    const platform = createHttpVoicePlatform({ baseUrl: stub.baseUrl, apiKey: API_KEY, timeoutMs: 300 });
    stub.setReply({ status: 503, body: { error: { message: "All lines busy" } } });
    await expect(platform.placeCall(request)).rejects.toThrow(new VoicePlatformError("Voice platform answered 503: All lines busy"));
    stub.setReply({ status: 422, body: { message: "Number is on a do-not-call list" } });
    await expect(platform.placeCall(request)).rejects.toThrow("Voice platform answered 422: Number is on a do-not-call list");
    stub.setReply({ status: 200, body: { ok: true } });
    await expect(platform.placeCall(request)).rejects.toThrow("Voice platform answered without a call id");
    stub.setReply({ status: 201, delayMs: 2_000 });
    await expect(platform.placeCall(request)).rejects.toThrow("No answer from the voice platform within 300 ms");

    const wrongKey = createHttpVoicePlatform({ baseUrl: stub.baseUrl, apiKey: "wrong", timeoutMs: 2_000 });
    await expect(wrongKey.placeCall(request)).rejects.toThrow("Voice platform answered 401: invalid API key");
  });

  it("reports a platform that cannot be reached", async () => {
    const closed = await startVoicePlatformStub({ apiKey: API_KEY });
    const baseUrl = closed.baseUrl;
    await closed.close();
    const platform = createHttpVoicePlatform({ baseUrl, apiKey: API_KEY, timeoutMs: 2_000 });
    await expect(platform.placeCall(request)).rejects.toThrow(/^Voice platform unreachable/);
  });
});

describe("choosing the platform", () => {
  it("logs calls without a URL and places them over HTTP with one", async () => {
    const logging = createVoicePlatform({ VOICE_PLATFORM_URL: undefined, VOICE_PLATFORM_API_KEY: undefined, VOICE_PLATFORM_TIMEOUT_MS: 1_000 });
    expect(logging.outcome).toBe("logged");
    const before = stub.calls.length;
    const { callId } = await logging.placeCall(request);
    expect(callId).toMatch(/^logged-[0-9a-f-]{36}$/);
    expect(stub.calls.length).toBe(before);

    stub.setReply({ status: 201, body: { callId: "via-factory" } });
    const http = createVoicePlatform({ VOICE_PLATFORM_URL: stub.baseUrl, VOICE_PLATFORM_API_KEY: API_KEY, VOICE_PLATFORM_TIMEOUT_MS: 1_000 });
    expect(http.outcome).toBe("placed");
    await expect(http.placeCall(request)).resolves.toEqual({ callId: "via-factory" });
  });
});

describe("what a run records", () => {
  /** The demo tenant's Spring leads list as a due immediate campaign on Main line, with a window open all week. */
  async function dueCampaign(name: string, agentId: string | null = null) {
    const db = getDb();
    const tenant = await db.selectFrom("tenants").select(["id"]).where("name", "=", "Demo Company").executeTakeFirstOrThrow();
    const list = await db
      .selectFrom("contact_lists")
      .select("id")
      .where("tenant_id", "=", tenant.id)
      .where("name", "=", "Webinar attendees")
      .executeTakeFirstOrThrow();
    const number = await db
      .selectFrom("phone_numbers")
      .select("id")
      .where("tenant_id", "=", tenant.id)
      .where("e164", "=", "+14165550100")
      .executeTakeFirstOrThrow();
    const id = newId();
    const at = new Date(Date.now() - 1_000).toISOString();
    await db
      .insertInto("campaigns")
      .values({
        id,
        tenant_id: tenant.id,
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

  // The window ends at 23:59, so at that one minute of someone's day a contact is skipped instead; compare with what was dispatched.
  const dispatched = (campaignId: string) =>
    getDb()
      .selectFrom("campaign_activity")
      .selectAll()
      .where("campaign_id", "=", campaignId)
      .where("contact_id", "is not", null)
      .where("kind", "!=", "skipped")
      .execute();

  it("records placed calls with the platform's id, and failed ones with its message", async () => {
    const id = await dueCampaign("HTTP campaign run");
    let count = 0;
    stub.setReply(() => {
      count += 1;
      return count % 3 === 0 ? { status: 500, body: { error: "Carrier rejected the call" } } : { status: 201, body: { callId: `placed-${count}` } };
    });
    const runner = new JobRunner({
      intervalMs: 1_000,
      batchSize: 50,
      voicePlatform: createHttpVoicePlatform({ baseUrl: stub.baseUrl, apiKey: API_KEY, timeoutMs: 2_000 }),
    });
    await runner.tick();
    await runner.stop();
    const rows = await dispatched(id);
    expect(rows.length).toBeGreaterThan(5);
    const placed = rows.filter((row) => row.kind === "placed");
    const failed = rows.filter((row) => row.kind === "failed");
    expect(placed.length + failed.length).toBe(rows.length);
    expect(failed.length).toBe(Math.floor(rows.length / 3));
    expect(placed.every((row) => row.platform_call_id?.startsWith("placed-"))).toBe(true);
    expect(failed.every((row) => row.detail === "Voice platform answered 500: Carrier rejected the call" && row.platform_call_id === null)).toBe(true);
    const sent = stub.calls.filter((call) => call.body.campaignId === id);
    expect(sent.map((call) => call.body.contactId).sort()).toEqual(rows.map((row) => row.contact_id).sort());
    expect((await getDb().selectFrom("campaigns").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("completed");
  });

  it("sends the campaign's agent and its newest published version with each call (docs/product/agents.md#assignment)", async () => {
    const tenant = await getDb().selectFrom("tenants").select(["id"]).where("name", "=", "Demo Company").executeTakeFirstOrThrow();
    const agentId = await factories.agent(tenant.id, { published: true });
    const id = await dueCampaign("Agent campaign run", agentId);
    stub.setReply({ status: 201, body: { callId: "with-agent" } });
    const runner = new JobRunner({
      intervalMs: 1_000,
      batchSize: 50,
      voicePlatform: createHttpVoicePlatform({ baseUrl: stub.baseUrl, apiKey: API_KEY, timeoutMs: 2_000 }),
    });
    await runner.tick();
    await runner.stop();
    const sent = stub.calls.filter((call) => call.body.campaignId === id);
    expect(sent.length).toBeGreaterThan(5);
    expect(sent.every((call) => call.body.agentId === agentId && call.body.agentVersion === 1)).toBe(true);
  });

  it("records each call as logged by default, with nothing sent anywhere", async () => {
    const id = await dueCampaign("Logged campaign run");
    const before = stub.calls.length;
    const runner = new JobRunner({
      intervalMs: 1_000,
      batchSize: 50,
      voicePlatform: createVoicePlatform({ VOICE_PLATFORM_URL: undefined, VOICE_PLATFORM_API_KEY: undefined, VOICE_PLATFORM_TIMEOUT_MS: 1_000 }),
    });
    await runner.tick();
    await runner.stop();
    const rows = await dispatched(id);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((row) => row.kind === "logged" && row.platform_call_id?.startsWith("logged-"))).toBe(true);
    expect(stub.calls.length).toBe(before);
  });
});
