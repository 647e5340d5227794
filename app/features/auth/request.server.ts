import type { AppLoadContext } from "@remix-run/node";
import { getTranslator } from "~/i18n/i18next.server";
import { consumeAuthAttempt, type RateLimitedForm } from "./rate-limit.server";

/** The client address the server saw (Express puts it in the load context). */
export function clientIp(context: AppLoadContext | undefined) {
  return context?.clientIp ?? "unknown";
}

/**
 * Spends one attempt of the rate limit. Returns the translated message to
 * show (and the status 429) when the budget is gone, else null.
 */
export async function rateLimitMessage(request: Request, context: AppLoadContext | undefined, form: RateLimitedForm, account?: string | null) {
  const result = consumeAuthAttempt({ form, ip: clientIp(context), account });
  if (result.allowed) return null;
  const t = await getTranslator(request, "auth");
  return { message: t("validation.tooManyAttempts", { minutes: Math.max(1, Math.ceil(result.retryAfterSeconds / 60)) }), retryAfterSeconds: result.retryAfterSeconds };
}
