import type { AgentConfig } from "~/features/agents/agent-config";
import type { VoiceProviderName } from "~/db/schema";
import { providerRequest, VoiceProviderError } from "./provider-http.server";
import type { ProviderCallMetadata } from "./provider-mapping";
import { retellAgent, retellLlm, retellPhoneCall } from "./retell";
import { vapiAssistant, vapiCall } from "./vapi";

/**
 * The endpoints each platform's API is used through (docs/decisions/0030-voice-providers.md),
 * tested against local stubs of them (tests/support/voice-provider-stubs.ts).
 */
export interface ProviderClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export interface PushTarget {
  agentId: string;
  version: number;
  webhookUrl: string;
  /** Vapi's server secret; Retell signs with the API key. */
  webhookSecret: string;
}

/** What the platform calls an agent: Vapi's assistant id; Retell's agent id and its LLM's id. */
export interface ExternalAgent {
  externalId: string;
  externalLlmId: string | null;
}

export interface ProviderCall {
  from: string;
  to: string;
  agent: ExternalAgent;
  metadata: ProviderCallMetadata;
}

export interface VoiceProviderClient {
  readonly name: VoiceProviderName;
  /** A cheap authenticated read: throws VoiceProviderError "unauthorized" for a wrong key. */
  testKey(): Promise<void>;
  /** Creates the agent on the platform, or updates the one it made before. */
  pushAgent(config: AgentConfig, target: PushTarget, existing: ExternalAgent | null): Promise<ExternalAgent>;
  /** Places one outbound call; returns the platform's call id. */
  placeCall(call: ProviderCall): Promise<string>;
}

const base = (url: string) => url.replace(/\/+$/, "");

function idOf(value: unknown, field: string, what: string): string {
  const id = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[field] : undefined;
  if (typeof id !== "string" || !id) throw new VoiceProviderError("unavailable", `the answer to ${what} had no ${field}`);
  return id;
}

export function vapiClient(options: ProviderClientOptions): VoiceProviderClient {
  const request = <T>(method: "GET" | "POST" | "PATCH", path: string, body?: unknown) =>
    providerRequest<T>({ method, url: `${base(options.baseUrl)}${path}`, apiKey: options.apiKey, body, timeoutMs: options.timeoutMs, fetch: options.fetch });
  return {
    name: "vapi",
    async testKey() {
      await request("GET", "/assistant?limit=1");
    },
    async pushAgent(config, target, existing) {
      const body = vapiAssistant(config, {
        agentId: target.agentId,
        version: target.version,
        serverUrl: target.webhookUrl,
        serverSecret: target.webhookSecret,
      });
      if (existing) {
        try {
          await request("PATCH", `/assistant/${encodeURIComponent(existing.externalId)}`, body);
          return existing;
        } catch (error) {
          // Deleted on Vapi's side: made again below.
          if (!(error instanceof VoiceProviderError && error.status === 404)) throw error;
        }
      }
      return { externalId: idOf(await request("POST", "/assistant", body), "id", "POST /assistant"), externalLlmId: null };
    },
    async placeCall(call) {
      // Vapi dials from a number by its own id: the business number is looked up among the account's numbers.
      const numbers = await request<unknown>("GET", "/phone-number?limit=1000");
      const line = (Array.isArray(numbers) ? numbers : []).find(
        (entry): entry is { id: string } => typeof entry === "object" && entry !== null && (entry as { number?: unknown }).number === call.from,
      );
      if (!line) throw new VoiceProviderError("refused", `the number ${call.from} is not in this Vapi account`);
      const body = vapiCall({ assistantId: call.agent.externalId, phoneNumberId: line.id, to: call.to, metadata: call.metadata });
      return idOf(await request("POST", "/call", body), "id", "POST /call");
    },
  };
}

export function retellClient(options: ProviderClientOptions): VoiceProviderClient {
  const request = <T>(method: "GET" | "POST" | "PATCH", path: string, body?: unknown) =>
    providerRequest<T>({ method, url: `${base(options.baseUrl)}${path}`, apiKey: options.apiKey, body, timeoutMs: options.timeoutMs, fetch: options.fetch });
  return {
    name: "retell",
    async testKey() {
      await request("GET", "/list-agents");
    },
    async pushAgent(config, target, existing) {
      const llm = retellLlm(config);
      let llmId = existing?.externalLlmId ?? null;
      if (llmId) {
        try {
          await request("PATCH", `/update-retell-llm/${encodeURIComponent(llmId)}`, llm);
        } catch (error) {
          if (!(error instanceof VoiceProviderError && error.status === 404)) throw error;
          llmId = null;
        }
      }
      llmId ??= idOf(await request("POST", "/create-retell-llm", llm), "llm_id", "POST /create-retell-llm");
      const agent = retellAgent(config, { llmId, webhookUrl: target.webhookUrl, agentId: target.agentId, version: target.version });
      if (existing?.externalId) {
        try {
          await request("PATCH", `/update-agent/${encodeURIComponent(existing.externalId)}`, agent);
          return { externalId: existing.externalId, externalLlmId: llmId };
        } catch (error) {
          if (!(error instanceof VoiceProviderError && error.status === 404)) throw error;
        }
      }
      return { externalId: idOf(await request("POST", "/create-agent", agent), "agent_id", "POST /create-agent"), externalLlmId: llmId };
    },
    async placeCall(call) {
      const body = retellPhoneCall({ from: call.from, to: call.to, agentId: call.agent.externalId, metadata: call.metadata });
      return idOf(await request("POST", "/v2/create-phone-call", body), "call_id", "POST /v2/create-phone-call");
    },
  };
}
