/**
 * What the provider said about the person, reduced to what linking needs
 * (docs/decisions/0048-oidc-single-sign-on.md). Pure, so it is unit-tested
 * beside this file.
 */
export interface ProviderIdentity {
  subject: string;
  /** Lower-cased; null when the provider gave none. */
  email: string | null;
  /** True only when the provider says it checked the address (email_verified). */
  emailVerified: boolean;
}

/**
 * email_verified is a boolean in OpenID Connect Core §5.1; some providers
 * (AWS Cognito among them) send the string "true". Anything else, a missing
 * claim included, counts as not verified.
 */
export function readProviderIdentity(claims: Record<string, unknown>): ProviderIdentity | null {
  const subject = typeof claims.sub === "string" && claims.sub.length > 0 ? claims.sub : null;
  if (!subject) return null;
  const email = typeof claims.email === "string" && claims.email.includes("@") ? claims.email.trim().toLowerCase() : null;
  const verified = claims.email_verified === true || claims.email_verified === "true";
  return { subject, email, emailVerified: email !== null && verified };
}

/** Why a single sign-on ended on /login instead of in a session: the key under `sso.errors` in the auth namespace. */
export const SSO_ERRORS = ["failed", "expired", "unverifiedEmail", "noAccount", "accountNotVerified", "accountDisabled", "tooManyAttempts"] as const;
export type SsoError = (typeof SSO_ERRORS)[number];
export const isSsoError = (value: unknown): value is SsoError => typeof value === "string" && (SSO_ERRORS as readonly string[]).includes(value);

/** A linked provider account as /profile/security lists it (identities.server.ts linkedAccountsOf). */
export interface LinkedAccountView {
  issuer: string;
  subject: string;
  provider: string;
  email: string;
  linkedAt: string;
  lastUsedAt: string;
}
