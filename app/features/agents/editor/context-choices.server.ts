import { sql } from "kysely";
import { getDb, type DB } from "~/db/db.server";

/**
 * What the context tab offers: the tenant's knowledge bases, event types
 * (the booking tool books through the booking API) and CRM integrations. The
 * ids saved are checked against these again, so a crafted form cannot point
 * an agent at another tenant's records.
 */
export async function listContextChoices(tenantId: string, db: DB = getDb()) {
  const [knowledgeBases, eventTypes, integrations] = await Promise.all([
    db
      .selectFrom("knowledge_bases")
      .select(["id", "name"])
      .where("tenant_id", "=", tenantId)
      .orderBy(sql`lower(name)`)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("event_types")
      .select(["id", "name"])
      .where("tenant_id", "=", tenantId)
      .orderBy(sql`lower(name)`)
      .orderBy("id")
      .execute(),
    db.selectFrom("integrations").select(["id", "crm_name as name"]).where("tenant_id", "=", tenantId).orderBy("crm_name").orderBy("id").execute(),
  ]);
  return { knowledgeBases, eventTypes, integrations };
}

export type ContextChoices = Awaited<ReturnType<typeof listContextChoices>>;
