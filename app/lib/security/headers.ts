/**
 * The enforcing Content-Security-Policy: scripts only from us or carrying this response's nonce.
 * `supportChatOrigin`, given only for the public pages when a support chat is configured
 * (docs/product/behaviour.md#support-chat), may also serve scripts, answer requests, show images
 * and frame its widget. `ssoOrigin`, given only for /login when single sign-on is configured
 * (docs/product/single-sign-on.md), is where the sign-in button's form may end up: the post
 * to /auth/oidc answers with a redirect to the provider, and form-action covers redirects.
 * Nothing else of another origin is ever allowed.
 */
export function contentSecurityPolicy(
  nonce: string,
  { supportChatOrigin = null, ssoOrigin = null }: { supportChatOrigin?: string | null; ssoOrigin?: string | null } = {},
) {
  const chat = supportChatOrigin ? ` ${supportChatOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${chat}`,
    // Inline style attributes carry the palette variables (and a menu's position); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${chat}`,
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self'${chat}`,
    ...(chat ? [`frame-src 'self'${chat}`] : []),
    `form-action 'self'${ssoOrigin ? ` ${ssoOrigin}` : ""}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), geolocation=(), microphone=(), payment=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};
