/**
 * The fixed choices and limits of an agent's configuration
 * (docs/product/agents.md#configuration), without zod, so the editor's page
 * can import them. The schemas in schemas.ts enforce them on the server.
 */

export const AGENT_TABS = ["general", "context", "appearance", "personality", "speech", "privacy"] as const;
export type AgentTab = (typeof AGENT_TABS)[number];
export const isAgentTab = (value: unknown): value is AgentTab => typeof value === "string" && (AGENT_TABS as readonly string[]).includes(value);

/** The editor's other views: the version history (with its diff) and the text test. */
export const AGENT_VIEWS = [...AGENT_TABS, "versions", "test"] as const;
export type AgentView = (typeof AGENT_VIEWS)[number];
export const isAgentView = (value: unknown): value is AgentView => typeof value === "string" && (AGENT_VIEWS as readonly string[]).includes(value);

export const AGENT_LANGUAGES = ["en", "de"] as const;
export const FIRST_SPEAKERS = ["agent", "caller"] as const;
export const VOICEMAIL_ACTIONS = ["hang-up", "leave-message"] as const;
export const TRANSFER_KINDS = ["warm", "cold"] as const;
export const TONES = ["friendly", "professional", "calm", "energetic"] as const;
export const LEVELS = ["low", "medium", "high"] as const;
export const AVATARS = ["headset", "wave", "spark", "leaf", "star"] as const;
export const WIDGET_POSITIONS = ["bottom-right", "bottom-left"] as const;

export const AGENT_LIMITS = {
  nameMax: 80,
  firstMessageMax: 500,
  voicemailMessageMax: 500,
  maxDurationMin: 1,
  maxDurationMax: 120,
  endCallPhrasesMax: 10,
  phraseMax: 100,
  instructionsMax: 20_000,
  knowledgeBasesMax: 5,
  temperatureMin: 0,
  temperatureMax: 1,
  speedMin: 0.5,
  speedMax: 2,
  silenceMin: 3,
  silenceMax: 120,
  pronunciationsMax: 50,
  pronunciationMax: 100,
  retentionMaxDays: 3650,
  /** Turns kept in a text test; the oldest go first. */
  testTurnsMax: 20,
  testMessageMax: 1_000,
  disableReasonMax: 500,
  templateDescriptionMax: 300,
} as const;

export type AgentStatus = "draft" | "published" | "disabled";

/** The voice platforms a tenant may connect on /ai-agent-manager/platform (app/features/voice-platform/provider-accounts.server.ts). */
export const PLATFORM_CHOICES = ["vapi", "retell"] as const;
