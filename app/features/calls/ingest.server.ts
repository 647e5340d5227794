import type { Transaction } from "kysely";
import { getDb, newId, now } from "~/db/db.server";
import type { AudioStatus, Call, CallStatus, CallUpdate, Database } from "~/db/schema";
import { emit } from "~/lib/events/bus.server";
import { getAudioStore } from "./audio-store.server";
import { callCostColumns, callCostOf } from "./call-cost";
import { buildCallRow } from "./call-row";
import { STATUS_OF_EVENT, type CallEvent } from "./call-event-schema";
import { derivedCallColumns, transcriptToText, type TranscriptTurn } from "./derived-columns";
import { applyAgentPrivacy, resolveAgentHandling, type AgentHandling } from "./agent-handling.server";

/**
 * Applies one call event from a voice platform: records the event id (the
 * idempotency key) and creates or updates the call it is about, in one
 * transaction. Uploaded audio is written to the store first and removed again
 * when the transaction does not commit, so a failure leaves no trace.
 */
export interface UploadedAudio {
  bytes: Uint8Array;
  mime: string;
  extension: string;
}

export type IngestResult =
  | { outcome: "duplicate"; callId: string | null; platformCallId: string | null; status: CallStatus | null }
  | {
      outcome: "created" | "updated";
      callId: string;
      platformCallId: string;
      status: CallStatus;
      audioStatus: AudioStatus;
      fetchAudio: boolean;
      deliveriesQueued: number;
    };

/** queued → live → finished; a call never moves to a lower rank. */
const RANK: Record<CallStatus, number> = { queued: 0, live: 1, ended: 2, missed: 2, voicemail: 2 };

function phaseTime(call: Call) {
  if (call.status === "queued") return call.queued_at;
  if (call.status === "live") return call.started_at;
  return call.ended_at;
}

/** Reads the duplicate's outcome: the call the first delivery of this event id created or updated. */
async function duplicateResult(tenantId: string, eventId: string, db = getDb()): Promise<IngestResult | null> {
  const seen = await db
    .selectFrom("call_events")
    .leftJoin("calls", (join) => join.onRef("calls.id", "=", "call_events.call_id").onRef("calls.tenant_id", "=", "call_events.tenant_id"))
    .select(["call_events.call_id", "calls.external_id", "calls.status"])
    .where("call_events.tenant_id", "=", tenantId)
    .where("call_events.event_id", "=", eventId)
    .executeTakeFirst();
  if (!seen) return null;
  return { outcome: "duplicate", callId: seen.call_id, platformCallId: seen.external_id ?? null, status: seen.status ?? null };
}

export async function ingestCallEvent({ tenantId, event, audio }: { tenantId: string; event: CallEvent; audio?: UploadedAudio | null }): Promise<IngestResult> {
  // A cheap look before any audio is written; the transaction checks again, since another request may race this one.
  const earlier = await duplicateResult(tenantId, event.eventId);
  if (earlier) return earlier;

  let storedKey: string | null = null;
  let storedSize = 0;
  if (audio) {
    const known = await getDb().selectFrom("calls").select("id").where("tenant_id", "=", tenantId).where("external_id", "=", event.call.id).executeTakeFirst();
    const stored = await getAudioStore().put({ tenantId, callId: known?.id ?? newId(), bytes: audio.bytes, extension: audio.extension });
    storedKey = stored.key;
    storedSize = stored.size;
  }
  const upload = storedKey && audio ? { key: storedKey, size: storedSize, mime: audio.mime } : null;

  let outcome: { result: IngestResult; discardKeys: string[] };
  try {
    outcome = await getDb()
      .transaction()
      .execute((trx) => applyEvent(trx, tenantId, event, upload));
  } catch (error) {
    if (storedKey)
      await getAudioStore()
        .delete(storedKey)
        .catch((cleanup: unknown) => console.error("could not remove audio of a failed event", cleanup));
    throw error;
  }
  // Files that lost their place (a replaced recording, or an upload that arrived with a duplicate) go only after the commit.
  for (const key of outcome.discardKeys) {
    await getAudioStore()
      .delete(key)
      .catch((cleanup: unknown) => console.error(`could not remove audio ${key}`, cleanup));
  }
  return outcome.result;
}

interface StoredUpload {
  key: string;
  size: number;
  mime: string;
}

async function applyEvent(trx: Transaction<Database>, tenantId: string, event: CallEvent, upload: StoredUpload | null) {
  const receivedAt = now();
  const claimed = await trx
    .insertInto("call_events")
    .values({ tenant_id: tenantId, event_id: event.eventId, type: event.type, call_id: null, received_at: receivedAt })
    .onConflict((oc) => oc.columns(["tenant_id", "event_id"]).doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
    const result = (await duplicateResult(tenantId, event.eventId, trx))!;
    return { result, discardKeys: upload ? [upload.key] : [] };
  }

  const existing = await trx.selectFrom("calls").selectAll().where("tenant_id", "=", tenantId).where("external_id", "=", event.call.id).executeTakeFirst();
  const handling = await resolveAgentHandling(trx, tenantId, event, existing);
  const stored = applyAgentPrivacy(event, handling);
  // An agent that records nothing keeps no recording, whatever the platform sent.
  const kept = handling.recordCalls ? upload : null;
  const applied = existing ? await updateCall(trx, existing, stored, kept, handling) : await insertCall(trx, tenantId, stored, kept, handling);
  if (upload && !kept) applied.discardKeys.push(upload.key);
  await trx.updateTable("call_events").set({ call_id: applied.callId }).where("tenant_id", "=", tenantId).where("event_id", "=", event.eventId).execute();
  // Announced once, when the call first ends, in this transaction (docs/decisions/0028): a duplicate event never reaches here.
  const justEnded = RANK[applied.status] === 2 && (!existing || RANK[existing.status] < 2);
  const deliveriesQueued = justEnded ? await emit(trx, { kind: "call.ended", tenantId, callId: applied.callId }) : 0;
  return {
    result: {
      outcome: existing ? ("updated" as const) : ("created" as const),
      callId: applied.callId,
      platformCallId: event.call.id,
      status: applied.status,
      audioStatus: applied.audioStatus,
      fetchAudio: applied.fetchAudio,
      deliveriesQueued,
    },
    discardKeys: applied.discardKeys,
  };
}

const isoOf = (value: string) => new Date(value).toISOString();
const roundedDuration = (value: number | undefined) => (value === undefined ? undefined : Math.round(value));

async function insertCall(trx: Transaction<Database>, tenantId: string, event: CallEvent, upload: StoredUpload | null, handling: AgentHandling) {
  const status = STATUS_OF_EVENT[event.type];
  const at = isoOf(event.occurredAt);
  const { call } = event;
  const row = buildCallRow({
    id: newId(),
    tenantId,
    externalId: call.id,
    status,
    direction: call.direction,
    from: call.from,
    to: call.to,
    campaignName: call.campaign?.name,
    campaignType: call.campaign?.type,
    agentName: call.agent?.name ?? handling.agentName,
    userName: call.caller?.name,
    userCompany: call.caller?.company,
    caller: call.caller,
    transcript: call.transcript as TranscriptTurn[] | undefined,
    summary: call.summary,
    durationSeconds: roundedDuration(call.durationSeconds),
    extractedData: call.extractedData,
    escalated: call.escalated,
    audioUrl: call.audioUrl,
    queuedAt: status === "queued" ? at : null,
    startedAt: status === "live" ? at : null,
    endedAt: RANK[status] === 2 ? at : null,
    createdAt: at,
    updatedAt: now(),
  });
  if (upload) Object.assign(row, { audio_file: upload.key, audio_mime: upload.mime, audio_bytes: upload.size, audio_status: "stored" });
  if (call.cost) Object.assign(row, callCostColumns(call.cost));
  Object.assign(row, { agent_id: handling.agentId, agent_version: handling.agentVersion });
  await trx.insertInto("calls").values(row).execute();
  const audioStatus = (row.audio_status ?? "none") as AudioStatus;
  return { callId: row.id, status, audioStatus, fetchAudio: audioStatus === "pending", discardKeys: [] as string[] };
}

/**
 * Merges an event into a known call. An event older than what the call already
 * knows (a "started" after the "ended", say) is stale: it may fill fields that
 * are still empty but never overwrites anything and never moves the status back.
 */
async function updateCall(trx: Transaction<Database>, current: Call, event: CallEvent, upload: StoredUpload | null, handling: AgentHandling) {
  const eventStatus = STATUS_OF_EVENT[event.type];
  const at = isoOf(event.occurredAt);
  const currentPhase = phaseTime(current);
  const stale =
    RANK[eventStatus] < RANK[current.status] ||
    (RANK[eventStatus] === RANK[current.status] && currentPhase !== null && Date.parse(at) < Date.parse(currentPhase));
  const status = RANK[eventStatus] > RANK[current.status] ? eventStatus : current.status;

  function pick<T>(present: T | null, incoming: T | undefined): T | null {
    if (incoming === undefined) return present;
    return stale ? (present ?? incoming) : incoming;
  }
  const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));

  const { call } = event;
  const transcript = pick(current.transcript, json(call.transcript));
  const fields = {
    direction: stale ? current.direction : call.direction,
    from_number: pick(current.from_number, call.from),
    to_number: pick(current.to_number, call.to),
    campaign_name: pick(current.campaign_name, call.campaign?.name),
    campaign_type: pick(current.campaign_type, call.campaign?.type),
    agent_name: pick(current.agent_name, call.agent?.name ?? (call.agent?.id ? (handling.agentName ?? undefined) : undefined)),
    agent_id: handling.agentId ?? current.agent_id,
    agent_version: handling.agentId ? handling.agentVersion : current.agent_version,
    user_name: pick(current.user_name, call.caller?.name),
    user_company: pick(current.user_company, call.caller?.company),
    caller: pick(current.caller, json(call.caller)),
    transcript,
    transcript_text:
      transcript === current.transcript ? current.transcript_text : transcript ? transcriptToText(JSON.parse(transcript) as TranscriptTurn[]) : null,
    summary: pick(current.summary, call.summary),
    duration_seconds: pick(current.duration_seconds, roundedDuration(call.durationSeconds)),
    extracted_data: pick(current.extracted_data, json(call.extractedData)),
    escalated: call.escalated === undefined ? current.escalated : stale ? current.escalated || (call.escalated ? 1 : 0) : call.escalated ? 1 : 0,
    // The breakdown is one value: a later cost replaces all its parts (a part it leaves out becomes null); a stale one only fills an empty breakdown.
    ...(call.cost && (!stale || current.cost_currency === null) ? callCostColumns(call.cost) : {}),
  };

  const queuedAt = current.queued_at ?? (eventStatus === "queued" ? at : null);
  const startedAt = current.started_at ?? (eventStatus === "live" ? at : null);
  const endedAt = current.ended_at ?? (RANK[eventStatus] === 2 ? at : null);

  const discardKeys: string[] = [];
  let audio: Pick<CallUpdate, "audio_file" | "audio_mime" | "audio_bytes" | "audio_url" | "audio_status"> = {};
  if (upload) {
    if (stale && current.audio_status === "stored") {
      discardKeys.push(upload.key);
    } else {
      audio = {
        audio_file: upload.key,
        audio_mime: upload.mime,
        audio_bytes: upload.size,
        audio_status: "stored",
        audio_url: call.audioUrl ?? current.audio_url,
      };
      if (current.audio_file && current.audio_file !== upload.key) discardKeys.push(current.audio_file);
    }
  } else if (call.audioUrl && current.audio_status !== "stored" && !(stale && current.audio_status === "pending")) {
    // A URL for a call whose earlier fetch failed is a new chance; a call that already has its audio keeps it.
    audio = { audio_url: call.audioUrl, audio_status: "pending" };
  }
  const audioStatus = audio.audio_status ?? current.audio_status;

  await trx
    .updateTable("calls")
    .set({
      ...fields,
      ...audio,
      status,
      queued_at: queuedAt,
      started_at: startedAt,
      ended_at: endedAt,
      // The call's moment in lists and charts: when it ended, else started, else was queued (see CallInput.createdAt).
      created_at: endedAt ?? startedAt ?? queuedAt ?? current.created_at,
      updated_at: now(),
      ...derivedCallColumns({
        campaignName: fields.campaign_name,
        to: fields.to_number,
        from: fields.from_number,
        agentName: fields.agent_name,
        userName: fields.user_name,
        userCompany: fields.user_company,
        transcriptText: fields.transcript_text,
        summary: fields.summary,
      }),
    })
    .where("id", "=", current.id)
    .where("tenant_id", "=", current.tenant_id)
    .execute();
  return { callId: current.id, status, audioStatus, fetchAudio: audioStatus === "pending", discardKeys };
}

/* ---- Reading calls back (GET /api/v1/calls/<platform call id>) ---- */

export function findCallByPlatformId(tenantId: string, platformCallId: string) {
  return getDb().selectFrom("calls").selectAll().where("tenant_id", "=", tenantId).where("external_id", "=", platformCallId).executeTakeFirst();
}

const parsedJson = (value: string | null): unknown => (value === null ? null : JSON.parse(value));

/** The call in the API's own words: the event's field names, plus what Voxboard added (status, audio, analysis). */
export function serializeCallForApi(call: Call) {
  return {
    id: call.external_id,
    voxboardId: call.id,
    status: call.status,
    direction: call.direction,
    from: call.from_number,
    to: call.to_number,
    campaign: call.campaign_name ? { name: call.campaign_name, type: call.campaign_type } : null,
    agent: call.agent_name || call.agent_id ? { name: call.agent_name, id: call.agent_id, version: call.agent_version } : null,
    caller: parsedJson(call.caller),
    transcript: parsedJson(call.transcript),
    summary: call.summary,
    durationSeconds: call.duration_seconds,
    extractedData: parsedJson(call.extracted_data),
    escalated: call.escalated === 1,
    audio: { status: call.audio_status, url: call.audio_url, mimeType: call.audio_mime, bytes: call.audio_bytes },
    analysis: { status: call.analysis_status, sentiment: call.sentiment },
    cost: callCostOf(call),
    queuedAt: call.queued_at,
    startedAt: call.started_at,
    endedAt: call.ended_at,
    createdAt: call.created_at,
    updatedAt: call.updated_at,
  };
}
