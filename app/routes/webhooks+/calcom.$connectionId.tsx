import type { ActionFunctionArgs } from "@remix-run/node";
import { getConnectionById, webhookSecretOf } from "~/features/calcom/connections.server";
import { applyCalcomDelivery } from "~/features/calcom/webhooks.server";
import { CALCOM_SIGNATURE_HEADER, parseCalcomWebhook, verifyCalcomSignature } from "~/features/calcom/webhook-signature.server";
import { readTextBody } from "~/lib/http/text-body.server";
import { UnreadableSecret } from "~/lib/security/secrets.server";

const MAX_WEBHOOK_BYTES = 256 * 1024;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * POST /webhooks/calcom/<connection id>: Cal.com's booking changes for one
 * organization's connection. The signature (HMAC-SHA256 of the raw body with
 * the connection's secret) is checked before the body is read as JSON; an
 * unknown connection and a bad signature answer alike, so the URL reveals
 * nothing. Replays are answered 200 "duplicate" and change nothing.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "method_not_allowed" }, 405);
  const body = await readTextBody(request, MAX_WEBHOOK_BYTES);
  const connection = params.connectionId ? await getConnectionById(params.connectionId) : undefined;
  let secret: string | null = null;
  try {
    secret = connection ? webhookSecretOf(connection) : null;
  } catch (error) {
    if (!(error instanceof UnreadableSecret)) throw error;
  }
  if (!connection || !secret || !verifyCalcomSignature(body, request.headers.get(CALCOM_SIGNATURE_HEADER), secret))
    return json({ error: "invalid_signature" }, 401);
  const event = parseCalcomWebhook(body);
  if (!event) return json({ received: true, outcome: "ignored" });
  const outcome = await applyCalcomDelivery(connection, body, event);
  return json({ received: true, outcome });
}

export const loader = () => json({ error: "method_not_allowed" }, 405);
