import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaymentError, type CardErrorCode } from "~/features/billing/payments/card-errors";
import type { ChargeRequest } from "~/features/billing/payments/payment-provider";
import { StripePaymentProvider, stripeCodeToCardError, subscriptionStateFromStripe } from "~/features/billing/payments/stripe-provider.server";
import { verifyStripeEvent, WebhookSignatureError } from "~/features/billing/payments/stripe-webhooks.server";
import { startStripeStub, STUB_CARD_EXPIRY, type RecordedStripeRequest, type StripeStub } from "../support/stubs/stripe-stub";

/*
 * StripePaymentProvider against a stateful Stripe stub on 127.0.0.1 (nothing
 * reaches the real Stripe): customers, the hosted card setup round trip,
 * off-session charges with each of Stripe's declining test cards, idempotent
 * repeats, finding a charge whose answer was lost, the failures that are
 * thrown rather than answered, and the webhook verifier.
 */

let stub: StripeStub;
let provider: StripePaymentProvider;
let sequence = 0;

beforeAll(async () => {
  stub = await startStripeStub();
  provider = new StripePaymentProvider({ secretKey: stub.secretKey, webhookSecret: stub.webhookSecret, apiUrl: stub.baseUrl });
});

afterAll(async () => {
  await stub.close();
});

function uniqueId(prefix: string) {
  sequence += 1;
  return `${prefix}-${sequence}-${Date.now()}`;
}

async function newCustomer() {
  const tenantId = uniqueId("tenant");
  return provider.createCustomer({ tenantId, name: "Acme Dental", email: "owner@acme.test" });
}

function lastRequest(matches: (request: RecordedStripeRequest) => boolean) {
  return stub.requests.filter(matches).at(-1);
}

function setupSessionIdOf(url: string) {
  return url.slice(`${stub.baseUrl}/checkout/`.length);
}

/** A customer with a card saved through the hosted setup page. */
async function customerWithCard(token: string) {
  const customerRef = await newCustomer();
  const { url } = await provider.startCardSetup(customerRef, {
    returnUrl: "http://localhost:3000/billing/cards/return?session={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://localhost:3000/billing",
  });
  const sessionId = setupSessionIdOf(url);
  stub.completeSetup(sessionId, token);
  const card = await provider.finishCardSetup(customerRef, sessionId);
  return { customerRef, card };
}

function chargeRequest(customerRef: string, paymentMethodRef: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    customerRef,
    paymentMethodRef,
    amountCents: 2_500,
    currency: "USD",
    idempotencyKey: uniqueId("charge"),
    description: "Voxboard credit top-up",
    ...overrides,
  };
}

async function paymentErrorOf(promise: Promise<unknown>): Promise<PaymentError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PaymentError);
  return error as PaymentError;
}

describe("customers", () => {
  it("makes one customer per tenant, with the tenant id, even when asked twice at once", async () => {
    const tenantId = uniqueId("tenant");
    const before = stub.customers;
    const [first, second] = await Promise.all([
      provider.createCustomer({ tenantId, name: "Acme Dental", email: "owner@acme.test" }),
      provider.createCustomer({ tenantId, name: "Acme Dental", email: "owner@acme.test" }),
    ]);

    expect(first).toMatch(/^cus_/);
    expect(second).toBe(first);
    expect(stub.customers - before).toBe(1);
    expect(stub.object(first)).toMatchObject({ name: "Acme Dental", email: "owner@acme.test", metadata: { tenant_id: tenantId } });
    const creates = stub.requests.filter(
      (request) => request.path === "/v1/customers" && request.params.metadata && (request.params.metadata as { tenant_id?: string }).tenant_id === tenantId,
    );
    expect(creates.map((request) => request.idempotencyKey)).toEqual([`voxboard-customer-${tenantId}`, `voxboard-customer-${tenantId}`]);
    expect(creates.filter((request) => request.replayed)).toHaveLength(1);
  });

  it("makes separate customers for separate tenants", async () => {
    const [first, second] = await Promise.all([newCustomer(), newCustomer()]);
    expect(second).not.toBe(first);
  });

  it("refuses a wrong secret key", async () => {
    const wrongKey = new StripePaymentProvider({ secretKey: "sk_test_wrong", webhookSecret: null, apiUrl: stub.baseUrl });
    const error = await paymentErrorOf(wrongKey.createCustomer({ tenantId: uniqueId("tenant"), name: "Acme", email: "a@acme.test" }));
    expect(error.code).toBe("unknown");
    expect(error.message).toMatch(/Invalid API Key/);
  });
});

describe("card setup on Stripe's hosted page", () => {
  it("starts a card-only setup session and finishes with the saved card's brand, last 4 and expiry", async () => {
    const customerRef = await newCustomer();
    const returnUrl = "http://localhost:3000/billing/cards/return?session={CHECKOUT_SESSION_ID}";
    const { url } = await provider.startCardSetup(customerRef, { returnUrl, cancelUrl: "http://localhost:3000/billing" });

    expect(url).toMatch(new RegExp(`^${stub.baseUrl}/checkout/cs_test_`));
    const create = lastRequest((request) => request.path === "/v1/checkout/sessions")!;
    expect(create.params).toMatchObject({
      mode: "setup",
      customer: customerRef,
      allowed_payment_method_types: ["card"],
      success_url: returnUrl,
      cancel_url: "http://localhost:3000/billing",
    });

    const sessionId = setupSessionIdOf(url);
    const { paymentMethodId } = stub.completeSetup(sessionId, "pm_card_mastercard");
    const card = await provider.finishCardSetup(customerRef, sessionId);

    expect(card).toEqual({
      providerRef: paymentMethodId,
      brand: "mastercard",
      last4: "4444",
      expMonth: STUB_CARD_EXPIRY.month,
      expYear: STUB_CARD_EXPIRY.year,
    });
    const retrieve = lastRequest((request) => request.path === `/v1/checkout/sessions/${sessionId}`)!;
    expect(retrieve.params.expand).toEqual(["setup_intent.payment_method"]);
  });

  it("serves a hosted page that saves the chosen test card and returns to the success URL", async () => {
    const customerRef = await newCustomer();
    const { url } = await provider.startCardSetup(customerRef, {
      returnUrl: "http://localhost:3000/return?session={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://localhost:3000/billing",
    });
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("pm_card_amex");

    const submitted = await fetch(url, { method: "POST", body: new URLSearchParams({ payment_method: "pm_card_amex" }), redirect: "manual" });
    const sessionId = setupSessionIdOf(url);
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get("location")).toBe(`http://localhost:3000/return?session=${sessionId}`);
    expect(await provider.finishCardSetup(customerRef, sessionId)).toMatchObject({ brand: "amex", last4: "0005" });
  });

  it("refuses to finish another customer's setup session", async () => {
    const owner = await newCustomer();
    const intruder = await newCustomer();
    const { url } = await provider.startCardSetup(owner, {
      returnUrl: "http://localhost:3000/r?s={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://localhost:3000/b",
    });
    stub.completeSetup(setupSessionIdOf(url), "pm_card_visa");

    const error = await paymentErrorOf(provider.finishCardSetup(intruder, setupSessionIdOf(url)));
    expect(error.code).toBe("invalid_request");
  });

  it("does not save a card the customer has not finished adding, nor one refused when added", async () => {
    const customerRef = await newCustomer();
    const { url } = await provider.startCardSetup(customerRef, {
      returnUrl: "http://localhost:3000/r?s={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://localhost:3000/b",
    });
    const sessionId = setupSessionIdOf(url);
    expect((await paymentErrorOf(provider.finishCardSetup(customerRef, sessionId))).code).toBe("save_failed");

    stub.completeSetup(sessionId, "pm_card_visa_chargeDeclinedInsufficientFunds");
    expect((await paymentErrorOf(provider.finishCardSetup(customerRef, sessionId))).code).toBe("insufficient_funds");
  });

  it("answers an unknown setup session as an invalid request", async () => {
    const customerRef = await newCustomer();
    expect((await paymentErrorOf(provider.finishCardSetup(customerRef, "cs_test_doesnotexist"))).code).toBe("invalid_request");
  });

  it("never takes card numbers itself", async () => {
    await expect(provider.attachCard("cus_x", { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" })).rejects.toThrow(/hosted setup page/);
    expect(provider.cardEntry).toBe("redirect");
    expect(provider.kind).toBe("stripe");
  });

  it("detaches a saved card, and says so when it was no longer attached", async () => {
    const { card } = await customerWithCard("pm_card_visa");
    await provider.detachCard(card.providerRef);
    expect(stub.object(card.providerRef)?.customer).toBeNull();
    expect((await paymentErrorOf(provider.detachCard(card.providerRef))).code).toBe("invalid_request");
  });
});

describe("charges", () => {
  it("charges a saved card off-session under our charge id", async () => {
    const { customerRef, card } = await customerWithCard("pm_card_visa");
    const request = chargeRequest(customerRef, card.providerRef, { amountCents: 1_500 });
    const outcome = await provider.charge(request);

    expect(outcome).toEqual({ status: "succeeded", providerRef: expect.stringMatching(/^pi_/) });
    const intent = stub.object(outcome.providerRef!)!;
    expect(intent).toMatchObject({
      amount: 1_500,
      currency: "usd",
      customer: customerRef,
      payment_method: card.providerRef,
      status: "succeeded",
      description: "Voxboard credit top-up",
      metadata: { charge_id: request.idempotencyKey },
    });
    const sent = lastRequest((candidate) => candidate.path === "/v1/payment_intents")!;
    expect(sent.idempotencyKey).toBe(request.idempotencyKey);
    expect(sent.params).toMatchObject({ off_session: "true", confirm: "true" });
  });

  const declines: Array<[string, CardErrorCode]> = [
    ["pm_card_visa_chargeDeclined", "card_declined"],
    ["pm_card_visa_chargeDeclinedInsufficientFunds", "insufficient_funds"],
    ["pm_card_visa_chargeDeclinedExpiredCard", "expired_card"],
    ["pm_card_visa_chargeDeclinedIncorrectCvc", "incorrect_cvc"],
    ["pm_card_visa_chargeDeclinedProcessingError", "processing_error"],
  ];

  it.each(declines)("answers %s as a failed charge with %s", async (token, code) => {
    const customerRef = await newCustomer();
    const outcome = await provider.charge(chargeRequest(customerRef, token));

    expect(outcome).toEqual({ status: "failed", code, providerRef: expect.stringMatching(/^pi_/) });
    expect(stub.object(outcome.providerRef!)).toMatchObject({ status: "requires_payment_method", payment_method: token });
  });

  it.each<[string, CardErrorCode]>([
    ["pm_card_chargeCustomerFail", "card_declined"],
    ["pm_card_authenticationRequired", "authentication_required"],
  ])("saves %s, then answers a charge to it as %s", async (token, code) => {
    const { customerRef, card } = await customerWithCard(token);
    const outcome = await provider.charge(chargeRequest(customerRef, card.providerRef));
    expect(outcome).toEqual({ status: "failed", code, providerRef: expect.stringMatching(/^pi_/) });
  });

  it("answers a payment left waiting for the customer's authentication as authentication_required", async () => {
    const customerRef = await newCustomer();
    stub.failNext({
      status: 200,
      body: { id: "pi_waiting", object: "payment_intent", status: "requires_action", amount: 2_500, currency: "usd", created: 1_767_225_600, metadata: {} },
    });
    expect(await provider.charge(chargeRequest(customerRef, "pm_card_visa"))).toEqual({
      status: "failed",
      code: "authentication_required",
      providerRef: "pi_waiting",
    });
  });

  it("answers a repeat of a charge with the first answer, making one payment", async () => {
    const { customerRef, card } = await customerWithCard("pm_card_visa");
    const request = chargeRequest(customerRef, card.providerRef);
    const before = stub.paymentIntents;

    const first = await provider.charge(request);
    const second = await provider.charge(request);

    expect(first.status).toBe("succeeded");
    expect(second).toEqual(first);
    expect(stub.paymentIntents - before).toBe(1);
    expect(stub.requests.filter((candidate) => candidate.idempotencyKey === request.idempotencyKey).map((candidate) => candidate.replayed)).toEqual([
      false,
      true,
    ]);
  });

  it("answers a repeat of a declined charge with the same decline, making one payment", async () => {
    const customerRef = await newCustomer();
    const request = chargeRequest(customerRef, "pm_card_visa_chargeDeclinedInsufficientFunds");
    const before = stub.paymentIntents;

    const [first, second] = [await provider.charge(request), await provider.charge(request)];

    expect(first).toEqual({ status: "failed", code: "insufficient_funds", providerRef: expect.stringMatching(/^pi_/) });
    expect(second).toEqual(first);
    expect(stub.paymentIntents - before).toBe(1);
  });

  it("refuses to reuse a charge id for a different charge", async () => {
    const customerRef = await newCustomer();
    const request = chargeRequest(customerRef, "pm_card_visa");
    await provider.charge(request);
    const error = await paymentErrorOf(provider.charge({ ...request, amountCents: request.amountCents + 100 }));
    expect(error.code).toBe("invalid_request");
  });

  it("recovers an answer lost on the way back by asking again under the same key", async () => {
    const { customerRef, card } = await customerWithCard("pm_card_visa");
    const request = chargeRequest(customerRef, card.providerRef);
    const before = stub.paymentIntents;
    stub.failNext({ dropConnection: true, afterProcessing: true });

    const outcome = await provider.charge(request);

    expect(outcome.status).toBe("succeeded");
    expect(stub.paymentIntents - before).toBe(1);
    expect(stub.requests.filter((candidate) => candidate.idempotencyKey === request.idempotencyKey).map((candidate) => candidate.replayed)).toEqual([
      false,
      true,
    ]);
  });
});

describe("finding a charge", () => {
  it("finds a charge made under our charge id, succeeded or declined", async () => {
    const customerRef = await newCustomer();
    const paid = chargeRequest(customerRef, "pm_card_visa");
    const declined = chargeRequest(customerRef, "pm_card_visa_chargeDeclinedExpiredCard");
    const paidOutcome = await provider.charge(paid);
    const declinedOutcome = await provider.charge(declined);

    expect(await provider.findCharge(paid.idempotencyKey)).toEqual(paidOutcome);
    expect(await provider.findCharge(declined.idempotencyKey)).toEqual({ status: "failed", code: "expired_card", providerRef: declinedOutcome.providerRef });
    const search = lastRequest((candidate) => candidate.path === "/v1/payment_intents/search")!;
    expect(search.params.query).toBe(`metadata['charge_id']:'${declined.idempotencyKey}'`);
  });

  it("returns null when no charge was made under the id", async () => {
    expect(await provider.findCharge(uniqueId("never-charged"))).toBeNull();
  });

  it("finds a charge whose id has a quote in it", async () => {
    const customerRef = await newCustomer();
    const request = chargeRequest(customerRef, "pm_card_visa", { idempotencyKey: uniqueId("o'brien") });
    const outcome = await provider.charge(request);
    expect(await provider.findCharge(request.idempotencyKey)).toEqual(outcome);
  });

  it("finds the charge after its answer was lost, and none when the request never arrived", async () => {
    const customerRef = await newCustomer();
    const lost = chargeRequest(customerRef, "pm_card_visa");
    stub.failNext({ dropConnection: true, afterProcessing: true }, 2);
    expect((await paymentErrorOf(provider.charge(lost))).code).toBe("network_error");
    expect(await provider.findCharge(lost.idempotencyKey)).toEqual({ status: "succeeded", providerRef: expect.stringMatching(/^pi_/) });

    const neverArrived = chargeRequest(customerRef, "pm_card_visa");
    stub.failNext({ dropConnection: true }, 2);
    expect((await paymentErrorOf(provider.charge(neverArrived))).code).toBe("network_error");
    expect(await provider.findCharge(neverArrived.idempotencyKey)).toBeNull();
  });

  it("throws network_error for a payment still processing, and reads one left needing authentication as authentication_required", async () => {
    const customerRef = await newCustomer();
    const request = chargeRequest(customerRef, "pm_card_visa");
    const { providerRef } = await provider.charge(request);

    stub.setPaymentIntentStatus(providerRef!, "processing");
    const error = await paymentErrorOf(provider.findCharge(request.idempotencyKey));
    expect(error.code).toBe("network_error");
    expect(error.providerRef).toBe(providerRef);

    stub.setPaymentIntentStatus(providerRef!, "requires_action");
    expect(await provider.findCharge(request.idempotencyKey)).toEqual({ status: "failed", code: "authentication_required", providerRef });
  });
});

describe("failures to ask are thrown", () => {
  it("throws rate_limited on a 429, without retrying", async () => {
    const customerRef = await newCustomer();
    const before = stub.requests.length;
    stub.failNext({ status: 429 });
    expect((await paymentErrorOf(provider.charge(chargeRequest(customerRef, "pm_card_visa")))).code).toBe("rate_limited");
    expect(stub.requests.length - before).toBe(1);
  });

  it("retries a 500 once under the same key, then throws network_error", async () => {
    const customerRef = await newCustomer();
    const request = chargeRequest(customerRef, "pm_card_visa");
    stub.failNext({ status: 500 }, 2);
    expect((await paymentErrorOf(provider.charge(request))).code).toBe("network_error");
    expect(stub.requests.filter((candidate) => candidate.idempotencyKey === request.idempotencyKey)).toHaveLength(2);

    stub.failNext({ status: 500 });
    expect((await provider.charge(request)).status).toBe("succeeded");
  });

  it("throws connection_error when Stripe cannot be reached at all", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    const unreachable = new StripePaymentProvider({ secretKey: stub.secretKey, webhookSecret: null, apiUrl: `http://127.0.0.1:${port}` });
    const error = await paymentErrorOf(unreachable.charge(chargeRequest("cus_x", "pm_card_visa")));
    expect(error.code).toBe("connection_error");
  });
});

describe("webhooks", () => {
  async function declinedIntent() {
    const customerRef = await newCustomer();
    const request = chargeRequest(customerRef, "pm_card_visa_chargeDeclinedInsufficientFunds");
    const outcome = await provider.charge(request);
    return { request, intent: stub.object(outcome.providerRef!)! };
  }

  it("accepts a correctly signed event and reads a settled charge from it", async () => {
    const customerRef = await newCustomer();
    const request = chargeRequest(customerRef, "pm_card_visa");
    const { providerRef } = await provider.charge(request);
    const payload = stub.event("payment_intent.succeeded", stub.object(providerRef!));
    const { body, header } = stub.signedEvent(payload);

    expect(verifyStripeEvent(body, header, stub.webhookSecret)).toEqual({
      kind: "charge-settled",
      eventId: payload.id,
      occurredAt: new Date((payload.created as number) * 1000).toISOString(),
      chargeId: request.idempotencyKey,
      outcome: { status: "succeeded", providerRef },
    });
  });

  it("reads a failed payment with its decline code", async () => {
    const { request, intent } = await declinedIntent();
    const { body, header } = stub.signedEvent(stub.event("payment_intent.payment_failed", intent));
    expect(verifyStripeEvent(body, header, stub.webhookSecret)).toMatchObject({
      kind: "charge-settled",
      chargeId: request.idempotencyKey,
      outcome: { status: "failed", code: "insufficient_funds", providerRef: intent.id },
    });
  });

  it("rejects a wrong signature, a changed body, a missing header and an old signature", async () => {
    const { intent } = await declinedIntent();
    const { body, header } = stub.signedEvent(stub.event("payment_intent.payment_failed", intent));

    expect(() => verifyStripeEvent(body, header, "whsec_someone_else")).toThrow(WebhookSignatureError);
    expect(() => verifyStripeEvent(body.replace("insufficient_funds", "generic_decline"), header, stub.webhookSecret)).toThrow(WebhookSignatureError);
    expect(() => verifyStripeEvent(body, null, stub.webhookSecret)).toThrow(WebhookSignatureError);
    const old = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: stub.webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 3_600 });
    expect(() => verifyStripeEvent(body, old, stub.webhookSecret)).toThrow(WebhookSignatureError);
  });

  it("reads a completed setup session, and ignores a payment session", async () => {
    const customerRef = await newCustomer();
    const { url } = await provider.startCardSetup(customerRef, {
      returnUrl: "http://localhost:3000/r?s={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://localhost:3000/b",
    });
    const sessionId = setupSessionIdOf(url);
    stub.completeSetup(sessionId, "pm_card_visa");
    const session = stub.object(sessionId)!;

    const completed = stub.signedEvent(stub.event("checkout.session.completed", session));
    expect(verifyStripeEvent(completed.body, completed.header, stub.webhookSecret)).toMatchObject({
      kind: "card-setup-completed",
      customerRef,
      setupSessionRef: sessionId,
    });

    const payment = stub.signedEvent(stub.event("checkout.session.completed", { ...session, mode: "payment" }));
    expect(verifyStripeEvent(payment.body, payment.header, stub.webhookSecret)).toMatchObject({ kind: "ignored", type: "checkout.session.completed" });
  });

  it("reads subscription changes as our subscription states", () => {
    const periodEnd = Math.floor(Date.now() / 1000) + 86_400;
    const subscription = (status: string, cancelAtPeriodEnd: boolean) => ({
      id: "sub_123",
      object: "subscription",
      customer: "cus_123",
      status,
      cancel_at_period_end: cancelAtPeriodEnd,
      items: { object: "list", data: [{ id: "si_1", object: "subscription_item", current_period_end: periodEnd }] },
    });
    const read = (type: string, object: object) => {
      const { body, header } = stub.signedEvent(stub.event(type, object));
      return verifyStripeEvent(body, header, stub.webhookSecret);
    };

    expect(read("customer.subscription.updated", subscription("past_due", false))).toMatchObject({
      kind: "subscription-changed",
      providerRef: "sub_123",
      customerRef: "cus_123",
      state: "grace",
    });
    expect(read("customer.subscription.updated", subscription("active", true))).toMatchObject({ kind: "subscription-changed", state: "cancelled" });
    expect(read("customer.subscription.updated", subscription("active", false))).toMatchObject({ kind: "subscription-changed", state: "active" });
    expect(read("customer.subscription.deleted", subscription("canceled", false))).toMatchObject({ kind: "subscription-changed", state: "lapsed" });
  });

  it("ignores payments we did not start and events we do not act on", () => {
    const foreign = stub.signedEvent(stub.event("payment_intent.succeeded", { id: "pi_foreign", object: "payment_intent", status: "succeeded", metadata: {} }));
    expect(verifyStripeEvent(foreign.body, foreign.header, stub.webhookSecret)).toMatchObject({ kind: "ignored", type: "payment_intent.succeeded" });

    const other = stub.signedEvent(stub.event("customer.updated", { id: "cus_1", object: "customer" }));
    const event = verifyStripeEvent(other.body, other.header, stub.webhookSecret);
    expect(event).toMatchObject({ kind: "ignored", type: "customer.updated" });
    expect(event.eventId).toMatch(/^evt_/);
  });
});

describe("mapping Stripe's words to ours", () => {
  it.each<[string | null, string | null, CardErrorCode]>([
    ["card_declined", "generic_decline", "card_declined"],
    ["card_declined", "do_not_honor", "card_declined"],
    ["card_declined", "insufficient_funds", "insufficient_funds"],
    ["expired_card", null, "expired_card"],
    ["incorrect_cvc", "incorrect_cvc", "incorrect_cvc"],
    ["incorrect_number", null, "incorrect_number"],
    ["invalid_number", null, "incorrect_number"],
    ["processing_error", null, "processing_error"],
    ["authentication_required", "authentication_required", "authentication_required"],
    ["card_decline_rate_limit_exceeded", null, "payment_failed"],
    [null, null, "payment_failed"],
  ])("code %s, decline code %s → %s", (code, declineCode, expected) => {
    expect(stripeCodeToCardError(code, declineCode)).toBe(expected);
  });

  it("reads subscription statuses", () => {
    const now = Date.UTC(2026, 0, 15);
    const future = now / 1000 + 86_400;
    const past = now / 1000 - 86_400;
    expect(subscriptionStateFromStripe({ status: "active", cancel_at_period_end: false }, now)).toBe("active");
    expect(subscriptionStateFromStripe({ status: "trialing", cancel_at_period_end: false }, now)).toBe("active");
    expect(subscriptionStateFromStripe({ status: "past_due", cancel_at_period_end: false }, now)).toBe("grace");
    expect(subscriptionStateFromStripe({ status: "unpaid", cancel_at_period_end: false }, now)).toBe("grace");
    expect(subscriptionStateFromStripe({ status: "active", cancel_at_period_end: true, current_period_end: future }, now)).toBe("cancelled");
    expect(subscriptionStateFromStripe({ status: "active", cancel_at_period_end: true, current_period_end: past }, now)).toBe("lapsed");
    expect(subscriptionStateFromStripe({ status: "canceled", cancel_at_period_end: true }, now)).toBe("lapsed");
    expect(subscriptionStateFromStripe({ status: "incomplete_expired", cancel_at_period_end: false }, now)).toBe("lapsed");
  });
});
