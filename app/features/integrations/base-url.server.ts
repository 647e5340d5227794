import { isIP } from "node:net";
import { getEnv } from "~/config/env.server";
import { judgeAddress } from "~/lib/outbound/address-policy";

/**
 * A base URL a tenant typed, judged before it is saved when its host is an
 * address: a private one is refused at the field (the outbound guard refuses
 * it again, and every name's answers, when a request is sent).
 */
export function baseUrlProblem(value: string): string | null {
  if (getEnv().OUTBOUND_ALLOW_PRIVATE) return null;
  const host = new URL(value).hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return "validation.baseUrlPrivate";
  if (isIP(host) !== 0 && !judgeAddress(host).allowed) return "validation.baseUrlPrivate";
  return null;
}
