import { getEnv } from "~/config/env.server";
import { ChatCompletionError, chatCompletion, type ChatMessage } from "~/lib/llm/chat-completions.server";
import type { AgentConfig } from "../agent-config";
import { AGENT_LIMITS } from "../agent-rules";
import { fillPromptVariables, type PromptVariable } from "../prompt-variables";

/**
 * The editor's text test (docs/product/agents.md#text-test): the draft's
 * instructions, variables and first message run against the configured
 * OpenAI-compatible endpoint (LLM_BASE_URL). The conversation travels in the
 * form (a hidden field), so each turn is one POST and the page works without
 * JavaScript; the server trusts nothing of it but the text, and keeps the
 * last AGENT_LIMITS.testTurnsMax turns.
 */
export type TestTurn = { role: "agent" | "caller"; text: string };

export const isTestChatConfigured = () => Boolean(getEnv().LLM_BASE_URL);

export function readTestHistory(json: string): TestTurn[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (turn): turn is TestTurn =>
        typeof turn === "object" &&
        turn !== null &&
        ((turn as TestTurn).role === "agent" || (turn as TestTurn).role === "caller") &&
        typeof (turn as TestTurn).text === "string",
    )
    .map((turn) => ({ role: turn.role, text: turn.text.slice(0, AGENT_LIMITS.testMessageMax * 4) }))
    .slice(-AGENT_LIMITS.testTurnsMax);
}

/** The system prompt a text test runs with: the instructions (variables filled), tone and language. */
export function testSystemPrompt(config: AgentConfig, values: Record<PromptVariable, string>) {
  const language = config.general.language === "de" ? "German" : "English";
  return [
    fillPromptVariables(config.context.instructions, values),
    `You are ${config.general.name}, a voice agent on a phone call. Answer in ${language}, in one to three short spoken sentences. Your tone is ${config.personality.tone}.`,
  ].join("\n\n");
}

/** The conversation's opening: the first message when the agent speaks first. */
export function openingTurns(config: AgentConfig, values: Record<PromptVariable, string>): TestTurn[] {
  return config.general.firstSpeaker === "agent" && config.general.firstMessage
    ? [{ role: "agent", text: fillPromptVariables(config.general.firstMessage, values) }]
    : [];
}

export type TestReply = { ok: true; turns: TestTurn[] } | { ok: false; turns: TestTurn[]; problem: "notConfigured" | ChatCompletionError["reason"] };

/** One caller turn and the agent's answer; on failure the caller's turn stays so nothing typed is lost. */
export async function runTestTurn(config: AgentConfig, values: Record<PromptVariable, string>, history: TestTurn[], message: string): Promise<TestReply> {
  const turns: TestTurn[] = [...(history.length ? history : openingTurns(config, values)), { role: "caller" as const, text: message }].slice(
    -AGENT_LIMITS.testTurnsMax,
  );
  const env = getEnv();
  if (!env.LLM_BASE_URL) return { ok: false, turns, problem: "notConfigured" };
  const messages: ChatMessage[] = [
    { role: "system", content: testSystemPrompt(config, values) },
    ...turns.map((turn): ChatMessage => ({ role: turn.role === "agent" ? "assistant" : "user", content: turn.text })),
  ];
  try {
    const answer = await chatCompletion(
      { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL, timeoutMs: env.LLM_TIMEOUT_MS },
      { messages, temperature: config.personality.temperature },
    );
    return { ok: true, turns: [...turns, { role: "agent" as const, text: answer }].slice(-AGENT_LIMITS.testTurnsMax) };
  } catch (error) {
    if (error instanceof ChatCompletionError) return { ok: false, turns, problem: error.reason };
    throw error;
  }
}
