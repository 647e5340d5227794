import { sql } from "kysely";
import { getDb, inTransaction, now, type DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import { escapeLike } from "~/db/like";
import { recordAudit } from "~/features/audit/audit.server";
import { localDateKey, resolveDateRange } from "~/lib/dates/date-ranges";
import { ADMIN_KEYS_PAGE_SIZE, keyStatus, type AdminKeyRow, type AdminKeysParams } from "./admin-params";
import { parseScopes } from "./scopes";

/**
 * The super admin's view of every tenant's API keys (/api-access-admin,
 * docs/product/api-access.md#api-access-admin): listed with their requests
 * over a range of UTC days, and revoked. A revocation is recorded in the
 * audit log of the key's tenant with the super admin as actor, like the
 * actions of /usersManagement (app/features/users-admin/user-actions.server.ts),
 * so the tenant's owner sees what the platform did to their keys.
 */

export async function listAllApiKeys(params: AdminKeysParams, db: DB = getDb(), nowMs: number = Date.now()) {
  const range = resolveDateRange(params.range, "UTC", new Date(nowMs));
  const from = localDateKey(range.firstDay);
  const to = localDateKey(range.lastDay);
  const current = new Date(nowMs).toISOString();
  const usage = db
    .selectFrom("api_usage_daily")
    .select((eb) => ["key_id", eb.fn.sum<number>("count").as("requests")])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy("key_id")
    .as("usage");
  let query = db.selectFrom("api_keys").innerJoin("tenants", "tenants.id", "api_keys.tenant_id").leftJoin(usage, "usage.key_id", "api_keys.id");
  const term = params.q.trim().toLowerCase();
  if (term) {
    const like = sql.raw(isPostgres(db) ? "ilike" : "like");
    const pattern = `%${escapeLike(term)}%`;
    query = query.where(
      sql<boolean>`(api_keys.name ${like} ${pattern} escape '\\' or api_keys.prefix ${like} ${pattern} escape '\\' or tenants.name ${like} ${pattern} escape '\\')`,
    );
  }
  if (params.tenant) query = query.where("api_keys.tenant_id", "=", params.tenant);
  if (params.status === "revoked") query = query.where("api_keys.revoked_at", "is not", null);
  if (params.status === "expired")
    query = query.where("api_keys.revoked_at", "is", null).where("api_keys.expires_at", "is not", null).where("api_keys.expires_at", "<=", current);
  if (params.status === "active")
    query = query
      .where("api_keys.revoked_at", "is", null)
      .where((eb) => eb.or([eb("api_keys.expires_at", "is", null), eb("api_keys.expires_at", ">", current)]));

  const counted = await query.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow();
  const total = Number(counted.count);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_KEYS_PAGE_SIZE));
  const page = Math.min(params.page, pageCount);
  const rows = await query
    .select([
      "api_keys.id",
      "api_keys.tenant_id",
      "tenants.name as tenant_name",
      "api_keys.name",
      "api_keys.prefix",
      "api_keys.scopes",
      "api_keys.created_at",
      "api_keys.last_used_at",
      "api_keys.expires_at",
      "api_keys.revoked_at",
      "usage.requests",
    ])
    .orderBy("api_keys.created_at", "desc")
    .orderBy("api_keys.id")
    .limit(ADMIN_KEYS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_KEYS_PAGE_SIZE)
    .execute();
  const items: AdminKeyRow[] = rows.map((row) => ({
    id: row.id,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    name: row.name,
    prefix: row.prefix,
    scopes: parseScopes(row.scopes),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    status: keyStatus({ revokedAt: row.revoked_at, expiresAt: row.expires_at }, nowMs),
    requests: Number(row.requests ?? 0),
  }));
  return { rows: items, total, page, pageCount, firstDay: from, lastDay: to };
}

/** The tenants that have keys, for the tenant filter. */
export async function tenantsWithKeys(db: DB = getDb()) {
  return db
    .selectFrom("tenants")
    .select(["tenants.id", "tenants.name"])
    .where((eb) => eb.exists(eb.selectFrom("api_keys").select("api_keys.id").whereRef("api_keys.tenant_id", "=", "tenants.id")))
    .orderBy("tenants.name")
    .orderBy("tenants.id")
    .execute();
}

/** Any tenant's key, for the confirmation step. */
export async function findAnyApiKey(keyId: string, db: DB = getDb()) {
  return db
    .selectFrom("api_keys")
    .innerJoin("tenants", "tenants.id", "api_keys.tenant_id")
    .select(["api_keys.id", "api_keys.tenant_id", "tenants.name as tenant_name", "api_keys.name", "api_keys.prefix", "api_keys.revoked_at"])
    .where("api_keys.id", "=", keyId)
    .executeTakeFirst();
}

export type PlatformRevokeOutcome = "revoked" | "already-revoked" | "not-found";

/** Revokes any tenant's key for the super admin, audited in the key's tenant's log in the same transaction. */
export async function revokeApiKeyAsPlatform(actorUserId: string, keyId: string, db: DB = getDb()): Promise<PlatformRevokeOutcome> {
  return inTransaction(db, async (trx) => {
    const key = await trx.selectFrom("api_keys").select(["id", "tenant_id", "name", "prefix", "revoked_at"]).where("id", "=", keyId).executeTakeFirst();
    if (!key) return "not-found";
    if (key.revoked_at) return "already-revoked";
    const revoked = await trx.updateTable("api_keys").set({ revoked_at: now() }).where("id", "=", key.id).where("revoked_at", "is", null).executeTakeFirst();
    if (revoked.numUpdatedRows === 0n) return "already-revoked";
    await recordAudit(trx, {
      tenantId: key.tenant_id,
      actorUserId,
      action: "api-key.revoked",
      target: { kind: "api-key", id: key.id, label: `${key.name} (${key.prefix}…)` },
    });
    return "revoked";
  });
}
