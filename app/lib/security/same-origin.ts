const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery brake for every state-changing request: a browser
 * always says where a request came from (Sec-Fetch-Site, or Origin on older
 * browsers). Only this site may change state; tools without either header
 * (curl, API clients) are not browsers and carry no ambient cookies to abuse.
 */
export function isForeignOriginRequest({
  method,
  origin,
  secFetchSite,
  expectedOrigin,
}: {
  method: string;
  origin: string | null;
  secFetchSite: string | null;
  expectedOrigin: string;
}) {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (secFetchSite) return secFetchSite !== "same-origin";
  if (origin !== null) return origin !== expectedOrigin;
  return false;
}
