/**
 * What Vapi's and Retell's mappings share (docs/decisions/0030-voice-providers.md):
 * the platform voice behind each voice of our catalogue, the metadata a
 * campaign call carries so that its report names the agent, version and
 * campaign, and money in whole cents.
 */

/**
 * Our catalogue's voices (app/features/knowledge/catalogue.ts) on the platforms:
 * Azure neural voices for Vapi (voice.provider "azure"), ElevenLabs voices as
 * Retell names them. A fixed map; a tenant who wants another voice sets it on
 * the platform after the push (the next publish sets it back).
 */
const PLATFORM_VOICES: Record<string, { azure: string; retell: string }> = {
  ava: { azure: "en-US-AvaNeural", retell: "11labs-Myra" },
  noah: { azure: "en-US-GuyNeural", retell: "11labs-Adrian" },
  mia: { azure: "en-US-JennyNeural", retell: "11labs-Dorothy" },
  liam: { azure: "en-US-DavisNeural", retell: "11labs-Anthony" },
  lena: { azure: "de-DE-KatjaNeural", retell: "11labs-Lily" },
  jonas: { azure: "de-DE-ConradNeural", retell: "11labs-Brian" },
};

export function platformVoice(voice: string) {
  return PLATFORM_VOICES[voice] ?? PLATFORM_VOICES.ava!;
}

/** Metadata a campaign call is placed with; the platform sends it back in its report. */
export interface ProviderCallMetadata {
  voxboardAgentId?: string;
  voxboardAgentVersion?: number;
  voxboardCampaignName?: string;
  voxboardCampaignId?: string;
  voxboardContactId?: string;
  voxboardRunId?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The agent, version and campaign from a report's metadata: the call's own first, then the assistant's (an inbound call has only that). */
export function readMetadata(...sources: unknown[]) {
  const result: { agentId?: string; agentVersion?: number; campaignName?: string } = {};
  for (const source of sources) {
    if (!isObject(source)) continue;
    if (result.agentId === undefined && typeof source.voxboardAgentId === "string" && source.voxboardAgentId) {
      result.agentId = source.voxboardAgentId;
      const version = source.voxboardAgentVersion;
      if (typeof version === "number" && Number.isInteger(version) && version >= 1) result.agentVersion = version;
    }
    if (result.campaignName === undefined && typeof source.voxboardCampaignName === "string" && source.voxboardCampaignName.trim()) {
      result.campaignName = source.voxboardCampaignName.trim().slice(0, 200);
    }
  }
  return result;
}

/** A platform's fractional cents as our whole minor units. */
export const centsOf = (cents: number) => Math.max(0, Math.round(cents));
