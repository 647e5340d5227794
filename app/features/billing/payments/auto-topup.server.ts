import { getDb, now, type DB } from "~/db/db.server";
import { emit } from "~/lib/events/bus.server";
import { startOfUtcMonth } from "~/lib/dates/calendar-months";
import type { BillingAccount } from "~/db/schema";
import { decideAutoTopup } from "./auto-topup";
import { isCardErrorCode } from "./card-errors";
import { ChargeNoLongerDue, findChargeByRequestKey, requestCharge, type ChargeDeps } from "../charges.server";
import { notifyBillingContacts } from "../notifications.server";
import { chargeableCards } from "./payment-methods.server";

export interface AutoTopupSettings {
  enabled: boolean;
  thresholdCents: number;
  amountCents: number;
  monthlyCapCents: number;
}

/** Saving the settings also ends a failure's day of waiting, so a fixed setup is tried on the next pass; the banner (the failure's code) stays until a top-up succeeds. */
export async function saveAutoTopupSettings(tenantId: string, settings: AutoTopupSettings, db: DB = getDb()) {
  await db
    .updateTable("billing_accounts")
    .set({
      auto_topup_enabled: settings.enabled ? 1 : 0,
      auto_topup_threshold_cents: settings.thresholdCents,
      auto_topup_amount_cents: settings.amountCents,
      auto_topup_monthly_cap_cents: settings.monthlyCapCents,
      auto_topup_failed_at: null,
      updated_at: now(),
    })
    .where("tenant_id", "=", tenantId)
    .execute();
}

/** What was charged automatically this calendar month, a charge in flight included. */
export async function autoTopupsThisMonthCents(tenantId: string, at: Date, db: DB = getDb()) {
  const row = await db
    .selectFrom("charges")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_cents"), eb.lit(0)).as("total"))
    .where("tenant_id", "=", tenantId)
    .where("purpose", "=", "auto-topup")
    .where("status", "in", ["pending", "succeeded"])
    .where("created_at", ">=", startOfUtcMonth(at.toISOString()))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * One pass of the job runner: every tenant whose balance fell below its
 * threshold gets one automatic top-up. The partial unique index on pending
 * auto top-ups keeps it to one in flight per tenant however many runners
 * pass at once; the backup card is tried once when the primary is refused;
 * a failure shows a banner on /billing and is mailed.
 */
export async function runAutoTopups(at: Date, deps: ChargeDeps = {}) {
  const db = deps.db ?? getDb();
  // How many automatic top-ups each account has had, read in the same statement as its balance: the request key names the account's state
  // the decision was made on, so runners that decided on the same state make one charge between them, however late one of them is.
  const candidates = await db
    .selectFrom("billing_accounts")
    .selectAll()
    .select((eb) =>
      eb
        .selectFrom("charges")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("charges.tenant_id", "=", "billing_accounts.tenant_id")
        .where("charges.purpose", "=", "auto-topup")
        .as("auto_topup_attempts"),
    )
    .where("auto_topup_enabled", "=", 1)
    .whereRef("balance_cents", "<", "auto_topup_threshold_cents")
    .execute();
  let charged = 0;
  for (const account of candidates) {
    const inFlight = await db
      .selectFrom("charges")
      .select("id")
      .where("tenant_id", "=", account.tenant_id)
      .where("purpose", "=", "auto-topup")
      .where("status", "=", "pending")
      .executeTakeFirst();
    const decision = decideAutoTopup(
      {
        enabled: true,
        balanceCents: account.balance_cents,
        thresholdCents: account.auto_topup_threshold_cents,
        amountCents: account.auto_topup_amount_cents,
        monthlyCapCents: account.auto_topup_monthly_cap_cents,
        chargedThisMonthCents: await autoTopupsThisMonthCents(account.tenant_id, at, db),
        inFlight: Boolean(inFlight),
        lastFailureAt: account.auto_topup_failed_at,
      },
      at,
    );
    if (!decision.due) continue;
    try {
      if (await topUpAutomatically(account, Number(account.auto_topup_attempts ?? 0), decision.amountCents, deps, db)) charged += 1;
    } catch (error) {
      // Unknown outcome (the network): the charge stays pending and the reconciliation settles it; other tenants go on.
      console.error(`Automatic top-up for tenant ${account.tenant_id}:`, error);
    }
  }
  return { charged };
}

async function topUpAutomatically(account: BillingAccount, attempts: number, amountCents: number, deps: ChargeDeps, db: DB) {
  const attempt = `auto-topup:${attempts}`;
  const cards = await chargeableCards(account.tenant_id, db);
  if (!cards.primary) return false;
  // Another runner already made this top-up (and told of its failure): nothing left to do.
  if (await findChargeByRequestKey(account.tenant_id, attempt, db)) return false;
  // A runner that checked the request key just before another runner made the charge gets that charge back from requestCharge: only the
  // runner that wrote it (afterPending runs for the writer alone) counts it and tells of its failure, so a top-up is counted and mailed once.
  let madeHere = false;
  const hooks: ChargeDeps["hooks"] = {
    ...deps.hooks,
    afterPending: async (pending) => {
      madeHere = true;
      await deps.hooks?.afterPending?.(pending);
    },
  };
  // The decision was made on a read that a settlement can overtake (a runner that saw another's charge pending, then found it settled,
  // would charge again on the old balance: seen in CI on PostgreSQL). So the write of the pending charge checks, under the account's lock,
  // that the balance is still below the threshold and no other automatic top-up was made since: `made` of them so far (the primary's
  // refusal is the one more before the backup card).
  const stillDue = (made: number) => async (trx: DB) => {
    const row = await trx
      .selectFrom("billing_accounts")
      .select(["balance_cents", "auto_topup_threshold_cents", "auto_topup_enabled"])
      .select((eb) =>
        eb
          .selectFrom("charges")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("charges.tenant_id", "=", "billing_accounts.tenant_id")
          .where("charges.purpose", "=", "auto-topup")
          .as("auto_topup_attempts"),
      )
      .where("tenant_id", "=", account.tenant_id)
      .executeTakeFirst();
    return Boolean(row && row.auto_topup_enabled === 1 && row.balance_cents < row.auto_topup_threshold_cents && Number(row.auto_topup_attempts ?? 0) === made);
  };
  const charge = (paymentMethodId: string, suffix: string, made: number) => {
    madeHere = false;
    return requestCharge(
      {
        tenantId: account.tenant_id,
        purpose: "auto-topup",
        amountCents,
        currency: account.currency,
        paymentMethodId,
        requestKey: `${attempt}${suffix}`,
        details: { kind: "topup" },
        description: "Voxboard automatic top-up",
      },
      { ...deps, hooks, awaitOtherRequest: false, stillDue: stillDue(made) },
    );
  };
  let result;
  try {
    result = await charge(cards.primary.id, "", attempts);
    if (result.status === "failed" && cards.backup) result = await charge(cards.backup.id, ":backup", attempts + 1);
  } catch (error) {
    if (error instanceof ChargeNoLongerDue) return false;
    throw error;
  }
  if (!madeHere) return false;
  if (result.status === "failed") {
    const code = isCardErrorCode(result.failure_code) ? result.failure_code : "payment_failed";
    // The charge settled failed outside any transaction of this module; the announcement gets one of its own.
    const event = { kind: "billing.auto-topup-failed" as const, tenantId: account.tenant_id, amountCents, currency: account.currency };
    await (db.isTransaction ? emit(db, event) : db.transaction().execute((trx) => emit(trx, event)));
    await notifyBillingContacts(
      account.tenant_id,
      {
        kind: "autoTopupFailed",
        amountCents,
        currency: account.currency,
        code,
      },
      db,
    );
  }
  return result.status === "succeeded";
}
