import { getEnv } from "~/config/env.server";

/**
 * A fixed-window counter per key, held in memory. One Voxboard process serves
 * one installation (SQLite), so memory is the right store; a restart forgives
 * everyone, which is acceptable for a brute-force brake.
 */
interface Window {
  count: number;
  resetAt: number;
}

const windows = new Map<string, Window>();

function hit(key: string, limit: number, windowMs: number, nowMs: number) {
  let entry = windows.get(key);
  if (!entry || entry.resetAt <= nowMs) {
    entry = { count: 0, resetAt: nowMs + windowMs };
    windows.set(key, entry);
  }
  entry.count += 1;
  return { allowed: entry.count <= limit, retryAfterSeconds: Math.ceil((entry.resetAt - nowMs) / 1000) };
}

export type RateLimitedForm = "login" | "register" | "reset-password" | "resend-verification";

/**
 * Counts one attempt against the client's IP and, when known, the account
 * (email) it targets. Both budgets are spent on every attempt so that neither
 * many IPs against one account nor one IP against many accounts gets through.
 */
export function consumeAuthAttempt({ form, ip, account }: { form: RateLimitedForm; ip: string; account?: string | null }) {
  const env = getEnv();
  const windowMs = env.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const nowMs = Date.now();
  if (windows.size > 50_000) sweep(nowMs);
  const byIp = hit(`${form}:ip:${ip}`, env.RATE_LIMIT_PER_IP, windowMs, nowMs);
  const byAccount = account ? hit(`${form}:account:${account.toLowerCase()}`, env.RATE_LIMIT_PER_ACCOUNT, windowMs, nowMs) : null;
  const blocked = [byIp, byAccount].filter((r): r is NonNullable<typeof r> => r !== null && !r.allowed);
  return blocked.length === 0
    ? { allowed: true as const }
    : { allowed: false as const, retryAfterSeconds: Math.max(...blocked.map((r) => r.retryAfterSeconds)) };
}

function sweep(nowMs: number) {
  for (const [key, entry] of windows) if (entry.resetAt <= nowMs) windows.delete(key);
}

export function resetRateLimits() {
  windows.clear();
}
