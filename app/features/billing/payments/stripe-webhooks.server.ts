import Stripe from "stripe";
import type { ChargeOutcome } from "./payment-provider";
import { intentFailureCode, subscriptionStateFromStripe, type SubscriptionState } from "./stripe-provider.server";

/**
 * Stripe's webhooks, reduced to the few facts billing acts on. Verified
 * against the endpoint's signing secret first: the body is attacker-supplied
 * until its signature says otherwise.
 */
interface EventBase {
  eventId: string;
  /** When Stripe made the event (ISO): events can arrive late and out of order. */
  occurredAt: string;
}

export type StripeWebhookEvent =
  | (EventBase & { kind: "charge-settled"; chargeId: string; outcome: ChargeOutcome })
  | (EventBase & { kind: "card-setup-completed"; customerRef: string; setupSessionRef: string })
  | (EventBase & { kind: "subscription-changed"; providerRef: string; customerRef: string; state: SubscriptionState })
  /** A payment of ours returned in full (the provider's payment reference, our charges.provider_ref). */
  | (EventBase & { kind: "charge-refunded"; providerRef: string })
  | (EventBase & { kind: "ignored"; type: string });

/** A missing or wrong Stripe-Signature, or a body changed after signing: answer 400. */
export class WebhookSignatureError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "WebhookSignatureError";
  }
}

export function verifyStripeEvent(rawBody: string, signatureHeader: string | null, secret: string): StripeWebhookEvent {
  if (!signatureHeader) throw new WebhookSignatureError("The request has no Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(error.message, { cause: error });
    throw error;
  }
  return normalizeStripeEvent(event);
}

export function normalizeStripeEvent(event: Stripe.Event): StripeWebhookEvent {
  const base: EventBase = { eventId: event.id, occurredAt: new Date(event.created * 1000).toISOString() };
  const ignored: StripeWebhookEvent = { ...base, kind: "ignored", type: event.type };
  switch (event.type) {
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      // Payments we did not start (no charge id of ours) are not ours to settle.
      const chargeId = intent.metadata?.charge_id;
      if (!chargeId) return ignored;
      const outcome: ChargeOutcome =
        event.type === "payment_intent.succeeded"
          ? { status: "succeeded", providerRef: intent.id }
          : { status: "failed", code: intentFailureCode(intent), providerRef: intent.id };
      return { ...base, kind: "charge-settled", chargeId, outcome };
    }
    case "checkout.session.completed": {
      const session = event.data.object;
      const customerRef = idOf(session.customer);
      if (session.mode !== "setup" || !customerRef) return ignored;
      return { ...base, kind: "card-setup-completed", customerRef, setupSessionRef: session.id };
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      // The period end moved to the items in API 2025-03-31; older payloads have it at the top.
      const legacy = subscription as { current_period_end?: number };
      const periodEnd = subscription.items?.data[0]?.current_period_end ?? legacy.current_period_end;
      const state = subscriptionStateFromStripe({
        status: subscription.status,
        cancel_at_period_end: subscription.cancel_at_period_end,
        current_period_end: periodEnd,
      });
      return { ...base, kind: "subscription-changed", providerRef: subscription.id, customerRef: idOf(subscription.customer)!, state };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      // A partial refund leaves the invoice standing (docs/decisions/0054-affiliate-commissions-and-hold.md): only a full one is acted on.
      const intentRef = idOf(charge.payment_intent);
      if (!charge.refunded || !intentRef) return ignored;
      return { ...base, kind: "charge-refunded", providerRef: intentRef };
    }
    default:
      return ignored;
  }
}

function idOf(ref: string | { id: string } | null) {
  return typeof ref === "string" ? ref : (ref?.id ?? null);
}
