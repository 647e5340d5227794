import type { CardErrorCode } from "./card-errors";

/**
 * Stripe's documented test cards (https://docs.stripe.com/testing), the only
 * numbers the built-in test-mode provider accepts, each with the outcome
 * Stripe gives it. `token` is Stripe's test PaymentMethod for the card: the
 * test provider stores it in place of the number, as Stripe stores a
 * PaymentMethod id, so what a card does later is known without its number.
 *
 * `attach`: the card is refused when it is added. `charge`: the card is
 * saved, and every payment with it fails so.
 */
export interface TestCard {
  number: string;
  brand: string;
  token: string;
  attach?: CardErrorCode;
  charge?: CardErrorCode;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: "4242424242424242", brand: "visa", token: "pm_card_visa" },
  { number: "4000056655665556", brand: "visa", token: "pm_card_visa_debit" },
  { number: "5555555555554444", brand: "mastercard", token: "pm_card_mastercard" },
  { number: "378282246310005", brand: "amex", token: "pm_card_amex" },
  { number: "4000000000000002", brand: "visa", token: "pm_card_visa_chargeDeclined", attach: "card_declined" },
  { number: "4000000000009995", brand: "visa", token: "pm_card_visa_chargeDeclinedInsufficientFunds", attach: "insufficient_funds" },
  { number: "4000000000000069", brand: "visa", token: "pm_card_visa_chargeDeclinedExpiredCard", attach: "expired_card" },
  { number: "4000000000000127", brand: "visa", token: "pm_card_visa_chargeDeclinedIncorrectCvc", attach: "incorrect_cvc" },
  { number: "4000000000000119", brand: "visa", token: "pm_card_visa_chargeDeclinedProcessingError", attach: "processing_error" },
  { number: "4000000000000341", brand: "visa", token: "pm_card_chargeCustomerFail", charge: "card_declined" },
  { number: "4000002760003184", brand: "visa", token: "pm_card_authenticationRequired", charge: "authentication_required" },
];

/** 4242 4242 4242 4241: Stripe's number that fails the Luhn check. */
export const INCORRECT_NUMBER_CARD = "4242424242424241";

/**
 * Amounts that make the test-mode provider answer as the network or Stripe's
 * rate limiter would, so those messages can be seen too (README, "Test
 * mode"). Any card; nothing is charged.
 */
export const TEST_TRIGGER_AMOUNTS: Readonly<Record<number, CardErrorCode>> = {
  42_900: "rate_limited",
  50_300: "network_error",
};

export function digitsOf(cardNumber: string) {
  return cardNumber.replace(/[\s-]/g, "");
}

export function findTestCard(cardNumber: string) {
  return TEST_CARDS.find((card) => card.number === digitsOf(cardNumber));
}

export function findTestCardByToken(token: string) {
  return TEST_CARDS.find((card) => card.token === token);
}
