import { sql } from "kysely";
import { getDb, type DB } from "~/db/db.server";

/**
 * gate_changes (migration 0037) only ever needs each tenant's latest row: the
 * gate compares that one. Everything older goes, on the job runner's purge
 * pass; the latest rows stay, so no cached context is thought current when it is not.
 */
export async function pruneGateChanges(db: DB = getDb()) {
  const result =
    await sql`delete from gate_changes where seq < (select max(latest.seq) from gate_changes latest where latest.tenant_id = gate_changes.tenant_id)`.execute(
      db,
    );
  return Number(result.numAffectedRows ?? 0);
}
