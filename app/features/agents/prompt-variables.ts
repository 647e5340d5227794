/**
 * The variables an agent's instructions and first message may use, written
 * `{{contact.firstName}}` (docs/product/agents.md#prompt-variables). The
 * platform fills them in per call; the text test fills them with sample
 * values. A name outside this set, or an unclosed `{{`, is an error at the
 * field, so a typo never reaches a caller as literal braces.
 */
export const PROMPT_VARIABLES = [
  "contact.firstName",
  "contact.lastName",
  "contact.phone",
  "contact.email",
  "business.name",
  "business.phone",
  "agent.name",
  "call.date",
  "call.time",
] as const;
export type PromptVariable = (typeof PROMPT_VARIABLES)[number];

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

export interface VariableCheck {
  unknown: string[];
  /** An opening `{{` without its `}}` (or the other way round). */
  unbalanced: boolean;
}

export function checkPromptVariables(text: string): VariableCheck {
  const unknown = new Set<string>();
  for (const match of text.matchAll(VARIABLE)) {
    const name = match[1] ?? "";
    if (!(PROMPT_VARIABLES as readonly string[]).includes(name)) unknown.add(name || "{{}}");
  }
  const rest = text.replace(VARIABLE, "");
  return { unknown: [...unknown], unbalanced: rest.includes("{{") || rest.includes("}}") };
}

/** The text with each known variable replaced by its value (an unknown one stays as written). */
export function fillPromptVariables(text: string, values: Partial<Record<PromptVariable, string>>) {
  return text.replace(VARIABLE, (whole, name: string) => values[name as PromptVariable] ?? whole);
}

/** The values a text test speaks with: the business's own name and number, a sample contact, now. */
export function samplePromptValues({
  businessName,
  businessPhone,
  agentName,
  now,
  language,
  timeZone,
}: {
  businessName: string;
  businessPhone: string;
  agentName: string;
  now: Date;
  language: string;
  timeZone: string;
}): Record<PromptVariable, string> {
  return {
    "contact.firstName": language === "de" ? "Erika" : "Jane",
    "contact.lastName": language === "de" ? "Mustermann" : "Doe",
    "contact.phone": "+15555550123",
    "contact.email": language === "de" ? "erika@example.com" : "jane@example.com",
    "business.name": businessName,
    "business.phone": businessPhone,
    "agent.name": agentName,
    "call.date": new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone }).format(now),
    "call.time": new Intl.DateTimeFormat(language, { timeStyle: "short", timeZone }).format(now),
  };
}
