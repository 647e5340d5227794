import type { PlaceCallRequest, VoicePlatform } from "./voice-platform";
import { VoicePlatformError } from "./voice-platform";

export interface HttpVoicePlatformOptions {
  /** Base URL; calls go to <baseUrl>/calls. */
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** The longest platform message kept in the activity log. */
const MAX_MESSAGE_LENGTH = 300;

const clip = (text: string) => (text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : text);

/** The platform's own words when it sends JSON with an error message, else the start of its body. */
function messageFrom(body: string) {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    const error = parsed.error;
    if (typeof error === "string") return error;
    if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") return (error as { message: string }).message;
    if (typeof parsed.message === "string") return parsed.message;
  } catch {
    // Not JSON: the text itself.
  }
  return body.trim();
}

/**
 * A voice platform reached over HTTP: POST <VOICE_PLATFORM_URL>/calls with a
 * JSON body and `Authorization: Bearer <VOICE_PLATFORM_API_KEY>`; a 2xx answer
 * with `{ "callId": "…" }` (or `{ "id": "…" }`) means the call is placed. Any
 * other status, a body without an id, a network error or no answer within
 * VOICE_PLATFORM_TIMEOUT_MS is a VoicePlatformError with a message for the
 * activity log. The Idempotency-Key lets a platform that supports it ignore a
 * repeated request for the same contact in the same run.
 */
export function createHttpVoicePlatform({ baseUrl, apiKey, timeoutMs, fetch: fetchImpl = fetch }: HttpVoicePlatformOptions): VoicePlatform {
  const endpoint = `${baseUrl.replace(/\/+$/, "")}/calls`;
  return {
    outcome: "placed",
    async placeCall(request: PlaceCallRequest) {
      const headers: Record<string, string> = {
        "Content-Type": "application/json",
        Accept: "application/json",
        "Idempotency-Key": `${request.runId}:${request.contactId}`,
      };
      if (apiKey) headers.Authorization = `Bearer ${apiKey}`;
      let response: Response;
      let body: string;
      try {
        response = await fetchImpl(endpoint, {
          method: "POST",
          headers,
          body: JSON.stringify({
            to: request.to,
            from: request.from,
            campaignId: request.campaignId,
            contactId: request.contactId,
            knowledgeBaseId: request.knowledgeBaseId,
            agentId: request.agentId ?? null,
            agentVersion: request.agentVersion ?? null,
            runId: request.runId,
          }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
        });
        body = await response.text();
      } catch (error) {
        if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
          throw new VoicePlatformError(`No answer from the voice platform within ${timeoutMs} ms`);
        }
        const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
        throw new VoicePlatformError(clip(`Voice platform unreachable${cause || (error instanceof Error ? `: ${error.message}` : "")}`));
      }
      if (!response.ok) {
        const message = messageFrom(body);
        throw new VoicePlatformError(clip(`Voice platform answered ${response.status}${message ? `: ${message}` : ""}`));
      }
      let callId: unknown;
      try {
        const parsed = JSON.parse(body) as { callId?: unknown; id?: unknown };
        callId = parsed.callId ?? parsed.id;
      } catch {
        callId = undefined;
      }
      if (typeof callId !== "string" && typeof callId !== "number") throw new VoicePlatformError("Voice platform answered without a call id");
      return { callId: String(callId) };
    },
  };
}
