import type { AppLoadContext } from "@remix-run/node";
import { getTranslator } from "~/i18n/i18next.server";
import { consumeAuthAttempt, type RateLimitedForm } from "./rate-limit.server";

/** The client address the server saw (Express puts it in the load context). */
export function clientIp(context: AppLoadContext | undefined) {
  return context?.clientIp ?? "unknown";
}

/**
 * Spends one attempt of the rate limit. When the budget is gone it returns the
 * translated message to show and the 429 response init (with Retry-After), else null.
 */
export async function rateLimitMessage(request: Request, context: AppLoadContext | undefined, form: RateLimitedForm, account?: string | null) {
  const result = await consumeAuthAttempt({ form, ip: clientIp(context), account });
  if (result.allowed) return null;
  const t = await getTranslator(request, "auth");
  return {
    message: t("validation.tooManyAttempts", { count: Math.max(1, Math.ceil(result.retryAfterSeconds / 60)) }),
    init: { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } } satisfies ResponseInit,
  };
}
