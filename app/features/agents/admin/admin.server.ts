import { getDb, now, type DB } from "~/db/db.server";
import { agentStatus } from "../agent-config";

/**
 * The super admin's view of every tenant's agents (docs/product/agents.md#administration):
 * read-only, except disabling an agent with a reason the tenant sees, and
 * enabling it again. A disabled agent takes no calls (it is left out of what
 * numbers and campaigns may use and of what a campaign dials with) and cannot be published.
 */
export async function listAllAgents(db: DB = getDb()) {
  const rows = await db
    .selectFrom("agents")
    .innerJoin("tenants", "tenants.id", "agents.tenant_id")
    .select([
      "agents.id",
      "agents.name",
      "agents.language",
      "agents.published_version",
      "agents.disabled_at",
      "agents.disabled_reason",
      "agents.updated_at",
      "tenants.name as tenant_name",
    ])
    .orderBy("tenants.name")
    .orderBy("agents.name")
    .orderBy("agents.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    tenantName: row.tenant_name,
    language: row.language,
    status: agentStatus(row),
    publishedVersion: row.published_version,
    disabledReason: row.disabled_reason,
    updatedAt: row.updated_at,
  }));
}

export async function findAnyAgent(agentId: string, db: DB = getDb()) {
  return db
    .selectFrom("agents")
    .innerJoin("tenants", "tenants.id", "agents.tenant_id")
    .select(["agents.id", "agents.name", "agents.disabled_at", "agents.disabled_reason", "tenants.name as tenant_name"])
    .where("agents.id", "=", agentId)
    .executeTakeFirst();
}

export async function disableAgent(agentId: string, reason: string, db: DB = getDb()) {
  const result = await db.updateTable("agents").set({ disabled_at: now(), disabled_reason: reason }).where("id", "=", agentId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function enableAgent(agentId: string, db: DB = getDb()) {
  const result = await db.updateTable("agents").set({ disabled_at: null, disabled_reason: null }).where("id", "=", agentId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
