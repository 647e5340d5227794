import { isUniqueViolation, lockBillingAccount } from "~/db/constraints.server";
import { getDb, newId, now, type DB } from "~/db/db.server";
import type { Charge, ChargePurpose } from "~/db/schema";
import { customerRefFor } from "./accounts.server";
import { OUTCOME_UNKNOWN_CODES, PaymentError } from "./payments/card-errors";
import type { ChargeDetails } from "./charge-details";
import { RECONCILE_AFTER_MS } from "./usage/limits";
import type { ChargeOutcome, PaymentProvider } from "./payments/payment-provider";
import { getPaymentProvider } from "./payments/provider.server";
import { settleAsNeverSent, settleCharge, type SettleHooks } from "./payments/settlement.server";

export interface ChargeRequestSpec {
  tenantId: string;
  purpose: ChargePurpose;
  amountCents: number;
  currency: string;
  paymentMethodId: string;
  /** One per submission: a form's one-time key, a renewal's period. The same key again finds the first charge. */
  requestKey: string;
  details: ChargeDetails;
  requestedBy?: string | null;
  description: string;
}

/** Tests: a throw from a hook is a crash at that step (see tests/integration/billing-crash-recovery.test.ts). */
export interface ChargeHooks extends SettleHooks {
  afterPending?: (charge: Charge) => Promise<void>;
  afterProviderAnswered?: (outcome: ChargeOutcome) => Promise<void>;
}

export interface ChargeDeps {
  provider?: PaymentProvider;
  hooks?: ChargeHooks;
  db?: DB;
  /**
   * A person's repeated submission waits for the first one's answer (the default). A job does not: the runner that
   * made the charge acts on its outcome (the banner, the mail), and another runner that finds it moves on.
   */
  awaitOtherRequest?: boolean;
  /**
   * A job's decision to charge, checked again in the transaction that writes the pending charge, with the tenant's billing account
   * locked (settling a charge writes that row, so no settlement lands between the check and the write). False: no charge is made
   * and requestCharge throws ChargeNoLongerDue.
   */
  stillDue?: (trx: DB) => Promise<boolean>;
}

/** The state a job decided on changed before its charge was written (another runner charged first): nothing was charged. */
export class ChargeNoLongerDue extends Error {
  constructor() {
    super("the charge is no longer due");
  }
}

/**
 * Takes money from a saved card, once (docs/decisions/0022-billing.md):
 * 1. a `pending` charge row, unique per request key (a double submit finds it);
 * 2. the provider call, with the charge id as idempotency key (a retry gets the first answer);
 * 3. settleCharge books the outcome in one durable transaction.
 * A crash between any two steps leaves a pending charge, which
 * reconcilePendingCharges settles from the provider's records. A refusal is
 * a failed charge; a failure whose outcome is unknown (the network) is
 * thrown and the charge stays pending for the reconciliation.
 */
export async function requestCharge(
  spec: ChargeRequestSpec,
  { provider = getPaymentProvider(), hooks = {}, db = getDb(), awaitOtherRequest: wait = true, stillDue }: ChargeDeps = {},
): Promise<Charge> {
  const earlier = await findChargeByRequestKey(spec.tenantId, spec.requestKey, db);
  if (earlier) return wait ? awaitOtherRequest(earlier, db) : earlier;
  const card = await db
    .selectFrom("payment_methods")
    .select(["id", "provider_ref"])
    .where("tenant_id", "=", spec.tenantId)
    .where("id", "=", spec.paymentMethodId)
    .executeTakeFirst();
  if (!card) throw new PaymentError("invalid_request", "unknown payment method");
  const charge: Charge = {
    id: newId(),
    tenant_id: spec.tenantId,
    request_key: spec.requestKey,
    purpose: spec.purpose,
    amount_cents: spec.amountCents,
    currency: spec.currency,
    payment_method_id: card.id,
    status: "pending",
    failure_code: null,
    provider_ref: null,
    details: JSON.stringify(spec.details),
    requested_by: spec.requestedBy ?? null,
    created_at: now(),
    settled_at: null,
  };
  try {
    if (stillDue) {
      await db.transaction().execute(async (trx) => {
        await lockBillingAccount(trx, spec.tenantId);
        if (!(await stillDue(trx))) throw new ChargeNoLongerDue();
        await trx.insertInto("charges").values(charge).execute();
      });
    } else {
      await db.insertInto("charges").values(charge).execute();
    }
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same submission, a moment earlier on another request (or the one auto top-up already in flight).
    const first = await findChargeByRequestKey(spec.tenantId, spec.requestKey, db);
    if (first) return wait ? awaitOtherRequest(first, db) : first;
    throw new PaymentError("payment_failed", "another charge of this kind is in flight");
  }
  await hooks.afterPending?.(charge);

  let outcome: ChargeOutcome;
  try {
    const customerRef = await customerRefFor(spec.tenantId, provider, db);
    outcome = await provider.charge({
      customerRef,
      paymentMethodRef: card.provider_ref,
      amountCents: spec.amountCents,
      currency: spec.currency,
      idempotencyKey: charge.id,
      description: spec.description,
    });
  } catch (error) {
    const code = error instanceof PaymentError ? error.code : "unknown";
    if (OUTCOME_UNKNOWN_CODES.includes(code) || !(error instanceof PaymentError)) {
      // The provider may have charged: only it can tell, later (the reconciliation asks). No request waits on it any more.
      await db.updateTable("charges").set({ provider_ref: UNANSWERED }).where("id", "=", charge.id).where("status", "=", "pending").execute();
      throw error;
    }
    outcome = { status: "failed", code, providerRef: error.providerRef };
  }
  await hooks.afterProviderAnswered?.(outcome);
  return settleCharge(charge.id, outcome, hooks, db);
}

/** How long a repeated submission waits for the first one's answer: longer than a provider call may take (the Stripe client's timeout is 20 s). */
const OTHER_REQUEST_WAIT_MS = 25_000;
const OTHER_REQUEST_POLL_MS = 150;
/** provider_ref of a pending charge whose request gave up on the provider's answer (the network failed): nobody is waiting for it. */
const UNANSWERED = "unanswered";

/**
 * The same submission a moment earlier (a double click) is still at the
 * provider: wait for its answer, so this request answers as the first will
 * ("paid"), not "unknown". A charge pending for longer than any request
 * lives (a crash) is the reconciliation's, and is returned as it is.
 */
async function awaitOtherRequest(charge: Charge, db: DB): Promise<Charge> {
  const deadline = Date.parse(charge.created_at) + OTHER_REQUEST_WAIT_MS;
  let current = charge;
  while (current.status === "pending" && current.provider_ref !== UNANSWERED && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, OTHER_REQUEST_POLL_MS));
    current = (await db.selectFrom("charges").selectAll().where("id", "=", charge.id).executeTakeFirst()) ?? current;
  }
  return current;
}

export function findChargeByRequestKey(tenantId: string, requestKey: string, db: DB = getDb()) {
  return db.selectFrom("charges").selectAll().where("tenant_id", "=", tenantId).where("request_key", "=", requestKey).executeTakeFirst();
}

export function getCharge(tenantId: string, chargeId: string, db: DB = getDb()) {
  return db.selectFrom("charges").selectAll().where("tenant_id", "=", tenantId).where("id", "=", chargeId).executeTakeFirst();
}

/**
 * Settles charges left pending by a request that died (a crash, a restart, a
 * lost connection) from what the provider recorded under their idempotency
 * keys: charged → booked; refused → failed; never received → failed with
 * nothing moved. Runs when the server starts and with every pass of the job
 * runner; `olderThanMs` keeps it off charges whose request is still under
 * way (longer than any provider call may take).
 */
export async function reconcilePendingCharges({
  olderThanMs = RECONCILE_AFTER_MS,
  provider = getPaymentProvider(),
  db = getDb(),
  at = new Date(),
}: { olderThanMs?: number; provider?: PaymentProvider; db?: DB; at?: Date } = {}) {
  const cutoff = new Date(at.getTime() - olderThanMs).toISOString();
  const pending = await db
    .selectFrom("charges")
    .select(["id"])
    .where("status", "=", "pending")
    .where("created_at", "<=", cutoff)
    .orderBy("created_at")
    .limit(100)
    .execute();
  const result = { settled: 0, neverSent: 0, unreachable: 0 };
  for (const { id } of pending) {
    let outcome: ChargeOutcome | null;
    try {
      outcome = await provider.findCharge(id);
    } catch {
      // The provider cannot be asked now; the next pass asks again.
      result.unreachable += 1;
      continue;
    }
    if (outcome) {
      await settleCharge(id, outcome, {}, db);
      result.settled += 1;
    } else {
      await settleAsNeverSent(id, db);
      result.neverSent += 1;
    }
  }
  return result;
}
