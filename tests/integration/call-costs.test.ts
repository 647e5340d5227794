import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { createApiKey } from "~/features/api-keys/api-keys.server";
import * as detailRoute from "~/routes/_dashboard+/recordings+/$id";
import * as callEvents from "~/routes/api+/v1+/call-events";
import * as callRoute from "~/routes/api+/v1+/calls.$callId";
import { BASE_URL, callLoader, loadContext, prepareTestDatabase, sessionCookieFor, unwrap } from "../support/app";

/* The optional cost breakdown of POST /api/v1/call-events (docs/api/call-events.md, "Costs"). */

let tenantId: string;
let key: string;

beforeAll(async () => {
  await prepareTestDatabase();
  const owner = await getDb().selectFrom("users").select(["id", "tenant_id"]).where("email", "=", "owner@demo.test").executeTakeFirstOrThrow();
  tenantId = owner.tenant_id;
  key = (await createApiKey({ tenantId, userId: owner.id, name: "Cost platform" })).key;
});

let sequence = 0;
const unique = (label: string) => `${label}-${++sequence}-${Math.random().toString(36).slice(2, 8)}`;

type EventType = "call.queued" | "call.started" | "call.ended" | "call.missed" | "call.voicemail";

function makeEvent(type: EventType, callId: string, call: Record<string, unknown> = {}, occurredAt = "2026-03-02T09:30:00Z") {
  return { eventId: unique("evt"), type, occurredAt, call: { id: callId, direction: "inbound", from: "+4930123456", to: "+4989654321", ...call } };
}

function post(body: unknown) {
  const request = new Request(`${BASE_URL}/api/v1/call-events`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return callEvents.action({ request, params: {}, context: loadContext() });
}

async function getCall(platformCallId: string) {
  const request = new Request(`${BASE_URL}/api/v1/calls/${encodeURIComponent(platformCallId)}`, { headers: { Authorization: `Bearer ${key}` } });
  const response = await callRoute.loader({ request, params: { callId: platformCallId }, context: loadContext() });
  return ((await response.json()) as { call: Record<string, unknown> }).call;
}

const costColumns = (platformCallId: string) =>
  getDb()
    .selectFrom("calls")
    .select(["cost_currency", "cost_telephony_minor", "cost_stt_minor", "cost_llm_minor", "cost_tts_minor"])
    .where("tenant_id", "=", tenantId)
    .where("external_id", "=", platformCallId)
    .executeTakeFirst();

interface ErrorBody {
  error: { code: string; message: string; details: Array<{ path: string; message: string }> };
}

const FULL_COST = { currency: "USD", telephony: 14, speechToText: 6, llm: 23, textToSpeech: 9 };

describe("a call's cost", () => {
  it("is stored with the call that ends and read back with its total", async () => {
    const id = unique("pc");
    const response = await post(makeEvent("call.ended", id, { durationSeconds: 100, cost: FULL_COST }));
    expect(response.status).toBe(201);
    expect(await costColumns(id)).toEqual({ cost_currency: "USD", cost_telephony_minor: 14, cost_stt_minor: 6, cost_llm_minor: 23, cost_tts_minor: 9 });
    expect((await getCall(id)).cost).toEqual({ ...FULL_COST, total: 52 });
  });

  it("may name only some parts (the rest are not reported, and count as 0); the currency is stored upper case", async () => {
    const id = unique("pc");
    expect((await post(makeEvent("call.voicemail", id, { cost: { currency: "eur", telephony: 3, llm: null } }))).status).toBe(201);
    expect((await getCall(id)).cost).toEqual({ currency: "EUR", telephony: 3, speechToText: null, llm: null, textToSpeech: null, total: 3 });
    const missed = unique("pc");
    expect((await post(makeEvent("call.missed", missed, { cost: { currency: "USD", telephony: 0 } }))).status).toBe(201);
    expect((await getCall(missed)).cost).toMatchObject({ telephony: 0, total: 0 });
  });

  it("is null for a call reported without one, and cost: null says nothing new", async () => {
    const id = unique("pc");
    await post(makeEvent("call.ended", id, { cost: null }));
    expect((await getCall(id)).cost).toBeNull();
    expect(await costColumns(id)).toEqual({
      cost_currency: null,
      cost_telephony_minor: null,
      cost_stt_minor: null,
      cost_llm_minor: null,
      cost_tts_minor: null,
    });
  });

  it("is replaced whole by a later event's cost, and kept by an event without one", async () => {
    const id = unique("pc");
    await post(makeEvent("call.started", id, {}, "2026-03-02T09:00:00Z"));
    await post(makeEvent("call.ended", id, { cost: FULL_COST }, "2026-03-02T09:05:00Z"));
    // A correction: a later event of the finishing type; the parts it leaves out are no longer reported.
    expect((await post(makeEvent("call.ended", id, { cost: { currency: "USD", telephony: 20, llm: 30 } }, "2026-03-02T09:06:00Z"))).status).toBe(200);
    expect((await getCall(id)).cost).toEqual({ currency: "USD", telephony: 20, speechToText: null, llm: 30, textToSpeech: null, total: 50 });
    await post(makeEvent("call.ended", id, { summary: "Renewed." }, "2026-03-02T09:07:00Z"));
    expect((await getCall(id)).cost).toMatchObject({ total: 50 });
    // A stale event (older than what the call knows) does not overwrite it.
    await post(makeEvent("call.ended", id, { cost: { currency: "EUR", telephony: 1 } }, "2026-03-02T09:01:00Z"));
    expect((await getCall(id)).cost).toMatchObject({ currency: "USD", total: 50 });
  });

  it("fills an empty breakdown from a stale event", async () => {
    const id = unique("pc");
    await post(makeEvent("call.ended", id, {}, "2026-03-02T09:05:00Z"));
    await post(makeEvent("call.ended", id, { cost: { currency: "USD", textToSpeech: 4 } }, "2026-03-02T09:01:00Z"));
    expect((await getCall(id)).cost).toMatchObject({ textToSpeech: 4, total: 4 });
  });

  it("shows on the recording's page as the loader's recording.cost", async () => {
    const id = unique("pc");
    const created = (await (await post(makeEvent("call.ended", id, { cost: FULL_COST }))).json()) as { callId: string };
    const without = (await (await post(makeEvent("call.ended", unique("pc")))).json()) as { callId: string };
    const cookie = await sessionCookieFor("owner@demo.test");
    type DetailData = Awaited<ReturnType<typeof detailRoute.loader>>;
    const page = unwrap(await callLoader(detailRoute.loader, `/recordings/${created.callId}`, { cookie, params: { id: created.callId } }));
    expect((page.value as DetailData).recording.cost).toEqual({ ...FULL_COST, total: 52 });
    const other = unwrap(await callLoader(detailRoute.loader, `/recordings/${without.callId}`, { cookie, params: { id: without.callId } }));
    expect((other.value as DetailData).recording.cost).toBeNull();
  });
});

describe("an invalid cost", () => {
  async function refused(event: unknown) {
    const before = await getDb()
      .selectFrom("calls")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const response = await post(event);
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe("invalid_event");
    const after = await getDb()
      .selectFrom("calls")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    return body.error.details;
  }

  it.each([
    ["a fraction", { currency: "USD", telephony: 1.5 }, "call.cost.telephony", "must be a whole number of minor units (cents for USD)"],
    ["a negative part", { currency: "USD", llm: -1 }, "call.cost.llm", "must be 0 or more"],
    ["a part as a string", { currency: "USD", speechToText: "12" }, "call.cost.speechToText", "must be a whole number of minor units (cents for USD)"],
    ["a part too large", { currency: "USD", textToSpeech: 1_000_000_001 }, "call.cost.textToSpeech", "must be at most 1000000000"],
    ["no currency", { telephony: 1 }, "call.cost.currency", "is required"],
    ["a currency of two letters", { currency: "US", telephony: 1 }, "call.cost.currency", "must be a three-letter ISO 4217 currency code such as USD"],
    ["a currency with a digit", { currency: "US1", telephony: 1 }, "call.cost.currency", "must be a three-letter ISO 4217 currency code such as USD"],
    ["no part", { currency: "USD" }, "call.cost", "must give at least one part: telephony, speechToText, llm, textToSpeech"],
    ["only null parts", { currency: "USD", telephony: null }, "call.cost", "must give at least one part: telephony, speechToText, llm, textToSpeech"],
    ["an unknown part", { currency: "USD", telephony: 1, stt: 5 }, "call.cost", "may only hold currency, telephony, speechToText, llm, textToSpeech"],
    ["not an object", 42, "call.cost", "must be an object"],
  ])("is refused with the API's 400: %s", async (_label, cost, path, message) => {
    const details = await refused(makeEvent("call.ended", unique("pc"), { cost }));
    expect(details).toContainEqual({ path, message });
  });

  it("is refused on events that do not finish a call, reported with the event's other problems", async () => {
    for (const type of ["call.queued", "call.started"] as const) {
      const details = await refused(makeEvent(type, unique("pc"), { cost: FULL_COST }));
      expect(details).toEqual([
        { path: "call.cost", message: "is accepted only on call.ended, call.missed, call.voicemail events: a call's cost is known once it is over" },
      ]);
    }
    const details = await refused(makeEvent("call.started", unique("pc"), { direction: "sideways", cost: { currency: "USD" } }));
    expect(details.map((detail) => detail.path).sort()).toEqual(["call.cost", "call.cost", "call.direction"]);
  });
});
