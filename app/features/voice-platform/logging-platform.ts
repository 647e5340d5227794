import type { VoicePlatform } from "./voice-platform";

/**
 * The default when no VOICE_PLATFORM_URL is set: nothing is dialled. Each
 * call the campaign would place is recorded by the runner as a "logged"
 * activity entry, which the campaign page labels "Would call (logged)".
 */
export function createLoggingVoicePlatform(): VoicePlatform {
  return {
    outcome: "logged",
    placeCall: () => Promise.resolve({ callId: `logged-${crypto.randomUUID()}` }),
  };
}
