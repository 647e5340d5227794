import { getDb, now, type DB } from "~/db/db.server";
import { outboxJob } from "~/db/outbox.server";
import { openProviderAccount, findAgentLink } from "~/features/voice-platform/provider-accounts.server";
import { VoiceProviderError } from "~/features/voice-platform/provider-http.server";
import { readAgentConfig } from "./agent-config";

/**
 * Publishing an agent while the tenant has a voice platform connected (Vapi or
 * Retell) pushes that version to it: an outbox job enqueued in the publishing
 * transaction (docs/decisions/0028-domain-events.md) creates or updates the
 * platform's assistant or agent after the commit. The link row says how the
 * push went (pending, pushed, failed with the platform's words), for the list
 * and the editor. A refused push (a wrong key, a field the platform rejects)
 * is not retried; an unreachable platform is, by the outbox's backoff.
 */
export const agentPushJob = outboxJob<{ agentId: string; version: number }>("agents.push-to-platform");

/** In the caller's transaction: marks the push pending and enqueues it, when the tenant has a platform connected. */
export async function queueAgentPush(trx: DB, tenantId: string, agentId: string, version: number) {
  const account = await trx.selectFrom("voice_provider_accounts").select("provider").where("tenant_id", "=", tenantId).executeTakeFirst();
  if (!account) return false;
  await trx
    .insertInto("agent_provider_links")
    .values({
      tenant_id: tenantId,
      agent_id: agentId,
      provider: account.provider,
      external_id: null,
      external_llm_id: null,
      pushed_version: null,
      status: "pending",
      error: null,
      updated_at: now(),
    })
    .onConflict((oc) => oc.columns(["agent_id", "provider"]).doUpdateSet({ status: "pending", error: null, updated_at: now() }))
    .execute();
  await agentPushJob.enqueue(trx, tenantId, { agentId, version });
  return true;
}

/** After a platform is connected: every published agent's newest version is pushed to it. */
export async function queuePublishedAgentPushes(tenantId: string, db: DB = getDb()) {
  return db.transaction().execute(async (trx) => {
    const agents = await trx
      .selectFrom("agents")
      .select(["id", "published_version"])
      .where("tenant_id", "=", tenantId)
      .where("published_version", "is not", null)
      .where("disabled_at", "is", null)
      .execute();
    for (const agent of agents) await queueAgentPush(trx, tenantId, agent.id, agent.published_version!);
    return agents.length;
  });
}

/** The job: the version's configuration to the platform, recorded on the link. Safe to run again (the platform's object is updated, not made twice). */
export async function pushAgentVersion(tenantId: string, agentId: string, version: number, db: DB = getDb()) {
  const account = await openProviderAccount(tenantId, db);
  if (!account) return "no-platform" as const;
  const row = await db
    .selectFrom("agent_versions")
    .select("config")
    .where("tenant_id", "=", tenantId)
    .where("agent_id", "=", agentId)
    .where("version", "=", version)
    .executeTakeFirst();
  if (!row) return "gone" as const;
  const link = await findAgentLink(tenantId, agentId, account.provider, db);
  // A newer version was pushed (or is queued) meanwhile: this older one must not overwrite it.
  if (link?.pushed_version && link.pushed_version > version) return "superseded" as const;
  const record = (values: { status: "pushed" | "failed"; error: string | null; externalId?: string; externalLlmId?: string | null }) =>
    db
      .updateTable("agent_provider_links")
      .set({
        status: values.status,
        error: values.error,
        ...(values.externalId ? { external_id: values.externalId, external_llm_id: values.externalLlmId ?? null, pushed_version: version } : {}),
        updated_at: now(),
      })
      .where("tenant_id", "=", tenantId)
      .where("agent_id", "=", agentId)
      .where("provider", "=", account.provider)
      .execute();
  try {
    const pushed = await account.client.pushAgent(
      readAgentConfig(row.config),
      { agentId, version, webhookUrl: account.webhookUrl, webhookSecret: account.webhookSecret },
      link?.external_id ? { externalId: link.external_id, externalLlmId: link.external_llm_id } : null,
    );
    await record({ status: "pushed", error: null, externalId: pushed.externalId, externalLlmId: pushed.externalLlmId });
    return "pushed" as const;
  } catch (error) {
    if (!(error instanceof VoiceProviderError)) throw error;
    await record({ status: "failed", error: `${error.kind}: ${error.detail}` });
    // Unreachable or slow: the outbox tries again later. Refused: trying again cannot help; the editor shows why.
    if (error.kind === "unavailable" || error.kind === "timeout") throw error;
    return "failed" as const;
  }
}

export function subscribeAgents() {
  agentPushJob.handle(async (job, { db }) => {
    await pushAgentVersion(job.tenantId, job.payload.agentId, job.payload.version, db);
  });
}
