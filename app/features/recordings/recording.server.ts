import { getDb, inTransaction, now, type DB } from "~/db/db.server";
import { emit } from "~/lib/events/bus.server";
import type { Call } from "~/db/schema";
import { getAudioStore } from "~/features/calls/audio-store.server";
import { callCostOf } from "~/features/calls/call-cost";
import type { TranscriptTurn } from "~/features/calls/derived-columns";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { describeData, type DataPresentation } from "./extracted-data";
import type { Feedback } from "./feedback/feedback-schema";
import type { FeedbackMoment } from "./feedback/feedback-page";
import { recordingTitle, type TitleWords } from "./recording-title";
import { parseStoredAnalysis } from "~/features/analysis/analysis";

/**
 * One recording of one tenant. Every function takes the tenant id from the
 * gate and filters by it, so another tenant's call id finds nothing and the
 * routes answer 404, never 403.
 */
export function getCallForTenant(tenantId: string, callId: string): Promise<Call | undefined> {
  return getDb().selectFrom("calls").selectAll().where("tenant_id", "=", tenantId).where("id", "=", callId).executeTakeFirst();
}

/** The stored audio of a call, or null when the call is not the tenant's or has no stored audio. */
export async function getCallAudio(tenantId: string, callId: string) {
  const row = await getDb()
    .selectFrom("calls")
    .select(["audio_file", "audio_mime", "audio_status"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", callId)
    .executeTakeFirst();
  if (!row?.audio_file || row.audio_status !== "stored") return null;
  return { key: row.audio_file, mime: row.audio_mime };
}

/**
 * Deletes a call and then its audio. The row goes first: once it is gone no
 * page can show a player for the file, so a failed file delete leaves only an
 * orphaned file no one can reach (logged, to be swept), never a recording
 * whose audio has vanished. Rows of call_events keep their history; the
 * foreign key sets their call_id to null. A file another call still plays
 * (the demo shares one per call length) is kept.
 * Returns false when the tenant has no such call.
 */
export async function deleteCall(tenantId: string, callId: string): Promise<boolean> {
  const deleted = await getDb().deleteFrom("calls").where("tenant_id", "=", tenantId).where("id", "=", callId).returning(["audio_file"]).executeTakeFirst();
  if (!deleted) return false;
  // The demo's calls of one length share a file (app/seed/demo-calls.server.ts): it goes with the last call that plays it.
  const stillPlayed =
    deleted.audio_file &&
    (await getDb().selectFrom("calls").select("id").where("tenant_id", "=", tenantId).where("audio_file", "=", deleted.audio_file).executeTakeFirst());
  if (deleted.audio_file && !stillPlayed) {
    try {
      await getAudioStore().delete(deleted.audio_file);
    } catch (error) {
      console.error(`Recording ${callId} was deleted but its audio ${deleted.audio_file} could not be removed`, error);
    }
  }
  return true;
}

/**
 * Saves the customer feedback and announces it (`call.rated`) in the same
 * transaction; false when the tenant has no such call. A caller with a
 * transaction of its own (the public rating link consumes its token in it)
 * passes it as `db`, so both commit together or not at all.
 */
export async function saveFeedback(tenantId: string, callId: string, feedback: Feedback, db: DB = getDb()): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const timestamp = now();
    const result = await trx
      .updateTable("calls")
      .set({
        feedback_rating: feedback.rating,
        feedback_text: feedback.text,
        feedback_moment_seconds: feedback.moment,
        feedback_at: timestamp,
        updated_at: timestamp,
      })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", callId)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await emit(trx, { kind: "call.rated", tenantId, callId, rating: feedback.rating });
    return true;
  });
}

/** A `returnTo` form or query value as a same-site path, else the list. */
export function returnPath(value: FormDataEntryValue | string | null | undefined, fallback = "/recordings") {
  return safeRedirectPath(value, fallback);
}

/** Where to go after deleting a call: back where the user came from, unless that was the call itself. */
export function returnPathAfterDelete(value: FormDataEntryValue | string | null | undefined, callId: string) {
  const target = returnPath(value);
  const pathname = target.split(/[?#]/)[0]!;
  return pathname === `/recordings/${callId}` || pathname.startsWith(`/recordings/${callId}/`) ? "/recordings" : target;
}

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function parseObject(text: string | null): Record<string, unknown> | null {
  const value = parseJson(text);
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A stored transcript (JSON) as turns; anything that is not a turn is left out. */
export function parseTranscript(text: string | null): TranscriptTurn[] {
  const value = parseJson(text);
  if (!Array.isArray(value)) return [];
  return value.flatMap((turn: unknown): TranscriptTurn[] => {
    if (!turn || typeof turn !== "object") return [];
    const { speaker, text: said, startSeconds } = turn as Record<string, unknown>;
    if (typeof said !== "string") return [];
    return [
      {
        speaker: typeof speaker === "string" ? speaker : "",
        text: said,
        ...(typeof startSeconds === "number" && Number.isFinite(startSeconds) && startSeconds >= 0 ? { startSeconds } : {}),
      },
    ];
  });
}

/**
 * What the detail page shows of a call: plain, serialisable values, with the
 * caller details and extracted data already in words for the reader
 * (extracted-data.ts), so the page renders the same text with or without JavaScript.
 */
export function recordingDetail(call: Call, presentation: DataPresentation) {
  return {
    id: call.id,
    status: call.status,
    direction: call.direction,
    from: call.from_number,
    to: call.to_number,
    campaignName: call.campaign_name,
    campaignType: call.campaign_type,
    agentName: call.agent_name,
    userName: call.user_name,
    userCompany: call.user_company,
    caller: describeData(parseObject(call.caller), presentation),
    transcript: parseTranscript(call.transcript),
    summary: call.summary,
    durationSeconds: call.duration_seconds,
    extractedData: describeData(parseObject(call.extracted_data), presentation),
    escalated: call.escalated === 1,
    hasAudio: call.audio_status === "stored" && call.audio_file !== null,
    audioStatus: call.audio_status,
    analysis: parseStoredAnalysis(call.analysis),
    analysisStatus: call.analysis_status,
    analyzedAt: call.analyzed_at,
    sentiment: call.sentiment,
    feedback:
      call.feedback_rating === null
        ? null
        : { rating: call.feedback_rating, text: call.feedback_text, at: call.feedback_at, moment: call.feedback_moment_seconds },
    /** What the platform reported the call cost (integer minor units), or null. */
    cost: callCostOf(call),
    createdAt: call.created_at,
  };
}

export type RecordingDetail = ReturnType<typeof recordingDetail>;

/** The heading of a call's page: who was on it and the campaign (recording-title.ts). */
export function recordingHeading(call: Call, words: TitleWords) {
  return recordingTitle(
    {
      direction: call.direction,
      from: call.from_number,
      to: call.to_number,
      userName: call.user_name,
      caller: parseJson(call.caller),
      campaignName: call.campaign_name,
      createdAt: call.created_at,
    },
    words,
  );
}

/** How much of a turn "which moment is it about?" shows of what was said. */
const MOMENT_EXCERPT_LENGTH = 60;

/** The transcript's timed turns, as the feedback form offers them for "which moment is it about?". */
export function feedbackMoments(call: Pick<Call, "transcript">): FeedbackMoment[] {
  const seen = new Set<number>();
  return parseTranscript(call.transcript).flatMap((turn) => {
    if (turn.startSeconds === undefined || seen.has(turn.startSeconds)) return [];
    seen.add(turn.startSeconds);
    const said = turn.text.replace(/\s+/g, " ").trim();
    return [
      {
        seconds: turn.startSeconds,
        speaker: turn.speaker,
        excerpt: said.length > MOMENT_EXCERPT_LENGTH ? `${said.slice(0, MOMENT_EXCERPT_LENGTH - 1)}…` : said,
      },
    ];
  });
}

/** The one-line description of a call used by the confirmation page and dialogs. */
export function recordingSummaryLine(call: Pick<Call, "summary">, maxLength = 160) {
  const summary = call.summary?.replace(/\s+/g, " ").trim() ?? "";
  return summary.length > maxLength ? `${summary.slice(0, maxLength - 1)}…` : summary;
}
