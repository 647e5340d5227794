import { timingSafeEqual } from "node:crypto";
import type { VoiceProviderName } from "~/db/schema";
import { findAccountByWebhookKey } from "~/features/voice-platform/provider-accounts.server";
import { readRetellWebhook, verifyRetellSignature } from "~/features/voice-platform/retell";
import { readVapiReport } from "~/features/voice-platform/vapi";
import { readTextBody } from "~/lib/http/text-body.server";
import { CallEventSchema, describeEventProblems } from "./call-event-schema";
import { MAX_EVENT_BYTES } from "./event-request.server";
import { ingestCallEvent, type IngestResult } from "./ingest.server";

/**
 * A connected platform's report of a call (docs/decisions/0030-voice-providers.md):
 * POST /webhooks/vapi/<key> with Vapi's end-of-call report, or
 * /webhooks/retell/<key> with Retell's call_started, call_ended and
 * call_analyzed. The URL's key names the tenant; Vapi proves itself with the
 * secret we gave its assistant (X-Vapi-Secret), Retell by signing the body
 * with the tenant's API key (x-retell-signature, at most five minutes old, so
 * a replay later is refused). Unknown key or bad proof: 401, logged, nothing
 * read. The report then goes through the call-events contract and its
 * idempotent ingestion: a report sent twice is one call.
 */
export type ProviderWebhookOutcome =
  | { status: 401; error: "unknown_webhook" | "invalid_signature" }
  | { status: 400; error: "invalid_event"; details: Array<{ path: string; message: string }> }
  | { status: 200; ignored: string }
  | { status: 200 | 201; result: IngestResult };

const sameSecret = (given: string | null, expected: string) => {
  const a = Buffer.from(given ?? "");
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export async function receiveProviderWebhook(provider: VoiceProviderName, webhookKey: string, request: Request): Promise<ProviderWebhookOutcome> {
  const body = await readTextBody(request, MAX_EVENT_BYTES);
  const account = await findAccountByWebhookKey(provider, webhookKey);
  if (!account) {
    console.warn(`${provider} webhook refused: no tenant has this webhook URL`);
    return { status: 401, error: "unknown_webhook" };
  }
  const genuine =
    provider === "vapi"
      ? sameSecret(request.headers.get("X-Vapi-Secret"), account.webhookSecret)
      : verifyRetellSignature(body, account.apiKey, request.headers.get("x-retell-signature"));
  if (!genuine) {
    console.warn(
      `${provider} webhook refused for tenant ${account.tenantId}: ${provider === "vapi" ? "wrong X-Vapi-Secret" : "bad or stale x-retell-signature"}`,
    );
    return { status: 401, error: "invalid_signature" };
  }
  let parsedBody: unknown;
  try {
    parsedBody = JSON.parse(body);
  } catch {
    return { status: 400, error: "invalid_event", details: [{ path: "(body)", message: "must be JSON" }] };
  }
  const reading = provider === "vapi" ? readVapiReport(parsedBody) : readRetellWebhook(parsedBody);
  if (!reading.ok) return { status: 200, ignored: reading.ignored };
  const event = CallEventSchema.safeParse(reading.event);
  if (!event.success) {
    const details = describeEventProblems(event.error);
    console.warn(`${provider} report for tenant ${account.tenantId} not accepted: ${details.map((d) => `${d.path} ${d.message}`).join("; ")}`);
    return { status: 400, error: "invalid_event", details };
  }
  const result = await ingestCallEvent({ tenantId: account.tenantId, event: event.data });
  return { status: result.outcome === "created" ? 201 : 200, result };
}
