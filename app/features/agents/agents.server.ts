import { sql } from "kysely";
import { lockTenant } from "~/db/constraints.server";
import { getDb, newId, now, type DB } from "~/db/db.server";
import type { Agent } from "~/db/schema";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import { agentStatus, defaultAgentConfig, readAgentConfig, writeAgentConfig, type AgentConfig } from "./agent-config";
import type { AgentTab } from "./agent-rules";
import { queueAgentPush } from "./platform-push.server";
import { publishProblems, type PublishProblem } from "./publish-rules";

/**
 * A tenant's agents (docs/product/agents.md): the draft each tab saves into,
 * the plan's limit on how many exist, publishing a draft as an immutable
 * version, restoring a version as the draft, and where an agent works
 * (business numbers for inbound calls, campaigns for outbound). Every
 * function takes the tenant first and never reaches another tenant's rows.
 */

export class AgentLimitReached extends Error {
  constructor(readonly limit: number) {
    super(`The plan allows ${limit} agents`);
    this.name = "AgentLimitReached";
  }
}

export const countAgents = async (tenantId: string, db: DB = getDb()) =>
  Number(
    (
      await db
        .selectFrom("agents")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("tenant_id", "=", tenantId)
        .executeTakeFirst()
    )?.n ?? 0,
  );

export interface AgentListRow {
  id: string;
  name: string;
  language: string;
  status: ReturnType<typeof agentStatus>;
  publishedVersion: number | null;
  hasUnpublishedChanges: boolean;
  disabledReason: string | null;
  updatedAt: string;
  numbers: Array<{ id: string; e164: string; label: string }>;
  campaigns: Array<{ id: string; name: string }>;
}

/** The tenant's agents, newest change first, with the numbers and campaigns that use each. */
export async function listAgents(tenantId: string, db: DB = getDb()): Promise<AgentListRow[]> {
  const agents = await db.selectFrom("agents").selectAll().where("tenant_id", "=", tenantId).orderBy("updated_at", "desc").orderBy("id").execute();
  if (agents.length === 0) return [];
  const ids = agents.map((agent) => agent.id);
  const [numbers, campaigns] = await Promise.all([
    db
      .selectFrom("phone_numbers")
      .select(["id", "e164", "label", "agent_id"])
      .where("tenant_id", "=", tenantId)
      .where("agent_id", "in", ids)
      .orderBy("e164")
      .execute(),
    db.selectFrom("campaigns").select(["id", "name", "agent_id"]).where("tenant_id", "=", tenantId).where("agent_id", "in", ids).orderBy("name").execute(),
  ]);
  return agents.map((agent) => ({
    id: agent.id,
    name: agent.name,
    language: agent.language,
    status: agentStatus(agent),
    publishedVersion: agent.published_version,
    hasUnpublishedChanges: agent.has_unpublished_changes === 1,
    disabledReason: agent.disabled_reason,
    updatedAt: agent.updated_at,
    numbers: numbers.filter((n) => n.agent_id === agent.id).map(({ id, e164, label }) => ({ id, e164, label })),
    campaigns: campaigns.filter((c) => c.agent_id === agent.id).map(({ id, name }) => ({ id, name })),
  }));
}

export const findAgent = (tenantId: string, agentId: string, db: DB = getDb()): Promise<Agent | undefined> =>
  db.selectFrom("agents").selectAll().where("tenant_id", "=", tenantId).where("id", "=", agentId).executeTakeFirst();

/**
 * A new draft agent, from a published template or from nothing, unless the
 * plan's limit is reached. The tenant's row is locked for the count, so two
 * creations at once cannot both take the last place.
 */
export async function createAgent(
  tenantId: string,
  { name, language, templateId = null }: { name: string; language: "en" | "de"; templateId?: string | null },
  limit: number,
  db: DB = getDb(),
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await lockTenant(trx, tenantId);
    if ((await countAgents(tenantId, trx)) >= limit) throw new AgentLimitReached(limit);
    let config: AgentConfig = defaultAgentConfig(language, name);
    if (templateId) {
      const template = await trx
        .selectFrom("agent_templates")
        .select(["config"])
        .where("id", "=", templateId)
        .where("status", "=", "published")
        .executeTakeFirst();
      if (!template) throw new Error("template-unavailable");
      config = readAgentConfig(template.config);
      // The template speaks its language; the user's name and language choice win.
      config.general = { ...config.general, name, language };
    }
    // Knowledge bases, event types and integrations are the tenant's own: a template never carries them.
    config.context = { ...config.context, knowledgeBaseIds: [], bookingEventTypeId: "", crmIntegrationId: "", bookingEnabled: false, crmEnabled: false };
    const id = newId();
    const timestamp = now();
    await trx
      .insertInto("agents")
      .values({
        id,
        tenant_id: tenantId,
        name,
        language,
        config: writeAgentConfig(config),
        template_id: templateId,
        created_at: timestamp,
        updated_at: timestamp,
      })
      .execute();
    return id;
  });
}

async function latestVersionConfig(tenantId: string, agentId: string, db: DB) {
  const row = await db
    .selectFrom("agent_versions")
    .select(["config"])
    .where("tenant_id", "=", tenantId)
    .where("agent_id", "=", agentId)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? writeAgentConfig(readAgentConfig(row.config)) : null;
}

async function writeDraft(tenantId: string, agentId: string, config: AgentConfig, db: DB) {
  const stored = writeAgentConfig(config);
  const published = await latestVersionConfig(tenantId, agentId, db);
  await db
    .updateTable("agents")
    .set({
      config: stored,
      name: config.general.name,
      language: config.general.language,
      has_unpublished_changes: published === stored ? 0 : 1,
      updated_at: now(),
    })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", agentId)
    .execute();
}

/** Saves one tab's values into the draft; the other tabs stay as they were. */
export async function saveAgentTab<T extends AgentTab>(tenantId: string, agentId: string, tab: T, values: AgentConfig[T], db: DB = getDb()) {
  await db.transaction().execute(async (trx) => {
    const agent = await findAgent(tenantId, agentId, trx);
    if (!agent) throw new Error("agent-not-found");
    const config = readAgentConfig(agent.config);
    config[tab] = values;
    await writeDraft(tenantId, agentId, config, trx);
  });
}

export type PublishResult = { ok: true; version: number } | { ok: false; problems: PublishProblem[] } | { ok: false; reason: "disabled" | "unchanged" };

/** The draft as the next immutable version, unless a rule across tabs fails, a super admin disabled the agent, or nothing changed. */
export async function publishAgent(tenantId: string, agentId: string, userId: string | null, db: DB = getDb()): Promise<PublishResult> {
  return db.transaction().execute(async (trx) => {
    await lockTenant(trx, tenantId);
    const agent = await findAgent(tenantId, agentId, trx);
    if (!agent) throw new Error("agent-not-found");
    if (agent.disabled_at) return { ok: false, reason: "disabled" } as const;
    const config = readAgentConfig(agent.config);
    const problems = publishProblems(config);
    if (problems.length > 0) return { ok: false, problems } as const;
    const stored = writeAgentConfig(config);
    if ((await latestVersionConfig(tenantId, agentId, trx)) === stored) return { ok: false, reason: "unchanged" } as const;
    const version = (agent.published_version ?? 0) + 1;
    const timestamp = now();
    await trx
      .insertInto("agent_versions")
      .values({
        id: newId(),
        tenant_id: tenantId,
        agent_id: agentId,
        version,
        config: stored,
        record_calls: config.privacy.recordCalls ? 1 : 0,
        redact_cards: config.privacy.redactCards ? 1 : 0,
        redact_emails: config.privacy.redactEmails ? 1 : 0,
        transcript_retention_days: config.privacy.transcriptRetentionDays,
        published_by: userId,
        published_at: timestamp,
      })
      .execute();
    await trx
      .updateTable("agents")
      .set({ published_version: version, has_unpublished_changes: 0, updated_at: timestamp })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", agentId)
      .execute();
    // The connected platform (Vapi, Retell) gets this version after the commit (platform-push.server.ts).
    await queueAgentPush(trx, tenantId, agentId, version);
    return { ok: true, version } as const;
  });
}

export interface AgentVersionRow {
  version: number;
  publishedAt: string;
  publishedBy: string | null;
}

/** The agent's versions, newest first, with who published each. */
export async function listAgentVersions(tenantId: string, agentId: string, db: DB = getDb()): Promise<AgentVersionRow[]> {
  const rows = await db
    .selectFrom("agent_versions")
    .leftJoin("users", (join) => join.onRef("users.id", "=", "agent_versions.published_by").onRef("users.tenant_id", "=", "agent_versions.tenant_id"))
    .select(["agent_versions.version", "agent_versions.published_at", "users.name as published_by"])
    .where("agent_versions.tenant_id", "=", tenantId)
    .where("agent_versions.agent_id", "=", agentId)
    .orderBy("agent_versions.version", "desc")
    .execute();
  return rows.map((row) => ({ version: row.version, publishedAt: row.published_at, publishedBy: row.published_by }));
}

export async function findAgentVersionConfig(tenantId: string, agentId: string, version: number, db: DB = getDb()) {
  const row = await db
    .selectFrom("agent_versions")
    .select("config")
    .where("tenant_id", "=", tenantId)
    .where("agent_id", "=", agentId)
    .where("version", "=", version)
    .executeTakeFirst();
  return row ? readAgentConfig(row.config) : null;
}

/** A version's configuration becomes the draft (nothing published changes); false when there is no such version. */
export async function restoreAgentVersion(tenantId: string, agentId: string, version: number, db: DB = getDb()) {
  return db.transaction().execute(async (trx) => {
    const config = await findAgentVersionConfig(tenantId, agentId, version, trx);
    if (!config) return false;
    await writeDraft(tenantId, agentId, config, trx);
    return true;
  });
}

/** Deletes an agent; the numbers and campaigns it served keep working without one, and calls keep its id for the record. */
export async function deleteAgent(tenantId: string, agentId: string, db: DB = getDb()) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("phone_numbers").set({ agent_id: null }).where("tenant_id", "=", tenantId).where("agent_id", "=", agentId).execute();
    await trx.updateTable("campaigns").set({ agent_id: null }).where("tenant_id", "=", tenantId).where("agent_id", "=", agentId).execute();
    await trx.deleteFrom("agents").where("tenant_id", "=", tenantId).where("id", "=", agentId).execute();
  });
}

/** The agents a number or a campaign may use: published and not disabled. */
export async function listAssignableAgents(tenantId: string, db: DB = getDb()) {
  return db
    .selectFrom("agents")
    .select(["id", "name", "published_version"])
    .where("tenant_id", "=", tenantId)
    .where("published_version", "is not", null)
    .where("disabled_at", "is", null)
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .execute();
}

/** The agent and its newest version for a call about to be placed; null when it is gone, unpublished or disabled. */
export async function findDialableAgent(tenantId: string, agentId: string, db: DB = getDb()) {
  const row = await db
    .selectFrom("agents")
    .select(["id", "published_version"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", agentId)
    .where("published_version", "is not", null)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  return row ? { id: row.id, version: row.published_version! } : null;
}

export async function isAssignableAgent(tenantId: string, agentId: string, db: DB = getDb()) {
  const row = await db
    .selectFrom("agents")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", agentId)
    .where("published_version", "is not", null)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  return Boolean(row);
}

/** Who answers a business number's inbound calls: an assignable agent, or none. */
export async function assignNumberAgent(tenantId: string, numberId: string, agentId: string | null, db: DB = getDb()) {
  if (agentId && !(await isAssignableAgent(tenantId, agentId, db))) return false;
  const result = await db
    .updateTable("phone_numbers")
    .set({ agent_id: agentId, updated_at: now() })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", numberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The number an agent answers, for {{business.phone}} in its text test: the first number assigned to it, else the tenant's first; "" without any. */
export async function businessPhoneOf(tenantId: string, agentId: string, country: string, db: DB = getDb()) {
  const row = await db
    .selectFrom("phone_numbers")
    .select("e164")
    .where("tenant_id", "=", tenantId)
    .orderBy(sql`case when agent_id = ${agentId} then 0 else 1 end`)
    .orderBy("created_at")
    .orderBy("id")
    .executeTakeFirst();
  return row ? formatPhoneForDisplay(row.e164, country) : "";
}
