import { getEnv } from "~/config/env.server";
import { createHttpVoicePlatform } from "./http-platform.server";
import { createLoggingVoicePlatform } from "./logging-platform";
import type { VoicePlatform } from "./voice-platform";

/** The one place that picks the platform: HTTP when VOICE_PLATFORM_URL is set, else the logging default. */
export function createVoicePlatform(
  env: Pick<ReturnType<typeof getEnv>, "VOICE_PLATFORM_URL" | "VOICE_PLATFORM_API_KEY" | "VOICE_PLATFORM_TIMEOUT_MS"> = getEnv(),
): VoicePlatform {
  if (!env.VOICE_PLATFORM_URL) return createLoggingVoicePlatform();
  return createHttpVoicePlatform({ baseUrl: env.VOICE_PLATFORM_URL, apiKey: env.VOICE_PLATFORM_API_KEY, timeoutMs: env.VOICE_PLATFORM_TIMEOUT_MS });
}

/** Whether calls are really placed; the campaign pages say so when they are not. */
export const isVoicePlatformConfigured = () => Boolean(getEnv().VOICE_PLATFORM_URL);

/** Which platform places calls now, as the agent pages name it: "http" (VOICE_PLATFORM_URL) or the logging default. */
export const activeVoicePlatformName = (): "http" | "logging" => (isVoicePlatformConfigured() ? "http" : "logging");
