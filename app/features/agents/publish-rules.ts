import { VOICES } from "~/features/knowledge/catalogue";
import type { AgentConfig } from "./agent-config";
import type { AgentTab } from "./agent-rules";
import { checkPromptVariables } from "./prompt-variables";

/**
 * What must hold before a draft becomes a version (docs/product/agents.md#versions).
 * Each tab's own form already judged its fields when it was saved; these are
 * the rules across tabs, and the ones a template or an older draft may not
 * have met. Each problem names the tab that fixes it, so the page links there.
 */
export type PublishProblem = { tab: AgentTab; key: string };

export function publishProblems(config: AgentConfig): PublishProblem[] {
  const problems: PublishProblem[] = [];
  if (!config.general.name.trim()) problems.push({ tab: "general", key: "publish.nameMissing" });
  if (config.general.firstSpeaker === "agent" && !config.general.firstMessage.trim()) problems.push({ tab: "general", key: "publish.firstMessageMissing" });
  if (!config.context.instructions.trim()) problems.push({ tab: "context", key: "publish.instructionsMissing" });
  const variables = [checkPromptVariables(config.context.instructions), checkPromptVariables(config.general.firstMessage)];
  if (variables.some((check) => check.unbalanced || check.unknown.length > 0)) problems.push({ tab: "context", key: "publish.variablesInvalid" });
  const voice = VOICES.find((candidate) => candidate.id === config.speech.voice);
  if (!voice) problems.push({ tab: "speech", key: "publish.voiceMissing" });
  else if (voice.language !== config.general.language) problems.push({ tab: "speech", key: "publish.voiceLanguage" });
  return problems;
}
