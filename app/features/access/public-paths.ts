/** Spec section 4: a path containing any of these words skips every check of the gate. */
const PUBLIC_PATH_WORDS = ["login", "register", "reset-password", "verify-email", "verify-account", "registration-successful", "api-docs"];

export function isPublicPath(pathname: string) {
  return PUBLIC_PATH_WORDS.some((word) => pathname.includes(word));
}

/** Only same-site paths may be used as a post-login destination; "//evil.test" and "/\\evil" are not paths. */
export function safeRedirectPath(value: unknown, fallback = "/overview") {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\r\n]/.test(value)) return fallback;
  return value;
}
