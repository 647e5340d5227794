import type { LoaderFunctionArgs } from "@remix-run/node";
import { consumeAuthAttempt } from "~/features/auth/rate-limit.server";
import { clientIp } from "~/features/auth/request.server";
import { completeSignIn, signInRefusal } from "~/features/security/sign-in.server";
import { resolveSsoUser } from "~/features/sso/identities.server";
import { finishOidcCallback, requireOidcSettings, ssoFailure } from "~/features/sso/oidc.server";

/**
 * GET /auth/oidc/callback: where the provider sends the browser back. The
 * answer is checked (state, PKCE, the ID token's signature, issuer,
 * audience, expiry, nonce), the provider's account is matched to a user
 * (linked before, or by verified email now), and the sign-in ends where
 * every sign-in ends: completeSignIn (the second factor, the session, the
 * same-origin redirect). Anything refused lands on /login with the reason.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = requireOidcSettings();
  // Counted like the password step's attempts per address (app/features/auth/rate-limit.server.ts), before any work for the provider.
  const budget = await consumeAuthAttempt({ form: "sso", ip: clientIp(context) });
  if (!budget.allowed) return ssoFailure("tooManyAttempts");

  const result = await finishOidcCallback(settings, request);
  if (!result.ok) return ssoFailure(result.error, result.redirectTo);

  const resolved = await resolveSsoUser({ issuer: result.issuer, identity: result.identity, providerLabel: settings.buttonLabel });
  if (!resolved.ok) return ssoFailure(resolved.error, result.redirectTo);
  const refusal = await signInRefusal(resolved.user.id);
  if (refusal) return ssoFailure(refusal, result.redirectTo);

  const response = await completeSignIn({ request, context, user: resolved.user, redirectTo: result.redirectTo });
  response.headers.append("Set-Cookie", result.clearCookie);
  return response;
}
