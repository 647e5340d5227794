import type { ActionFunctionArgs } from "@remix-run/node";
import { startAudioFetch } from "~/features/calls/audio-fetch.server";
import { receiveProviderWebhook } from "~/features/calls/provider-webhooks.server";
import { kickJobRunner } from "~/features/jobs/job-runner.server";
import { VOICE_PROVIDERS } from "~/features/voice-platform/provider-accounts.server";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * POST /webhooks/vapi/<key> and /webhooks/retell/<key>: a connected platform's
 * reports of this tenant's calls (app/features/calls/provider-webhooks.server.ts,
 * docs/decisions/0030-voice-providers.md). /webhooks/stripe and
 * /webhooks/calcom/<id> are routes of their own and rank before this one.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const provider = VOICE_PROVIDERS.find((name) => name === params.provider);
  if (!provider) return json({ error: "not_found" }, 404);
  if (request.method !== "POST") return json({ error: "method_not_allowed" }, 405);
  const outcome = await receiveProviderWebhook(provider, params.key ?? "", request);
  if ("error" in outcome)
    return json(outcome.error === "invalid_event" ? { error: outcome.error, details: outcome.details } : { error: outcome.error }, outcome.status);
  if ("ignored" in outcome) return json({ received: true, ignored: outcome.ignored });
  const { result } = outcome;
  if (result.outcome === "duplicate") return json({ received: true, duplicate: true, callId: result.callId });
  // The platform gets its answer now; the recording is fetched through the outbound guard on its own (calls/audio-fetch.server.ts).
  if (result.fetchAudio) startAudioFetch(result.callId);
  if (result.deliveriesQueued > 0) kickJobRunner();
  return json({ received: true, duplicate: false, callId: result.callId, status: result.status }, outcome.status);
}

export const loader = () => json({ error: "method_not_allowed" }, 405);
