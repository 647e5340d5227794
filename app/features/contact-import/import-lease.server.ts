import os from "node:os";
import type { ExpressionBuilder } from "kysely";
import { getDb, now, type DB } from "~/db/db.server";
import type { Database } from "~/db/schema";

/**
 * Who runs an import, and for how long (migration 0009). The run that claims
 * it holds a lease it renews every HEARTBEAT_MS; another app server's import
 * runner takes an import over once its lease has been expired for a moment,
 * and runs it again from the stored file: the commit is all or nothing and
 * conditional on the lease, so the import lands once, whole.
 */
export const IMPORT_LEASE_MS = 60_000;
export const HEARTBEAT_MS = 10_000;
/** An import that has killed its runner this often is failed instead of run again. */
export const MAX_IMPORT_ATTEMPTS = 3;

/** This process, as lease_owner. */
export const THIS_RUNNER = `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;

export const leaseUntil = (nowMs: number, leaseMs = IMPORT_LEASE_MS) => new Date(nowMs + leaseMs).toISOString();

/** Extends the lease; false when the import is no longer this runner's (taken over, finished, failed). */
export async function renewImportLease(importId: string, owner: string, { nowMs = Date.now(), leaseMs = IMPORT_LEASE_MS } = {}, db: DB = getDb()) {
  const result = await db
    .updateTable("contact_imports")
    .set({ lease_until: leaseUntil(nowMs, leaseMs) })
    .where("id", "=", importId)
    .where("status", "=", "importing")
    .where("lease_owner", "=", owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface TakenOver {
  id: string;
  tenantId: string;
}

/**
 * Imports whose runner stopped renewing: each is claimed for this runner with
 * a conditional update (one runner wins), or, past MAX_IMPORT_ATTEMPTS, marked
 * failed ("interrupted", retryable by the user). Returns the claimed ones.
 */
export async function takeOverExpiredImports(owner: string, { nowMs = Date.now(), leaseMs = IMPORT_LEASE_MS } = {}, db: DB = getDb()): Promise<TakenOver[]> {
  const at = new Date(nowMs).toISOString();
  const expired = await db
    .selectFrom("contact_imports")
    .select(["id", "tenant_id", "lease_until", "attempts"])
    .where("status", "=", "importing")
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]))
    .execute();
  const taken: TakenOver[] = [];
  for (const entry of expired) {
    // Still the lease that expired: another runner may have taken it over since it was read.
    const sameLease = (eb: ExpressionBuilder<Database, "contact_imports">) =>
      entry.lease_until === null ? eb("contact_imports.lease_until", "is", null) : eb("contact_imports.lease_until", "=", entry.lease_until);
    if (entry.attempts >= MAX_IMPORT_ATTEMPTS) {
      await db
        .updateTable("contact_imports")
        .set({ status: "failed", error: "errors.interrupted", lease_owner: null, lease_until: null, updated_at: now() })
        .where("id", "=", entry.id)
        .where("status", "=", "importing")
        .where(sameLease)
        .execute();
      continue;
    }
    const result = await db
      .updateTable("contact_imports")
      .set((eb) => ({ lease_owner: owner, lease_until: leaseUntil(nowMs, leaseMs), attempts: eb("attempts", "+", 1), processed_rows: 0 }))
      .where("id", "=", entry.id)
      .where("status", "=", "importing")
      .where(sameLease)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) taken.push({ id: entry.id, tenantId: entry.tenant_id });
  }
  return taken;
}
