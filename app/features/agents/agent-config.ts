import { VOICES, type VoiceId } from "~/features/knowledge/catalogue";
import { AGENT_LIMITS, AGENT_TABS, type AgentTab, type AgentStatus } from "./agent-rules";

/**
 * An agent's whole configuration, one object per editor tab
 * (docs/product/agents.md#configuration). The draft, every published version
 * and every template store it as JSON; `readAgentConfig` fills what an older
 * row lacks with the defaults, so adding a field never breaks a stored agent.
 */
export interface AgentConfig {
  general: {
    name: string;
    language: "en" | "de";
    firstSpeaker: "agent" | "caller";
    firstMessage: string;
    maxDurationMinutes: number;
    voicemail: "hang-up" | "leave-message";
    voicemailMessage: string;
    endCallPhrases: string[];
  };
  context: {
    instructions: string;
    knowledgeBaseIds: string[];
    transferEnabled: boolean;
    transferNumber: string;
    transferKind: "warm" | "cold";
    endCallEnabled: boolean;
    bookingEnabled: boolean;
    bookingEventTypeId: string;
    crmEnabled: boolean;
    crmIntegrationId: string;
  };
  appearance: {
    avatar: string;
    accentColor: string;
    backgroundColor: string;
    widgetPosition: "bottom-right" | "bottom-left";
  };
  personality: {
    tone: string;
    temperature: number;
    backchannel: boolean;
    backchannelFrequency: "low" | "medium" | "high";
  };
  speech: {
    voice: VoiceId;
    speed: number;
    interruptionSensitivity: "low" | "medium" | "high";
    silenceTimeoutSeconds: number;
    /** "word" said as "sayAs". */
    pronunciations: Array<{ word: string; sayAs: string }>;
  };
  privacy: {
    recordCalls: boolean;
    /** 0: transcripts are kept until deleted by hand. */
    transcriptRetentionDays: number;
    redactCards: boolean;
    redactEmails: boolean;
  };
}

export function defaultAgentConfig(language: "en" | "de" = "en", name = ""): AgentConfig {
  return {
    general: {
      name,
      language,
      firstSpeaker: "agent",
      firstMessage: "",
      maxDurationMinutes: 15,
      voicemail: "hang-up",
      voicemailMessage: "",
      endCallPhrases: [],
    },
    context: {
      instructions: "",
      knowledgeBaseIds: [],
      transferEnabled: false,
      transferNumber: "",
      transferKind: "warm",
      endCallEnabled: true,
      bookingEnabled: false,
      bookingEventTypeId: "",
      crmEnabled: false,
      crmIntegrationId: "",
    },
    appearance: { avatar: "headset", accentColor: "#2563eb", backgroundColor: "#ffffff", widgetPosition: "bottom-right" },
    personality: { tone: "friendly", temperature: 0.5, backchannel: true, backchannelFrequency: "medium" },
    speech: {
      voice: VOICES.find((voice) => voice.language === language)?.id ?? "ava",
      speed: 1,
      interruptionSensitivity: "medium",
      silenceTimeoutSeconds: 10,
      pronunciations: [],
    },
    privacy: { recordCalls: true, transcriptRetentionDays: 0, redactCards: true, redactEmails: false },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A stored configuration (JSON text or object), each tab's known keys over the defaults; unknown keys are dropped. */
export function readAgentConfig(stored: unknown): AgentConfig {
  let value: unknown = stored;
  if (typeof stored === "string") {
    try {
      value = JSON.parse(stored);
    } catch {
      value = {};
    }
  }
  const source = isObject(value) ? value : {};
  const language = isObject(source.general) && source.general.language === "de" ? "de" : "en";
  const defaults = defaultAgentConfig(language);
  const config = structuredClone(defaults) as unknown as Record<AgentTab, Record<string, unknown>>;
  for (const tab of AGENT_TABS) {
    const stored = source[tab];
    if (!isObject(stored)) continue;
    for (const key of Object.keys(config[tab])) {
      const fallback = config[tab][key];
      const candidate = stored[key];
      if (candidate === undefined || candidate === null) continue;
      if (Array.isArray(fallback) ? Array.isArray(candidate) : typeof candidate === typeof fallback) config[tab][key] = candidate;
    }
  }
  return config as unknown as AgentConfig;
}

/** The stored form of a configuration: keys in the tabs' order, so equal configurations are equal strings. */
export const writeAgentConfig = (config: AgentConfig) => JSON.stringify(readAgentConfig(config));

/** The status the list shows: disabled by a super admin wins; else published once a version exists. */
export function agentStatus(agent: { published_version: number | null; disabled_at: string | null }): AgentStatus {
  if (agent.disabled_at) return "disabled";
  return agent.published_version === null ? "draft" : "published";
}

/** "word = say as" lines, as the speech tab's text area shows them. */
export const pronunciationsToText = (entries: AgentConfig["speech"]["pronunciations"]) => entries.map(({ word, sayAs }) => `${word} = ${sayAs}`).join("\n");

/** A pronunciation line: "word = say as". */
export const PRONUNCIATION = /^(.+?)\s*=\s*(.+)$/;

/** The 1-based number of the first line that is not "word = say as" (or is too long); 0 when all are. */
export function firstBadPronunciation(lines: string[]) {
  return lines.findIndex((line) => !PRONUNCIATION.test(line) || line.length > AGENT_LIMITS.pronunciationMax) + 1;
}

/** Non-empty lines, trimmed. */
export const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export { AGENT_LIMITS };
