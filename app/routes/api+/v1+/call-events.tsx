import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, handleApiRequest, methodNotAllowed, requireApiTenant } from "~/features/api-keys/api-request.server";
import { startAudioFetch } from "~/features/calls/audio-fetch.server";
import { CallEventSchema, describeEventProblems } from "~/features/calls/call-event-schema";
import { readCallEventRequest } from "~/features/calls/event-request.server";
import { ingestCallEvent } from "~/features/calls/ingest.server";
import { kickJobRunner } from "~/features/jobs/job-runner.server";

/**
 * POST /api/v1/call-events: where voice platforms report calls
 * (docs/api/call-events.md). 201 when the event created a call, 200 when it
 * updated one, 200 with `duplicate: true` for an event id seen before.
 */
export function action({ request }: ActionFunctionArgs) {
  return handleApiRequest(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const { tenantId } = await requireApiTenant(request, "calls:write");
    const { event, audio, problems } = await readCallEventRequest(request);
    const parsed = event === undefined ? null : CallEventSchema.safeParse(event);
    const eventProblems = parsed && !parsed.success ? describeEventProblems(parsed.error) : [];
    const details = [...problems, ...eventProblems];
    if (!parsed?.success || details.length > 0) {
      return apiError(
        400,
        "invalid_event",
        `The event was not accepted: ${details.length === 1 ? "1 problem" : `${details.length} problems`}. Nothing was saved.`,
        { details },
      );
    }

    const result = await ingestCallEvent({ tenantId, event: parsed.data, audio });
    if (result.outcome === "duplicate") {
      return apiJson({ duplicate: true, callId: result.callId, platformCallId: result.platformCallId, status: result.status });
    }
    // The platform gets its answer now; the download runs on its own (and the minute sweep catches what it misses).
    if (result.fetchAudio) startAudioFetch(result.callId);
    if (result.deliveriesQueued > 0) kickJobRunner();
    return apiJson(
      { duplicate: false, callId: result.callId, platformCallId: result.platformCallId, status: result.status, audioStatus: result.audioStatus },
      result.outcome === "created" ? 201 : 200,
    );
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
