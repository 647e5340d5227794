import { getZodConstraint } from "@conform-to/zod";
import { getDb, type DB } from "~/db/db.server";
import { loadFailed } from "~/lib/http/errors.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";
import type { ActiveSubscription } from "~/features/tenants/plans.server";
import { ensureBillingAccount } from "./accounts.server";
import { listTransactions } from "./history/history.server";
import type { HistoryParams } from "./history/history-params";
import { listInvoices } from "./history/invoices.server";
import { AUTO_TOPUP_MAX_CAP_CENTS, AUTO_TOPUP_MIN_AMOUNT_CENTS, AUTO_TOPUP_MIN_THRESHOLD_CENTS, TOPUP_MAX_CENTS, TOPUP_MIN_CENTS } from "./usage/limits";
import { listPaymentMethods } from "./payments/payment-methods.server";
import { getPaymentProvider } from "./payments/provider.server";
import { autoTopupSchema, topUpSchema } from "./schemas";

/** What every billing screen shows at its top (test mode, a failed automatic top-up), the balance and the auto top-up settings. */
export async function billingFrame(tenantId: string, db: DB = getDb()) {
  const account = await ensureBillingAccount(tenantId, db);
  return {
    testMode: getPaymentProvider().kind === "test",
    currency: account.currency,
    balanceCents: account.balance_cents,
    autoTopupFailure: account.auto_topup_failure_code
      ? { code: account.auto_topup_failure_code, at: account.auto_topup_failed_at ?? account.updated_at, amountCents: account.auto_topup_amount_cents }
      : null,
    autoTopup: {
      enabled: account.auto_topup_enabled === 1,
      thresholdCents: account.auto_topup_threshold_cents,
      amountCents: account.auto_topup_amount_cents,
      monthlyCapCents: account.auto_topup_monthly_cap_cents,
    },
  };
}

/**
 * The frame for a billing page's loader. When the balance cannot be read, the
 * page shows "Failed to fetch the balance" (docs/product/errors.md#operation-failures) in its error boundary
 * instead of a general error (the server logs why).
 */
export async function billingFrameForPage(tenantId: string) {
  const frame = await orFailed("Reading the balance", () => billingFrame(tenantId));
  if (frame === FAILED) loadFailed("billing:failures.balanceFailed", "Failed to fetch the balance.");
  return frame;
}

/** The top-up and auto top-up forms' data, for /billing?tab=top-up and /add-topup-balance alike; a fresh one-time key per page. */
export async function topUpFormsData(tenantId: string, language: string, db: DB = getDb()) {
  return {
    cards: await cardViews(tenantId, new Date(), db),
    limits: LIMITS,
    submissionKey: crypto.randomUUID(),
    constraints: { topUp: getZodConstraint(topUpSchema(language)), autoTopup: getZodConstraint(autoTopupSchema(language)) },
  };
}

export const LIMITS = {
  topUpMin: TOPUP_MIN_CENTS,
  topUpMax: TOPUP_MAX_CENTS,
  thresholdMin: AUTO_TOPUP_MIN_THRESHOLD_CENTS,
  autoAmountMin: AUTO_TOPUP_MIN_AMOUNT_CENTS,
  capMax: AUTO_TOPUP_MAX_CAP_CENTS,
};

export type CardView = Awaited<ReturnType<typeof cardViews>>[number];

/** Cards as the screens show them, with whether each has expired (in the tenant's month). */
export async function cardViews(tenantId: string, at = new Date(), db: DB = getDb()) {
  const cards = await listPaymentMethods(tenantId, db);
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() + 1;
  return cards.map((card) => ({
    id: card.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    priority: card.priority,
    expired: card.exp_year < year || (card.exp_year === year && card.exp_month < month),
  }));
}

export async function overviewData(tenantId: string, subscription: ActiveSubscription | null, db: DB = getDb()) {
  const [invoices, nextPlan] = await Promise.all([
    listInvoices(tenantId, 1, db, 5),
    subscription?.next_plan_id ? db.selectFrom("plans").select(["name"]).where("id", "=", subscription.next_plan_id).executeTakeFirst() : undefined,
  ]);
  return {
    plan: subscription
      ? {
          name: subscription.plan_name,
          priceCents: subscription.price_cents,
          currency: subscription.currency,
          status: subscription.status,
          periodEnd: subscription.current_period_end,
          endsAt: subscription.ends_at,
          nextPlanName: nextPlan?.name ?? null,
        }
      : null,
    invoices: invoices.items,
    invoiceCount: invoices.total,
  };
}

export async function historyData(tenantId: string, params: HistoryParams, timeZone: string, db: DB = getDb()) {
  return listTransactions(tenantId, params, timeZone, db);
}
