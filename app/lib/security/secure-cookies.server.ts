import type { ServerResponse } from "node:http";

/**
 * One rule for the Secure flag of every cookie we set (session, toast, theme,
 * language, sidebar, recording columns): Secure when the site's public address
 * (APP_URL) is https, or, behind a trusted proxy (TRUST_PROXY), when the proxy
 * says the browser came in over https (X-Forwarded-Proto). NODE_ENV plays no
 * part: a production server on plain http must still be usable, and a
 * development one behind https must still be safe.
 */
export function isHttpsUrl(url: string) {
  return new URL(url).protocol === "https:";
}

export function cookiesMustBeSecure({
  appUrl,
  trustProxy,
  forwardedProto,
}: {
  appUrl: string;
  trustProxy: boolean;
  forwardedProto: string | null | undefined;
}) {
  if (isHttpsUrl(appUrl)) return true;
  // A chain of proxies lists one protocol each; the first is the browser's.
  return trustProxy && forwardedProto?.split(",")[0]?.trim().toLowerCase() === "https";
}

export function withSecureFlag(setCookie: string) {
  return /;\s*secure\s*(;|$)/i.test(setCookie) ? setCookie : `${setCookie}; Secure`;
}

/**
 * Marks every cookie this response sets as Secure, whichever code sets it.
 * Express's res.append and res.cookie, and so the Remix adapter, all go
 * through setHeader.
 */
export function secureEveryCookie(res: ServerResponse) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => {
    if (name.toLowerCase() !== "set-cookie") return setHeader(name, value);
    return setHeader(name, Array.isArray(value) ? value.map((cookie) => withSecureFlag(String(cookie))) : withSecureFlag(String(value)));
  };
}
