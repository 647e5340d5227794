/**
 * The card-error catalogue (docs/product/errors.md#card-errors). Each code has a message and a
 * "what to do next" in the billing namespace (`cardErrors.<code>.message`,
 * `cardErrors.<code>.next`), shown at the form that caused it.
 */
export const CARD_ERROR_CODES = [
  "card_declined",
  "insufficient_funds",
  "expired_card",
  "incorrect_cvc",
  "incorrect_number",
  "processing_error",
  "network_error",
  "rate_limited",
  "invalid_request",
  "connection_error",
  "authentication_required",
  "payment_failed",
  "save_failed",
  "unknown",
] as const;

export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];

export function isCardErrorCode(value: unknown): value is CardErrorCode {
  return typeof value === "string" && (CARD_ERROR_CODES as readonly string[]).includes(value);
}

/** Failures after which the provider may still have charged: the charge stays pending until the provider is asked. */
export const OUTCOME_UNKNOWN_CODES: readonly CardErrorCode[] = ["network_error", "connection_error"];

/**
 * A payment provider's refusal or failure, with the catalogue's code. Thrown
 * by providers; the forms turn it into the message at the field.
 */
export class PaymentError extends Error {
  constructor(
    readonly code: CardErrorCode,
    message: string = code,
    /** The provider's id of the failed payment, when it made one. */
    readonly providerRef: string | null = null,
  ) {
    super(message);
    this.name = "PaymentError";
  }
}
