import { getDb, now as nowIso, type DB } from "~/db/db.server";
import { derivedCallColumns } from "~/features/calls/derived-columns";

/** Calls purged per agent version in one pass; the next pass (an hour later) takes the rest. */
const BATCH = 500;

/**
 * Transcript retention (docs/product/agents.md#privacy): a call keeps its
 * transcript for as many days as the version that handled it says (0: until
 * deleted by hand), counted from when it ended. The job runner calls this
 * hourly; what it removes is the transcript and its text (the search text is
 * derived again without it), and the agent records how many went and when,
 * which the privacy tab shows.
 */
export async function purgeExpiredTranscripts(now: Date, db: DB = getDb()) {
  const versions = await db
    .selectFrom("agent_versions")
    .select(["tenant_id", "agent_id", "version", "transcript_retention_days"])
    .where("transcript_retention_days", ">", 0)
    .execute();
  const purgedByAgent = new Map<string, { tenantId: string; count: number }>();
  for (const version of versions) {
    const cutoff = new Date(now.getTime() - version.transcript_retention_days * 86_400_000).toISOString();
    const calls = await db
      .selectFrom("calls")
      .select(["id", "campaign_name", "to_number", "from_number", "agent_name", "user_name", "user_company", "summary"])
      .where("tenant_id", "=", version.tenant_id)
      .where("agent_id", "=", version.agent_id)
      .where("agent_version", "=", version.version)
      .where("ended_at", "<", cutoff)
      .where("transcript", "is not", null)
      .limit(BATCH)
      .execute();
    if (calls.length === 0) continue;
    await db.transaction().execute(async (trx) => {
      for (const call of calls) {
        await trx
          .updateTable("calls")
          .set({
            transcript: null,
            transcript_text: null,
            updated_at: nowIso(),
            ...derivedCallColumns({
              campaignName: call.campaign_name,
              to: call.to_number,
              from: call.from_number,
              agentName: call.agent_name,
              userName: call.user_name,
              userCompany: call.user_company,
              transcriptText: null,
              summary: call.summary,
            }),
          })
          .where("tenant_id", "=", version.tenant_id)
          .where("id", "=", call.id)
          .execute();
      }
    });
    const entry = purgedByAgent.get(version.agent_id) ?? { tenantId: version.tenant_id, count: 0 };
    entry.count += calls.length;
    purgedByAgent.set(version.agent_id, entry);
  }
  const at = now.toISOString();
  for (const [agentId, { tenantId, count }] of purgedByAgent) {
    await db
      .updateTable("agents")
      .set({ retention_purged_at: at, retention_purged_count: count })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", agentId)
      .execute();
  }
  return { calls: [...purgedByAgent.values()].reduce((sum, entry) => sum + entry.count, 0) };
}
