import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for an OpenAI-compatible endpoint, for tests only. It listens on
 * 127.0.0.1 on a free port, answers POST /v1/chat/completions like the real
 * thing (refusing a wrong API key or an unknown model) and replies with
 * whatever the test set up next.
 */
export interface StubReply {
  /** HTTP status; 200 unless told. */
  status?: number;
  /** The assistant message: an object is sent as its JSON text, a string as is. */
  content?: unknown;
  /** A raw response body instead of a chat-completions envelope. */
  rawBody?: string;
  /** Waits this long before answering (for timeouts). */
  delayMs?: number;
}

export interface RecordedRequest {
  authorization: string | undefined;
  body: {
    model?: string;
    response_format?: { type?: string };
    messages?: Array<{ role: string; content: string }>;
  };
}

export interface ChatCompletionsStub {
  /** Base URL to put in LLM_BASE_URL, e.g. http://127.0.0.1:40123/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  setReply(reply: StubReply): void;
  close(): Promise<void>;
}

export async function startChatCompletionsStub({ apiKey, model }: { apiKey: string; model: string }): Promise<ChatCompletionsStub> {
  let reply: StubReply = { content: {} };
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const send = (res: http.ServerResponse, status: number, body: string) => {
    if (res.destroyed) return;
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") return send(res, 404, JSON.stringify({ error: { message: "not found" } }));
      if (req.headers.authorization !== `Bearer ${apiKey}`) return send(res, 401, JSON.stringify({ error: { message: "Incorrect API key provided" } }));
      let body: RecordedRequest["body"];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as RecordedRequest["body"];
      } catch {
        return send(res, 400, JSON.stringify({ error: { message: "invalid JSON body" } }));
      }
      if (body.model !== model) return send(res, 404, JSON.stringify({ error: { message: `The model ${String(body.model)} does not exist` } }));
      requests.push({ authorization: req.headers.authorization, body });

      const current = reply;
      const answer = () => {
        const content = typeof current.content === "string" ? current.content : JSON.stringify(current.content);
        const envelope = {
          id: `chatcmpl-${requests.length}`,
          object: "chat.completion",
          created: 1_767_225_600,
          model,
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        };
        send(res, current.status ?? 200, current.rawBody ?? JSON.stringify(envelope));
      };
      if (!current.delayMs) return answer();
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, current.delayMs);
      timers.add(timer);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setReply(next) {
      reply = next;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
