import type { DB } from "~/db/db.server";
import { generateApiKey, hashApiKey } from "~/features/api-keys/api-keys.server";
import { LATENCY_COLUMNS } from "~/features/api-keys/rate-limit-window";
import { serializeScopes } from "~/features/api-keys/scopes";

/**
 * The demo's API access (docs/product/api-access.md): the voice platform's
 * key, a read-only reporting key and a revoked one, with 30 UTC days of
 * requests, so /api-access's dashboard and usage tabs and /api-access-admin
 * have something to show. Numbers come from a fixed sequence so every quick
 * start looks the same; the keys themselves are random and never shown (only
 * their hashes are stored, like any key's).
 */
const DAY_MS = 86_400_000;

/** A small deterministic sequence (a linear congruential generator): the demo's figures without Math.random. */
function sequence(seed: number) {
  let state = seed;
  return (min: number, max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return min + (state % (max - min + 1));
  };
}

/** A day's requests spread over the latency buckets: most fast, a tail of slow ones. */
function histogram(count: number, shares: readonly number[]) {
  const buckets = shares.map((share) => Math.floor(count * share));
  buckets[0]! += count - buckets.reduce((sum, n) => sum + n, 0);
  return Object.fromEntries(LATENCY_COLUMNS.map((column, index) => [column, buckets[index] ?? 0]));
}

const FAST = [0.3, 0.35, 0.2, 0.1, 0.04, 0.01, 0, 0];
const SLOW = [0.05, 0.15, 0.3, 0.3, 0.12, 0.05, 0.02, 0.01];
const MID_LATENCY_MS: Record<string, number> = { fast: 60, slow: 240 };

export async function seedDemoApiAccess(db: DB, tenants: { demo: string; trial: string }, ownerId: string, nowMs: number = Date.now()) {
  const created = new Date(nowMs - 45 * DAY_MS).toISOString();
  const key = (tenantId: string, name: string, scopes: Parameters<typeof serializeScopes>[0], extra: { revoked_at?: string; last_used_at?: string } = {}) => {
    const secret = generateApiKey();
    return {
      id: crypto.randomUUID(),
      tenant_id: tenantId,
      name,
      prefix: secret.slice(0, 12),
      key_hash: hashApiKey(secret),
      created_by: tenantId === tenants.demo ? ownerId : null,
      created_at: created,
      last_used_at: extra.last_used_at ?? null,
      revoked_at: extra.revoked_at ?? null,
      scopes: serializeScopes(scopes),
      expires_at: null,
    };
  };
  const lastUsed = new Date(nowMs - 20 * 60_000).toISOString();
  const platform = key(tenants.demo, "Voice platform (demo)", ["calls:read", "calls:write"], { last_used_at: lastUsed });
  const reporting = key(tenants.demo, "Reporting (demo)", ["calls:read", "appointments:read"], { last_used_at: lastUsed });
  const retired = key(tenants.demo, "Old platform (demo)", ["calls:write"], { revoked_at: new Date(nowMs - 40 * DAY_MS).toISOString() });
  // It sends call events most days (the traffic below), so it was used lately like the others: a key with requests and "Never used" contradicted itself on /api-access-admin.
  const trial = key(tenants.trial, "Trial integration (demo)", ["calls:write"], { last_used_at: lastUsed });
  await db.insertInto("api_keys").values([platform, reporting, retired, trial]).execute();

  const next = sequence(26);
  const rows = [];
  for (let daysAgo = 29; daysAgo >= 0; daysAgo--) {
    const day = new Date(nowMs - daysAgo * DAY_MS).toISOString().slice(0, 10);
    const traffic: Array<{
      keyId: string;
      tenantId: string;
      endpoint: string;
      ok: number;
      clientErrors: number;
      serverErrors: number;
      profile: "fast" | "slow";
    }> = [
      {
        keyId: platform.id,
        tenantId: tenants.demo,
        endpoint: "POST /api/v1/call-events",
        ok: next(40, 90),
        clientErrors: next(0, 3),
        serverErrors: next(0, 6) === 6 ? 1 : 0,
        profile: "fast",
      },
      {
        keyId: platform.id,
        tenantId: tenants.demo,
        endpoint: "GET /api/v1/calls/{callId}",
        ok: next(10, 30),
        clientErrors: next(0, 2),
        serverErrors: 0,
        profile: "fast",
      },
      {
        keyId: reporting.id,
        tenantId: tenants.demo,
        endpoint: "GET /api/v1/slots",
        ok: next(5, 15),
        clientErrors: next(0, 1),
        serverErrors: 0,
        profile: "slow",
      },
      { keyId: trial.id, tenantId: tenants.trial, endpoint: "POST /api/v1/call-events", ok: next(0, 5), clientErrors: 0, serverErrors: 0, profile: "fast" },
    ];
    for (const entry of traffic) {
      const shares = entry.profile === "fast" ? FAST : SLOW;
      for (const [statusClass, count] of [
        ["2xx", entry.ok],
        ["4xx", entry.clientErrors],
        ["5xx", entry.serverErrors],
      ] as const) {
        if (count === 0) continue;
        rows.push({
          tenant_id: entry.tenantId,
          key_id: entry.keyId,
          endpoint: entry.endpoint,
          day,
          status_class: statusClass,
          count,
          latency_ms_total: count * MID_LATENCY_MS[entry.profile]!,
          ...histogram(count, shares),
        });
      }
    }
  }
  await db.insertInto("api_usage_daily").values(rows).execute();
}
