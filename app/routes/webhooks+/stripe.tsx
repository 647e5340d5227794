import type { ActionFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import { verifyStripeEvent, WebhookSignatureError } from "~/features/billing/payments/stripe-webhooks.server";
import { applyWebhookEvent } from "~/features/billing/payments/webhook-events.server";
import { readTextBody } from "~/lib/http/text-body.server";

/** Stripe's events are a few kilobytes; a body past this is not one of them. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * POST /webhooks/stripe: Stripe's events for this server (STRIPE_WEBHOOK_SECRET
 * is the endpoint's signing secret). The signature is checked over the raw
 * body before anything is read from it: a bad one is a 400 and changes
 * nothing. Replays and late events are answered 200 (so Stripe stops
 * retrying) and change nothing twice (webhook-events.server.ts).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "method_not_allowed" }, 405);
  const secret = getEnv().stripe?.webhookSecret;
  if (!secret) return json({ error: "not_configured", message: "Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET)." }, 404);
  const body = await readTextBody(request, MAX_WEBHOOK_BYTES);
  let event;
  try {
    event = verifyStripeEvent(body, request.headers.get("Stripe-Signature"), secret);
  } catch (error) {
    if (error instanceof WebhookSignatureError) return json({ error: "invalid_signature", message: error.message }, 400);
    return json({ error: "invalid_event" }, 400);
  }
  const outcome = await applyWebhookEvent(event);
  return json({ received: true, outcome });
}

export const loader = () => json({ error: "method_not_allowed" }, 405);
