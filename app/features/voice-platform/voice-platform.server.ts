import { getEnv } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { createHttpVoicePlatform } from "./http-platform.server";
import { createLoggingVoicePlatform } from "./logging-platform";
import { findAgentLink, openProviderAccount } from "./provider-accounts.server";
import { VoiceProviderError } from "./provider-http.server";
import { VoicePlatformError, type PlaceCallRequest, type VoicePlatform } from "./voice-platform";

type PlatformEnv = Pick<ReturnType<typeof getEnv>, "VOICE_PLATFORM_URL" | "VOICE_PLATFORM_API_KEY" | "VOICE_PLATFORM_TIMEOUT_MS">;

/** The server-wide platform: HTTP when VOICE_PLATFORM_URL is set, else the logging default. */
function serverPlatform(env: PlatformEnv): VoicePlatform {
  if (!env.VOICE_PLATFORM_URL) return createLoggingVoicePlatform();
  return createHttpVoicePlatform({ baseUrl: env.VOICE_PLATFORM_URL, apiKey: env.VOICE_PLATFORM_API_KEY, timeoutMs: env.VOICE_PLATFORM_TIMEOUT_MS });
}

const PROVIDER_LABEL = { vapi: "Vapi", retell: "Retell" } as const;

/**
 * The one place that picks the platform for a call: the tenant's own (Vapi or
 * Retell, connected on /ai-agent-manager/platform) when it has one, else the
 * server's. A tenant's platform dials with the agent pushed to it when the
 * agent was published; a campaign without an agent, or with one not pushed
 * yet, fails with a message saying so in the campaign's activity.
 */
export function createVoicePlatform(env: PlatformEnv = getEnv()): VoicePlatform {
  const fallback = serverPlatform(env);
  return {
    outcome: fallback.outcome,
    async placeCall(request: PlaceCallRequest) {
      const account = await openProviderAccount(request.tenantId);
      if (!account) return fallback.placeCall(request);
      const label = PROVIDER_LABEL[account.provider];
      if (!request.agentId) throw new VoicePlatformError(`${label} places calls with an agent: choose a published agent for this campaign`);
      const link = await findAgentLink(request.tenantId, request.agentId, account.provider, getDb());
      if (!link?.external_id) throw new VoicePlatformError(`The agent is not on ${label} yet: publish it (again) once ${label} is connected`);
      try {
        const callId = await account.client.placeCall({
          from: request.from,
          to: request.to,
          agent: { externalId: link.external_id, externalLlmId: link.external_llm_id },
          metadata: {
            voxboardAgentId: request.agentId,
            ...(request.agentVersion ? { voxboardAgentVersion: request.agentVersion } : {}),
            ...(request.campaignName ? { voxboardCampaignName: request.campaignName } : {}),
            voxboardCampaignId: request.campaignId,
            voxboardContactId: request.contactId,
            voxboardRunId: request.runId,
          },
        });
        return { callId, outcome: "placed" };
      } catch (error) {
        if (error instanceof VoiceProviderError) throw new VoicePlatformError(`${label}: ${error.detail}`);
        throw error;
      }
    },
  };
}

/** Whether the server's own platform really places calls; the campaign pages say so when it does not. */
export const isVoicePlatformConfigured = () => Boolean(getEnv().VOICE_PLATFORM_URL);

export type ActiveVoicePlatform = "vapi" | "retell" | "http" | "logging";

/** Which platform places this tenant's calls now, as the agent pages name it. */
export async function activeVoicePlatformName(tenantId: string): Promise<ActiveVoicePlatform> {
  const account = await getDb().selectFrom("voice_provider_accounts").select("provider").where("tenant_id", "=", tenantId).executeTakeFirst();
  return account?.provider ?? (isVoicePlatformConfigured() ? "http" : "logging");
}
