/**
 * Any endpoint that speaks OpenAI's chat-completions protocol (OpenAI, Azure
 * OpenAI, Ollama, vLLM, LiteLLM…), configured by LLM_BASE_URL. The analysis
 * feature judges transcripts with it; the agents' text test talks with it.
 */
export interface ChatEndpointConfig {
  /** e.g. https://api.openai.com/v1 — requests go to {baseUrl}/chat/completions. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

/** {baseUrl}/chat/completions, keeping any query (Azure's api-version) and leaving credentials out: fetch refuses them in a URL. */
export function chatCompletionsUrl(baseUrl: string) {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/chat/completions`;
  url.username = "";
  url.password = "";
  return url;
}

/** The endpoint as error messages name it: no credentials, no query. */
export function shownChatEndpoint(baseUrl: string) {
  const url = chatCompletionsUrl(baseUrl);
  url.search = "";
  return url.toString();
}

/** A key from LLM_API_KEY as a bearer token; else credentials written into the base URL as basic auth (some self-hosted gateways). */
export function chatAuthorization(baseUrl: string, apiKey?: string) {
  if (apiKey) return `Bearer ${apiKey}`;
  const { username, password } = new URL(baseUrl);
  if (!username) return null;
  return `Basic ${Buffer.from(`${decodeURIComponent(username)}:${decodeURIComponent(password)}`).toString("base64")}`;
}

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

export class ChatCompletionError extends Error {
  constructor(
    message: string,
    readonly reason: "unreachable" | "timeout" | "status" | "empty",
  ) {
    super(message);
    this.name = "ChatCompletionError";
  }
}

/** One completion: the assistant's text, or a ChatCompletionError saying why there is none. */
export async function chatCompletion(config: ChatEndpointConfig, { messages, temperature }: { messages: ChatMessage[]; temperature: number }): Promise<string> {
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
  const authorization = chatAuthorization(config.baseUrl, config.apiKey);
  if (authorization) headers.Authorization = authorization;
  let response: Response;
  try {
    response = await fetch(chatCompletionsUrl(config.baseUrl), {
      method: "POST",
      headers,
      body: JSON.stringify({ model: config.model, temperature, messages }),
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
      throw new ChatCompletionError(`No answer from ${shownChatEndpoint(config.baseUrl)} within ${config.timeoutMs} ms`, "timeout");
    throw new ChatCompletionError(`${shownChatEndpoint(config.baseUrl)} is unreachable`, "unreachable");
  }
  const text = await response.text();
  if (!response.ok) throw new ChatCompletionError(`${shownChatEndpoint(config.baseUrl)} answered ${response.status}`, "status");
  let content: unknown;
  try {
    content = (JSON.parse(text) as { choices?: Array<{ message?: { content?: unknown } }> }).choices?.[0]?.message?.content;
  } catch {
    content = undefined;
  }
  if (typeof content !== "string" || !content.trim()) throw new ChatCompletionError("The language model answered with an empty message.", "empty");
  return content.trim();
}
