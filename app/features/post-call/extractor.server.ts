import { getEnv, type Env } from "~/config/env.server";
import { AnalysisError } from "~/features/analysis/analysis";
import { OpenAICompatibleAnalyzer, describeIssues } from "~/features/analysis/openai-provider.server";
import { transcriptToText } from "~/features/calls/derived-columns";
import { extractBuiltin, type ExtractionInput } from "./builtin-extractor";
import { judgeByRule, type Extraction, type TemplateDefinition } from "./template-definition";
import { modelExtractionSchema } from "./template-schema";

/**
 * Who fills a template's fields: the built-in extractor, or the configured
 * OpenAI-compatible endpoint (the same one the analysis uses, LLM_BASE_URL;
 * no silent fallback, as in app/features/analysis/analysis.server.ts).
 */
export interface TemplateExtractor {
  readonly provider: Extraction["provider"];
  extract(input: ExtractionInput): Promise<Extraction>;
}

export const builtinExtractor: TemplateExtractor = {
  provider: "builtin",
  extract: async (input) => extractBuiltin(input),
};

export function getExtractor(env: Env = getEnv()): TemplateExtractor {
  if (!env.LLM_BASE_URL) return builtinExtractor;
  return new ModelExtractor(
    new OpenAICompatibleAnalyzer({ baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY || undefined, model: env.LLM_MODEL, timeoutMs: env.LLM_TIMEOUT_MS }),
  );
}

export class ModelExtractor implements TemplateExtractor {
  readonly provider = "openai-compatible" as const;
  constructor(private readonly model: OpenAICompatibleAnalyzer) {}

  async extract(input: ExtractionInput): Promise<Extraction> {
    const { json, model } = await this.model.completeJson(extractionPrompt(input.definition), extractionMessage(input));
    const answer = modelExtractionSchema(input.definition).safeParse(json);
    if (!answer.success) throw new AnalysisError(`The language model's answer does not fit the template: ${describeIssues(answer.error)}`);
    const { fields, criteria, summary } = answer.data;
    // A criterion with a rule is decided by its field, whatever the model judged, so both analyzers agree on it.
    const judged = input.definition.criteria.map((criterion, index) => judgeByRule(criterion, fields) ?? criteria[index]!);
    return { fields, criteria: judged, summary, provider: "openai-compatible", model };
  }
}

const TYPE_HINTS = {
  text: "a string",
  number: "a number (digits, no units)",
  "yes-no": "true or false",
  date: 'a date as "YYYY-MM-DD" (read relative dates such as "tomorrow" from the call date given)',
  choice: "exactly one of the options, spelt as given",
} as const;

/** The question for one template: every field with its type and description, every criterion, the summary instruction. */
export function extractionPrompt(definition: TemplateDefinition) {
  const fields = definition.fields
    .map(
      (field) =>
        `- "${field.key}" (${field.name}): ${TYPE_HINTS[field.type]}${field.type === "choice" ? `; options: ${field.options.map((option) => JSON.stringify(option)).join(", ")}` : ""}${field.description ? `. Look for: ${field.description}` : ""}`,
    )
    .join("\n");
  const criteria = definition.criteria
    .map((criterion) => `- "${criterion.key}" (${criterion.name})${criterion.description ? `: ${criterion.description}` : ""}`)
    .join("\n");
  return `You read transcripts of phone calls between a business's voice agent and a customer, in English or German, and fill in a form about the call.
Answer with one JSON object and nothing else, with exactly these members:
- "summary": ${definition.summaryInstruction ? `a string written to this instruction: ${definition.summaryInstruction}` : "null"}
- "fields": an object with one member per field below; each is { "found": true, "value": <value>, "evidence": <the customer's or agent's words it came from> } or { "found": false, "value": null } when the transcript does not say it. Never guess.
${fields}
- "criteria": an object with one member per criterion below; each is { "verdict": "met" | "not-met" | "unknown", "reason": <one sentence> }.
${criteria || "(none: use an empty object)"}`;
}

function extractionMessage(input: ExtractionInput) {
  return `Call date: ${input.callDate.toISOString().slice(0, 10)} (time zone ${input.timeZone})\nTranscript:\n${transcriptToText(input.transcript)}`;
}
