import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/config/env.server";
import { getDb, newId, now } from "~/db/db.server";
import { createApiKey } from "~/features/api-keys/api-keys.server";
import { audioFetchesSettled } from "~/features/calls/audio-fetch.server";
import { extractPdfText, PDF_LIMITS } from "~/features/knowledge/pdf-text.server";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { judgeAddress } from "~/lib/outbound/address-policy";
import { guardedFetch, OutboundRefusal } from "~/lib/outbound/guard.server";
import * as callEvents from "~/routes/api+/v1+/call-events";
import * as newKnowledgeBase from "~/routes/_dashboard+/knowledge-base+/new";
import { BASE_URL, callAction, loadContext, prepareTestDatabase, sessionCookieFor, unwrap } from "../support/app";
import { buildPdf, inflatingContent, textContent, textLines } from "../support/pdf-fixtures";

/**
 * The outside probe of issue 9, kept as a suite: uploads that could take the
 * server down, requests the server can be made to send into its own network,
 * and API bodies that used to end in a 500. Whatever adds an upload, an
 * outbound request or a JSON field later should keep these holding.
 * (Oversized API bodies need the real server: tests/e2e/security-api.spec.ts.)
 */

let owner: string;
let tenantId: string;
let apiKey: string;

beforeAll(async () => {
  await prepareTestDatabase();
  owner = await sessionCookieFor("owner@demo.test");
  const user = await getDb().selectFrom("users").select(["id", "tenant_id"]).where("email", "=", "owner@demo.test").executeTakeFirstOrThrow();
  tenantId = user.tenant_id;
  apiKey = (await createApiKey({ tenantId, userId: user.id, name: "Security probe" })).key;
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

/** The longest the event loop went without turning while `work` ran: what a /healthz request would have waited at most. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number; elapsedMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const ticker = setInterval(() => {
    const tick = performance.now();
    stallMs = Math.max(stallMs, tick - last);
    last = tick;
  }, 10);
  const started = performance.now();
  try {
    const result = await work();
    stallMs = Math.max(stallMs, performance.now() - last);
    return { result, stallMs, elapsedMs: performance.now() - started };
  } finally {
    clearInterval(ticker);
  }
}

/* ---------- 1. Knowledge-base PDFs ---------- */

describe("a knowledge-base PDF cannot take the server down", () => {
  let numberId: string;
  // Built once: the bomb takes a second to compress.
  const thirtyThousandPages = buildPdf({ pageCount: 30_000, content: textContent("One more page") });
  const inflatesTo100Mb = buildPdf({ content: inflatingContent(100), compress: true });
  const content = "You answer calls for a dental practice. Greet callers, find out what they need, and book check-ups and cleanings.";

  beforeAll(async () => {
    numberId = newId();
    const timestamp = now();
    await getDb()
      .insertInto("phone_numbers")
      .values({ id: numberId, tenant_id: tenantId, e164: "+14165559901", label: "", created_at: timestamp, updated_at: timestamp })
      .execute();
  });

  function upload(bytes: Uint8Array<ArrayBuffer>) {
    const form = new FormData();
    const fields = {
      intent: "save",
      name: `Probe ${newId().slice(0, 6)}`,
      phoneNumberId: numberId,
      type: "inbound",
      voice: "ava",
      firstMessage: "Hello",
      content,
      template: "blank",
      transferMode: "none",
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("file", new File([bytes], "probe.pdf", { type: "application/pdf" }));
    return callAction(newKnowledgeBase.action, "/knowledge-base/new", { cookie: owner, form });
  }

  async function expectRefusedAtFile(outcome: unknown, key: string) {
    const { status, value } = unwrap(outcome);
    expect(status).toBe(400);
    expect((value as { result: { error: Record<string, string[]> } }).result.error).toEqual({ file: [key] });
    const en = (await getTranslatorFor("en", "knowledge"))(key);
    const de = (await getTranslatorFor("de", "knowledge"))(key);
    expect(en).not.toBe(key);
    expect(de).not.toBe(en);
  }

  it("refuses a PDF of 30,000 pages within seconds, while the server keeps answering", async () => {
    expect(thirtyThousandPages.byteLength).toBeLessThan(5 * 1024 * 1024);
    const { result, stallMs, elapsedMs } = await longestStall(() => upload(thirtyThousandPages));
    await expectRefusedAtFile(result, "validation.pdfTooManyPages");
    expect(elapsedMs).toBeLessThan(8_000);
    expect(stallMs).toBeLessThan(1_000);
  });

  it("refuses a small PDF whose content stream inflates to 100 MB, while the server keeps answering", async () => {
    expect(inflatesTo100Mb.byteLength).toBeLessThan(300 * 1024);
    const { result, stallMs, elapsedMs } = await longestStall(() => upload(inflatesTo100Mb));
    await expectRefusedAtFile(result, "validation.pdfTooMuchData");
    expect(elapsedMs).toBeLessThan(8_000);
    expect(stallMs).toBeLessThan(1_000);
  });

  it("stops reading a PDF that takes too long, and the event loop turns meanwhile", async () => {
    // With the inflated-size check out of the way, pdf.js itself chews on the 100 MB stream until the worker is stopped.
    const limits = { ...PDF_LIMITS, maxInflatedBytes: Number.MAX_SAFE_INTEGER, timeoutMs: 1_500 };
    const { result, stallMs, elapsedMs } = await longestStall(() => extractPdfText(inflatesTo100Mb, limits));
    expect(result).toEqual({ problem: "validation.pdfTooHeavy" });
    expect(elapsedMs).toBeLessThan(5_000);
    expect(stallMs).toBeLessThan(1_000);
  });

  it("stops a PDF past its page limit even when the page limit is lifted: the time limit holds", async () => {
    const limits = { ...PDF_LIMITS, maxPages: Number.MAX_SAFE_INTEGER, timeoutMs: 1_500 };
    const { result, stallMs } = await longestStall(() => extractPdfText(thirtyThousandPages, limits));
    expect(result).toEqual({ problem: "validation.pdfTooHeavy" });
    expect(stallMs).toBeLessThan(1_000);
  });

  it("caps the reader's memory: a worker out of heap is a refusal, not a crash", async () => {
    const result = await extractPdfText(buildPdf({ content: textContent("Small") }), { ...PDF_LIMITS, memoryMb: 4 });
    expect(result).toEqual({ problem: "validation.pdfTooHeavy" });
  });

  it("stops extracting once the text is far past what the content can hold", async () => {
    // 200 pages of 40 lines of 60 characters: 480,000 characters, where the content holds 100,000.
    const pdf = buildPdf({ pageCount: 200, content: textLines(Array.from({ length: 40 }, () => "x".repeat(60))) });
    await expectRefusedAtFile(await upload(pdf), "validation.fileTextTooLong");
  });

  it("keeps reading an ordinary PDF of many pages", async () => {
    const result = await extractPdfText(buildPdf({ pageCount: 40, content: textContent("Opening hours are nine to five") }));
    expect("text" in result && result.text.split("\n").filter((line) => line === "Opening hours are nine to five")).toHaveLength(40);
  });
});

/* ---------- 2. Outbound requests ---------- */

describe("audio URLs cannot reach the server's own network", () => {
  let stub: Server;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    stub = createServer((req, res) => {
      hits.push(req.url ?? "/");
      // A valid WAV header: on the landed main these URLs were fetched and stored.
      const wav = Buffer.alloc(44);
      wav.write("RIFF", 0, "ascii");
      wav.write("WAVE", 8, "ascii");
      res.writeHead(200, { "Content-Type": "audio/wav" }).end(wav);
    });
    await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
    port = (stub.address() as AddressInfo).port;
  });

  afterAll(async () => {
    stub.closeAllConnections();
    await new Promise((resolve) => stub.close(resolve));
  });

  function refusePrivate() {
    // tests/setup/test-env.ts allows private addresses for the stubs of other tests.
    vi.stubEnv("AUDIO_FETCH_ALLOW_PRIVATE", "0");
    vi.stubEnv("OUTBOUND_ALLOW_PRIVATE", "0");
    resetEnvCache();
  }

  async function ingestAudioUrl(audioUrl: string) {
    const platformCallId = `ssrf-${newId()}`;
    const event = {
      eventId: newId(),
      type: "call.ended",
      occurredAt: "2026-03-02T09:30:00Z",
      call: { id: platformCallId, direction: "inbound", from: "+4930123456", to: "+4989654321", audioUrl },
    };
    const request = new Request(`${BASE_URL}/api/v1/call-events`, {
      method: "POST",
      headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify(event),
    });
    const response = await callEvents.action({ request, params: {}, context: loadContext() });
    expect(response.status).toBe(201);
    await audioFetchesSettled();
    return getDb()
      .selectFrom("calls")
      .select(["audio_status", "audio_file"])
      .where("tenant_id", "=", tenantId)
      .where("external_id", "=", platformCallId)
      .executeTakeFirstOrThrow();
  }

  it.each([
    ["IPv4-mapped", (p: number) => `http://[::ffff:127.0.0.1]:${p}/a.wav`],
    ["IPv4-mapped, written out", (p: number) => `http://[0:0:0:0:0:ffff:7f00:1]:${p}/a.wav`],
    ["IPv4-mapped metadata service", () => "http://[::ffff:169.254.169.254]/latest/meta-data.wav"],
    ["NAT64", (p: number) => `http://[64:ff9b::7f00:1]:${p}/a.wav`],
  ])("refuses %s", async (_label, urlFor) => {
    refusePrivate();
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const before = hits.length;
      const row = await ingestAudioUrl(urlFor(port));
      expect(row).toEqual({ audio_status: "failed", audio_file: null });
      expect(hits.length).toBe(before);
      expect(warnings.mock.calls.some((call) => String(call[0]).includes("not a public address"))).toBe(true);
    } finally {
      warnings.mockRestore();
    }
  });

  it("still fetches from a private address when the operator allows it", async () => {
    vi.stubEnv("AUDIO_FETCH_ALLOW_PRIVATE", "0");
    vi.stubEnv("OUTBOUND_ALLOW_PRIVATE", "1");
    resetEnvCache();
    expect((await ingestAudioUrl(`http://[::ffff:127.0.0.1]:${port}/a.wav`)).audio_status).toBe("stored");
  });

  describe("the outbound guard with 127.0.0.1 playing a public host (there is no other network here)", () => {
    const pretendPublic = (address: string) => (address === "127.0.0.1" ? ({ allowed: true } as const) : judgeAddress(address));
    let inside: Server;
    let insidePort: number;
    let insideHits = 0;

    beforeAll(async () => {
      inside = createServer((_req, res) => {
        insideHits += 1;
        res.end("internal");
      });
      await new Promise<void>((resolve) => inside.listen(0, "127.0.0.2", resolve));
      insidePort = (inside.address() as AddressInfo).port;
    });

    afterAll(async () => {
      inside.closeAllConnections();
      await new Promise((resolve) => inside.close(resolve));
    });

    it("judges a redirect's target again: a hop to a mapped private address is refused", async () => {
      const redirecting = createServer((_req, res) => res.writeHead(302, { Location: `http://[::ffff:127.0.0.2]:${insidePort}/` }).end());
      await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
      try {
        const before = insideHits;
        const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/a.wav`;
        const outcome = await guardedFetch(url, {}, { allowPrivate: false, judge: pretendPublic }).catch((error: unknown) => error);
        expect(outcome).toBeInstanceOf(OutboundRefusal);
        expect(insideHits).toBe(before);
      } finally {
        redirecting.closeAllConnections();
        await new Promise((resolve) => redirecting.close(resolve));
      }
    });

    it("connects to the address it checked, however the name server answers next (DNS rebinding)", async () => {
      let lookups = 0;
      const rebinding = async () => {
        lookups += 1;
        return [{ address: lookups === 1 ? "127.0.0.1" : "127.0.0.2", family: 4 }];
      };
      const before = insideHits;
      const hitsBefore = hits.length;
      const response = await guardedFetch(`http://rebind.test:${port}/a.wav`, {}, { allowPrivate: false, judge: pretendPublic, resolve: rebinding });
      await response.arrayBuffer();
      expect(lookups).toBe(1);
      expect(hits.length).toBe(hitsBefore + 1);
      expect(insideHits).toBe(before);
    });
  });
});

/* ---------- 6. Deeply nested call events ---------- */

describe("call events nested too deeply are a 400, not a 500", () => {
  function nested(levels: number): Record<string, unknown> {
    let value: Record<string, unknown> = { leaf: true };
    for (let level = 1; level < levels; level++) value = { next: value };
    return value;
  }

  /** Built as text: JSON.stringify itself cannot write 100,000 levels. */
  function nestedText(levels: number) {
    return '{"next":'.repeat(levels - 1) + '{"leaf":true}' + "}".repeat(levels - 1);
  }

  function post(body: string) {
    const request = new Request(`${BASE_URL}/api/v1/call-events`, {
      method: "POST",
      headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
      body,
    });
    return callEvents.action({ request, params: {}, context: loadContext() });
  }

  function eventText(call: string) {
    return `{"eventId":"${newId()}","type":"call.ended","occurredAt":"2026-03-02T09:30:00Z","call":{"id":"deep-${newId()}","direction":"inbound","from":"+4930123456","to":"+4989654321",${call}}}`;
  }

  it.each([
    ["extractedData", 100_000],
    ["extractedData", 21],
    ["caller", 100_000],
  ])("refuses %s nested %i levels with a clear message", async (field, levels) => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await post(eventText(`"${field}":${nestedText(levels)}`));
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; details: Array<{ path: string; message: string }> } };
      expect(error.code).toBe("invalid_event");
      expect(error.details[0]!.message).toMatch(/more than \d+ levels deep/);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it("names the field when it is only a little too deep, and keeps 20 levels", async () => {
    const tooDeep = await post(eventText(`"extractedData":${JSON.stringify(nested(21))}`));
    expect(((await tooDeep.json()) as { error: { details: unknown } }).error.details).toEqual([
      { path: "call.extractedData", message: "must not nest objects and arrays more than 20 levels deep" },
    ]);
    expect((await post(eventText(`"extractedData":${JSON.stringify(nested(20))}`))).status).toBe(201);
  });

  it("refuses a 5 MB body of nothing but brackets quickly", async () => {
    const levels = 2_500_000;
    const { result, elapsedMs } = await longestStall(() => post("[".repeat(levels) + "]".repeat(levels)));
    expect(result.status).toBe(400);
    expect(elapsedMs).toBeLessThan(1_000);
  });
});
