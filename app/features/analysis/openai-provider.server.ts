import { z } from "zod";
import { transcriptToText } from "~/features/calls/derived-columns";
import {
  ANALYSIS_LANGUAGES,
  AnalysisError,
  OUTCOMES,
  SENTIMENTS,
  amountSchema,
  type AnalysisInput,
  type AnalysisResult,
  type TranscriptAnalyzer,
} from "./analysis";
import { detectLanguage } from "./builtin-analyzer";
import { normalisePhoneNumber } from "./entities";
import { chatAuthorization, chatCompletionsUrl, shownChatEndpoint } from "~/lib/llm/chat-completions.server";

export interface OpenAICompatibleConfig {
  /** e.g. https://api.openai.com/v1 — the request goes to {baseUrl}/chat/completions. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

/** The fields asked of the model: the analysis without `provider` and `model`, which this side fills in. */
const modelAnswerSchema = z.object({
  summary: z.string().trim().min(1),
  sentiment: z.enum(SENTIMENTS),
  sentimentScore: z.number().min(-1).max(1),
  outcome: z.enum(OUTCOMES),
  topics: z.array(z.string()),
  actionItems: z.array(z.string()),
  entities: z.object({
    emails: z.array(z.string()),
    phoneNumbers: z.array(z.string()),
    dates: z.array(z.string()),
    amounts: z.array(amountSchema),
  }),
  language: z.enum(ANALYSIS_LANGUAGES).optional(),
});

const completionSchema = z.object({
  model: z.string().optional(),
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

export const SYSTEM_PROMPT = `You analyse transcripts of phone calls between a business's voice agent and a customer. The transcript may be in English or German.
Answer with one JSON object and nothing else. It must have exactly these fields:
- "summary": string, one or two sentences in the transcript's language: what the customer wanted and how the call ended.
- "sentiment": "positive" | "neutral" | "negative" — the customer's mood.
- "sentimentScore": number from -1 (very negative) to 1 (very positive).
- "outcome": one of ${OUTCOMES.map((outcome) => `"${outcome}"`).join(", ")}.
- "topics": array of short topic strings.
- "actionItems": array of strings, each a next step someone committed to.
- "entities": object with "emails" (array of strings), "phoneNumbers" (array of strings, E.164 where possible), "dates" (array of strings as written), "amounts" (array of objects { "value": number, "currency": ISO 4217 code if known, "text": as written }).
- "language": "en" or "de", the transcript's language.
Use empty arrays when nothing applies. Do not invent facts that are not in the transcript.`;

/**
 * Analysis by any endpoint that speaks OpenAI's chat-completions protocol
 * (OpenAI, Azure OpenAI, Ollama, vLLM, LiteLLM…). The model's answer is
 * checked against the analysis shape; anything else is an AnalysisError
 * whose message says what went wrong, never a half-stored result.
 */
export class OpenAICompatibleAnalyzer implements TranscriptAnalyzer {
  readonly provider = "openai-compatible" as const;

  constructor(private readonly config: OpenAICompatibleConfig) {}

  private get requestUrl() {
    return chatCompletionsUrl(this.config.baseUrl);
  }

  private get shownEndpoint() {
    return shownChatEndpoint(this.config.baseUrl);
  }

  private get authorization() {
    return chatAuthorization(this.config.baseUrl, this.config.apiKey);
  }

  async analyze(input: AnalysisInput): Promise<AnalysisResult> {
    const { json, model } = await this.completeJson(SYSTEM_PROMPT, userMessageOf(input));
    const answer = modelAnswerSchema.safeParse(json);
    if (!answer.success) throw new AnalysisError(`The language model's answer does not have the analysis shape: ${describeIssues(answer.error)}`);
    const { language, entities, ...rest } = answer.data;
    return {
      ...rest,
      // The platform's word that the call reached a mailbox outranks the model's reading.
      outcome: input.callStatus === "voicemail" ? "voicemail" : rest.outcome,
      entities: { ...entities, phoneNumbers: [...new Set(entities.phoneNumbers.map(normalisePhoneNumber))] },
      language: language ?? detectLanguage(input.transcript, input.language),
      provider: "openai-compatible",
      model,
    };
  }

  /**
   * One chat completion asked for a JSON object: the parsed object and the
   * model that answered. Post-call templates (app/features/post-call) ask
   * their own question through it and check the answer against their shape.
   */
  async completeJson(systemPrompt: string, userMessage: string): Promise<{ json: unknown; model: string }> {
    const body = await this.complete(systemPrompt, userMessage);
    const content = body.choices[0]?.message.content;
    if (!content) throw new AnalysisError("The language model answered with an empty message.");
    try {
      return { json: JSON.parse(stripCodeFence(content)), model: body.model ?? this.config.model };
    } catch (error) {
      throw new AnalysisError(`The language model's answer is not valid JSON: ${clip(content)}`, { cause: error });
    }
  }

  private async complete(systemPrompt: string, userMessage: string) {
    const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
    const authorization = this.authorization;
    if (authorization) headers.Authorization = authorization;
    let response: Response;
    try {
      response = await fetch(this.requestUrl, {
        method: "POST",
        headers,
        body: JSON.stringify({
          model: this.config.model,
          temperature: 0,
          response_format: { type: "json_object" },
          messages: [
            { role: "system", content: systemPrompt },
            { role: "user", content: userMessage },
          ],
        }),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (error) {
      throw new AnalysisError(describeFetchFailure(error, this.shownEndpoint, this.config.timeoutMs), { cause: error });
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new AnalysisError(describeFetchFailure(error, this.shownEndpoint, this.config.timeoutMs), { cause: error });
    }
    if (!response.ok)
      throw new AnalysisError(`The language model endpoint ${this.shownEndpoint} answered ${response.status} ${response.statusText}: ${clip(text)}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new AnalysisError(`The language model endpoint ${this.shownEndpoint} did not answer with JSON: ${clip(text)}`, { cause: error });
    }
    const completion = completionSchema.safeParse(json);
    if (!completion.success)
      throw new AnalysisError(`The language model endpoint ${this.shownEndpoint} did not answer like chat completions: ${describeIssues(completion.error)}`);
    return completion.data;
  }
}

function userMessageOf(input: AnalysisInput) {
  return [
    input.callStatus ? `Call status reported by the voice platform: ${input.callStatus}` : "",
    input.summary ? `Summary sent by the voice platform: ${input.summary}` : "",
    "Transcript:",
    transcriptToText(input.transcript),
  ]
    .filter(Boolean)
    .join("\n");
}

function describeFetchFailure(error: unknown, endpoint: string, timeoutMs: number) {
  if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `The language model endpoint ${endpoint} did not answer within ${timeoutMs} ms.`;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return `The language model endpoint ${endpoint} could not be reached: ${error instanceof Error ? error.message : String(error)}${cause}`;
}

/** Some models wrap JSON in a Markdown code fence even when asked not to. */
function stripCodeFence(content: string) {
  const fenced = content.trim().match(/^```(?:json)?\s*([\s\S]*?)\s*```$/i);
  return fenced ? fenced[1]! : content;
}

export function describeIssues(error: z.ZodError) {
  return error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`).join("; ");
}

const clip = (text: string, length = 200) => (text.length > length ? `${text.slice(0, length)}…` : text);
