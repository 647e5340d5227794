import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Local stand-ins for the parts of Vapi's and Retell's APIs that Voxboard uses
 * (docs/decisions/0030-voice-providers.md), written from their public API
 * references: bearer keys checked (401 otherwise), the request bodies checked
 * the way the platforms check them (Vapi refuses properties its DTOs do not
 * know, with its `message` list; Retell requires its fields), and state kept
 * so an update finds what a create made. Every request is recorded.
 */
export interface StubRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

interface StubServer {
  baseUrl: string;
  requests: StubRequest[];
  /** The next answers to a path, before the normal behaviour: a status and body, or a delay. */
  failNext(path: string, reply: { status: number; body: unknown } | { delayMs: number }): void;
  close(): Promise<void>;
}

type Handler = (request: StubRequest) => { status: number; body: unknown };

async function startStub(apiKey: string, handle: Handler): Promise<StubServer> {
  const requests: StubRequest[] = [];
  const failures = new Map<string, Array<{ status: number; body: unknown } | { delayMs: number }>>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return send(400, { message: "invalid JSON" });
      }
      const path = (req.url ?? "/").split("?")[0]!;
      const request: StubRequest = { method: req.method ?? "GET", path, authorization: req.headers.authorization, body };
      requests.push(request);
      if (req.headers.authorization !== `Bearer ${apiKey}`) return send(401, { message: "Invalid API key", statusCode: 401 });
      const planned = failures.get(path)?.shift();
      if (planned && "delayMs" in planned) {
        setTimeout(() => send(200, {}), planned.delayMs).unref();
        return;
      }
      if (planned) return send(planned.status, planned.body);
      const answer = handle(request);
      send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    failNext(path, reply) {
      failures.set(path, [...(failures.get(path) ?? []), reply]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The assistant properties of Vapi's CreateAssistantDTO that Voxboard may send (a subset; Vapi refuses any other). */
const VAPI_ASSISTANT_FIELDS = new Set([
  "name",
  "firstMessage",
  "firstMessageMode",
  "model",
  "voice",
  "transcriber",
  "endCallPhrases",
  "maxDurationSeconds",
  "silenceTimeoutSeconds",
  "voicemailMessage",
  "artifactPlan",
  "server",
  "serverMessages",
  "metadata",
]);

export interface VapiStub extends StubServer {
  assistants: Map<string, Record<string, unknown>>;
  calls: Array<Record<string, unknown>>;
}

export async function startVapiStub({ apiKey, numbers }: { apiKey: string; numbers: Array<{ id: string; number: string }> }): Promise<VapiStub> {
  const assistants = new Map<string, Record<string, unknown>>();
  const calls: Array<Record<string, unknown>> = [];
  const checkAssistant = (body: Record<string, unknown>) => {
    const unknown = Object.keys(body).filter((key) => !VAPI_ASSISTANT_FIELDS.has(key));
    const problems = unknown.map((key) => `property ${key} should not exist`);
    const model = body.model as Record<string, unknown> | undefined;
    if (model && (typeof model.provider !== "string" || typeof model.model !== "string")) problems.push("model.provider and model.model must be strings");
    const server = body.server as Record<string, unknown> | undefined;
    if (server && typeof server.url !== "string") problems.push("server.url must be a URL string");
    if (typeof body.name === "string" && body.name.length > 40) problems.push("name must be shorter than or equal to 40 characters");
    return problems;
  };
  const stub = await startStub(apiKey, (request) => {
    const { method, path, body } = request;
    if (method === "GET" && path === "/assistant") return { status: 200, body: [...assistants.entries()].map(([id, value]) => ({ id, ...value })) };
    if (method === "GET" && path === "/phone-number") return { status: 200, body: numbers.map((entry) => ({ ...entry, provider: "vapi" })) };
    if (method === "POST" && path === "/assistant") {
      const problems = checkAssistant(body);
      if (problems.length) return { status: 400, body: { message: problems, error: "Bad Request", statusCode: 400 } };
      const id = `asst-${assistants.size + 1}`;
      assistants.set(id, body);
      return { status: 201, body: { id, orgId: "org-1", ...body } };
    }
    const update = /^\/assistant\/([^/]+)$/.exec(path);
    if (method === "PATCH" && update) {
      const id = decodeURIComponent(update[1]!);
      if (!assistants.has(id)) return { status: 404, body: { message: "Couldn't Find Assistant", statusCode: 404 } };
      const problems = checkAssistant(body);
      if (problems.length) return { status: 400, body: { message: problems, error: "Bad Request", statusCode: 400 } };
      assistants.set(id, { ...assistants.get(id), ...body });
      return { status: 200, body: { id, ...assistants.get(id) } };
    }
    if (method === "POST" && path === "/call") {
      if (typeof body.assistantId !== "string" || !assistants.has(body.assistantId))
        return { status: 400, body: { message: ["assistantId must be an existing assistant"], statusCode: 400 } };
      if (!numbers.some((entry) => entry.id === body.phoneNumberId))
        return { status: 400, body: { message: ["phoneNumberId must be one of your numbers"], statusCode: 400 } };
      const customer = body.customer as Record<string, unknown> | undefined;
      if (typeof customer?.number !== "string") return { status: 400, body: { message: ["customer.number must be an E.164 number"], statusCode: 400 } };
      calls.push(body);
      return { status: 201, body: { id: `vapi-call-${calls.length}`, status: "queued", type: "outboundPhoneCall" } };
    }
    return { status: 404, body: { message: `Cannot ${method} ${path}`, statusCode: 404 } };
  });
  return Object.assign(stub, { assistants, calls });
}

export interface RetellStub extends StubServer {
  llms: Map<string, Record<string, unknown>>;
  agents: Map<string, Record<string, unknown>>;
  calls: Array<Record<string, unknown>>;
}

export async function startRetellStub({ apiKey }: { apiKey: string }): Promise<RetellStub> {
  const llms = new Map<string, Record<string, unknown>>();
  const agents = new Map<string, Record<string, unknown>>();
  const calls: Array<Record<string, unknown>> = [];
  const bad = (message: string) => ({ status: 400, body: { error_message: message } });
  const stub = await startStub(apiKey, (request) => {
    const { method, path, body } = request;
    if (method === "GET" && path === "/list-agents") return { status: 200, body: [...agents.entries()].map(([agent_id, value]) => ({ agent_id, ...value })) };
    if (method === "POST" && path === "/create-retell-llm") {
      const llmId = `llm_${llms.size + 1}`;
      llms.set(llmId, body);
      return { status: 201, body: { llm_id: llmId, ...body } };
    }
    const llmUpdate = /^\/update-retell-llm\/([^/]+)$/.exec(path);
    if (method === "PATCH" && llmUpdate) {
      const id = decodeURIComponent(llmUpdate[1]!);
      if (!llms.has(id)) return { status: 404, body: { error_message: "LLM not found" } };
      llms.set(id, { ...llms.get(id), ...body });
      return { status: 200, body: { llm_id: id, ...llms.get(id) } };
    }
    const checkAgent = () => {
      const engine = body.response_engine as Record<string, unknown> | undefined;
      if (engine?.type !== "retell-llm" || typeof engine.llm_id !== "string" || !llms.has(engine.llm_id))
        return "response_engine must name an existing Retell LLM";
      if (typeof body.voice_id !== "string" || !body.voice_id) return "voice_id is required";
      return null;
    };
    if (method === "POST" && path === "/create-agent") {
      const problem = checkAgent();
      if (problem) return bad(problem);
      const id = `agent_${agents.size + 1}`;
      agents.set(id, body);
      return { status: 201, body: { agent_id: id, ...body } };
    }
    const agentUpdate = /^\/update-agent\/([^/]+)$/.exec(path);
    if (method === "PATCH" && agentUpdate) {
      const id = decodeURIComponent(agentUpdate[1]!);
      if (!agents.has(id)) return { status: 404, body: { error_message: "Agent not found" } };
      const problem = checkAgent();
      if (problem) return bad(problem);
      agents.set(id, { ...agents.get(id), ...body });
      return { status: 200, body: { agent_id: id, ...agents.get(id) } };
    }
    if (method === "POST" && path === "/v2/create-phone-call") {
      if (typeof body.from_number !== "string" || typeof body.to_number !== "string") return bad("from_number and to_number are required");
      if (typeof body.override_agent_id === "string" && !agents.has(body.override_agent_id)) return bad("override_agent_id is not an agent of yours");
      calls.push(body);
      return { status: 201, body: { call_id: `retell_call_${calls.length}`, call_status: "registered", call_type: "phone_call", ...body } };
    }
    return { status: 404, body: { error_message: `Not found: ${method} ${path}` } };
  });
  return Object.assign(stub, { llms, agents, calls });
}
