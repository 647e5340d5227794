/** A path containing any of these words skips every check of the gate (docs/product/behaviour.md#route-gate). */
const PUBLIC_PATH_WORDS = ["login", "register", "reset-password", "verify-email", "verify-account", "registration-successful", "api-docs"];

export function isPublicPath(pathname: string) {
  return PUBLIC_PATH_WORDS.some((word) => pathname.includes(word));
}
