import { createCookie, redirect } from "@remix-run/node";
import * as client from "openid-client";
import { getEnv } from "~/config/env.server";
import { notFound } from "~/lib/http/errors.server";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { getLogger } from "~/lib/observability/logger.server";
import { isHttpsUrl } from "~/lib/security/secure-cookies.server";
import { readProviderIdentity, type ProviderIdentity, type SsoError } from "./oidc-claims";

/**
 * Single sign-on through an OpenID Connect provider (docs/product/single-sign-on.md,
 * docs/decisions/0048-oidc-single-sign-on.md), with openid-client: the
 * authorization code flow with PKCE (S256), state and nonce. openid-client
 * checks the state of the answer and the ID token's issuer, audience (our
 * client id), expiry and nonce, and (enableNonRepudiationChecks) its
 * signature against the provider's JWKS.
 */
export const OIDC_START_PATH = "/auth/oidc";
export const OIDC_CALLBACK_PATH = "/auth/oidc/callback";
/** Time the person has at the provider before the flow's cookie runs out. */
export const OIDC_FLOW_MINUTES = 10;

export type OidcSettings = NonNullable<ReturnType<typeof getEnv>["oidc"]>;

/** The configuration, or a 404: without it the routes do not exist (and the login page shows no button). */
export function requireOidcSettings(): OidcSettings {
  const settings = getEnv().oidc;
  if (!settings) notFound();
  return settings;
}

export const redirectUri = () => new URL(OIDC_CALLBACK_PATH, getEnv().appUrl);

// The discovery document (and with it the JWKS cache openid-client keeps) is read once per process and settings.
let discovered: { key: string; config: Promise<client.Configuration> } | undefined;

/** Forgets the discovered provider (tests point the settings at a fresh stub). */
export function resetOidcDiscovery() {
  discovered = undefined;
}

function isLoopback(url: URL) {
  return url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]";
}

async function discover(settings: OidcSettings) {
  const issuer = new URL(settings.issuerUrl);
  // The issuer is the operator's setting, not a tenant's, so it is fetched directly (not through app/lib/outbound), with a timeout.
  // openid-client speaks only https; plain http is allowed for a provider on this machine (a local Keycloak, the test stub).
  return client.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
    timeout: settings.timeoutSeconds,
    execute: [
      // OpenID Connect Core §3.1.3.7 lets a client trust an ID token from the token endpoint by TLS alone, and openid-client does by
      // default; this also checks its signature against the provider's JWKS, so a token is the provider's whatever the transport.
      client.enableNonRepudiationChecks,
      ...(issuer.protocol === "http:" && isLoopback(issuer) ? [client.allowInsecureRequests] : []),
    ],
  });
}

function getConfiguration(settings: OidcSettings) {
  const key = `${settings.issuerUrl}\n${settings.clientId}\n${settings.clientSecret}`;
  if (discovered?.key !== key) {
    const config = discover(settings);
    // A failed discovery (provider down) is tried again at the next sign-in, not remembered.
    config.catch(() => {
      if (discovered?.key === key) discovered = undefined;
    });
    discovered = { key, config };
  }
  return discovered.config;
}

interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectTo: string;
  expiresAt: number;
}

/**
 * Between the button and the provider's answer: state, nonce and the PKCE
 * verifier, in a short-lived cookie signed with SESSION_SECRET like the
 * pending sign-in's (app/features/security/sign-in.server.ts). Only the
 * callback reads it and every answer of the callback clears it: one use.
 */
let flowCookie: ReturnType<typeof createCookie> | undefined;
function getFlowCookie() {
  const env = getEnv();
  flowCookie ??= createCookie("__oidc_flow", {
    httpOnly: true,
    // Lax: the provider sends the browser back with a top-level GET, which carries a Lax cookie.
    sameSite: "lax",
    secure: isHttpsUrl(env.appUrl),
    path: OIDC_START_PATH,
    maxAge: OIDC_FLOW_MINUTES * 60,
    secrets: [env.sessionSecret],
  });
  return flowCookie;
}

const clearFlowCookie = () => getFlowCookie().serialize("", { maxAge: 0, expires: new Date(0) });

async function readFlow(request: Request): Promise<OidcFlow | null> {
  const value: unknown = await getFlowCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const flow = value as Partial<OidcFlow>;
  if (
    typeof flow.state !== "string" ||
    typeof flow.nonce !== "string" ||
    typeof flow.codeVerifier !== "string" ||
    typeof flow.expiresAt !== "number" ||
    Date.now() >= flow.expiresAt
  ) {
    return null;
  }
  return {
    state: flow.state,
    nonce: flow.nonce,
    codeVerifier: flow.codeVerifier,
    redirectTo: typeof flow.redirectTo === "string" ? flow.redirectTo : "",
    expiresAt: flow.expiresAt,
  };
}

/** Where a failed single sign-on lands: the login page, with the reason it shows (translated there). */
export async function ssoFailure(error: SsoError, redirectTo?: string) {
  const target = new URLSearchParams({ sso: error });
  const safeTarget = safeRedirectPath(redirectTo, "");
  if (safeTarget) target.set("redirectTo", safeTarget);
  return redirect(`/login?${target}`, { headers: { "Set-Cookie": await clearFlowCookie() } });
}

/** The button's post: a fresh state, nonce and verifier, then off to the provider. */
export async function startOidcSignIn(settings: OidcSettings, redirectTo: string | undefined) {
  let config: client.Configuration;
  try {
    config = await getConfiguration(settings);
  } catch (error) {
    getLogger().warn({ err: error, issuer: settings.issuerUrl }, "single sign-on: provider discovery failed");
    return ssoFailure("failed", redirectTo);
  }
  const flow: OidcFlow = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
    // Empty when the page had none: completeSignIn picks the default, and a refusal's /login link stays clean.
    redirectTo: safeRedirectPath(redirectTo, ""),
    expiresAt: Date.now() + OIDC_FLOW_MINUTES * 60_000,
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri().href,
    scope: "openid email profile",
    response_type: "code",
    code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: "S256",
    state: flow.state,
    nonce: flow.nonce,
  });
  return redirect(url.href, { headers: { "Set-Cookie": await getFlowCookie().serialize(flow) } });
}

export type CallbackResult =
  { ok: true; identity: ProviderIdentity; issuer: string; redirectTo: string; clearCookie: string } | { ok: false; error: SsoError; redirectTo?: string };

/**
 * The provider's answer: the code exchanged (with the verifier) and the ID
 * token checked; every mismatch (state, nonce, audience, issuer, signature,
 * expiry) is a plain "failed" for the person and a log line for the operator.
 */
export async function finishOidcCallback(settings: OidcSettings, request: Request): Promise<CallbackResult> {
  const flow = await readFlow(request);
  if (!flow) return { ok: false, error: "expired" };
  const requestUrl = new URL(request.url);
  // The URL the provider redirected to, as registered (APP_URL), whatever host the proxy handed this server.
  const currentUrl = redirectUri();
  currentUrl.search = requestUrl.search;
  try {
    const config = await getConfiguration(settings);
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims: Record<string, unknown> = { ...tokens.claims() };
    // Not every provider puts the email in the ID token; the userinfo endpoint has it then (checked for the same subject).
    if (typeof claims.email !== "string" && config.serverMetadata().userinfo_endpoint) {
      const userInfo = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub));
      claims.email = userInfo.email;
      claims.email_verified = userInfo.email_verified;
    }
    const identity = readProviderIdentity(claims);
    if (!identity) return { ok: false, error: "failed", redirectTo: flow.redirectTo };
    return { ok: true, identity, issuer: config.serverMetadata().issuer, redirectTo: flow.redirectTo, clearCookie: await clearFlowCookie() };
  } catch (error) {
    getLogger().warn({ err: error, issuer: settings.issuerUrl }, "single sign-on: the provider's answer was refused");
    return { ok: false, error: "failed", redirectTo: flow.redirectTo };
  }
}
