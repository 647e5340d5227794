import Stripe from "stripe";
import { PaymentError, type CardErrorCode } from "./card-errors";
import type { CardDetails, ChargeOutcome, ChargeRequest, CustomerIdentity, PaymentProvider, SavedCard } from "./payment-provider";

/**
 * The Stripe implementation of PaymentProvider (docs/decisions/0022-billing.md).
 * Cards are added on Stripe's hosted Checkout page in setup mode, so card
 * numbers never reach our server; charges are off-session PaymentIntents
 * keyed by our charge id, so a repeat gets Stripe's first answer.
 */
export interface StripeProviderConfig {
  secretKey: string;
  webhookSecret: string | null;
  /** Another API base such as a local stub (tests); null for api.stripe.com. */
  apiUrl: string | null;
}

export class StripePaymentProvider implements PaymentProvider {
  readonly kind = "stripe";
  readonly cardEntry = "redirect";
  /** For the webhook route (stripe-webhooks.server.ts); null when not configured. */
  readonly webhookSecret: string | null;
  private readonly stripe: Stripe;

  constructor(config: StripeProviderConfig) {
    this.webhookSecret = config.webhookSecret;
    this.stripe = new Stripe(config.secretKey, {
      ...endpointOf(config.apiUrl),
      // One retry, under the same idempotency key (every POST carries one), covers
      // a 409 from two concurrent requests with one key and a passing 5xx without
      // ever charging twice; more would keep a page waiting.
      maxNetworkRetries: 1,
      timeout: 20_000,
    });
  }

  async createCustomer(identity: CustomerIdentity): Promise<string> {
    const customer = await call(() =>
      this.stripe.customers.create(
        { name: identity.name, email: identity.email || undefined, metadata: { tenant_id: identity.tenantId } },
        // Two first uses at once (two tabs) make one customer, not two.
        { idempotencyKey: `voxboard-customer-${identity.tenantId}` },
      ),
    );
    return customer.id;
  }

  async attachCard(_customerRef: string, _card: CardDetails): Promise<SavedCard> {
    throw new Error("Stripe takes cards on its hosted setup page (startCardSetup); card numbers must never be sent to this server.");
  }

  async startCardSetup(customerRef: string, urls: { returnUrl: string; cancelUrl: string }): Promise<{ url: string }> {
    const session = await call(() =>
      this.stripe.checkout.sessions.create({
        mode: "setup",
        customer: customerRef,
        // Cards only: a saved method must have a brand, last 4 and expiry to show.
        allowed_payment_method_types: ["card"],
        success_url: urls.returnUrl,
        cancel_url: urls.cancelUrl,
      }),
    );
    if (!session.url) throw new PaymentError("unknown", "Stripe returned a setup session without a URL");
    return { url: session.url };
  }

  async finishCardSetup(customerRef: string, setupSessionRef: string): Promise<SavedCard> {
    const session = await call(() => this.stripe.checkout.sessions.retrieve(setupSessionRef, { expand: ["setup_intent.payment_method"] }));
    // The session id comes back in a URL anyone can edit: never save another customer's card.
    if (session.mode !== "setup" || idOf(session.customer) !== customerRef) {
      throw new PaymentError("invalid_request", "The setup session belongs to another customer");
    }
    const setupIntent = session.setup_intent;
    if (!setupIntent || typeof setupIntent === "string") throw new PaymentError("save_failed", "The setup session has no setup intent");
    if (setupIntent.status !== "succeeded") {
      const error = setupIntent.last_setup_error;
      throw new PaymentError(error ? stripeCodeToCardError(error.code, error.decline_code) : "save_failed", "The card was not saved");
    }
    const method = setupIntent.payment_method;
    if (!method || typeof method === "string" || !method.card) throw new PaymentError("save_failed", "The saved payment method is not a card");
    const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
    return { providerRef: method.id, brand, last4, expMonth, expYear };
  }

  async detachCard(paymentMethodRef: string): Promise<void> {
    await call(() => this.stripe.paymentMethods.detach(paymentMethodRef));
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          customer: request.customerRef,
          payment_method: request.paymentMethodRef,
          off_session: true,
          confirm: true,
          description: request.description,
          // findCharge looks the payment up by this when the answer was lost.
          metadata: { charge_id: request.idempotencyKey },
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      // A refusal is an answer about the card, not a failure to ask.
      if (error instanceof Stripe.errors.StripeCardError) {
        return { status: "failed", code: stripeCodeToCardError(error.code, error.decline_code), providerRef: error.payment_intent?.id ?? null };
      }
      throw toPaymentError(error);
    }
    return settledOutcome(intent);
  }

  /**
   * Stripe's search index lags writes by up to about a minute, so an answer
   * of null right after a charge is not proof that none was made; callers ask
   * again later (as they do after a network_error) before giving up on it.
   */
  async findCharge(idempotencyKey: string): Promise<ChargeOutcome | null> {
    const query = `metadata['charge_id']:'${escapeSearchValue(idempotencyKey)}'`;
    const result = await call(() => this.stripe.paymentIntents.search({ query, limit: 10 }));
    if (result.data.length === 0) return null;
    // Normally one intent per key. More only when a key was reused after Stripe forgot
    // it (24 h); then money moved if any one succeeded, else the newest tells.
    const intent = result.data.find((candidate) => candidate.status === "succeeded") ?? [...result.data].sort((a, b) => b.created - a.created)[0]!;
    return settledOutcome(intent);
  }
}

/**
 * Our catalogue code for Stripe's error `code` and issuer `decline_code`
 * (https://docs.stripe.com/declines/codes). The specific decline reason wins
 * over the generic code; a decline we have no words for is card_declined and
 * any other refusal payment_failed.
 */
export function stripeCodeToCardError(code: string | null | undefined, declineCode: string | null | undefined): CardErrorCode {
  const specific = SPECIFIC_CODES.get(declineCode ?? "") ?? SPECIFIC_CODES.get(code ?? "");
  if (specific) return specific;
  if (code === "card_declined") return "card_declined";
  return "payment_failed";
}

const SPECIFIC_CODES: ReadonlyMap<string, CardErrorCode> = new Map([
  ["insufficient_funds", "insufficient_funds"],
  ["expired_card", "expired_card"],
  ["incorrect_cvc", "incorrect_cvc"],
  ["invalid_cvc", "incorrect_cvc"],
  ["incorrect_number", "incorrect_number"],
  ["invalid_number", "incorrect_number"],
  ["processing_error", "processing_error"],
  ["authentication_required", "authentication_required"],
  ["payment_intent_authentication_failure", "authentication_required"],
  ["generic_decline", "card_declined"],
]);

export type SubscriptionState = "active" | "grace" | "cancelled" | "lapsed";

/**
 * What a Stripe subscription means for the tenant's plan. "cancelled" is a
 * subscription that runs to the end of the paid period; once that end has
 * passed (`now`) it is "lapsed" even before Stripe's own status says so.
 * Payment trouble (past_due, unpaid, a first payment still being completed)
 * is "grace"; so is a status Stripe adds later, rather than cutting a paying
 * tenant off on a word we do not know.
 */
export function subscriptionStateFromStripe(
  sub: { status: string; cancel_at_period_end: boolean; current_period_end?: number },
  now: number = Date.now(),
): SubscriptionState {
  switch (sub.status) {
    case "canceled":
    case "incomplete_expired":
    case "paused":
      return "lapsed";
    case "past_due":
    case "unpaid":
    case "incomplete":
      return "grace";
    case "active":
    case "trialing":
      if (!sub.cancel_at_period_end) return "active";
      return sub.current_period_end !== undefined && sub.current_period_end * 1000 <= now ? "lapsed" : "cancelled";
    default:
      return "grace";
  }
}

/**
 * A PaymentIntent's outcome. A card left needing the customer (requires_action)
 * cannot be completed off-session: authentication_required. An intent still
 * `processing` (or authorised but not captured, which we never ask for) has no
 * outcome yet: that is thrown as network_error, one of OUTCOME_UNKNOWN_CODES,
 * so the charge stays pending until the webhook or a later findCharge settles it.
 */
export function settledOutcome(intent: Stripe.PaymentIntent): ChargeOutcome {
  switch (intent.status) {
    case "succeeded":
      return { status: "succeeded", providerRef: intent.id };
    case "requires_action":
      return { status: "failed", code: "authentication_required", providerRef: intent.id };
    case "requires_payment_method":
    case "requires_confirmation":
    case "canceled":
      return { status: "failed", code: intentFailureCode(intent), providerRef: intent.id };
    default:
      throw new PaymentError("network_error", `The payment is still ${intent.status} at Stripe`, intent.id);
  }
}

export function intentFailureCode(intent: Stripe.PaymentIntent): CardErrorCode {
  const error = intent.last_payment_error;
  return error ? stripeCodeToCardError(error.code, error.decline_code) : "payment_failed";
}

/** Runs one Stripe request, turning the SDK's errors into PaymentError. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toPaymentError(error);
  }
}

/**
 * Could not connect at all: connection_error (nothing reached Stripe). Lost
 * after sending (reset, timeout, a cut-off answer) or a 5xx from Stripe:
 * network_error, since Stripe may have acted on it. Both leave a charge
 * pending (OUTCOME_UNKNOWN_CODES).
 */
export function toPaymentError(error: unknown): PaymentError {
  if (error instanceof PaymentError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) return new PaymentError("unknown", error instanceof Error ? error.message : String(error));
  const providerRef = error.payment_intent?.id ?? null;
  if (error instanceof Stripe.errors.StripeCardError)
    return new PaymentError(stripeCodeToCardError(error.code, error.decline_code), error.message, providerRef);
  if (error instanceof Stripe.errors.StripeRateLimitError) return new PaymentError("rate_limited", error.message);
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new PaymentError(neverSent(error.detail) ? "connection_error" : "network_error", error.message);
  }
  if (error instanceof Stripe.errors.StripeAPIError) return new PaymentError("network_error", error.message, providerRef);
  if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeIdempotencyError) {
    return new PaymentError("invalid_request", error.message, providerRef);
  }
  return new PaymentError("unknown", error.message, providerRef);
}

/** Socket errors that happen before a request is written. */
const NOT_CONNECTED_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "EADDRNOTAVAIL"]);

function neverSent(detail: unknown) {
  const code = detail && typeof detail === "object" && "code" in detail ? detail.code : undefined;
  return typeof code === "string" && NOT_CONNECTED_CODES.has(code);
}

function idOf(ref: string | { id: string } | null) {
  return typeof ref === "string" ? ref : (ref?.id ?? null);
}

/** Stripe's search syntax: a value in single quotes, a quote in it escaped with a backslash. */
function escapeSearchValue(value: string) {
  return value.replace(/[\\']/g, (character) => `\\${character}`);
}

function endpointOf(apiUrl: string | null): { host?: string; port?: number; protocol?: "http" | "https" } {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname.replace(/^\[(.*)\]$/, "$1"), port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443, protocol };
}
