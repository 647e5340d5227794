import type { CardErrorCode } from "./card-errors";

/**
 * What billing needs from a payment provider (docs/decisions/0022-billing.md).
 * Two real implementations: the built-in test mode (the default, no money
 * moves) and Stripe. Failures are thrown as PaymentError with a code of the
 * card-error catalogue.
 */
export interface SavedCard {
  providerRef: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface ChargeRequest {
  customerRef: string;
  paymentMethodRef: string;
  amountCents: number;
  currency: string;
  /** Our charge id: the provider answers a repeat with the first answer instead of charging again. */
  idempotencyKey: string;
  description: string;
}

export type ChargeOutcome = { status: "succeeded"; providerRef: string } | { status: "failed"; code: CardErrorCode; providerRef: string | null };

export interface CustomerIdentity {
  tenantId: string;
  name: string;
  email: string;
}

export interface PaymentProvider {
  readonly kind: "test" | "stripe";
  /** The provider's customer for a tenant, made once. */
  createCustomer(identity: CustomerIdentity): Promise<string>;
  /**
   * How a card is added: "form" (the test provider reads our own card form)
   * or "redirect" (Stripe's hosted setup page; the return comes to `returnUrl`
   * with `{CHECKOUT_SESSION_ID}` filled in).
   */
  readonly cardEntry: "form" | "redirect";
  attachCard(customerRef: string, card: CardDetails): Promise<SavedCard>;
  startCardSetup(customerRef: string, urls: { returnUrl: string; cancelUrl: string }): Promise<{ url: string }>;
  finishCardSetup(customerRef: string, setupSessionRef: string): Promise<SavedCard>;
  detachCard(paymentMethodRef: string): Promise<void>;
  /** Charges a saved card off-session. A refusal is an outcome; a failure to ask is thrown. */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** What became of a charge made under this idempotency key; null when the provider never made one. */
  findCharge(idempotencyKey: string): Promise<ChargeOutcome | null>;
}
