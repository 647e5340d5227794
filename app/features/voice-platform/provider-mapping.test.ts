import { describe, expect, it } from "vitest";
import { defaultAgentConfig } from "~/features/agents/agent-config";
import { readRetellWebhook, retellAgent, retellLlm, signRetell, verifyRetellSignature } from "./retell";
import { readVapiReport, vapiAssistant } from "./vapi";

/** Both directions of each platform's mapping (docs/decisions/0030-voice-providers.md). */

function config() {
  const value = defaultAgentConfig("de", "Empfang mit einem sehr langen Namen, länger als vierzig Zeichen");
  value.general.firstMessage = "Guten Tag!";
  value.general.endCallPhrases = ["tschüss"];
  value.general.maxDurationMinutes = 12;
  value.context.instructions = "Sei freundlich.";
  value.context.transferEnabled = true;
  value.context.transferNumber = "+4930123456";
  value.context.transferKind = "cold";
  value.speech.voice = "lena";
  value.speech.silenceTimeoutSeconds = 8;
  value.speech.pronunciations = [{ word: "SQL", sayAs: "ˈsiːkwəl" }];
  value.privacy.recordCalls = false;
  return value;
}

const target = { agentId: "agent-1", version: 3, serverUrl: "https://app.example/webhooks/vapi/k", serverSecret: "s3cret" };

describe("Vapi", () => {
  it("makes an assistant of an agent version: name within Vapi's 40 characters, prompt, voice, tools, limits, our server and metadata", () => {
    const assistant = vapiAssistant(config(), target);
    expect(assistant.name).toHaveLength(40);
    expect(assistant).toMatchObject({
      firstMessage: "Guten Tag!",
      firstMessageMode: "assistant-speaks-first",
      model: {
        messages: [{ role: "system", content: "Sei freundlich." }],
        tools: [{ type: "endCall" }, { type: "transferCall", destinations: [{ number: "+4930123456", transferPlan: { mode: "blind-transfer" } }] }],
      },
      voice: { provider: "azure", voiceId: "de-DE-KatjaNeural" },
      transcriber: { language: "de" },
      endCallPhrases: ["tschüss"],
      maxDurationSeconds: 720,
      silenceTimeoutSeconds: 8,
      artifactPlan: { recordingEnabled: false },
      server: { url: target.serverUrl, headers: { "X-Vapi-Secret": "s3cret" } },
      metadata: { voxboardAgentId: "agent-1", voxboardAgentVersion: 3 },
    });
    expect(assistant).not.toHaveProperty("voicemailMessage");
  });

  it("reads an end-of-call report: missed and voicemail by ended reason, the line and the customer by direction, costs in cents", () => {
    const report = (message: Record<string, unknown>) =>
      readVapiReport({ message: { type: "end-of-call-report", call: { id: "c1", type: "inboundPhoneCall" }, ...message } });
    const inbound = report({
      endedReason: "customer-ended-call",
      customer: { number: "+491701234567" },
      phoneNumber: { number: "+4930999" },
      costs: [{ type: "voice", cost: 0.0149 }],
    });
    expect(inbound).toMatchObject({
      ok: true,
      event: {
        eventId: "vapi:c1:end-of-call-report",
        type: "call.ended",
        call: { direction: "inbound", from: "+491701234567", to: "+4930999", cost: { currency: "USD", textToSpeech: 1 } },
      },
    });
    expect(report({ endedReason: "customer-did-not-answer" })).toMatchObject({ event: { type: "call.missed" } });
    expect(report({ endedReason: "voicemail" })).toMatchObject({ event: { type: "call.voicemail" } });
    expect(readVapiReport({ message: { type: "status-update" } })).toEqual({ ok: false, ignored: "message type status-update" });
    expect(readVapiReport({ message: { type: "end-of-call-report", call: {} } })).toEqual({ ok: false, ignored: "the report names no call" });
    expect(readVapiReport("nonsense")).toMatchObject({ ok: false });
  });
});

describe("Retell", () => {
  it("makes the LLM and the agent of an agent version", () => {
    expect(retellLlm(config())).toMatchObject({
      general_prompt: "Sei freundlich.",
      begin_message: "Guten Tag!",
      start_speaker: "agent",
      general_tools: [
        { type: "end_call" },
        { type: "transfer_call", transfer_destination: { type: "predefined", number: "+4930123456" }, transfer_option: { type: "cold_transfer" } },
      ],
    });
    expect(retellAgent(config(), { llmId: "llm_1", webhookUrl: "https://app.example/webhooks/retell/k", agentId: "a", version: 1 })).toMatchObject({
      response_engine: { type: "retell-llm", llm_id: "llm_1" },
      language: "de-DE",
      end_call_after_silence_ms: 8000,
      max_call_duration_ms: 720_000,
      opt_out_sensitive_data_storage: true,
      pronunciation_dictionary: [{ word: "SQL", alphabet: "ipa", phoneme: "ˈsiːkwəl" }],
    });
  });

  it("signs and verifies like Retell's SDK: the body and the timestamp, five minutes either way", () => {
    const body = '{"event":"call_ended"}';
    const at = 1_760_000_000_000;
    const header = signRetell(body, "key_1", at);
    expect(header).toMatch(/^v=1760000000000,d=[0-9a-f]{64}$/);
    expect(verifyRetellSignature(body, "key_1", header, at + 4 * 60_000)).toBe(true);
    expect(verifyRetellSignature(body, "key_1", header, at + 6 * 60_000)).toBe(false);
    expect(verifyRetellSignature(`${body} `, "key_1", header, at)).toBe(false);
    expect(verifyRetellSignature(body, "key_2", header, at)).toBe(false);
    expect(verifyRetellSignature(body, "key_1", null, at)).toBe(false);
    expect(verifyRetellSignature(body, "key_1", "v=abc,d=00", at)).toBe(false);
  });

  it("reads call_started as live and call_ended with its transcript and product costs", () => {
    const call = { call_id: "r1", direction: "outbound", from_number: "+1", to_number: "+2", start_timestamp: 0, end_timestamp: 30_000 };
    expect(readRetellWebhook({ event: "call_started", call })).toMatchObject({ ok: true, event: { eventId: "retell:r1:call_started", type: "call.started" } });
    const ended = readRetellWebhook({
      event: "call_ended",
      call: {
        ...call,
        disconnection_reason: "dial_no_answer",
        call_cost: {
          product_costs: [
            { product: "cartesia_tts", cost: 2.6 },
            { product: "twilio", cost: 1.2 },
          ],
        },
      },
    });
    expect(ended).toMatchObject({ event: { type: "call.missed", call: { durationSeconds: 30, cost: { textToSpeech: 3, telephony: 1 } } } });
    expect(readRetellWebhook({ event: "call_ended", call: { ...call, disconnection_reason: "voicemail_reached" } })).toMatchObject({
      event: { type: "call.voicemail" },
    });
  });
});
