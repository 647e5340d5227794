import { createHash, randomBytes } from "node:crypto";
import { getDb, newId, now } from "~/db/db.server";
import { recordAudit } from "~/features/audit/audit.server";
import { API_SCOPES, parseScopes, serializeScopes, type ApiScope } from "./scopes";

/**
 * Tenant API keys for the /api/v1 ingestion API. A key is `vbk_` followed by
 * 32 random bytes in base64url; only its SHA-256 and its first characters are
 * stored, so the database cannot give a key back and the list can still tell
 * keys apart. The full key is shown once, on the page the creation returns.
 */
export const API_KEY_PREFIX = "vbk_";
const SHOWN_PREFIX_LENGTH = 12;
/** last_used_at is written at most this often per key, so a busy platform does not turn every request into a write. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** Anything shaped like one of our keys, wherever it appears (used to refuse keys in query strings). */
const KEY_PATTERN = /vbk_[A-Za-z0-9_-]{16,}/;

export function generateApiKey() {
  return `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
}

export function hashApiKey(key: string) {
  return createHash("sha256").update(key).digest("hex");
}

export function looksLikeApiKey(value: string) {
  return KEY_PATTERN.test(value);
}

export interface ApiKeySummary {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  scopes: ApiScope[];
  expiresAt: string | null;
}

export async function createApiKey({
  tenantId,
  userId,
  name,
  scopes = API_SCOPES,
  expiresAt = null,
}: {
  tenantId: string;
  userId: string | null;
  name: string;
  /** Every scope when left out (fixtures, seed data); the create form requires a choice. */
  scopes?: readonly ApiScope[];
  /** ISO instant after which the key answers 401; null for a key that does not expire. */
  expiresAt?: string | null;
}) {
  if (scopes.length === 0) throw new Error("An API key needs at least one scope.");
  const key = generateApiKey();
  const row = {
    id: newId(),
    tenant_id: tenantId,
    name,
    prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
    key_hash: hashApiKey(key),
    created_by: userId,
    created_at: now(),
    last_used_at: null,
    revoked_at: null,
    scopes: serializeScopes(scopes),
    expires_at: expiresAt,
  };
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto("api_keys").values(row).execute();
      await recordAudit(
        trx,
        {
          tenantId,
          actorUserId: userId,
          action: "api-key.created",
          target: keyTarget(row),
          details: { scopes: row.scopes, ...(expiresAt ? { expiresAt } : {}) },
        },
        row.created_at,
      );
    });
  return { id: row.id, name: row.name, prefix: row.prefix, scopes: parseScopes(row.scopes), expiresAt, key };
}

/** A key as the audit log names it: its name and the prefix a user sees. */
const keyTarget = (key: { id: string; name: string; prefix: string }) => ({ kind: "api-key", id: key.id, label: `${key.name} (${key.prefix}…)` });

/** One tenant's keys, newest first; revoked keys stay listed so their history is visible. */
export async function listApiKeys(tenantId: string): Promise<ApiKeySummary[]> {
  const rows = await getDb()
    .selectFrom("api_keys")
    .select(["id", "name", "prefix", "created_at", "last_used_at", "revoked_at", "scopes", "expires_at"])
    .where("tenant_id", "=", tenantId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    scopes: parseScopes(row.scopes),
    expiresAt: row.expires_at,
  }));
}

export async function findApiKey(tenantId: string, id: string) {
  return getDb()
    .selectFrom("api_keys")
    .select(["id", "name", "prefix", "created_at", "last_used_at", "revoked_at"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Revokes a key of this tenant. False when the tenant has no such key; revoking twice keeps the first date (and the one audit entry). */
export async function revokeApiKey(tenantId: string, id: string, actorUserId: string | null) {
  const key = await findApiKey(tenantId, id);
  if (!key) return false;
  if (!key.revoked_at) {
    await getDb()
      .transaction()
      .execute(async (trx) => {
        const revoked = await trx
          .updateTable("api_keys")
          .set({ revoked_at: now() })
          .where("tenant_id", "=", tenantId)
          .where("id", "=", id)
          .where("revoked_at", "is", null)
          .executeTakeFirst();
        if (revoked.numUpdatedRows > 0n) await recordAudit(trx, { tenantId, actorUserId, action: "api-key.revoked", target: keyTarget(key) });
      });
  }
  return true;
}

export interface ApiKeyIdentity {
  tenantId: string;
  keyId: string;
  scopes: ApiScope[];
}

/**
 * The tenant a presented key belongs to and what it may do; "expired" for a
 * key past its expiry (told apart so the client learns why), null for an
 * unknown or revoked key.
 */
export async function authenticateApiKey(key: string, current = Date.now()): Promise<ApiKeyIdentity | "expired" | null> {
  if (!key.startsWith(API_KEY_PREFIX)) return null;
  const row = await getDb()
    .selectFrom("api_keys")
    .select(["id", "tenant_id", "last_used_at", "revoked_at", "scopes", "expires_at"])
    .where("key_hash", "=", hashApiKey(key))
    .executeTakeFirst();
  if (!row || row.revoked_at) return null;
  if (row.expires_at && Date.parse(row.expires_at) <= current) return "expired";
  if (!row.last_used_at || current - Date.parse(row.last_used_at) >= LAST_USED_RESOLUTION_MS) {
    const threshold = new Date(current - LAST_USED_RESOLUTION_MS).toISOString();
    await getDb()
      .updateTable("api_keys")
      .set({ last_used_at: new Date(current).toISOString() })
      .where("id", "=", row.id)
      .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<=", threshold)]))
      .execute();
  }
  return { tenantId: row.tenant_id, keyId: row.id, scopes: parseScopes(row.scopes) };
}
