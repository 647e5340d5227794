import { createHmac, timingSafeEqual } from "node:crypto";
import type { AgentConfig } from "~/features/agents/agent-config";
import { centsOf, platformVoice, type ProviderCallMetadata, readMetadata } from "./provider-mapping";
import type { ReportReading } from "./vapi";

/**
 * Retell's side of an agent and of a call, both ways (docs/decisions/0030-voice-providers.md):
 * the Retell LLM (instructions, first message, tools) and the agent on it
 * (voice, language, timing, our webhook) made when an agent is published, the
 * create-phone-call body, the webhook's signature, and its call_started,
 * call_ended and call_analyzed events read into our call events. Pure.
 */

const SENSITIVITY = { low: 0.3, medium: 0.6, high: 0.9 } as const;
const FREQUENCY = { low: 0.3, medium: 0.6, high: 0.9 } as const;

export function retellLlm(config: AgentConfig) {
  const { general, context, personality } = config;
  const tools: Array<Record<string, unknown>> = [];
  if (context.endCallEnabled) tools.push({ type: "end_call", name: "end_call", description: "End the call when the caller is done." });
  if (context.transferEnabled && context.transferNumber) {
    tools.push({
      type: "transfer_call",
      name: "transfer_call",
      description: "Transfer the caller to a person.",
      transfer_destination: { type: "predefined", number: context.transferNumber },
      transfer_option: { type: context.transferKind === "warm" ? "warm_transfer" : "cold_transfer" },
    });
  }
  return {
    model: "gpt-4o-mini",
    model_temperature: personality.temperature,
    general_prompt: context.instructions,
    begin_message: general.firstSpeaker === "agent" ? general.firstMessage : "",
    start_speaker: general.firstSpeaker === "agent" ? "agent" : "user",
    general_tools: tools,
  };
}

export function retellAgent(config: AgentConfig, target: { llmId: string; webhookUrl: string; agentId: string; version: number }) {
  const { general, personality, speech, privacy } = config;
  return {
    agent_name: general.name,
    response_engine: { type: "retell-llm", llm_id: target.llmId },
    voice_id: platformVoice(speech.voice).retell,
    voice_speed: speech.speed,
    language: general.language === "de" ? "de-DE" : "en-US",
    interruption_sensitivity: SENSITIVITY[speech.interruptionSensitivity],
    enable_backchannel: personality.backchannel,
    backchannel_frequency: FREQUENCY[personality.backchannelFrequency],
    end_call_after_silence_ms: speech.silenceTimeoutSeconds * 1000,
    max_call_duration_ms: general.maxDurationMinutes * 60_000,
    webhook_url: target.webhookUrl,
    opt_out_sensitive_data_storage: !privacy.recordCalls,
    ...(general.voicemail === "leave-message" && general.voicemailMessage
      ? { voicemail_option: { action: { type: "static_text", text: general.voicemailMessage } } }
      : {}),
    pronunciation_dictionary: speech.pronunciations.map((entry) => ({ word: entry.word, alphabet: "ipa", phoneme: entry.sayAs })),
  };
}

export function retellPhoneCall(input: { from: string; to: string; agentId: string; metadata: ProviderCallMetadata }) {
  return { from_number: input.from, to_number: input.to, override_agent_id: input.agentId, metadata: input.metadata };
}

/** How old a signed webhook may be: Retell's SDK allows five minutes either way. */
export const RETELL_SIGNATURE_WINDOW_MS = 5 * 60_000;

/** The x-retell-signature value for a body: `v=<ms>,d=<hex HMAC-SHA256 of body + ms, keyed with the API key>`. */
export function signRetell(body: string, apiKey: string, at = Date.now()) {
  return `v=${at},d=${createHmac("sha256", apiKey)
    .update(body + at)
    .digest("hex")}`;
}

export function verifyRetellSignature(body: string, apiKey: string, header: string | null, now = Date.now()) {
  const match = /^v=(\d+),d=([0-9a-f]{64})$/.exec(header?.trim() ?? "");
  if (!match) return false;
  const at = Number(match[1]);
  // A replayed request keeps its old timestamp: outside the window it is refused even with a valid digest.
  if (Math.abs(now - at) > RETELL_SIGNATURE_WINDOW_MS) return false;
  const expected = Buffer.from(
    createHmac("sha256", apiKey)
      .update(body + at)
      .digest("hex"),
  );
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);
const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

const MISSED = /^(dial_no_answer|dial_busy|dial_failed|registered_call_timeout)$/;
const VOICEMAIL = /voicemail/;

/** Retell's product costs (cents) as our four parts, by what each product is. */
function costPartOf(product: string): "telephony" | "speechToText" | "llm" | "textToSpeech" {
  if (/tts|voice|elevenlabs|cartesia|playht|minimax/i.test(product)) return "textToSpeech";
  if (/stt|transcri|deepgram|whisper/i.test(product)) return "speechToText";
  if (/llm|gpt|claude|gemini|model/i.test(product)) return "llm";
  return "telephony";
}

/**
 * A Retell webhook (`{ event, call }`) as our call event: call_started makes
 * the call live, call_ended ends it with transcript, recording and cost,
 * call_analyzed adds the summary. The event id is Retell's call id with the
 * event, so each is applied once however often it is sent.
 */
export function readRetellWebhook(body: unknown): ReportReading {
  if (!isObject(body) || !isObject(body.call)) return { ok: false, ignored: "not a Retell call webhook" };
  const kind = body.event;
  if (kind !== "call_started" && kind !== "call_ended" && kind !== "call_analyzed") return { ok: false, ignored: `event ${String(kind)}` };
  const call = body.call;
  const callId = text(call.call_id);
  if (!callId) return { ok: false, ignored: "the webhook names no call" };
  const inbound = call.direction === "inbound";
  const metadata = readMetadata(call.metadata);
  const started = number(call.start_timestamp);
  const ended = number(call.end_timestamp);
  const reason = text(call.disconnection_reason) ?? "";
  const analysis = isObject(call.call_analysis) ? call.call_analysis : {};
  const turns = (Array.isArray(call.transcript_object) ? call.transcript_object : []).flatMap((turn) => {
    if (!isObject(turn) || !text(turn.content)) return [];
    const words = Array.isArray(turn.words) ? turn.words : [];
    const first = isObject(words[0]) ? number(words[0].start) : undefined;
    return [{ speaker: turn.role === "user" ? "Caller" : "Agent", text: String(turn.content), startSeconds: first }];
  });
  const parts: Partial<Record<"telephony" | "speechToText" | "llm" | "textToSpeech", number>> = {};
  const callCost = isObject(call.call_cost) ? call.call_cost : {};
  for (const item of Array.isArray(callCost.product_costs) ? callCost.product_costs : []) {
    if (!isObject(item) || number(item.cost) === undefined) continue;
    const part = costPartOf(String(item.product ?? ""));
    parts[part] = (parts[part] ?? 0) + number(item.cost)!;
  }
  const ending = kind !== "call_started";
  const type = !ending ? "call.started" : VOICEMAIL.test(reason) ? "call.voicemail" : MISSED.test(reason) ? "call.missed" : "call.ended";
  const occurredAt = new Date((ending ? ended : started) ?? Date.now()).toISOString();
  return {
    ok: true,
    event: {
      eventId: `retell:${callId}:${kind}`,
      type,
      occurredAt,
      call: {
        id: callId,
        direction: inbound ? "inbound" : "outbound",
        from: text(call.from_number) ?? "unknown",
        to: text(call.to_number) ?? "unknown",
        ...(metadata.campaignName ? { campaign: { name: metadata.campaignName } } : {}),
        ...(metadata.agentId ? { agent: { id: metadata.agentId, version: metadata.agentVersion } } : {}),
        ...(ending && turns.length ? { transcript: turns } : {}),
        summary: ending ? text(analysis.call_summary) : undefined,
        durationSeconds: ending && started !== undefined && ended !== undefined ? Math.max(0, (ended - started) / 1000) : undefined,
        ...(ending && reason ? { extractedData: { endedReason: reason } } : {}),
        audioUrl: ending ? text(call.recording_url) : undefined,
        cost:
          ending && Object.keys(parts).length
            ? { currency: "USD", ...Object.fromEntries(Object.entries(parts).map(([part, cents]) => [part, centsOf(cents)])) }
            : undefined,
      },
    },
  };
}
