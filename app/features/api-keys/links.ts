/** The keys tab of /api-access: where its forms post and where a revocation returns. */
export const API_KEYS_PATH = "/api-access?tab=keys";

/** The revocation's confirmation step as a page of its own, so revoking works without JavaScript. */
export const revokeKeyHref = (keyId: string) => `${API_KEYS_PATH}&revoke=${encodeURIComponent(keyId)}`;

export const apiAccessTabHref = (tab: string) => `/api-access?tab=${tab}`;
