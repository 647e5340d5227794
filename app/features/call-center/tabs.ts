import { CALL_MANAGEMENT_TABS, type NavTab } from "~/lib/navigation/routes";

/** The tabs of /call-management as `?tab=` values: the sidebar's four plus the post-call analysis (docs/product/navigation.md#call-management-tabs). */
export const CALL_CENTER_TABS = ["live-calls", "callqueue", "recordings", "missedcalls", "post-call-analysis"] as const;
export type CallCenterTab = (typeof CALL_CENTER_TABS)[number];
export const DEFAULT_CALL_CENTER_TAB: CallCenterTab = "live-calls";

export const CALL_CENTER_NAV_TABS: NavTab[] = [...CALL_MANAGEMENT_TABS, { value: "post-call-analysis", labelKey: "nav.tabs.postCallAnalysis" }];

export function resolveTab(value: string | null): CallCenterTab {
  return (CALL_CENTER_TABS as readonly string[]).includes(value ?? "") ? (value as CallCenterTab) : DEFAULT_CALL_CENTER_TAB;
}

/** Tabs whose content changes by the second; only these refresh themselves. */
export const SELF_REFRESHING_TABS: readonly CallCenterTab[] = ["live-calls", "callqueue"];
export const REFRESH_INTERVAL_MS = 5_000;

export const callManagementHref = (tab: CallCenterTab, page?: number) => `/call-management?tab=${tab}${page && page > 1 ? `&page=${page}` : ""}`;

/** /call-management?tab=recordings&q=… → /recordings?q=…: the same view on the list's canonical screen. */
export function recordingsUrlFromCallManagement(url: URL) {
  const params = new URLSearchParams(url.searchParams);
  params.delete("tab");
  const query = params.toString();
  return `/recordings${query ? `?${query}` : ""}`;
}
