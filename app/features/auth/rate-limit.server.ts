import { sql } from "kysely";
import { getEnv } from "~/config/env.server";
import { getDb, type DB } from "~/db/db.server";

/**
 * A fixed-window counter per key, kept in the database (migration 0008), so
 * every app server counts against the same budget and a restart forgives
 * nobody. One statement per key: an upsert that starts a new window when the
 * old one has ended, else adds one, and returns the result, so two servers
 * counting at the same moment cannot both see the last allowed attempt.
 */
async function hit(db: DB, key: string, limit: number, windowMs: number, nowMs: number) {
  const now = new Date(nowMs).toISOString();
  const resetAt = new Date(nowMs + windowMs).toISOString();
  const result = await sql<{ count: number; reset_at: string }>`insert into rate_limit_counters (key, count, reset_at) values (${key}, 1, ${resetAt})
    on conflict (key) do update set
      count = case when rate_limit_counters.reset_at <= ${now} then 1 else rate_limit_counters.count + 1 end,
      reset_at = case when rate_limit_counters.reset_at <= ${now} then excluded.reset_at else rate_limit_counters.reset_at end
    returning count, reset_at`.execute(db);
  const row = result.rows[0]!;
  return { allowed: Number(row.count) <= limit, retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(row.reset_at) - nowMs) / 1000)) };
}

export type RateLimitedForm = "login" | "register" | "reset-password" | "resend-verification" | "two-factor" | "sso";

/** Ended windows are deleted now and then, not on every attempt. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
let lastSweep = 0;

/**
 * Counts one attempt against the client's IP and, when known, the account
 * (email) it targets. Both budgets are spent on every attempt so that neither
 * many IPs against one account nor one IP against many accounts gets through.
 */
export async function consumeAuthAttempt({ form, ip, account }: { form: RateLimitedForm; ip: string; account?: string | null }, db: DB = getDb()) {
  const env = getEnv();
  const windowMs = env.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const nowMs = Date.now();
  if (nowMs - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = nowMs;
    await db.deleteFrom("rate_limit_counters").where("reset_at", "<=", new Date(nowMs).toISOString()).execute();
  }
  const byIp = await hit(db, `${form}:ip:${ip}`, env.RATE_LIMIT_PER_IP, windowMs, nowMs);
  const byAccount = account ? await hit(db, `${form}:account:${account.toLowerCase()}`, env.RATE_LIMIT_PER_ACCOUNT, windowMs, nowMs) : null;
  const blocked = [byIp, byAccount].filter((r): r is NonNullable<typeof r> => r !== null && !r.allowed);
  return blocked.length === 0
    ? { allowed: true as const }
    : { allowed: false as const, retryAfterSeconds: Math.max(...blocked.map((r) => r.retryAfterSeconds)) };
}

/** Forgets every counter (tests). */
export async function resetRateLimits(db: DB = getDb()) {
  await db.deleteFrom("rate_limit_counters").execute();
}
