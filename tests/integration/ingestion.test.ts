import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { refuseInserts } from "../support/db-faults";
import { audioKey, isStored, storedBytes, storedKeys } from "../support/stored-files";
import { createApiKey } from "~/features/api-keys/api-keys.server";
import { audioFetchesSettled, fetchCallAudio, fetchPendingAudio } from "~/features/calls/audio-fetch.server";
import * as unknownEndpoint from "~/routes/api+/v1+/$";
import * as callEvents from "~/routes/api+/v1+/call-events";
import * as callRoute from "~/routes/api+/v1+/calls.$callId";
import { BASE_URL, loadContext, prepareTestDatabase } from "../support/app";
import { tenantWithOwner } from "../support/factories";

/* ---- Fixtures ---- */

let tenantA: { id: string; key: string };
let tenantB: { id: string; key: string };

beforeAll(async () => {
  await prepareTestDatabase();
  const owner = await getDb().selectFrom("users").select(["id", "tenant_id"]).where("email", "=", "owner@demo.test").executeTakeFirstOrThrow();
  tenantA = { id: owner.tenant_id, key: (await createApiKey({ tenantId: owner.tenant_id, userId: owner.id, name: "Platform A" })).key };
  const other = await tenantWithOwner({ email: "owner-b@ingest.test", name: "Second Owner", phone: "4165550152" });
  tenantB = { id: other.tenantId, key: (await createApiKey({ tenantId: other.tenantId, userId: other.ownerId, name: "Platform B" })).key };
});

afterEach(async () => {
  await audioFetchesSettled();
  vi.unstubAllEnvs();
  resetEnvCache();
});

let sequence = 0;
const unique = (label: string) => `${label}-${++sequence}-${Math.random().toString(36).slice(2, 8)}`;

type EventType = "call.queued" | "call.started" | "call.ended" | "call.missed" | "call.voicemail";

function makeEvent(type: EventType, callId: string, call: Record<string, unknown> = {}, occurredAt = "2026-03-02T09:30:00Z") {
  return {
    eventId: unique("evt"),
    type,
    occurredAt,
    call: { id: callId, direction: "inbound", from: "+4930123456", to: "+4989654321", ...call },
  };
}

function postJson(key: string, body: unknown, { search = "" }: { search?: string } = {}) {
  const request = new Request(`${BASE_URL}/api/v1/call-events${search}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return callEvents.action({ request, params: {}, context: loadContext() });
}

function postMultipart(key: string, event: unknown, audio?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string }) {
  const form = new FormData();
  if (event !== undefined) form.append("event", typeof event === "string" ? event : JSON.stringify(event));
  if (audio) form.append("audio", new File([audio.bytes], audio.name, { type: audio.type }));
  const request = new Request(`${BASE_URL}/api/v1/call-events`, { method: "POST", headers: { Authorization: `Bearer ${key}` }, body: form });
  return callEvents.action({ request, params: {}, context: loadContext() });
}

function getCall(key: string, platformCallId: string) {
  const request = new Request(`${BASE_URL}/api/v1/calls/${encodeURIComponent(platformCallId)}`, { headers: { Authorization: `Bearer ${key}` } });
  return callRoute.loader({ request, params: { callId: platformCallId }, context: loadContext() });
}

async function body<T = Record<string, unknown>>(response: Response) {
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  return (await response.json()) as T;
}

interface ErrorBody {
  error: { code: string; message: string; details?: Array<{ path: string; message: string }> };
}

function callRow(tenantId: string, platformCallId: string) {
  return getDb().selectFrom("calls").selectAll().where("tenant_id", "=", tenantId).where("external_id", "=", platformCallId).executeTakeFirst();
}

async function counts() {
  const calls = await getDb()
    .selectFrom("calls")
    .select(({ fn }) => fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const events = await getDb()
    .selectFrom("call_events")
    .select(({ fn }) => fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return { calls: Number(calls.n), events: Number(events.n) };
}

/** Every audio object in the store. */
function audioFiles() {
  return storedKeys("audio/");
}

/** A short, valid mono 16-bit PCM WAV file. */
function wavBytes(samples = 800): Uint8Array<ArrayBuffer> {
  const dataBytes = samples * 2;
  const buffer = Buffer.alloc(44 + dataBytes);
  buffer.write("RIFF", 0, "ascii");
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write("WAVE", 8, "ascii");
  buffer.write("fmt ", 12, "ascii");
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(8000, 24);
  buffer.writeUInt32LE(16000, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write("data", 36, "ascii");
  buffer.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples; i++) buffer.writeInt16LE(Math.round(Math.sin(i / 4) * 8000), 44 + i * 2);
  return new Uint8Array(buffer);
}

/* ---- Events ---- */

describe("POST /api/v1/call-events with JSON", () => {
  it("accepts each event type and gives the call the matching status", async () => {
    const expected: Record<EventType, string> = {
      "call.queued": "queued",
      "call.started": "live",
      "call.ended": "ended",
      "call.missed": "missed",
      "call.voicemail": "voicemail",
    };
    for (const [type, status] of Object.entries(expected) as Array<[EventType, string]>) {
      const platformCallId = unique(type);
      const response = await postJson(tenantA.key, makeEvent(type, platformCallId, { direction: "OutBound" }));
      expect(response.status, type).toBe(201);
      const reply = await body(response);
      expect(reply).toMatchObject({ duplicate: false, platformCallId, status });
      const row = await callRow(tenantA.id, platformCallId);
      expect(row?.status).toBe(status);
      expect(row?.id).toBe(reply.callId);
      // Direction is compared case-insensitively and stored lower-case.
      expect(row?.direction).toBe("outbound");

      const read = await getCall(tenantA.key, platformCallId);
      expect(read.status).toBe(200);
      expect((await body<{ call: { id: string; status: string } }>(read)).call).toMatchObject({ id: platformCallId, status });
    }
  });

  it("follows one call from queued to live to ended, in one row, and never moves it backwards", async () => {
    const platformCallId = unique("lifecycle");
    const before = await counts();

    const queued = await postJson(tenantA.key, makeEvent("call.queued", platformCallId, {}, "2026-03-02T09:00:00Z"));
    expect(queued.status).toBe(201);
    const { callId } = await body<{ callId: string }>(queued);

    const started = await postJson(tenantA.key, makeEvent("call.started", platformCallId, { agent: { name: "Ava" } }, "2026-03-02T09:00:20+01:00"));
    expect(started.status).toBe(200);
    expect(await body(started)).toMatchObject({ callId, status: "live", duplicate: false });
    expect((await callRow(tenantA.id, platformCallId))?.status).toBe("live");

    const ended = await postJson(
      tenantA.key,
      makeEvent(
        "call.ended",
        platformCallId,
        {
          campaign: { name: "Spring Renewals", type: "outbound-sales" },
          agent: { name: "Ava" },
          caller: { name: "Jürgen Weiß", company: "Müller GmbH", customerNumber: "C-1001" },
          transcript: [
            { speaker: "Agent", text: "Guten Tag, wie kann ich helfen?", startSeconds: 0 },
            { speaker: "Caller", text: "Ich möchte meinen Vertrag verlängern.", startSeconds: 3.5 },
          ],
          summary: "Caller renews the contract.",
          durationSeconds: 95.4,
          extractedData: { renewal: true, plan: "Pro" },
          escalated: true,
        },
        "2026-03-02T09:02:00Z",
      ),
    );
    expect(ended.status).toBe(200);

    const row = (await callRow(tenantA.id, platformCallId))!;
    expect(row.id).toBe(callId);
    expect(row.status).toBe("ended");
    expect(row.queued_at).toBe("2026-03-02T09:00:00.000Z");
    expect(row.started_at).toBe("2026-03-02T08:00:20.000Z");
    expect(row.ended_at).toBe("2026-03-02T09:02:00.000Z");
    expect(row.created_at).toBe(row.ended_at);
    expect(row.campaign_name).toBe("Spring Renewals");
    expect(row.user_name).toBe("Jürgen Weiß");
    expect(row.user_company).toBe("Müller GmbH");
    expect(JSON.parse(row.caller!)).toMatchObject({ customerNumber: "C-1001" });
    expect(row.duration_seconds).toBe(95);
    expect(row.escalated).toBe(1);
    expect(row.transcript_text).toContain("Caller: Ich möchte meinen Vertrag verlängern.");
    // The derived columns follow the merged call, so search and sort see the ended event's data.
    expect(row.search_text).toContain("spring renewals");
    expect(row.search_text).toContain("vertrag verlängern");
    expect(row.sort_user).toBe("jurgen weiss");

    // A "started" that arrives late changes neither the status nor what the ended event said, but fills a gap.
    const late = await postJson(
      tenantA.key,
      makeEvent(
        "call.started",
        platformCallId,
        { to: "+49000000", agent: { name: "Somebody Else" }, campaign: { name: "Old", type: "x" } },
        "2026-03-02T09:00:20Z",
      ),
    );
    expect(late.status).toBe(200);
    expect(await body(late)).toMatchObject({ status: "ended" });
    const after = (await callRow(tenantA.id, platformCallId))!;
    expect(after.status).toBe("ended");
    expect(after.to_number).toBe("+4989654321");
    expect(after.agent_name).toBe("Ava");
    expect(after.ended_at).toBe(row.ended_at);

    const total = await counts();
    expect(total.calls).toBe(before.calls + 1);
    expect(total.events).toBe(before.events + 4);
  });

  it("answers a repeated event id with 200 duplicate and changes nothing", async () => {
    const platformCallId = unique("dup");
    const event = makeEvent("call.ended", platformCallId, { summary: "First delivery" });
    const first = await postJson(tenantA.key, event);
    expect(first.status).toBe(201);
    const { callId } = await body<{ callId: string }>(first);
    const rowBefore = await callRow(tenantA.id, platformCallId);
    const before = await counts();

    // The same event id with a different body is still the same event.
    const again = await postJson(tenantA.key, { ...event, call: { ...event.call, summary: "Second delivery" } });
    expect(again.status).toBe(200);
    expect(await body(again)).toMatchObject({ duplicate: true, callId });
    expect(await counts()).toEqual(before);
    expect(await callRow(tenantA.id, platformCallId)).toEqual(rowBefore);
  });

  it("refuses a malformed event with 400 listing every problem, and writes nothing", async () => {
    const before = await counts();
    const response = await postJson(tenantA.key, {
      type: "call.exploded",
      occurredAt: "yesterday",
      call: {
        id: "malformed-1",
        direction: "sideways",
        to: 12345,
        transcript: [{ text: "hello" }, { speaker: "Agent", text: "hi", startSeconds: -2 }],
        durationSeconds: -1,
        escalated: "yes",
        extractedData: ["not", "an", "object"],
        audioUrl: "ftp://files.example.com/a.wav",
      },
    });
    expect(response.status).toBe(400);
    const { error } = await body<ErrorBody>(response);
    expect(error.code).toBe("invalid_event");
    const paths = error.details!.map((detail) => detail.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "eventId",
        "type",
        "occurredAt",
        "call.direction",
        "call.from",
        "call.to",
        "call.transcript.0.speaker",
        "call.transcript.1.startSeconds",
        "call.durationSeconds",
        "call.escalated",
        "call.extractedData",
        "call.audioUrl",
      ]),
    );
    for (const detail of error.details!) expect(detail.message.length).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
    expect(await callRow(tenantA.id, "malformed-1")).toBeUndefined();
  });

  it("refuses bodies it cannot read with clear JSON errors", async () => {
    const before = await counts();
    const broken = await postJson(tenantA.key, "{ not json");
    expect(broken.status).toBe(400);
    expect((await body<ErrorBody>(broken)).error.code).toBe("invalid_json");

    const notAnObject = await postJson(tenantA.key, "[1, 2]");
    expect(notAnObject.status).toBe(400);
    expect((await body<ErrorBody>(notAnObject)).error.details).toEqual([{ path: "(event)", message: "the event must be a JSON object" }]);

    const text = new Request(`${BASE_URL}/api/v1/call-events`, {
      method: "POST",
      headers: { Authorization: `Bearer ${tenantA.key}`, "Content-Type": "text/plain" },
      body: "hello",
    });
    const unsupported = await callEvents.action({ request: text, params: {}, context: loadContext() });
    expect(unsupported.status).toBe(415);
    expect(await counts()).toEqual(before);
  });

  it("answers other methods and unknown endpoints in JSON", async () => {
    const wrongMethod = callEvents.loader();
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("Allow")).toBe("POST");
    const request = new Request(`${BASE_URL}/api/v1/nothing-here`, { headers: { Authorization: `Bearer ${tenantA.key}` } });
    const missing = await unknownEndpoint.loader({ request, params: { "*": "nothing-here" }, context: loadContext() });
    expect(missing.status).toBe(404);
    expect((await body<ErrorBody>(missing)).error.code).toBe("not_found");
  });

  it("refuses an event whose key sits in the query string, and stores nothing", async () => {
    const before = await counts();
    const response = await postJson(tenantA.key, makeEvent("call.ended", unique("query-key")), { search: `?api_key=${tenantA.key}` });
    expect(response.status).toBe(400);
    expect((await body<ErrorBody>(response)).error.code).toBe("api_key_in_query");
    expect(await counts()).toEqual(before);
  });
});

/* ---- Audio uploaded with the event ---- */

describe("POST /api/v1/call-events with multipart audio", () => {
  it("stores an uploaded recording in the store (DATA_DIR/audio or the bucket) and marks the call's audio stored", async () => {
    const platformCallId = unique("upload");
    const bytes = wavBytes();
    const response = await postMultipart(tenantA.key, makeEvent("call.ended", platformCallId), { bytes, name: "call.mp3", type: "audio/mpeg" });
    expect(response.status).toBe(201);
    expect(await body(response)).toMatchObject({ audioStatus: "stored" });

    const row = (await callRow(tenantA.id, platformCallId))!;
    expect(row.audio_status).toBe("stored");
    // The type comes from the bytes, not from the name or the declared type.
    expect(row.audio_mime).toBe("audio/wav");
    expect(row.audio_bytes).toBe(bytes.byteLength);
    expect(row.audio_file).toMatch(new RegExp(`^${tenantA.id}/.+\\.wav$`));
    expect(new Uint8Array((await storedBytes(audioKey(row.audio_file!)))!)).toEqual(bytes);
  });

  it("refuses an upload that is not audio, and says what else is wrong with the event", async () => {
    const filesBefore = await audioFiles();
    const before = await counts();
    const response = await postMultipart(
      tenantA.key,
      { ...makeEvent("call.ended", unique("not-audio")), occurredAt: "soon" },
      {
        bytes: new TextEncoder().encode("<html><body>definitely not audio</body></html>"),
        name: "call.wav",
        type: "audio/wav",
      },
    );
    expect(response.status).toBe(400);
    const { error } = await body<ErrorBody>(response);
    expect(error.details!.map((detail) => detail.path)).toEqual(expect.arrayContaining(["audio", "occurredAt"]));
    expect(await audioFiles()).toEqual(filesBefore);
    expect(await counts()).toEqual(before);
  });

  it("answers 413 when the audio is larger than MAX_AUDIO_BYTES and stores nothing", async () => {
    vi.stubEnv("MAX_AUDIO_BYTES", "1000");
    resetEnvCache();
    const filesBefore = await audioFiles();
    const before = await counts();
    const response = await postMultipart(tenantA.key, makeEvent("call.ended", unique("big")), { bytes: wavBytes(2000), name: "big.wav", type: "audio/wav" });
    expect(response.status).toBe(413);
    expect((await body<ErrorBody>(response)).error.code).toBe("audio_too_large");
    expect(await audioFiles()).toEqual(filesBefore);
    expect(await counts()).toEqual(before);
  });

  it("requires the event part", async () => {
    const response = await postMultipart(tenantA.key, undefined, { bytes: wavBytes(), name: "a.wav", type: "audio/wav" });
    expect(response.status).toBe(400);
    expect((await body<ErrorBody>(response)).error.details![0]!.path).toBe("event");
  });

  it("removes the stored file again when the database write fails", async () => {
    const undo = await refuseInserts("calls", "new.external_id = 'boom-call'");
    const filesBefore = await audioFiles();
    const before = await counts();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await postMultipart(tenantA.key, makeEvent("call.ended", "boom-call"), { bytes: wavBytes(), name: "boom.wav", type: "audio/wav" });
      expect(response.status).toBe(500);
      expect((await body<ErrorBody>(response)).error.code).toBe("internal_error");
    } finally {
      errors.mockRestore();
      await undo();
    }
    expect(await audioFiles()).toEqual(filesBefore);
    expect(await counts()).toEqual(before);
  });
});

/* ---- Audio fetched from a URL ---- */

describe("audio fetched from the platform's URL", () => {
  let server: Server;
  let base: string;
  const hits = new Map<string, number>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = req.url ?? "/";
      hits.set(url, (hits.get(url) ?? 0) + 1);
      if (url.startsWith("/ok.wav")) {
        // A slow start, so two fetches of the same call would overlap if nothing stopped them.
        setTimeout(() => res.writeHead(200, { "Content-Type": "application/octet-stream" }).end(Buffer.from(wavBytes())), 50);
      } else if (url === "/big.wav") {
        // No Content-Length: the cap must hold while streaming.
        res.writeHead(200, { "Content-Type": "audio/wav", "Transfer-Encoding": "chunked" });
        const chunk = Buffer.from(wavBytes(1000));
        for (let i = 0; i < 5; i++) res.write(chunk);
        res.end();
      } else if (url === "/moved.wav") {
        res.writeHead(302, { Location: "/ok.wav?after=redirect" }).end();
      } else if (url === "/loop.wav") {
        res.writeHead(302, { Location: "/loop.wav" }).end();
      } else if (url === "/page.html") {
        res.writeHead(200, { "Content-Type": "audio/wav" }).end("<html>not audio</html>");
      } else if (url === "/slow.wav") {
        // Never answers; the fetch timeout has to end it.
      } else {
        res.writeHead(404).end("missing");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  async function ingestWithUrl(audioUrl: string) {
    const platformCallId = unique("url");
    const response = await postJson(tenantA.key, makeEvent("call.ended", platformCallId, { audioUrl }));
    expect(response.status).toBe(201);
    expect(await body(response)).toMatchObject({ audioStatus: "pending" });
    await audioFetchesSettled();
    return (await callRow(tenantA.id, platformCallId))!;
  }

  it("downloads the audio right after answering and stores it", async () => {
    const row = await ingestWithUrl(`${base}/ok.wav?signature=abc`);
    expect(row.audio_status).toBe("stored");
    expect(row.audio_mime).toBe("audio/wav");
    expect(row.audio_url).toBe(`${base}/ok.wav?signature=abc`);
    expect(await isStored(audioKey(row.audio_file!))).toBe(true);
  });

  it("follows a few redirects, but not endlessly", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect((await ingestWithUrl(`${base}/moved.wav`)).audio_status).toBe("stored");
      expect((await ingestWithUrl(`${base}/loop.wav`)).audio_status).toBe("failed");
      expect(warnings.mock.calls.some((call) => String(call[0]).includes("more than 5 redirects"))).toBe(true);
    } finally {
      warnings.mockRestore();
    }
  });

  it("refuses to fetch from loopback or private addresses unless OUTBOUND_ALLOW_PRIVATE (or its former name AUDIO_FETCH_ALLOW_PRIVATE) is on", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      vi.stubEnv("OUTBOUND_ALLOW_PRIVATE", "0");
      vi.stubEnv("AUDIO_FETCH_ALLOW_PRIVATE", "0");
      resetEnvCache();
      const hitsBefore = hits.get("/ok.wav") ?? 0;
      expect((await ingestWithUrl(`${base}/ok.wav`)).audio_status).toBe("failed");
      expect(hits.get("/ok.wav") ?? 0).toBe(hitsBefore);
      expect(warnings.mock.calls.some((call) => String(call[0]).includes("not a public address"))).toBe(true);

      vi.stubEnv("AUDIO_FETCH_ALLOW_PRIVATE", "1");
      resetEnvCache();
      expect((await ingestWithUrl(`${base}/ok.wav`)).audio_status).toBe("stored");
    } finally {
      warnings.mockRestore();
    }
  });

  it("marks the audio failed on a 404, on a file that is not audio, on a file that is too large and on a timeout", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const filesBefore = await audioFiles();
      expect((await ingestWithUrl(`${base}/missing.wav`)).audio_status).toBe("failed");
      expect((await ingestWithUrl(`${base}/page.html`)).audio_status).toBe("failed");

      vi.stubEnv("MAX_AUDIO_BYTES", "3000");
      resetEnvCache();
      expect((await ingestWithUrl(`${base}/big.wav`)).audio_status).toBe("failed");

      vi.stubEnv("AUDIO_FETCH_TIMEOUT_MS", "200");
      resetEnvCache();
      const startedAt = Date.now();
      expect((await ingestWithUrl(`${base}/slow.wav`)).audio_status).toBe("failed");
      expect(Date.now() - startedAt).toBeLessThan(5_000);

      expect(await audioFiles()).toEqual(filesBefore);
      const reasons = warnings.mock.calls.map((call) => String(call[0]));
      expect(reasons.some((reason) => reason.includes("HTTP 404"))).toBe(true);
      expect(reasons.some((reason) => reason.includes("not WAV, MP3"))).toBe(true);
      expect(reasons.some((reason) => reason.includes("larger than 3000 bytes"))).toBe(true);
      expect(reasons.some((reason) => reason.includes("200 ms"))).toBe(true);
    } finally {
      warnings.mockRestore();
    }
  });

  it("sweeps calls still pending, and fetches each call only once at a time", async () => {
    const platformCallId = unique("sweep");
    // Written straight to the database, as if the server had stopped before fetching.
    const response = await postJson(tenantA.key, makeEvent("call.ended", platformCallId));
    const { callId } = await body<{ callId: string }>(response);
    const audioUrl = `${base}/ok.wav?sweep=${platformCallId}`;
    await getDb().updateTable("calls").set({ audio_url: audioUrl, audio_status: "pending" }).where("id", "=", callId).execute();

    const fetches = [fetchCallAudio(callId), fetchCallAudio(callId), fetchPendingAudio()];
    const [, , looked] = await Promise.all(fetches);
    expect(looked).toBeGreaterThanOrEqual(1);
    expect(hits.get(`/ok.wav?sweep=${platformCallId}`)).toBe(1);
    expect((await callRow(tenantA.id, platformCallId))!.audio_status).toBe("stored");

    // Nothing is pending any more, so another sweep fetches nothing.
    expect(await fetchPendingAudio()).toBe(0);
    expect(hits.get(`/ok.wav?sweep=${platformCallId}`)).toBe(1);
  });

  it("gives a failed fetch a new chance when a later event brings the URL again", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const platformCallId = unique("retry");
    try {
      await postJson(tenantA.key, makeEvent("call.ended", platformCallId, { audioUrl: `${base}/missing.wav` }));
      await audioFetchesSettled();
      expect((await callRow(tenantA.id, platformCallId))!.audio_status).toBe("failed");
    } finally {
      warnings.mockRestore();
    }
    const again = await postJson(tenantA.key, makeEvent("call.ended", platformCallId, { audioUrl: `${base}/ok.wav?retry=1` }, "2026-03-02T09:31:00Z"));
    expect(again.status).toBe(200);
    await audioFetchesSettled();
    expect((await callRow(tenantA.id, platformCallId))!.audio_status).toBe("stored");
  });
});

/* ---- Tenants ---- */

describe("tenant isolation", () => {
  it("hides one tenant's calls from another tenant's key", async () => {
    const platformCallId = unique("private");
    expect((await postJson(tenantA.key, makeEvent("call.ended", platformCallId))).status).toBe(201);
    expect((await getCall(tenantA.key, platformCallId)).status).toBe(200);
    const response = await getCall(tenantB.key, platformCallId);
    expect(response.status).toBe(404);
    expect((await body<ErrorBody>(response)).error.code).toBe("not_found");
  });

  it("keeps the same platform call id and event id apart for two tenants", async () => {
    const platformCallId = unique("shared");
    const event = makeEvent("call.ended", platformCallId, { summary: "Tenant A's call" });
    const a = await postJson(tenantA.key, event);
    const b = await postJson(tenantB.key, { ...event, call: { ...event.call, summary: "Tenant B's call" } });
    expect(a.status).toBe(201);
    // Event ids are unique per tenant: B's first delivery is not A's duplicate.
    expect(b.status).toBe(201);
    const rows = await getDb().selectFrom("calls").select(["id", "tenant_id", "summary"]).where("external_id", "=", platformCallId).execute();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.tenant_id))).toEqual(new Set([tenantA.id, tenantB.id]));

    const readA = await body<{ call: { summary: string } }>(await getCall(tenantA.key, platformCallId));
    const readB = await body<{ call: { summary: string } }>(await getCall(tenantB.key, platformCallId));
    expect(readA.call.summary).toBe("Tenant A's call");
    expect(readB.call.summary).toBe("Tenant B's call");
  });
});
