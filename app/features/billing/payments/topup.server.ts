import { getDb, type DB } from "~/db/db.server";
import type { Charge } from "~/db/schema";
import { getBalanceCents } from "../ledger.server";
import { requestCharge, type ChargeDeps } from "../charges.server";
import { BILLING_CURRENCY } from "../usage/limits";

/**
 * A top-up from the form: one charge per form submission (the form's
 * one-time key), credited to the balance when paid.
 */
export async function topUp(
  input: { tenantId: string; amountCents: number; paymentMethodId: string; submissionKey: string; userId: string },
  deps: ChargeDeps = {},
): Promise<Charge> {
  return requestCharge(
    {
      tenantId: input.tenantId,
      purpose: "topup",
      amountCents: input.amountCents,
      currency: BILLING_CURRENCY,
      paymentMethodId: input.paymentMethodId,
      requestKey: `topup:${input.submissionKey}`,
      details: { kind: "topup" },
      requestedBy: input.userId,
      description: "Voxboard balance top-up",
    },
    deps,
  );
}

export { getBalanceCents };

/** The tenant's latest charges, for the forms' outcome messages. */
export function latestCharges(tenantId: string, limit = 5, db: DB = getDb()) {
  return db.selectFrom("charges").selectAll().where("tenant_id", "=", tenantId).orderBy("created_at", "desc").limit(limit).execute();
}
