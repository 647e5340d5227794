import { oneOf } from "~/lib/url-params/url-params";

/** /billing?tab=…: each tab is its own URL (docs/product/navigation.md#billing-tabs), overview by default. */
export const BILLING_TABS = ["overview", "payment-methods", "billing-history", "billing-details", "top-up", "usage"] as const;
export type BillingTab = (typeof BILLING_TABS)[number];

export const BILLING_TAB_LABELS: Record<BillingTab, string> = {
  overview: "tabs.overview",
  "payment-methods": "tabs.paymentMethods",
  "billing-history": "tabs.history",
  "billing-details": "tabs.details",
  "top-up": "tabs.topUp",
  usage: "tabs.usage",
};

const tabParam = oneOf(BILLING_TABS, "overview");

export function resolveBillingTab(value: string | null) {
  return tabParam.parse(value);
}

export function billingHref(tab: BillingTab, extra: Record<string, string> = {}) {
  const search = new URLSearchParams(tab === "overview" ? extra : { tab, ...extra });
  const query = search.toString();
  return query ? `/billing?${query}` : "/billing";
}
