import type { Transaction } from "kysely";
import type { Call, Database } from "~/db/schema";
import type { CallEvent } from "./call-event-schema";
import { redactText, type RedactionRules } from "./redaction";

/**
 * The agent a call event names (docs/api/call-events.md): its id is kept
 * only when it is one of the tenant's agents, and the version only when that
 * agent has it (else the newest one). The version's privacy settings decide
 * what of the event is stored: transcripts and summary redacted as it says,
 * and no recording when it records nothing. The tables are read directly:
 * calls sits below agents (docs/decisions/0029-code-layout.md).
 */
export interface AgentHandling {
  agentId: string | null;
  agentVersion: number | null;
  agentName: string | null;
  recordCalls: boolean;
  redaction: RedactionRules;
}

const NONE: AgentHandling = { agentId: null, agentVersion: null, agentName: null, recordCalls: true, redaction: { cards: false, emails: false } };

export async function resolveAgentHandling(trx: Transaction<Database>, tenantId: string, event: CallEvent, existing: Call | undefined): Promise<AgentHandling> {
  const named = event.call.agent;
  const agentId = named?.id ?? existing?.agent_id ?? null;
  if (!agentId) return NONE;
  const agent = await trx.selectFrom("agents").select(["id", "name"]).where("tenant_id", "=", tenantId).where("id", "=", agentId).executeTakeFirst();
  if (!agent) return NONE;
  const wanted = named?.id ? named.version : (existing?.agent_version ?? undefined);
  // One read of the agent's versions, newest first: the one asked for, else the newest.
  const versions = await trx
    .selectFrom("agent_versions")
    .select(["version", "record_calls", "redact_cards", "redact_emails"])
    .where("tenant_id", "=", tenantId)
    .where("agent_id", "=", agent.id)
    .orderBy("version", "desc")
    .execute();
  const version = versions.find((candidate) => candidate.version === wanted) ?? versions[0];
  return {
    agentId: agent.id,
    agentVersion: version?.version ?? null,
    agentName: agent.name,
    recordCalls: version ? version.record_calls === 1 : true,
    redaction: { cards: version?.redact_cards === 1, emails: version?.redact_emails === 1 },
  };
}

/** The event as it may be stored under the agent's privacy settings. */
export function applyAgentPrivacy(event: CallEvent, handling: AgentHandling): CallEvent {
  const { redaction } = handling;
  const redacting = redaction.cards || redaction.emails;
  if (!redacting && handling.recordCalls) return event;
  const call = { ...event.call };
  if (redacting) {
    if (call.transcript) call.transcript = call.transcript.map((turn) => ({ ...turn, text: redactText(turn.text, redaction) }));
    if (call.summary) call.summary = redactText(call.summary, redaction);
  }
  if (!handling.recordCalls) call.audioUrl = undefined;
  return { ...event, call };
}
