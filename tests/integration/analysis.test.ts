import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { parseStoredAnalysis } from "~/features/analysis/analysis";
import { startChatCompletionsStub, type ChatCompletionsStub } from "../support/stubs/chat-completions-stub";
import { CallEventSchema } from "~/features/calls/call-event-schema";
import { ingestCallEvent } from "~/features/calls/ingest.server";
import { popToast } from "~/lib/toast/toast.server";
import { getTranslatorFor } from "~/i18n/i18next.server";
import * as analysisRoute from "~/routes/_dashboard+/recordings+/$id.analysis";
import { callAction, callLoader, prepareTestDatabase, redirectLocation, sessionCookieFor } from "../support/app";
import { insertCall, ownerOfOtherTenant, tenantIdOf } from "../support/recording-fixtures";

const API_KEY = "sk-integration-7d2e";
const MODEL = "stub-analyst-2";

let owner: string;
let agent: string;
let otherOwner: string;
let demoTenant: string;
let stub: ChatCompletionsStub;

beforeAll(async () => {
  await prepareTestDatabase();
  owner = await sessionCookieFor("owner@demo.test");
  agent = await sessionCookieFor("agent@demo.test");
  otherOwner = (await ownerOfOtherTenant()).cookie;
  demoTenant = await tenantIdOf("owner@demo.test");
  stub = await startChatCompletionsStub({ apiKey: API_KEY, model: MODEL });
});

afterAll(() => stub.close());

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const unhappyTranscript = [
  { speaker: "Agent", text: "Thanks for calling, this is Ava. How can I help?" },
  { speaker: "Customer", text: "My invoice is wrong again and I'm really frustrated. This is unacceptable." },
  { speaker: "Agent", text: "I'm sorry. I will send you a corrected invoice today." },
];

const modelAnswer = {
  summary: "Der Kunde war mit der Lieferung zufrieden.",
  sentiment: "positive",
  sentimentScore: 0.8,
  outcome: "resolved",
  topics: ["Lieferung"],
  actionItems: [],
  entities: { emails: [], phoneNumbers: [], dates: [], amounts: [] },
  language: "de",
};

/** Points the app at the stub; the generous default leaves room for a slow first connection. */
function useLanguageModel(timeoutMs = 5_000) {
  vi.stubEnv("LLM_BASE_URL", stub.baseUrl);
  vi.stubEnv("LLM_API_KEY", API_KEY);
  vi.stubEnv("LLM_MODEL", MODEL);
  vi.stubEnv("LLM_TIMEOUT_MS", String(timeoutMs));
  resetEnvCache();
}

function requestAnalysis(cookie: string, id: string, form: Record<string, string> = {}) {
  return callAction(analysisRoute.action, `/recordings/${id}/analysis`, { cookie, params: { id }, form });
}

const callRow = (id: string) => getDb().selectFrom("calls").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** The toast a redirect carries, decoded the way the root loader would. */
async function toastOf(response: unknown) {
  if (!(response instanceof Response)) return null;
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__toast="));
  if (!cookie) return null;
  return (await popToast(new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } }))).toast;
}

describe("POST /recordings/<id>/analysis with the built-in analyzer", () => {
  it("analyses the transcript, stores the result and the sentiment, and says so", async () => {
    const id = await insertCall(demoTenant, { transcript: unhappyTranscript, summary: null });
    expect((await callRow(id)).analysis_status).toBe("none");

    const response = await requestAnalysis(owner, id);
    expect(redirectLocation(response)).toBe(`/recordings/${id}`);
    expect(await toastOf(response)).toEqual({ type: "success", key: "analysis:toast.done" });

    const row = await callRow(id);
    expect(row.analysis_status).toBe("done");
    expect(row.analysis_provider).toBe("builtin");
    expect(row.sentiment).toBe("negative");
    expect(Date.parse(row.analyzed_at!)).toBeGreaterThan(Date.now() - 60_000);
    const analysis = parseStoredAnalysis(row.analysis);
    expect(analysis).toMatchObject({
      provider: "builtin",
      sentiment: "negative",
      language: "en",
      topics: ["billing", "complaint"],
      actionItems: ["I will send you a corrected invoice today."],
    });
    expect(analysis?.summary).toMatch(/^Customer request: “My invoice is wrong again/);
    // The call's own summary and search text are not touched.
    expect(row.summary).toBeNull();
  });

  it("uses the platform's summary and analyses German transcripts", async () => {
    const id = await insertCall(demoTenant, {
      summary: "Kunde bucht einen Beratungstermin.",
      transcript: [
        { speaker: "Agent", text: "Guten Tag, wie kann ich Ihnen helfen?" },
        { speaker: "Kunde", text: "Ich möchte einen Beratungstermin. Das wäre super, vielen Dank!" },
        { speaker: "Agent", text: "Ihr Termin ist bestätigt, wir sehen uns am nächsten Dienstag." },
      ],
    });
    await requestAnalysis(owner, id);
    const row = await callRow(id);
    expect(row.sentiment).toBe("positive");
    expect(parseStoredAnalysis(row.analysis)).toMatchObject({
      summary: "Kunde bucht einen Beratungstermin.",
      outcome: "appointment-booked",
      language: "de",
      entities: { dates: ["nächsten Dienstag"] },
    });
  });

  it("takes the platform's word for a voicemail", async () => {
    const id = await insertCall(demoTenant, {
      status: "voicemail",
      transcript: [{ speaker: "Agent", text: "Hi, this is Ava from Voxboard about your renewal. Please call us back at +1 416 555 0100." }],
    });
    await requestAnalysis(owner, id);
    expect(parseStoredAnalysis((await callRow(id)).analysis)).toMatchObject({ outcome: "voicemail", entities: { phoneNumbers: ["+14165550100"] } });
  });

  it("goes back to a same-site returnTo, and ignores any other", async () => {
    const id = await insertCall(demoTenant);
    const listView = "/recordings?q=renew&sort=duration&order=asc&page=2";
    expect(redirectLocation(await requestAnalysis(owner, id, { returnTo: listView }))).toBe(listView);
    expect(redirectLocation(await requestAnalysis(owner, id, { returnTo: "//evil.test/x" }))).toBe(`/recordings/${id}`);
    expect(redirectLocation(await requestAnalysis(owner, id, { returnTo: "https://evil.test/" }))).toBe(`/recordings/${id}`);
  });

  it("fails a call without a transcript: nothing to analyze", async () => {
    const id = await insertCall(demoTenant, { transcript: null });
    const response = await requestAnalysis(owner, id);
    expect(redirectLocation(response)).toBe(`/recordings/${id}`);
    expect(await toastOf(response)).toEqual({ type: "error", key: "analysis:toast.failed" });
    const row = await callRow(id);
    expect(row.analysis_status).toBe("failed");
    expect(row.analysis).toBeNull();
    expect(row.sentiment).toBeNull();
  });
});

describe("POST /recordings/<id>/analysis with an OpenAI-compatible endpoint", () => {
  it("stores the model's analysis and sentiment", async () => {
    useLanguageModel();
    stub.setReply({ content: modelAnswer });
    const id = await insertCall(demoTenant, { transcript: unhappyTranscript });
    const before = stub.requests.length;

    const response = await requestAnalysis(owner, id);
    // The analysis is stored; the demo's post-call template asked the same stub next and got the analysis's shape,
    // so its part fails on its own, is said so, and is left to the job (tests/integration/post-call-templates.test.ts).
    expect(await toastOf(response)).toEqual({ type: "error", key: "post-call:toast.templateFailed" });
    expect(stub.requests).toHaveLength(before + 2);
    expect(stub.requests[before]!.body.messages?.[1]?.content).toContain("Customer: My invoice is wrong again");
    const queued = await getDb().selectFrom("outbox_jobs").select("payload").where("kind", "=", "post-call.extract").execute();
    expect(queued.some((job) => job.payload.includes(id))).toBe(true);

    const row = await callRow(id);
    expect(row.analysis_status).toBe("done");
    expect(row.analysis_provider).toBe("openai-compatible");
    // The model's judgement is stored, not the built-in one (which would say negative).
    expect(row.sentiment).toBe("positive");
    expect(parseStoredAnalysis(row.analysis)).toEqual({ ...modelAnswer, provider: "openai-compatible", model: MODEL });
  });

  it.each([
    ["a 500", { status: 500, rawBody: '{"error":{"message":"overloaded"}}' }, 5_000],
    ["malformed JSON", { content: "{ not json" }, 5_000],
    ["the wrong shape", { content: { ...modelAnswer, sentiment: "ecstatic" } }, 5_000],
    ["a timeout", { content: modelAnswer, delayMs: 3_000 }, 200],
  ])("on %s: marks the analysis failed, keeps the earlier one and shows the error toast", async (_case, reply, timeoutMs) => {
    const id = await insertCall(demoTenant, { transcript: unhappyTranscript });
    // A first, successful analysis with the built-in analyzer.
    await requestAnalysis(owner, id);
    const earlier = await callRow(id);
    expect(earlier.analysis_status).toBe("done");

    useLanguageModel(timeoutMs);
    stub.setReply(reply);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await requestAnalysis(owner, id, { returnTo: "/recordings?view=disagreement" });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(`analysis of call ${id} (openai-compatible) failed`));
    errors.mockRestore();

    expect(redirectLocation(response)).toBe("/recordings?view=disagreement");
    expect(await toastOf(response)).toEqual({ type: "error", key: "analysis:toast.failed" });
    const row = await callRow(id);
    expect(row.analysis_status).toBe("failed");
    expect(row.analysis).toBe(earlier.analysis);
    expect(row.analysis_provider).toBe("builtin");
    expect(row.sentiment).toBe(earlier.sentiment);
    expect(row.analyzed_at).toBe(earlier.analyzed_at);
  });

  it("shows the catalogue's message in English and a German translation", async () => {
    expect((await getTranslatorFor("en", "analysis"))("toast.failed")).toBe("Failed to analyze call transcript.");
    const german = (await getTranslatorFor("de", "analysis"))("toast.failed");
    expect(german).not.toBe("Failed to analyze call transcript.");
    expect(german).toMatch(/analysiert/);
  });
});

describe("who may request an analysis", () => {
  it("refuses a read-only agent with 403 and changes nothing", async () => {
    const id = await insertCall(demoTenant);
    const response = await requestAnalysis(agent, id);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(403);
    expect((await callRow(id)).analysis_status).toBe("none");
  });

  it("answers 404 for another tenant's call and changes nothing", async () => {
    const id = await insertCall(demoTenant);
    const response = await requestAnalysis(otherOwner, id);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(404);
    expect(await toastOf(response)).toBeNull();
    expect((await callRow(id)).analysis_status).toBe("none");
  });

  it("answers 404 for an id that does not exist", async () => {
    const response = await requestAnalysis(owner, "no-such-call");
    expect((response as Response).status).toBe(404);
  });

  it("sends a signed-out visitor to the login page", async () => {
    const id = await insertCall(demoTenant);
    expect(redirectLocation(await requestAnalysis("", id))).toMatch(/^\/login/);
  });
});

describe("GET /recordings/<id>/analysis", () => {
  it("has nothing to show and leads to the recording", async () => {
    const id = await insertCall(demoTenant);
    const response = await callLoader(analysisRoute.loader, `/recordings/${id}/analysis`, { cookie: owner, params: { id } });
    expect(redirectLocation(response)).toBe(`/recordings/${id}`);
  });
});

describe("ingested calls", () => {
  it("are analysed on request only, never on arrival", async () => {
    const event = CallEventSchema.parse({
      eventId: "evt-analysis-1",
      type: "call.ended",
      occurredAt: "2026-03-02T10:00:00Z",
      call: { id: "platform-call-analysis-1", direction: "inbound", from: "+14165550111", to: "+14165550199", transcript: unhappyTranscript },
    });
    const result = await ingestCallEvent({ tenantId: demoTenant, event });
    if (result.outcome === "duplicate") throw new Error("the event was new");
    expect(await callRow(result.callId)).toMatchObject({ analysis_status: "none", analysis: null, sentiment: null });

    await requestAnalysis(owner, result.callId);
    expect(await callRow(result.callId)).toMatchObject({ analysis_status: "done", sentiment: "negative" });
  });
});
