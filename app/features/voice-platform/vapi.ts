import type { AgentConfig } from "~/features/agents/agent-config";
import { centsOf, platformVoice, type ProviderCallMetadata, readMetadata } from "./provider-mapping";

/**
 * Vapi's side of an agent and of a call, both ways (docs/decisions/0030-voice-providers.md):
 * the assistant we create or update when an agent is published, and the
 * end-of-call report Vapi posts to our server URL, read into our call event.
 * Pure: the HTTP is in vapi.server.ts.
 */

/** Vapi's limit on an assistant's name. */
const MAX_NAME = 40;

export interface AssistantTarget {
  agentId: string;
  version: number;
  /** Our webhook for this tenant: /webhooks/vapi/<key>. */
  serverUrl: string;
  /** Sent back by Vapi with every report in X-Vapi-Secret. */
  serverSecret: string;
}

export function vapiAssistant(config: AgentConfig, target: AssistantTarget) {
  const { general, context, personality, speech, privacy } = config;
  const voice = platformVoice(speech.voice);
  const tools: Array<Record<string, unknown>> = [];
  if (context.endCallEnabled) tools.push({ type: "endCall" });
  if (context.transferEnabled && context.transferNumber) {
    tools.push({
      type: "transferCall",
      destinations: [
        {
          type: "number",
          number: context.transferNumber,
          transferPlan: { mode: context.transferKind === "warm" ? "warm-transfer-say-summary" : "blind-transfer" },
        },
      ],
    });
  }
  return {
    name: general.name.slice(0, MAX_NAME),
    firstMessage: general.firstMessage,
    firstMessageMode: general.firstSpeaker === "agent" ? "assistant-speaks-first" : "assistant-waits-for-user",
    model: {
      provider: "openai",
      model: "gpt-4o-mini",
      temperature: personality.temperature,
      messages: [{ role: "system", content: context.instructions }],
      ...(tools.length ? { tools } : {}),
    },
    voice: { provider: "azure", voiceId: voice.azure, speed: speech.speed },
    transcriber: { provider: "deepgram", model: "nova-2", language: general.language },
    endCallPhrases: general.endCallPhrases,
    maxDurationSeconds: general.maxDurationMinutes * 60,
    silenceTimeoutSeconds: speech.silenceTimeoutSeconds,
    ...(general.voicemail === "leave-message" && general.voicemailMessage ? { voicemailMessage: general.voicemailMessage } : {}),
    artifactPlan: { recordingEnabled: privacy.recordCalls },
    server: { url: target.serverUrl, headers: { "X-Vapi-Secret": target.serverSecret } },
    serverMessages: ["end-of-call-report"],
    metadata: { voxboardAgentId: target.agentId, voxboardAgentVersion: target.version },
  };
}

export type VapiAssistant = ReturnType<typeof vapiAssistant>;

/** The body of Vapi's POST /call for one campaign call. */
export function vapiCall(input: { assistantId: string; phoneNumberId: string; to: string; metadata: ProviderCallMetadata }) {
  return { assistantId: input.assistantId, phoneNumberId: input.phoneNumberId, customer: { number: input.to }, metadata: input.metadata };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);
const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

/** Ended reasons that mean nobody answered or a machine did (Vapi's endedReason values). */
const MISSED = /^(customer-did-not-answer|customer-busy|customer-did-not-give-microphone-permission|twilio-failed-to-connect-call)$/;
const VOICEMAIL = /voicemail/;

/** Vapi's cost components (costs[].type) as our four parts; Vapi's own fee counts with the line, its analysis with the model. */
const COST_PART: Record<string, "telephony" | "speechToText" | "llm" | "textToSpeech"> = {
  transport: "telephony",
  vapi: "telephony",
  transcriber: "speechToText",
  model: "llm",
  analysis: "llm",
  voice: "textToSpeech",
};

function isoFrom(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return new Date(value).toISOString();
  if (typeof value === "string" && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  return undefined;
}

/** A call event for CallEventSchema to check (POST /api/v1/call-events' contract), or why the message is not one. */
export type ReportReading = { ok: true; event: Record<string, unknown> } | { ok: false; ignored: string };

/**
 * Vapi's server message (`{ message: { type: "end-of-call-report", … } }`) as
 * our call event; other message types are ignored (we ask for the report only).
 * The event id is Vapi's call id with the message type, so a report sent twice
 * is one call.
 */
export function readVapiReport(body: unknown): ReportReading {
  const message = isObject(body) && isObject(body.message) ? body.message : null;
  if (!message) return { ok: false, ignored: "not a Vapi server message" };
  if (message.type !== "end-of-call-report") return { ok: false, ignored: `message type ${String(message.type)}` };
  const call = isObject(message.call) ? message.call : {};
  const callId = text(call.id);
  if (!callId) return { ok: false, ignored: "the report names no call" };
  const artifact = isObject(message.artifact) ? message.artifact : {};
  const analysis = isObject(message.analysis) ? message.analysis : {};
  const customer = text((isObject(message.customer) ? message.customer : isObject(call.customer) ? call.customer : {}).number);
  const line = text((isObject(message.phoneNumber) ? message.phoneNumber : {}).number);
  const inbound = call.type === "inboundPhoneCall" || call.type === "webCall";
  const metadata = readMetadata(call.metadata, isObject(message.assistant) ? message.assistant.metadata : undefined);
  const endedReason = text(message.endedReason) ?? "";
  const startedAt = isoFrom(message.startedAt ?? call.startedAt);
  const endedAt = isoFrom(message.endedAt ?? call.endedAt) ?? isoFrom(message.timestamp) ?? new Date().toISOString();
  const duration = number(message.durationSeconds) ?? (startedAt ? Math.max(0, (Date.parse(endedAt) - Date.parse(startedAt)) / 1000) : undefined);
  const turns = (Array.isArray(artifact.messages) ? artifact.messages : []).flatMap((turn) => {
    if (!isObject(turn) || !text(turn.message)) return [];
    if (turn.role !== "user" && turn.role !== "bot" && turn.role !== "assistant") return [];
    return [{ speaker: turn.role === "user" ? "Caller" : "Agent", text: String(turn.message), startSeconds: number(turn.secondsFromStart) }];
  });
  const parts: Partial<Record<"telephony" | "speechToText" | "llm" | "textToSpeech", number>> = {};
  for (const item of Array.isArray(message.costs) ? message.costs : []) {
    if (!isObject(item)) continue;
    const part = COST_PART[String(item.type)];
    const dollars = number(item.cost);
    if (part && dollars !== undefined) parts[part] = (parts[part] ?? 0) + dollars;
  }
  const cost = Object.keys(parts).length
    ? { currency: "USD", ...Object.fromEntries(Object.entries(parts).map(([part, dollars]) => [part, centsOf(dollars * 100)])) }
    : undefined;
  const type = VOICEMAIL.test(endedReason) ? "call.voicemail" : MISSED.test(endedReason) ? "call.missed" : "call.ended";
  const recording = text(artifact.recordingUrl) ?? text(message.recordingUrl) ?? text((isObject(artifact.recording) ? artifact.recording : {}).mono);
  return {
    ok: true,
    event: {
      eventId: `vapi:${callId}:end-of-call-report`,
      type,
      occurredAt: endedAt,
      call: {
        id: callId,
        direction: inbound ? "inbound" : "outbound",
        from: (inbound ? customer : line) ?? "unknown",
        to: (inbound ? line : customer) ?? "unknown",
        ...(metadata.campaignName ? { campaign: { name: metadata.campaignName } } : {}),
        ...(metadata.agentId ? { agent: { id: metadata.agentId, version: metadata.agentVersion } } : {}),
        ...(turns.length ? { transcript: turns } : {}),
        summary: text(analysis.summary),
        durationSeconds: duration,
        ...(endedReason ? { extractedData: { endedReason } } : {}),
        audioUrl: recording,
        cost,
      },
    },
  };
}
