import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/config/env.server";
import { AnalysisError } from "./analysis";
import { getAnalyzer } from "./analysis.server";
import { builtinAnalyzer } from "./builtin-analyzer";
import { OpenAICompatibleAnalyzer, SYSTEM_PROMPT } from "./openai-provider.server";
import { startChatCompletionsStub, type ChatCompletionsStub } from "../../../tests/support/stubs/chat-completions-stub";

const API_KEY = "sk-test-4f1c9a";
const MODEL = "stub-model-1";

const transcript = [
  { speaker: "Agent", text: "Hello, how can I help?" },
  { speaker: "Customer", text: "My parcel never arrived. Please call me back on 416 555 0101." },
];

const goodAnswer = {
  summary: "The customer's parcel did not arrive; a callback was requested.",
  sentiment: "negative",
  sentimentScore: -0.6,
  outcome: "callback-requested",
  topics: ["delivery"],
  actionItems: ["Call the customer back"],
  entities: { emails: [], phoneNumbers: ["416 555 0101"], dates: [], amounts: [{ value: 12.5, currency: "EUR", text: "12,50 €" }] },
  language: "en",
};

let stub: ChatCompletionsStub;

beforeAll(async () => {
  stub = await startChatCompletionsStub({ apiKey: API_KEY, model: MODEL });
});

afterAll(() => stub.close());

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

/** The provider as the application builds it: from the environment. */
function analyzerFromEnv({ timeoutMs = 5_000, apiKey = API_KEY, model = MODEL, baseUrl = stub.baseUrl } = {}) {
  vi.stubEnv("LLM_BASE_URL", baseUrl);
  vi.stubEnv("LLM_API_KEY", apiKey);
  vi.stubEnv("LLM_MODEL", model);
  vi.stubEnv("LLM_TIMEOUT_MS", String(timeoutMs));
  resetEnvCache();
  return getAnalyzer();
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AnalysisError);
  return (error as AnalysisError).message;
}

describe("getAnalyzer", () => {
  it("uses the built-in analyzer when no endpoint is configured", () => {
    vi.stubEnv("LLM_BASE_URL", "");
    resetEnvCache();
    expect(getAnalyzer()).toBe(builtinAnalyzer);
  });

  it("uses the OpenAI-compatible provider when LLM_BASE_URL is set", () => {
    const analyzer = analyzerFromEnv();
    expect(analyzer).toBeInstanceOf(OpenAICompatibleAnalyzer);
    expect(analyzer.provider).toBe("openai-compatible");
  });
});

describe("OpenAI-compatible provider against a stub endpoint", () => {
  it("sends the transcript with the key, model and JSON mode, and returns the validated answer", async () => {
    stub.setReply({ content: { ...goodAnswer, confidence: 0.93, entities: { ...goodAnswer.entities, people: ["Jane"] } } });
    const before = stub.requests.length;
    const result = await analyzerFromEnv().analyze({ transcript });

    const request = stub.requests[before]!;
    expect(request.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.body.model).toBe(MODEL);
    expect(request.body.response_format).toEqual({ type: "json_object" });
    expect(request.body.messages?.[0]).toEqual({ role: "system", content: SYSTEM_PROMPT });
    expect(request.body.messages?.[1]?.role).toBe("user");
    expect(request.body.messages?.[1]?.content).toContain("Customer: My parcel never arrived.");

    expect(result).toEqual({
      ...goodAnswer,
      // Phone numbers are normalised to E.164 like the built-in analyzer's.
      entities: { ...goodAnswer.entities, phoneNumbers: ["+14165550101"] },
      sentiment: "negative",
      outcome: "callback-requested",
      language: "en",
      provider: "openai-compatible",
      model: MODEL,
    });
    // Unknown fields are stripped, not stored.
    expect(result).not.toHaveProperty("confidence");
    expect(result.entities).not.toHaveProperty("people");
  });

  it("tells the model the call's status and keeps a voicemail a voicemail", async () => {
    stub.setReply({ content: goodAnswer });
    const before = stub.requests.length;
    const result = await analyzerFromEnv().analyze({ transcript, callStatus: "voicemail", summary: "Left a message." });
    const userMessage = stub.requests[before]!.body.messages?.[1]?.content ?? "";
    expect(userMessage).toContain("Call status reported by the voice platform: voicemail");
    expect(userMessage).toContain("Summary sent by the voice platform: Left a message.");
    expect(result.outcome).toBe("voicemail");
  });

  it("accepts a base URL with a trailing slash", async () => {
    stub.setReply({ content: goodAnswer });
    const result = await analyzerFromEnv({ baseUrl: `${stub.baseUrl}/` }).analyze({ transcript });
    expect(result.outcome).toBe("callback-requested");
  });

  it("asks for exactly the analysis fields in the system prompt", () => {
    for (const field of [
      "summary",
      "sentiment",
      "sentimentScore",
      "outcome",
      "topics",
      "actionItems",
      "entities",
      "emails",
      "phoneNumbers",
      "dates",
      "amounts",
      "language",
    ]) {
      expect(SYSTEM_PROMPT).toContain(`"${field}"`);
    }
    expect(SYSTEM_PROMPT).toContain('"appointment-booked"');
  });

  it("accepts an answer wrapped in a code fence and fills in a missing language from the transcript", async () => {
    const { language: _language, ...withoutLanguage } = goodAnswer;
    stub.setReply({ content: "```json\n" + JSON.stringify(withoutLanguage) + "\n```" });
    const result = await analyzerFromEnv().analyze({ transcript: [{ speaker: "Kunde", text: "Ich möchte bitte meinen Vertrag kündigen, danke." }] });
    expect(result.language).toBe("de");
    expect(result.summary).toBe(goodAnswer.summary);
  });

  it("fails clearly on a 500", async () => {
    stub.setReply({ status: 500, rawBody: JSON.stringify({ error: { message: "upstream overloaded" } }) });
    const message = await failureOf(analyzerFromEnv().analyze({ transcript }));
    expect(message).toMatch(/answered 500/);
    expect(message).toContain("upstream overloaded");
  });

  it("fails clearly when the key is refused", async () => {
    stub.setReply({ content: goodAnswer });
    const message = await failureOf(analyzerFromEnv({ apiKey: "sk-wrong" }).analyze({ transcript }));
    expect(message).toMatch(/answered 401/);
    expect(message).not.toContain("sk-wrong");
  });

  it("fails clearly when the model is unknown to the endpoint", async () => {
    stub.setReply({ content: goodAnswer });
    expect(await failureOf(analyzerFromEnv({ model: "no-such-model" }).analyze({ transcript }))).toMatch(/answered 404/);
  });

  it("fails clearly when the model's message is not JSON", async () => {
    stub.setReply({ content: "Sure! The customer seemed upset about { their parcel" });
    expect(await failureOf(analyzerFromEnv().analyze({ transcript }))).toMatch(/not valid JSON/);
  });

  it("fails clearly when the endpoint's body is not JSON", async () => {
    stub.setReply({ rawBody: "<html>Bad gateway</html>" });
    expect(await failureOf(analyzerFromEnv().analyze({ transcript }))).toMatch(/did not answer with JSON/);
  });

  it("fails clearly when the answer has the wrong shape", async () => {
    stub.setReply({ content: { ...goodAnswer, sentiment: "happy", topics: "delivery" } });
    const message = await failureOf(analyzerFromEnv().analyze({ transcript }));
    expect(message).toMatch(/does not have the analysis shape/);
    expect(message).toContain("sentiment");
    expect(message).toContain("topics");
  });

  it("rejects a score outside -1..1 and an outcome outside the fixed set", async () => {
    stub.setReply({ content: { ...goodAnswer, sentimentScore: 7, outcome: "sold" } });
    const message = await failureOf(analyzerFromEnv().analyze({ transcript }));
    expect(message).toContain("sentimentScore");
    expect(message).toContain("outcome");
  });

  it("gives up after LLM_TIMEOUT_MS", async () => {
    stub.setReply({ content: goodAnswer, delayMs: 3_000 });
    const started = Date.now();
    const message = await failureOf(analyzerFromEnv({ timeoutMs: 150 }).analyze({ transcript }));
    expect(message).toMatch(/did not answer within 150 ms/);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("fails clearly when the endpoint cannot be reached", async () => {
    // A port that was free a moment ago and is closed now: nothing listens there.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    expect(await failureOf(analyzerFromEnv({ baseUrl: `http://127.0.0.1:${port}/v1` }).analyze({ transcript }))).toMatch(/could not be reached/);
  });

  it("keeps credentials in a base URL out of its messages", async () => {
    stub.setReply({ status: 503, rawBody: "{}" });
    const withCredentials = stub.baseUrl.replace("http://", "http://user:secret-pass@");
    const message = await failureOf(
      new OpenAICompatibleAnalyzer({ baseUrl: withCredentials, apiKey: API_KEY, model: MODEL, timeoutMs: 2_000 }).analyze({ transcript }),
    );
    expect(message).not.toContain("secret-pass");
  });
});
