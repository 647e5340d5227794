/** The keys tab of /api-access: where its forms post and where a revocation returns. */
export const API_KEYS_PATH = "/api-access?tab=keys";

/** The revocation's confirmation step as a page of its own, so revoking works without JavaScript. */
export const revokeKeyHref = (keyId: string) => `${API_KEYS_PATH}&revoke=${encodeURIComponent(keyId)}`;

export const apiAccessTabHref = (tab: string) => `/api-access?tab=${tab}`;

/** The tabs of /api-access (docs/product/navigation.md#api-access-tabs, docs/product/api-access.md). */
export const API_ACCESS_TABS = ["dashboard", "documentation", "keys", "usage", "account"] as const;
export type ApiAccessTab = (typeof API_ACCESS_TABS)[number];

export function isApiAccessTab(value: unknown): value is ApiAccessTab {
  return typeof value === "string" && (API_ACCESS_TABS as readonly string[]).includes(value);
}
