import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import type { CardErrorCode } from "~/features/billing/payments/card-errors";
import { findTestCardByToken, TEST_CARDS } from "~/features/billing/payments/test-cards";

/**
 * A stand-in for the Stripe API, for tests only: nothing may reach the real
 * Stripe. It listens on 127.0.0.1 on a free port (put `baseUrl` in
 * STRIPE_API_URL) and keeps state like Stripe does for the endpoints
 * StripePaymentProvider uses, in Stripe's wire format: form-encoded requests
 * with bracket keys, JSON objects with `object` and `id`, the error envelope
 * with Stripe's statuses (401 key, 400 invalid, 402 card, 429 rate limit),
 * and idempotent replays of POSTs. Cards are Stripe's test PaymentMethods
 * (test-cards.ts), each answering as at Stripe.
 */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** Parsed form body (POST) or query string (GET), brackets nested: `metadata[charge_id]` → `{ metadata: { charge_id } }`. */
  params: FormParams;
  idempotencyKey: string | null;
  /** Answered from the idempotency store, nothing new made. */
  replayed: boolean;
}

export type StripeStubFault =
  /** Answers with this status and body (a Stripe error envelope for the status unless given). */
  | { status: number; body?: unknown }
  /** Destroys the socket without an answer; `afterProcessing` first does the work, as when an answer is lost on the way back. */
  | { dropConnection: true; afterProcessing?: boolean };

export interface StripeStub {
  /** For STRIPE_API_URL, e.g. http://127.0.0.1:40123 */
  baseUrl: string;
  secretKey: string;
  webhookSecret: string;
  requests: RecordedStripeRequest[];
  /** PaymentIntents actually created (replays do not count). */
  readonly paymentIntents: number;
  readonly customers: number;
  /** The customer finishing Stripe's hosted setup page with one of Stripe's test PaymentMethods. */
  completeSetup(sessionId: string, testPaymentMethod: string): { setupIntentId: string; paymentMethodId: string | null };
  /** A stored object (customer, session, intent, payment method) by id, as the API would show it. */
  object(id: string): StripeObject | undefined;
  /** Moves a PaymentIntent on as Stripe would later (processing, requires_action, …). */
  setPaymentIntentStatus(id: string, status: string): void;
  /** The next `times` API requests (1 unless told) fail so. */
  failNext(fault: StripeStubFault, times?: number): void;
  /** A webhook event envelope around `object`, as Stripe sends it. */
  event(type: string, object: unknown): Record<string, unknown>;
  /** A body and Stripe-Signature header signed with `webhookSecret`. */
  signedEvent(payload: object): { body: string; header: string };
  close(): Promise<void>;
}

export type FormValue = string | FormParams | FormValue[];
export interface FormParams {
  [key: string]: FormValue;
}
type StripeObject = Record<string, unknown> & { id: string; object: string };
interface Answer {
  status: number;
  body: unknown;
}

const DEFAULT_SECRET_KEY = "sk_test_voxboard_stub";
const DEFAULT_WEBHOOK_SECRET = "whsec_voxboard_stub";
/** Test cards' expiry, as on Stripe's test PaymentMethods: a fixed date years ahead. */
export const STUB_CARD_EXPIRY = { month: 12, year: 2034 } as const;

/** How Stripe words each decline of its test cards (https://docs.stripe.com/testing#declined-payments). */
const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  card_declined: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  insufficient_funds: { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  expired_card: { code: "expired_card", decline_code: "expired_card", message: "Your card has expired." },
  incorrect_cvc: { code: "incorrect_cvc", decline_code: "incorrect_cvc", message: "Your card's security code is incorrect." },
  processing_error: {
    code: "processing_error",
    decline_code: "processing_error",
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
  authentication_required: {
    code: "authentication_required",
    decline_code: "authentication_required",
    message: "Your card was declined. This transaction requires authentication.",
  },
};

export async function startStripeStub(options: { secretKey?: string; webhookSecret?: string } = {}): Promise<StripeStub> {
  const secretKey = options.secretKey ?? DEFAULT_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET;
  const objects = new Map<string, StripeObject>();
  /** The test token behind each PaymentMethod made from one: it decides how charges to it go. */
  const tokens = new Map<string, string>();
  const idempotent = new Map<string, { path: string; rawBody: string; answer: Answer }>();
  const requests: RecordedStripeRequest[] = [];
  const faults: StripeStubFault[] = [];
  const counts = { paymentIntents: 0, customers: 0 };
  let sequence = 0;
  let baseUrl = "";

  const store = <T extends StripeObject>(object: T) => {
    objects.set(object.id, object);
    return object;
  };
  const created = () => Math.floor(Date.now() / 1000);

  const routes: Array<{ method: string; pattern: RegExp; handle: (params: FormParams, ...ids: string[]) => Answer }> = [
    { method: "POST", pattern: /^\/v1\/customers$/, handle: createCustomer },
    { method: "GET", pattern: /^\/v1\/customers\/([^/]+)$/, handle: (params, id) => retrieve(id!, "customer", params) },
    { method: "POST", pattern: /^\/v1\/checkout\/sessions$/, handle: createCheckoutSession },
    { method: "GET", pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, handle: (params, id) => retrieve(id!, "checkout.session", params) },
    { method: "POST", pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/, handle: (_params, id) => detachPaymentMethod(id!) },
    { method: "GET", pattern: /^\/v1\/payment_intents\/search$/, handle: searchPaymentIntents },
    { method: "POST", pattern: /^\/v1\/payment_intents$/, handle: createPaymentIntent },
    { method: "GET", pattern: /^\/v1\/payment_intents\/([^/]+)$/, handle: (params, id) => retrieve(id!, "payment_intent", params) },
  ];

  function createCustomer(params: FormParams): Answer {
    counts.customers += 1;
    const customer = store({
      id: newId("cus"),
      object: "customer",
      created: created(),
      email: text(params.email) ?? null,
      livemode: false,
      metadata: metadataOf(params),
      name: text(params.name) ?? null,
    });
    return { status: 200, body: customer };
  }

  function createCheckoutSession(params: FormParams): Answer {
    if (params.mode !== "setup") return invalid("This stub makes Checkout Sessions in setup mode only.", "mode");
    const customer = text(params.customer);
    if (!customer || objects.get(customer)?.object !== "customer") return missing(customer ?? "", "customer");
    if (!text(params.success_url)) return invalid("Missing required param: success_url.", "success_url");
    const allowed = Array.isArray(params.allowed_payment_method_types) ? params.allowed_payment_method_types.map(String) : null;
    // As at Stripe: setup mode needs a currency unless the payment method types are named.
    if (!allowed && !text(params.currency)) return invalid("Missing required param: currency.", "currency");
    const setupIntent = store({
      id: newId("seti"),
      object: "setup_intent",
      created: created(),
      customer,
      last_setup_error: null,
      livemode: false,
      payment_method: null,
      status: "requires_payment_method",
      usage: "off_session",
    });
    const id = newId("cs_test");
    const session = store({
      id,
      object: "checkout.session",
      allowed_payment_method_types: allowed,
      cancel_url: text(params.cancel_url) ?? null,
      created: created(),
      currency: text(params.currency) ?? null,
      customer,
      livemode: false,
      metadata: metadataOf(params),
      mode: "setup",
      payment_status: "no_payment_required",
      setup_intent: setupIntent.id,
      status: "open",
      success_url: text(params.success_url),
      url: `${baseUrl}/checkout/${id}`,
    });
    return { status: 200, body: session };
  }

  function detachPaymentMethod(id: string): Answer {
    const method = objects.get(id);
    if (method?.object !== "payment_method") return missing(id, "payment_method");
    if (!method.customer) return invalid("The payment method you provided is not attached to a customer so detachment is impossible.", null);
    method.customer = null;
    return { status: 200, body: method };
  }

  function createPaymentIntent(params: FormParams): Answer {
    const amount = Number(text(params.amount));
    if (!Number.isInteger(amount) || amount < 1) return invalid("Invalid positive integer", "amount");
    const currency = text(params.currency);
    if (!currency || currency !== currency.toLowerCase()) return invalid("Invalid currency", "currency");
    const customer = text(params.customer) ?? null;
    if (customer && objects.get(customer)?.object !== "customer") return missing(customer, "customer");
    const methodId = text(params.payment_method) ?? "";
    const method = paymentMethodFor(methodId);
    if (!method) return missing(methodId, "payment_method");
    if (objects.has(method.id) && method.customer !== customer) {
      return invalid("The provided PaymentMethod belongs to another customer. Attach it to this customer first.", "payment_method");
    }

    counts.paymentIntents += 1;
    const intent = store({
      id: newId("pi"),
      object: "payment_intent",
      amount,
      amount_received: 0,
      created: created(),
      currency,
      customer,
      description: text(params.description) ?? null,
      last_payment_error: null as Record<string, unknown> | null,
      latest_charge: null as string | null,
      livemode: false,
      metadata: metadataOf(params),
      next_action: null as Record<string, unknown> | null,
      payment_method: method.id,
      status: "requires_confirmation",
    });
    if (params.confirm !== "true") return { status: 200, body: intent };

    const failure = chargeFailureOf(method);
    if (!failure) {
      Object.assign(intent, { status: "succeeded", amount_received: amount, latest_charge: newId("ch") });
      return { status: 200, body: intent };
    }
    // On-session, a card that asks for 3-D Secure waits for the customer; off-session it is a decline.
    if (failure === "authentication_required" && params.off_session !== "true") {
      Object.assign(intent, { status: "requires_action", next_action: { type: "use_stripe_sdk", use_stripe_sdk: {} } });
      return { status: 200, body: intent };
    }
    const decline = DECLINES[failure]!;
    const error = { type: "card_error", ...decline, charge: newId("ch"), payment_method: method };
    Object.assign(intent, { status: "requires_payment_method", last_payment_error: error, latest_charge: error.charge });
    return { status: 402, body: { error: { ...error, payment_intent: intent } } };
  }

  function searchPaymentIntents(params: FormParams): Answer {
    const match = /^metadata\['((?:[^'\\]|\\.)+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(text(params.query) ?? "");
    if (!match) return invalid("This stub searches PaymentIntents by metadata['key']:'value' only.", "query");
    const [key, value] = [unescape(match[1]!), unescape(match[2]!)];
    const data = [...objects.values()]
      .filter((object) => object.object === "payment_intent" && (object.metadata as Record<string, string>)[key] === value)
      .reverse(); // Newest first, as Stripe orders search results by default.
    return { status: 200, body: { object: "search_result", data, has_more: false, next_page: null, url: "/v1/payment_intents/search" } };
  }

  function retrieve(id: string, kind: string, params: FormParams): Answer {
    const object = objects.get(id);
    if (object?.object !== kind) return missing(id, "id");
    const copy = structuredClone(object);
    const expand = Array.isArray(params.expand) ? params.expand.map(String) : [];
    for (const path of expand) expandPath(copy, path.split("."));
    return { status: 200, body: copy };
  }

  /** Replaces ids along `path` with the objects they name, as Stripe's `expand[]` does. */
  function expandPath(object: Record<string, unknown>, path: string[]) {
    const [field, ...rest] = path;
    if (!field) return;
    const value = object[field];
    const target = typeof value === "string" ? objects.get(value) : value;
    if (!target || typeof target !== "object") return;
    const copy = typeof value === "string" ? structuredClone(target) : (target as Record<string, unknown>);
    object[field] = copy;
    expandPath(copy as Record<string, unknown>, rest);
  }

  /** A saved PaymentMethod, or a fresh one for a test token used directly (Stripe accepts both). */
  function paymentMethodFor(id: string): StripeObject | undefined {
    const saved = objects.get(id);
    if (saved?.object === "payment_method") return saved;
    return findTestCardByToken(id) ? cardPaymentMethod(id, id, null) : undefined;
  }

  function cardPaymentMethod(id: string, token: string, customer: string | null): StripeObject {
    const card = findTestCardByToken(token)!;
    tokens.set(id, token);
    return {
      id,
      object: "payment_method",
      type: "card",
      created: created(),
      customer,
      livemode: false,
      metadata: {},
      card: {
        brand: card.brand,
        last4: card.number.slice(-4),
        exp_month: STUB_CARD_EXPIRY.month,
        exp_year: STUB_CARD_EXPIRY.year,
        funding: "credit",
        country: "US",
      },
    };
  }

  function chargeFailureOf(method: StripeObject): CardErrorCode | null {
    const card = findTestCardByToken(tokens.get(method.id)!)!;
    return card.charge ?? card.attach ?? null;
  }

  function completeSetup(sessionId: string, token: string) {
    const session = objects.get(sessionId);
    if (session?.object !== "checkout.session") throw new Error(`No checkout session ${sessionId}`);
    const card = findTestCardByToken(token);
    if (!card) throw new Error(`${token} is not one of Stripe's test PaymentMethods (${TEST_CARDS.map((c) => c.token).join(", ")})`);
    const setupIntent = objects.get(session.setup_intent as string)!;
    // A card refused when it is added stays off the customer, and the page stays open for another card.
    if (card.attach) {
      const decline = DECLINES[card.attach]!;
      Object.assign(setupIntent, { last_setup_error: { type: "card_error", ...decline } });
      return { setupIntentId: setupIntent.id, paymentMethodId: null };
    }
    const method = store(cardPaymentMethod(newId("pm"), token, session.customer as string));
    Object.assign(setupIntent, { status: "succeeded", payment_method: method.id, last_setup_error: null });
    Object.assign(session, { status: "complete" });
    return { setupIntentId: setupIntent.id, paymentMethodId: method.id };
  }

  function answerApi(req: http.IncomingMessage, url: URL, params: FormParams): Answer {
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return { status: 401, body: stripeError("invalid_request_error", "Invalid API Key provided.") };
    }
    const route = routes.find((candidate) => candidate.method === req.method && candidate.pattern.test(url.pathname));
    if (!route) return { status: 404, body: stripeError("invalid_request_error", `Unrecognized request URL (${req.method}: ${url.pathname}).`) };
    const ids = route.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
    return route.handle(params, ...ids);
  }

  /** Stripe keeps an answer per key for 24 h; validation errors and rate limits are not kept, so a retry is tried afresh. */
  function answerIdempotently(req: http.IncomingMessage, rawBody: string, url: URL, record: RecordedStripeRequest): Answer {
    const key = record.idempotencyKey;
    if (req.method !== "POST" || !key) return answerApi(req, url, record.params);
    const earlier = idempotent.get(key);
    if (earlier) {
      if (earlier.path !== url.pathname || earlier.rawBody !== rawBody) {
        return {
          status: 400,
          body: stripeError(
            "idempotency_error",
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}'.`,
          ),
        };
      }
      record.replayed = true;
      return earlier.answer;
    }
    const answer = answerApi(req, url, record.params);
    if (answer.status !== 400 && answer.status !== 429 && answer.status < 500)
      idempotent.set(key, { path: url.pathname, rawBody, answer: structuredClone(answer) });
    return answer;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", baseUrl);
      if (url.pathname.startsWith("/checkout/")) return hostedSetupPage(req, res, url, rawBody);

      const header = req.headers["idempotency-key"];
      const record: RecordedStripeRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        params: parseForm(req.method === "POST" ? rawBody : url.search.slice(1)),
        idempotencyKey: typeof header === "string" ? header : null,
        replayed: false,
      };
      requests.push(record);

      const fault = faults.shift();
      if (fault && "dropConnection" in fault) {
        if (fault.afterProcessing) answerIdempotently(req, rawBody, url, record);
        return req.socket.destroy();
      }
      const answer = fault ? { status: fault.status, body: fault.body ?? faultBody(fault.status) } : answerIdempotently(req, rawBody, url, record);
      res.writeHead(answer.status, {
        "Content-Type": "application/json",
        "Request-Id": newId("req"),
        ...(record.replayed ? { "Idempotent-Replayed": "true" } : {}),
      });
      res.end(JSON.stringify(answer.body));
    });
  });

  /** Stripe's hosted page, so a browser test can add a card: pick a test PaymentMethod, come back to success_url. */
  function hostedSetupPage(req: http.IncomingMessage, res: http.ServerResponse, url: URL, rawBody: string) {
    const sessionId = decodeURIComponent(url.pathname.slice("/checkout/".length));
    const session = objects.get(sessionId);
    if (session?.object !== "checkout.session") {
      res.writeHead(404, { "Content-Type": "text/plain" });
      return res.end("No such checkout session");
    }
    if (req.method === "POST") {
      const token = new URLSearchParams(rawBody).get("payment_method") ?? "";
      const { paymentMethodId } = findTestCardByToken(token) ? completeSetup(sessionId, token) : { paymentMethodId: null };
      const back = paymentMethodId ? String(session.success_url).replace("{CHECKOUT_SESSION_ID}", sessionId) : url.pathname;
      res.writeHead(303, { Location: back });
      return res.end();
    }
    const options = TEST_CARDS.map((card) => `<option value="${card.token}">${card.token} (${card.brand} ${card.number.slice(-4)})</option>`).join("");
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><title>Stripe stub: add a card</title><form method="post"><label>Test card <select name="payment_method">${options}</select></label>` +
        `<button>Save card</button></form><a href="${escapeHtml(String(session.cancel_url ?? ""))}">Cancel</a>`,
    );
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    secretKey,
    webhookSecret,
    requests,
    get paymentIntents() {
      return counts.paymentIntents;
    },
    get customers() {
      return counts.customers;
    },
    completeSetup,
    object(id) {
      const object = objects.get(id);
      return object && structuredClone(object);
    },
    setPaymentIntentStatus(id, status) {
      const intent = objects.get(id);
      if (intent?.object !== "payment_intent") throw new Error(`No payment intent ${id}`);
      intent.status = status;
    },
    failNext(fault, times = 1) {
      for (let i = 0; i < times; i += 1) faults.push(fault);
    },
    event(type, object) {
      sequence += 1;
      return {
        id: `evt_stub_${sequence}_${randomBytes(6).toString("hex")}`,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: created(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    signedEvent(payload) {
      const body = JSON.stringify(payload, null, 2);
      return { body, header: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }) };
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Stripe's form encoding: `a[b]=1` nests, `a[]=x` and `a[0]=x` make lists.
 * Values stay strings, as on the wire (`confirm=true`, `amount=1500`).
 */
export function parseForm(encoded: string): FormParams {
  const root: FormParams = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const [head, ...rest] = key.split("[");
    const path = [head!, ...rest.map((segment) => segment.replace(/\]$/, ""))];
    let node: FormParams | FormValue[] = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const nextIsList = !last && /^\d*$/.test(path[index + 1]!);
      const slot: string | number = Array.isArray(node) ? (segment === "" ? node.length : Number(segment)) : segment;
      const container = node as Record<string | number, FormValue>;
      if (last) container[slot] = value;
      else container[slot] ??= nextIsList ? [] : {};
      node = container[slot] as FormParams | FormValue[];
    });
  }
  return root;
}

function text(value: FormValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function metadataOf(params: FormParams): Record<string, string> {
  const metadata = params.metadata;
  if (!metadata || typeof metadata !== "object" || Array.isArray(metadata)) return {};
  return Object.fromEntries(Object.entries(metadata).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

function newId(prefix: string) {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  return `${prefix}_${[...randomBytes(24)].map((byte) => alphabet[byte % alphabet.length]).join("")}`;
}

function stripeError(type: string, message: string, extra: Record<string, unknown> = {}) {
  return { error: { type, message, ...extra } };
}

function invalid(message: string, param: string | null): Answer {
  return { status: 400, body: stripeError("invalid_request_error", message, param ? { param } : {}) };
}

function missing(id: string, param: string): Answer {
  return { status: 404, body: stripeError("invalid_request_error", `No such ${param}: '${id}'`, { code: "resource_missing", param }) };
}

function faultBody(status: number) {
  if (status === 429) return stripeError("invalid_request_error", "Request rate limit exceeded.", { code: "rate_limit" });
  if (status >= 500) return stripeError("api_error", "Something went wrong on Stripe's end.");
  return stripeError("invalid_request_error", `Injected ${status}`);
}

function unescape(value: string) {
  return value.replace(/\\(.)/g, "$1");
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
