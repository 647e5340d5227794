import { pronunciationsToText, type AgentConfig } from "../agent-config";
import type { AgentTab } from "../agent-rules";

/** A tab's stored values as its form's fields: text for inputs, "on" for a ticked box, lines for lists. */
export type TabFormValues = Record<string, string | string[] | undefined>;

const box = (value: boolean) => (value ? "on" : undefined);

export function tabFormDefaults(config: AgentConfig, tab: AgentTab): TabFormValues {
  switch (tab) {
    case "general": {
      const g = config.general;
      return { ...g, maxDurationMinutes: String(g.maxDurationMinutes), endCallPhrases: g.endCallPhrases.join("\n") };
    }
    case "context": {
      const c = config.context;
      return {
        instructions: c.instructions,
        knowledgeBaseIds: c.knowledgeBaseIds,
        transferEnabled: box(c.transferEnabled),
        transferNumber: c.transferNumber,
        transferKind: c.transferKind,
        endCallEnabled: box(c.endCallEnabled),
        bookingEnabled: box(c.bookingEnabled),
        bookingEventTypeId: c.bookingEventTypeId,
        crmEnabled: box(c.crmEnabled),
        crmIntegrationId: c.crmIntegrationId,
      };
    }
    case "appearance":
      return { ...config.appearance };
    case "personality": {
      const p = config.personality;
      return { tone: p.tone, temperature: String(p.temperature), backchannel: box(p.backchannel), backchannelFrequency: p.backchannelFrequency };
    }
    case "speech": {
      const s = config.speech;
      return {
        voice: s.voice,
        speed: String(s.speed),
        interruptionSensitivity: s.interruptionSensitivity,
        silenceTimeoutSeconds: String(s.silenceTimeoutSeconds),
        pronunciations: pronunciationsToText(s.pronunciations),
      };
    }
    case "privacy": {
      const p = config.privacy;
      return {
        recordCalls: box(p.recordCalls),
        transcriptRetentionDays: String(p.transcriptRetentionDays),
        redactCards: box(p.redactCards),
        redactEmails: box(p.redactEmails),
      };
    }
  }
}
