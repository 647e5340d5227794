import { createCookie, redirect, type AppLoadContext } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import { clientIp } from "~/features/auth/request.server";
import { createSession, destroySession, isUserDisabled } from "~/features/auth/session.server";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { isHttpsUrl } from "~/lib/security/secure-cookies.server";
import { hasTwoFactor } from "./two-factor.server";

/**
 * Between a verified password and the second factor there is no session:
 * only this short-lived signed cookie, naming the user and when the chance
 * to enter a code ends (docs/decisions/0042-two-factor-sign-in.md). Signing
 * (HMAC with SESSION_SECRET) means the browser cannot change whom it names;
 * the expiry inside the value, not the cookie's Max-Age, is what counts.
 */
export const PENDING_SIGN_IN_MINUTES = 5;
export const SECOND_STEP_PATH = "/login/two-factor";

interface PendingSignIn {
  userId: string;
  tenantId: string;
  expiresAt: number;
  redirectTo: string;
}

let pendingCookie: ReturnType<typeof createCookie> | undefined;
function getPendingCookie() {
  const env = getEnv();
  pendingCookie ??= createCookie("__sign_in_pending", {
    httpOnly: true,
    sameSite: "lax",
    secure: isHttpsUrl(env.appUrl),
    path: "/login",
    maxAge: PENDING_SIGN_IN_MINUTES * 60,
    secrets: [env.sessionSecret],
  });
  return pendingCookie;
}

/** The user waiting for their second step, or null when there is none, it was tampered with, or it has run out. */
export async function readPendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const value: unknown = await getPendingCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { userId, tenantId, expiresAt, redirectTo } = value as Partial<PendingSignIn>;
  if (typeof userId !== "string" || typeof tenantId !== "string" || typeof expiresAt !== "number" || Date.now() >= expiresAt) return null;
  return { userId, tenantId, expiresAt, redirectTo: typeof redirectTo === "string" ? redirectTo : "" };
}

export const clearPendingSignIn = () => getPendingCookie().serialize("", { maxAge: 0, expires: new Date(0) });

/**
 * Why someone who has just proved who they are (the right password, a
 * provider's signed ID token) still gets no sign-in, or null. Every sign-in
 * path asks this before completeSignIn, and each says it only after the proof,
 * so the answer tells nobody else that the account exists
 * (docs/product/roles.md#disabled-users).
 */
export async function signInRefusal(userId: string): Promise<"accountDisabled" | null> {
  return (await isUserDisabled(userId)) ? "accountDisabled" : null;
}

/** The session itself, once every factor the account has is verified. */
export async function startSignedInSession(request: Request, context: AppLoadContext | undefined, user: { id: string; tenantId: string }, redirectTo: string) {
  const headers = new Headers();
  // A fresh id at every sign-in: whatever session id the browser carried before is ended, never promoted.
  if (request.headers.get("Cookie")?.includes("__session=")) await destroySession(request);
  const session = await createSession({ userId: user.id, tenantId: user.tenantId, ip: clientIp(context), userAgent: request.headers.get("User-Agent") });
  headers.append("Set-Cookie", session.setCookie);
  headers.append("Set-Cookie", await clearPendingSignIn());
  return redirect(safeRedirectPath(redirectTo), { headers });
}

/**
 * The one way from "this person proved who they are" (a password today, a
 * single sign-on provider later) to a session: an account with a second
 * factor is sent to the code step with a pending-sign-in cookie and gets no
 * session until the code is right; any other account gets its session now.
 * Every sign-in path must end here, so none can skip the second factor.
 * (Whether the tenant requires a second factor is the route gate's concern:
 * it sends a signed-in user without one to enrol.)
 */
export async function completeSignIn({
  request,
  context,
  user,
  redirectTo,
}: {
  request: Request;
  context: AppLoadContext | undefined;
  user: { id: string; tenantId: string };
  redirectTo: string | undefined;
}) {
  const target = safeRedirectPath(redirectTo);
  if (!(await hasTwoFactor(user.id))) return startSignedInSession(request, context, user, target);
  const pending: PendingSignIn = { userId: user.id, tenantId: user.tenantId, expiresAt: Date.now() + PENDING_SIGN_IN_MINUTES * 60_000, redirectTo: target };
  const headers = new Headers();
  // The old session (if any) ends here too: a password step never leaves a session of the previous sign-in alive beside the pending one.
  if (request.headers.get("Cookie")?.includes("__session=")) headers.append("Set-Cookie", await destroySession(request));
  headers.append("Set-Cookie", await getPendingCookie().serialize(pending));
  return redirect(SECOND_STEP_PATH, { headers });
}
