import { sql } from "kysely";
import type { DB } from "./db.server";
import { isPostgres } from "./dialect";

/** A unique index refused a row: SQLite's and PostgreSQL's codes for it. */
export function isUniqueViolation(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}

/**
 * Holds the tenant's row until the transaction ends, so checks that must see
 * every earlier write of the same tenant (quotas: numbers, later agents and
 * balance) run one at a time. PostgreSQL runs transactions side by side, from
 * any number of app servers; SQLite has one writer per file and this app one
 * connection to it, so its transactions already run one at a time.
 */
export async function lockTenant(trx: DB, tenantId: string) {
  if (!isPostgres(trx)) return;
  await sql`select 1 from tenants where id = ${tenantId} for update`.execute(trx);
}

/** Holds the tenant's billing account until the transaction ends; settling a charge (its balance) waits for it (see lockTenant for SQLite). */
export async function lockBillingAccount(trx: DB, tenantId: string) {
  if (!isPostgres(trx)) return;
  await sql`select 1 from billing_accounts where tenant_id = ${tenantId} for update`.execute(trx);
}
