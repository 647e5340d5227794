import { getEnv } from "~/config/env.server";
import type { PaymentProvider } from "./payment-provider";
import { StripePaymentProvider } from "./stripe-provider.server";
import { TestModePaymentProvider } from "./test-mode-provider.server";

let instance: PaymentProvider | undefined;

/** Stripe when STRIPE_SECRET_KEY is set, else the built-in test mode (every billing screen says so). */
export function getPaymentProvider(): PaymentProvider {
  if (instance) return instance;
  const stripe = getEnv().stripe;
  instance = stripe ? new StripePaymentProvider(stripe) : new TestModePaymentProvider();
  return instance;
}

/** Tests: the next getPaymentProvider() reads the environment again. */
export function resetPaymentProvider() {
  instance = undefined;
}
