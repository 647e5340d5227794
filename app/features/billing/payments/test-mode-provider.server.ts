import { getDb, now, type DB } from "~/db/db.server";
import { isUniqueViolation } from "~/db/constraints.server";
import { PaymentError } from "./card-errors";
import type { CardDetails, ChargeOutcome, ChargeRequest, CustomerIdentity, PaymentProvider, SavedCard } from "./payment-provider";
import { digitsOf, findTestCard, findTestCardByToken, INCORRECT_NUMBER_CARD, TEST_TRIGGER_AMOUNTS } from "./test-cards";

/**
 * The built-in provider, used while no Stripe key is set: no money moves.
 * It accepts only Stripe's documented test cards and answers each as Stripe
 * does (test-cards.ts). What it charged is kept in its own table under the
 * idempotency key, so a repeated charge gets the first answer, after a
 * restart too, exactly as Stripe's idempotent requests behave.
 */
export class TestModePaymentProvider implements PaymentProvider {
  readonly kind = "test";
  readonly cardEntry = "form";

  constructor(private readonly db: DB = getDb()) {}

  async createCustomer(identity: CustomerIdentity) {
    return `cus_test_${identity.tenantId}`;
  }

  async attachCard(_customerRef: string, card: CardDetails): Promise<SavedCard> {
    const number = digitsOf(card.number);
    if (number === INCORRECT_NUMBER_CARD) throw new PaymentError("incorrect_number");
    const testCard = findTestCard(number);
    if (!testCard) throw new PaymentError("invalid_request", ONLY_TEST_CARDS);
    const today = new Date();
    if (card.expYear < today.getUTCFullYear() || (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1)) {
      throw new PaymentError("expired_card");
    }
    if (testCard.attach) throw new PaymentError(testCard.attach);
    return { providerRef: testCard.token, brand: testCard.brand, last4: number.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
  }

  async startCardSetup(): Promise<{ url: string }> {
    throw new Error("The test-mode provider takes cards through the app's own form.");
  }

  async finishCardSetup(): Promise<SavedCard> {
    throw new Error("The test-mode provider takes cards through the app's own form.");
  }

  async detachCard() {
    // Nothing is kept at this provider per card.
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const earlier = await this.findCharge(request.idempotencyKey);
    if (earlier) return earlier;
    const trigger = TEST_TRIGGER_AMOUNTS[request.amountCents];
    if (trigger) throw new PaymentError(trigger);
    const card = findTestCardByToken(request.paymentMethodRef);
    const failure = card ? (card.charge ?? card.attach ?? null) : "invalid_request";
    try {
      await this.db
        .insertInto("test_provider_payments")
        .values({
          idempotency_key: request.idempotencyKey,
          payment_method_ref: request.paymentMethodRef,
          amount_cents: request.amountCents,
          currency: request.currency,
          status: failure ? "failed" : "succeeded",
          failure_code: failure,
          created_at: now(),
        })
        .execute();
    } catch (error) {
      // Two requests with one key at once: the first one's answer is the answer, as at Stripe.
      if (!isUniqueViolation(error)) throw error;
    }
    return (await this.findCharge(request.idempotencyKey))!;
  }

  async findCharge(idempotencyKey: string): Promise<ChargeOutcome | null> {
    const row = await this.db.selectFrom("test_provider_payments").selectAll().where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
    if (!row) return null;
    const providerRef = `pi_test_${idempotencyKey.replaceAll("-", "").slice(0, 24)}`;
    if (row.status === "succeeded") return { status: "succeeded", providerRef };
    return { status: "failed", code: (row.failure_code ?? "payment_failed") as Extract<ChargeOutcome, { status: "failed" }>["code"], providerRef };
  }
}

/** The message of the PaymentError for a number that is not one of Stripe's test cards. */
export const ONLY_TEST_CARDS = "only-test-cards";
