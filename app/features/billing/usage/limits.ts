/**
 * Billing's documented limits (README, "Billing"). The auto top-up minimums
 * are product rules (docs/product/constants.md#minimums); the rest are ours.
 */
export const TOPUP_MIN_CENTS = 1_000;
export const TOPUP_MAX_CENTS = 1_000_000;
export const AUTO_TOPUP_MIN_THRESHOLD_CENTS = 1_000;
export const AUTO_TOPUP_MIN_AMOUNT_CENTS = 5_000;
/** The largest monthly cap a tenant may set for automatic top-ups. */
export const AUTO_TOPUP_MAX_CAP_CENTS = 10_000_000;
/** A failed renewal keeps the plan this long before it lapses. */
export const GRACE_PERIOD_DAYS = 7;
/** A charge still pending after this long is asked about at the provider (its request died with its process). */
export const RECONCILE_AFTER_MS = 2 * 60_000;
export const BILLING_CURRENCY = "USD";
