import { z } from "zod";
import { getEnv, type Env } from "~/config/env.server";
import { getDb, now } from "~/db/db.server";
import type { TranscriptTurn } from "~/features/calls/derived-columns";
import { AnalysisError, analysisResultSchema, type AnalysisResult, type TranscriptAnalyzer } from "./analysis";
import { builtinAnalyzer } from "./builtin-analyzer";
import { OpenAICompatibleAnalyzer } from "./openai-provider.server";
import { notFound } from "~/lib/http/errors.server";

/** A configured OpenAI-compatible endpoint replaces the built-in analyzer; there is no silent fallback, so a broken endpoint shows as a failure. */
export function getAnalyzer(env: Env = getEnv()): TranscriptAnalyzer {
  if (!env.LLM_BASE_URL) return builtinAnalyzer;
  return new OpenAICompatibleAnalyzer({
    baseUrl: env.LLM_BASE_URL,
    apiKey: env.LLM_API_KEY || undefined,
    model: env.LLM_MODEL,
    timeoutMs: env.LLM_TIMEOUT_MS,
  });
}

const storedTranscriptSchema = z.array(z.object({ speaker: z.string().catch(""), text: z.string(), startSeconds: z.number().optional().catch(undefined) }));

function readTranscript(json: string | null, callId: string): TranscriptTurn[] {
  if (!json) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new AnalysisError(`The stored transcript of call ${callId} is not valid JSON.`, { cause: error });
  }
  const parsed = storedTranscriptSchema.safeParse(value);
  if (!parsed.success) throw new AnalysisError(`The stored transcript of call ${callId} is not a list of speaker turns.`);
  return parsed.data.filter((turn) => turn.text.trim() !== "");
}

/**
 * Analyses one call of one tenant on request and stores the result with it:
 * the analysis JSON, its provider and time, and the sentiment column the
 * disagreement view filters on. Another tenant's id is a 404. On failure the
 * status becomes "failed" but an earlier successful analysis stays, so the
 * page can still show it; the AnalysisError is logged and rethrown for the
 * route to turn into its error toast (docs/product/errors.md#recordings-and-analysis).
 */
export async function analyzeCall(tenantId: string, callId: string, analyzer: TranscriptAnalyzer = getAnalyzer()): Promise<AnalysisResult> {
  const db = getDb();
  const call = await db
    .selectFrom("calls")
    .select(["id", "status", "transcript", "summary"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", callId)
    .executeTakeFirst();
  if (!call) notFound();

  let result: AnalysisResult;
  try {
    const transcript = readTranscript(call.transcript, callId);
    if (transcript.length === 0) throw new AnalysisError(`Call ${callId} has no transcript: nothing to analyze.`);
    // The provider already checked its own answer; this guards the stored column against any future provider that does not.
    result = analysisResultSchema.parse(await analyzer.analyze({ transcript, summary: call.summary, callStatus: call.status }));
  } catch (error) {
    const failure =
      error instanceof AnalysisError
        ? error
        : new AnalysisError(`Analysis of call ${callId} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    console.error(`analysis of call ${callId} (${analyzer.provider}) failed: ${failure.message}`);
    await db.updateTable("calls").set({ analysis_status: "failed", updated_at: now() }).where("tenant_id", "=", tenantId).where("id", "=", callId).execute();
    throw failure;
  }

  const timestamp = now();
  await db
    .updateTable("calls")
    .set({
      analysis: JSON.stringify(result),
      analysis_status: "done",
      analysis_provider: result.provider,
      analyzed_at: timestamp,
      sentiment: result.sentiment,
      updated_at: timestamp,
    })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", callId)
    .execute();
  return result;
}
