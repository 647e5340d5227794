import { z } from "zod";
import type { CallStatus } from "~/db/schema";
import type { TranscriptTurn } from "~/features/calls/derived-columns";

/**
 * What any analyzer returns for a call transcript, and the shape stored in
 * `calls.analysis`. The built-in analyzer and a language model produce the
 * same fields, so the detail page and the disagreement filter never need to
 * know which one ran.
 */
export const SENTIMENTS = ["positive", "neutral", "negative"] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

export const OUTCOMES = ["resolved", "appointment-booked", "callback-requested", "escalated", "not-interested", "voicemail", "unresolved"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const ANALYSIS_LANGUAGES = ["en", "de"] as const;
export type AnalysisLanguage = (typeof ANALYSIS_LANGUAGES)[number];

export const ANALYSIS_PROVIDERS = ["builtin", "openai-compatible"] as const;
export type AnalysisProvider = (typeof ANALYSIS_PROVIDERS)[number];

export const amountSchema = z.object({
  value: z.number().finite(),
  currency: z.string().min(1).max(8).optional(),
  text: z.string(),
});

export const entitiesSchema = z.object({
  emails: z.array(z.string()),
  phoneNumbers: z.array(z.string()),
  dates: z.array(z.string()),
  amounts: z.array(amountSchema),
});

export const analysisResultSchema = z.object({
  summary: z.string(),
  sentiment: z.enum(SENTIMENTS),
  sentimentScore: z.number().min(-1).max(1),
  outcome: z.enum(OUTCOMES),
  topics: z.array(z.string()),
  actionItems: z.array(z.string()),
  entities: entitiesSchema,
  language: z.enum(ANALYSIS_LANGUAGES),
  provider: z.enum(ANALYSIS_PROVIDERS),
  model: z.string().optional(),
});

export type AnalysisResult = z.infer<typeof analysisResultSchema>;
export type AnalysisEntities = z.infer<typeof entitiesSchema>;
export type AnalysisAmount = z.infer<typeof amountSchema>;

export interface AnalysisInput {
  transcript: TranscriptTurn[];
  /** The summary the voice platform sent, if any; used as is instead of a generated one. */
  summary?: string | null;
  /** Used only when the transcript itself does not tell English from German. */
  language?: AnalysisLanguage;
  /** The call's status as the platform reported it: a message left on a mailbox is a voicemail, whatever it says. */
  callStatus?: CallStatus;
}

export interface TranscriptAnalyzer {
  readonly provider: AnalysisProvider;
  analyze(input: AnalysisInput): Promise<AnalysisResult>;
}

/**
 * Any reason an analysis could not be made. The message is for the logs and
 * may name the endpoint's answer; the user only ever sees the catalogue's
 * 'Failed to analyze call transcript.' (docs/product/errors.md#recordings-and-analysis).
 */
export class AnalysisError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "AnalysisError";
  }
}

/** The stored analysis, or null when there is none or it no longer has the expected shape. */
export function parseStoredAnalysis(json: string | null | undefined): AnalysisResult | null {
  if (!json) return null;
  try {
    const parsed = analysisResultSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
