import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in voice platform for tests: listens on 127.0.0.1 on a free port,
 * answers POST /calls like the real contract (refusing a wrong bearer key),
 * records every request and replies as the test says next.
 */
export interface VoicePlatformStubReply {
  status?: number;
  /** Sent as JSON; defaults to { callId: "call-<n>" } for a 2xx. */
  body?: unknown;
  delayMs?: number;
}

export interface RecordedCall {
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  contentType: string | undefined;
  body: {
    to?: string;
    from?: string;
    campaignId?: string;
    contactId?: string;
    knowledgeBaseId?: string;
    agentId?: string | null;
    agentVersion?: number | null;
    runId?: string;
  };
}

export interface VoicePlatformStub {
  /** Put this in VOICE_PLATFORM_URL. */
  baseUrl: string;
  calls: RecordedCall[];
  setReply(reply: VoicePlatformStubReply | ((call: RecordedCall) => VoicePlatformStubReply)): void;
  close(): Promise<void>;
}

export async function startVoicePlatformStub({ apiKey }: { apiKey: string }): Promise<VoicePlatformStub> {
  let reply: VoicePlatformStubReply | ((call: RecordedCall) => VoicePlatformStubReply) = {};
  const calls: RecordedCall[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/calls") return send(res, 404, { error: "not found" });
      if (req.headers.authorization !== `Bearer ${apiKey}`) return send(res, 401, { error: { message: "invalid API key" } });
      let body: RecordedCall["body"];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as RecordedCall["body"];
      } catch {
        return send(res, 400, { error: "invalid JSON" });
      }
      const call: RecordedCall = {
        authorization: req.headers.authorization,
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
        contentType: req.headers["content-type"],
        body,
      };
      calls.push(call);
      const current = typeof reply === "function" ? reply(call) : reply;
      const answer = () => send(res, current.status ?? 201, current.body ?? { callId: `call-${calls.length}` });
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
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
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
