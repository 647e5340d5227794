import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/db.server";
import { createContact } from "~/features/contacts/contacts.server";
import { testConnection } from "~/features/integrations/connection-test.server";
import { enqueueEvent, replayDelivery, runDueDeliveries } from "~/features/integrations/delivery/deliveries.server";
import { windowEnd, windowStart } from "~/features/integrations/delivery/delivery-policy";
import { onContactSaved } from "~/features/integrations/integration-events.server";
import { setIntegrationStatus } from "~/features/integrations/integrations.server";
import { purgeExpiredLogs } from "~/features/integrations/delivery/log-retention.server";
import { contactRecord } from "~/features/integrations/mapping/source-records.server";
import { registerWebhook } from "~/features/integrations/delivery/webhooks.server";
import * as newAppointmentRoute from "~/routes/_dashboard+/appointments+/new";
import { callAction, latestEmailTo, prepareTestDatabase, redirectLocation } from "../support/app";
import { emailsTo } from "../support/billing";
import {
  addOrganization,
  allowPrivateAddresses,
  callEvent,
  connect,
  deliveriesOf,
  hubTenant,
  insertContact,
  integrationRow,
  linksOf,
  logsOf,
  postCallEvent,
  restoreEnv,
  startWebhookReceiver,
  testClock,
  withTimeout,
} from "../support/integrations";
import { instantAt, schedulingWorld, weekdayAhead } from "../support/scheduling";
import { startCrmSuiteStub, type CrmSuiteStub } from "../support/stubs/crm-suite-stub";
import { startGymStub, type GymStub } from "../support/stubs/gym-stub";

/*
 * Deliveries of the integration hub (issue 13), end to end against the CRM
 * stubs on 127.0.0.1: what an event queues (a call ended through the API, a
 * contact created, an appointment booked), what the worker sends and logs,
 * retries and backoff on a clock the tests move (nothing sleeps), Retry-After,
 * rate windows, a runner that dies mid-request, opted-out contacts, disabled
 * connections, the lead email, signed webhooks, log retention and the tenant
 * boundary.
 *
 * runDueDeliveries takes every due job of every enabled connection in the
 * database, so each test has a tenant of its own and every connection is
 * turned off after its test.
 */

let gym: GymStub;
let crm: CrmSuiteStub;

beforeAll(async () => {
  await prepareTestDatabase();
  allowPrivateAddresses();
  [gym, crm] = await Promise.all([startGymStub(), startCrmSuiteStub()]);
});

beforeEach(() => {
  gym.reset();
  crm.reset();
});

afterEach(async () => {
  await getDb().updateTable("integrations").set({ status: "disabled" }).execute();
});

afterAll(async () => {
  restoreEnv();
  await Promise.all([gym?.close(), crm?.close()]);
});

const SECOND = 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const run = (clock: { now: () => Date }, owner = "runner-a") => runDueDeliveries({ owner, now: clock.now });
const posts = <T extends { method: string; path: string }>(stub: { requests: T[] }, path: string) =>
  stub.requests.filter((request) => request.method === "POST" && request.path === path);

/** A tenant with a gym connection that creates members (createUser on and in sync), and a contact. */
async function gymWorld(options: Parameters<typeof connect>[4] = {}) {
  const tenant = await hubTenant();
  const contact = await insertContact(tenant, { firstName: "Dana", lastName: "Lead", email: "Dana.Lead@Example.TEST" });
  const integration = await connect(tenant, "gym-management", gym.baseUrl, gym.apiKey, { sync: ["createUser"], ...options });
  return { tenant, contact, integration };
}

async function onlyDelivery(integrationId: string) {
  const rows = await deliveriesOf(integrationId);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe("a call that ends", () => {
  it("through the API queues one delivery; the worker sends one mapped POST /v1/users with an Idempotency-Key, logs it, counts it and links the member", async () => {
    const { tenant, contact, integration } = await gymWorld();

    expect((await postCallEvent(tenant.apiKey, callEvent("call.started", "pc-100", { from: contact.phone }))).status).toBe(201);
    expect(await deliveriesOf(integration.id)).toEqual([]);
    const ended = callEvent("call.ended", "pc-100", { from: contact.phone });
    expect((await postCallEvent(tenant.apiKey, ended)).status).toBe(200);
    const delivery = await onlyDelivery(integration.id);
    expect(delivery).toMatchObject({
      tenant_id: tenant.tenantId,
      target: "sync",
      event: "call.ended",
      record_kind: "contact",
      record_id: contact.id,
      record_label: "Dana Lead",
      status: "queued",
      attempts: 0,
    });

    // The same event again (the platform retried) and a later event of the ended call queue nothing more.
    expect((await postCallEvent(tenant.apiKey, ended)).body).toMatchObject({ duplicate: true });
    expect((await postCallEvent(tenant.apiKey, callEvent("call.ended", "pc-100", { from: contact.phone, summary: "Later summary." }))).status).toBe(200);
    expect(await deliveriesOf(integration.id)).toHaveLength(1);

    const clock = testClock();
    expect(await run(clock)).toEqual({ attempted: 1 });
    expect(gym.requests).toHaveLength(1);
    const [sent] = gym.requests;
    expect(sent).toMatchObject({ method: "POST", path: "/v1/users", status: 201, replayed: false });
    expect(sent!.body).toEqual({
      clubId: "club_1024",
      locationId: "loc_88",
      firstName: "Dana",
      lastName: "Lead",
      email: "dana.lead@example.test",
      mobilePhone: contact.phone,
      role: "7",
      externalId: contact.id,
    });
    expect(sent!.headers["idempotency-key"]).toBe(delivery.idempotency_key);
    expect(sent!.headers["x-api-key"]).toBe(gym.apiKey);
    expect(sent!.headers["content-type"]).toMatch(/^application\/json/);

    expect(await onlyDelivery(integration.id)).toMatchObject({
      status: "succeeded",
      attempts: 1,
      last_status: 201,
      last_error: null,
      lease_owner: null,
      finished_at: clock.now().toISOString(),
    });
    const logs = await logsOf(integration.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      kind: "delivery",
      delivery_id: delivery.id,
      method: "POST",
      outcome: "success",
      response_status: 201,
      attempt: 1,
      retry_at: null,
      source: "call.ended · Dana Lead",
      target: "ClubCore · createUser",
    });
    expect(logs[0]!.url).toBe(`${gym.baseUrl}/users`);
    expect(JSON.stringify(logs[0])).not.toContain(gym.apiKey);

    const member = gym.members[0]!;
    expect(gym.members).toHaveLength(1);
    expect(member).toMatchObject({
      firstName: "Dana",
      email: "dana.lead@example.test",
      mobilePhone: contact.phone,
      roleId: "7",
      roleName: "Member",
      externalId: contact.id,
    });
    expect(await linksOf(integration.id)).toEqual([
      expect.objectContaining({ tenant_id: tenant.tenantId, record_kind: "contact", record_id: contact.id, external_id: member.id }),
    ]);
    expect(await integrationRow(integration.id)).toMatchObject({ syncs: 1, successful_syncs: 1, records_synced: 1 });

    // Nothing is due any more.
    clock.advance(3_600 * SECOND);
    expect(await run(clock)).toEqual({ attempted: 0 });

    // The contact's next call: the CRM has the member, so it would be updated, never created twice (updateUser is off: skipped).
    await postCallEvent(tenant.apiKey, callEvent("call.ended", "pc-101", { from: contact.phone }));
    expect(await run(clock)).toEqual({ attempted: 1 });
    expect(gym.requests).toHaveLength(1);
    expect((await deliveriesOf(integration.id))[1]).toMatchObject({ status: "skipped", last_error: "no-update-endpoint" });
    expect(await integrationRow(integration.id)).toMatchObject({ syncs: 1, successful_syncs: 1, records_synced: 1 });
  });

  it("of another tenant never queues for this tenant's connection, even from the same number", async () => {
    const { contact, integration } = await gymWorld();
    const other = await hubTenant();
    const theirs = await connect(other, "gym-management", gym.baseUrl, gym.apiKey, { sync: ["createUser"] });
    await insertContact(other, { phone: contact.phone, email: "their.contact@example.test" });

    expect((await postCallEvent(other.apiKey, callEvent("call.ended", "pc-200", { from: contact.phone }))).status).toBe(201);
    expect(await deliveriesOf(integration.id)).toEqual([]);
    expect(await deliveriesOf(theirs.id)).toHaveLength(1);
    // Another tenant's contact id reaches nothing either.
    expect(await onContactSaved(other.tenantId, contact.id, "contact.created")).toBe(0);

    expect(await run(testClock())).toEqual({ attempted: 1 });
    expect(await logsOf(integration.id)).toEqual([]);
    expect(await logsOf(theirs.id)).toHaveLength(1);
    expect(gym.members.map((member) => member.email)).toEqual(["their.contact@example.test"]);
  });
});

describe("retries", () => {
  it("a 503 twice, then success: attempts at now, +1 s, +3 s (1 s, then 2 s), one log line each, retry_at on the failed ones", async () => {
    const { tenant, contact, integration } = await gymWorld();
    expect(await onContactSaved(tenant.tenantId, contact.id, "contact.created")).toBe(1);
    gym.fail({ method: "POST", path: "/v1/users" }, { status: 503 }, 2);
    const clock = testClock();
    const start = clock.ms;

    await run(clock);
    expect(await onlyDelivery(integration.id)).toMatchObject({
      status: "queued",
      attempts: 1,
      last_status: 503,
      next_attempt_at: iso(start + 1 * SECOND),
      lease_owner: null,
    });
    clock.set(start + 999);
    expect(await run(clock)).toEqual({ attempted: 0 });
    clock.set(start + 1 * SECOND);
    expect(await run(clock)).toEqual({ attempted: 1 });
    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "queued", attempts: 2, next_attempt_at: iso(start + 3 * SECOND) });
    clock.set(start + 3 * SECOND - 1);
    expect(await run(clock)).toEqual({ attempted: 0 });
    clock.set(start + 3 * SECOND);
    expect(await run(clock)).toEqual({ attempted: 1 });
    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "succeeded", attempts: 3, last_status: 201 });

    const logs = await logsOf(integration.id);
    expect(logs.map((log) => [log.attempt, log.outcome, log.response_status, log.retry_at, log.created_at])).toEqual([
      [1, "http-error", 503, iso(start + 1 * SECOND), iso(start)],
      [2, "http-error", 503, iso(start + 3 * SECOND), iso(start + 1 * SECOND)],
      [3, "success", 201, null, iso(start + 3 * SECOND)],
    ]);
    const keys = posts(gym, "/v1/users").map((request) => request.headers["idempotency-key"]);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(gym.members).toHaveLength(1);
    expect(await integrationRow(integration.id)).toMatchObject({ syncs: 1, successful_syncs: 1, records_synced: 1 });
  });

  it("gives up after the template's retryAttempts (3 retries, 4 attempts): failed, counted as an unsuccessful sync", async () => {
    const { tenant, contact, integration } = await gymWorld();
    await onContactSaved(tenant.tenantId, contact.id, "contact.created");
    gym.fail({ method: "POST", path: "/v1/users" }, { status: 500 }, 10);
    const clock = testClock();
    for (const wait of [0, 1, 2, 4]) {
      clock.advance(wait * SECOND);
      expect(await run(clock)).toEqual({ attempted: 1 });
    }
    expect(await onlyDelivery(integration.id)).toMatchObject({
      status: "failed",
      attempts: 4,
      last_status: 500,
      last_error: "HTTP 500",
      finished_at: clock.now().toISOString(),
    });
    clock.advance(3_600 * SECOND);
    expect(await run(clock)).toEqual({ attempted: 0 });
    expect((await logsOf(integration.id)).map((log) => [log.attempt, log.retry_at === null])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
    expect(await integrationRow(integration.id)).toMatchObject({ syncs: 1, successful_syncs: 0, records_synced: 0 });
  });

  it("429 with Retry-After: 120 waits 120 s, not the 1 s backoff", async () => {
    const { tenant, contact, integration } = await gymWorld();
    await onContactSaved(tenant.tenantId, contact.id, "contact.created");
    gym.fail({ method: "POST", path: "/v1/users" }, { status: 429, retryAfter: 120 });
    const clock = testClock();
    const start = clock.ms;
    await run(clock);
    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "queued", attempts: 1, last_status: 429, next_attempt_at: iso(start + 120 * SECOND) });
    expect((await logsOf(integration.id))[0]).toMatchObject({ outcome: "http-error", response_status: 429, retry_at: iso(start + 120 * SECOND) });
    clock.set(start + 120 * SECOND - 1);
    expect(await run(clock)).toEqual({ attempted: 0 });
    clock.set(start + 120 * SECOND);
    expect(await run(clock)).toEqual({ attempted: 1 });
    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(posts(gym, "/v1/users")).toHaveLength(2);
  });

  it("a status the template does not retry (crm-suite 401) fails at once; replay queues it again and it then succeeds", async () => {
    const tenant = await hubTenant();
    const contact = await insertContact(tenant, { firstName: "Rita", lastName: "Replay", email: "Rita@Example.TEST" });
    const integration = await connect(tenant, "crm-suite", crm.baseUrl, crm.token, { sync: ["createContact"] });
    expect(await onContactSaved(tenant.tenantId, contact.id, "contact.created")).toBe(1);
    crm.fail({ method: "POST", path: "/crm/v3/objects/contacts" }, { status: 401 });
    const clock = testClock();

    await run(clock);
    const failed = await onlyDelivery(integration.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, last_status: 401, last_error: "HTTP 401" });
    expect((await logsOf(integration.id)).map((log) => [log.attempt, log.outcome, log.response_status, log.retry_at])).toEqual([[1, "http-error", 401, null]]);
    clock.advance(3_600 * SECOND);
    expect(await run(clock)).toEqual({ attempted: 0 });
    expect(await integrationRow(integration.id)).toMatchObject({ syncs: 1, successful_syncs: 0 });

    // Replay: only by its own tenant, only a finished delivery.
    const other = await hubTenant();
    expect(await replayDelivery(other.tenantId, failed.id, clock.now())).toBe(false);
    expect(await replayDelivery(tenant.tenantId, failed.id, clock.now())).toBe(true);
    expect(await onlyDelivery(integration.id)).toMatchObject({
      status: "queued",
      attempts: 0,
      last_error: null,
      finished_at: null,
      next_attempt_at: clock.now().toISOString(),
    });
    expect(await replayDelivery(tenant.tenantId, failed.id, clock.now())).toBe(false);

    expect(await run(clock)).toEqual({ attempted: 1 });
    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "succeeded", attempts: 1, last_status: 201 });
    const created = posts(crm, "/crm/v3/objects/contacts");
    expect(created).toHaveLength(2);
    expect(created[1]!.body).toEqual({ properties: { firstname: "Rita", lastname: "Replay", email: "rita@example.test", phone: contact.phone } });
    expect(crm.contacts).toHaveLength(1);
    expect(await linksOf(integration.id)).toEqual([expect.objectContaining({ record_id: contact.id, external_id: crm.contacts[0]!.id })]);
    expect((await logsOf(integration.id)).map((log) => log.outcome)).toEqual(["http-error", "success"]);
    expect(await integrationRow(integration.id)).toMatchObject({ syncs: 2, successful_syncs: 1, records_synced: 1 });
  });

  // BUG (see the report): replayDelivery keeps the delivery's Idempotency-Key, so a CRM that honours the key answers
  // the replay with the stored answer of the first try: a replay after fixing the cause of a 4xx can never succeed.
  it("a replay after the cause of a 4xx was fixed gets a fresh answer, not the CRM's stored one (same Idempotency-Key)", async () => {
    const tenant = await hubTenant();
    const contact = await insertContact(tenant, { firstName: "Dora", lastName: "Duplicate", email: "dora@example.test" });
    const integration = await connect(tenant, "crm-suite", crm.baseUrl, crm.token, { sync: ["createContact"] });
    // The CRM already has someone with this email: a 409, which the crm-suite template does not retry.
    crm.addContact({ email: "dora@example.test", firstname: "Dora (old)" });
    await onContactSaved(tenant.tenantId, contact.id, "contact.created");
    const clock = testClock();
    await run(clock);
    const failed = await onlyDelivery(integration.id);
    expect(failed).toMatchObject({ status: "failed", last_status: 409 });

    // The user removes the duplicate in the CRM and replays.
    crm.contacts.splice(0, crm.contacts.length);
    expect(await replayDelivery(tenant.tenantId, failed.id, clock.now())).toBe(true);
    await run(clock);
    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "succeeded" });
    expect(crm.contacts).toHaveLength(1);
  });

  it("an address the outbound guard refuses fails at once, never retried, nothing sent", async () => {
    const { tenant, contact, integration } = await gymWorld();
    await onContactSaved(tenant.tenantId, contact.id, "contact.created");
    const clock = testClock();
    expect(await runDueDeliveries({ owner: "runner-a", now: clock.now, guard: { allowPrivate: false } })).toEqual({ attempted: 1 });
    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "failed", attempts: 1, last_status: null });
    expect((await onlyDelivery(integration.id)).last_error).toMatch(/not a public address/);
    expect((await logsOf(integration.id)).map((log) => log.outcome)).toEqual(["refused"]);
    expect(gym.requests).toEqual([]);
  });

  it("a record the mapping cannot fill (no email for ClubCore) is invalid: logged, failed, not sent", async () => {
    const { tenant, integration } = await gymWorld();
    const noEmail = await insertContact(tenant, { firstName: "Nora", lastName: "Noemail", email: "" });
    await onContactSaved(tenant.tenantId, noEmail.id, "contact.created");
    await run(testClock());
    const delivery = await onlyDelivery(integration.id);
    expect(delivery).toMatchObject({ status: "failed", attempts: 1 });
    expect(delivery.last_error).toMatch(/^invalid: .*email/);
    expect((await logsOf(integration.id)).map((log) => [log.outcome, log.response_status])).toEqual([["invalid", null]]);
    expect(gym.requests).toEqual([]);
  });
});

describe("rate windows", () => {
  it("a full minute window defers the delivery to the minute's end, nothing sent; then it goes", async () => {
    const { tenant, contact, integration } = await gymWorld();
    await onContactSaved(tenant.tenantId, contact.id, "contact.created");
    const clock = testClock();
    const minuteStart = windowStart("minute", clock.now()).toISOString();
    const minuteEnd = windowEnd("minute", clock.now()).getTime();
    // ClubCore allows 60 requests a minute: this minute's are used up.
    await getDb()
      .insertInto("integration_rate_windows")
      .values({ integration_id: integration.id, window: "minute", window_start: minuteStart, count: 60 })
      .execute();

    expect(await run(clock)).toEqual({ attempted: 1 });
    expect(gym.requests).toEqual([]);
    expect(await onlyDelivery(integration.id)).toMatchObject({
      status: "queued",
      attempts: 0,
      next_attempt_at: iso(minuteEnd),
      last_error: "rate-limited:minute",
      lease_owner: null,
    });
    expect(await logsOf(integration.id)).toEqual([]);

    clock.set(minuteEnd - 1);
    expect(await run(clock)).toEqual({ attempted: 0 });
    clock.set(minuteEnd);
    expect(await run(clock)).toEqual({ attempted: 1 });
    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "succeeded", attempts: 1 });
    expect(posts(gym, "/v1/users")).toHaveLength(1);
    const windows = await getDb()
      .selectFrom("integration_rate_windows")
      .selectAll()
      .where("integration_id", "=", integration.id)
      .where("window", "=", "minute")
      .execute();
    expect(windows).toEqual([expect.objectContaining({ window_start: iso(minuteEnd), count: 1 })]);
  });
});

describe("runners", () => {
  it("two runners at once send a due delivery once", async () => {
    const { tenant, contact, integration } = await gymWorld();
    await onContactSaved(tenant.tenantId, contact.id, "contact.created");
    const clock = testClock();
    const results = await Promise.all([run(clock, "runner-a"), run(clock, "runner-b"), run(clock, "runner-c")]);
    expect(results.reduce((sum, result) => sum + result.attempted, 0)).toBe(1);
    expect(posts(gym, "/v1/users")).toHaveLength(1);
    expect(gym.members).toHaveLength(1);
    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "succeeded", attempts: 1 });
    expect(await logsOf(integration.id)).toHaveLength(1);
  });

  it("the CRM did the work but the connection dropped: the retry with the same Idempotency-Key gets the stored answer, one member", async () => {
    const { tenant, contact, integration } = await gymWorld();
    await onContactSaved(tenant.tenantId, contact.id, "contact.created");
    gym.fail({ method: "POST", path: "/v1/users" }, { dropConnection: true, afterHandling: true });
    const clock = testClock();

    await run(clock);
    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "queued", attempts: 1, last_status: null });
    expect((await logsOf(integration.id))[0]).toMatchObject({ outcome: "network", response_status: null });
    expect(gym.members).toHaveLength(1);

    clock.advance(1 * SECOND);
    await run(clock);
    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "succeeded", attempts: 2, last_status: 201 });
    const sent = posts(gym, "/v1/users");
    expect(sent.map((request) => request.replayed)).toEqual([false, true]);
    expect(sent[0]!.headers["idempotency-key"]).toBe(sent[1]!.headers["idempotency-key"]);
    expect(gym.members).toHaveLength(1);
    expect(await linksOf(integration.id)).toEqual([expect.objectContaining({ external_id: gym.members[0]!.id })]);
  });

  it("the CRM did the work but never answered (timeout, a template copy with 300 ms): the retry gets the stored answer, one member", async () => {
    const { tenant, contact, integration } = await gymWorld({ customize: withTimeout(300) });
    await onContactSaved(tenant.tenantId, contact.id, "contact.created");
    gym.fail({ method: "POST", path: "/v1/users" }, { hang: true, afterHandling: true });
    const clock = testClock();

    await run(clock);
    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "queued", attempts: 1, last_error: "no answer within 300 ms" });
    expect((await logsOf(integration.id))[0]).toMatchObject({ outcome: "timeout" });
    clock.advance(1 * SECOND);
    await run(clock);
    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(posts(gym, "/v1/users").map((request) => request.replayed)).toEqual([false, true]);
    expect(gym.members).toHaveLength(1);
  });

  it("a delivery left 'sending' by a dead runner is taken over by another once its lease has expired, with the same key", async () => {
    const { tenant, contact, integration } = await gymWorld();
    await onContactSaved(tenant.tenantId, contact.id, "contact.created");
    const clock = testClock();
    const start = clock.ms;
    const delivery = await onlyDelivery(integration.id);
    // Runner A claimed it (a 90 s lease), counted its attempt and died before it settled.
    await getDb()
      .updateTable("integration_deliveries")
      .set({ status: "sending", lease_owner: "runner-a", lease_until: iso(start + 90 * SECOND), attempts: 1 })
      .where("id", "=", delivery.id)
      .execute();

    clock.set(start + 30 * SECOND);
    expect(await run(clock, "runner-b")).toEqual({ attempted: 0 });
    clock.set(start + 90 * SECOND);
    expect(await run(clock, "runner-b")).toEqual({ attempted: 0 });
    clock.set(start + 90 * SECOND + 1);
    expect(await run(clock, "runner-b")).toEqual({ attempted: 1 });

    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "succeeded", attempts: 2, lease_owner: null, lease_until: null });
    expect((await logsOf(integration.id)).map((log) => [log.attempt, log.outcome])).toEqual([[2, "success"]]);
    const [sent] = posts(gym, "/v1/users");
    expect(sent!.headers["idempotency-key"]).toBe(delivery.idempotency_key);
  });

  // BUG (see the report): the lease is a fixed 90 s (60 s + LEASE_MARGIN_MS), not the request's timeout plus the margin as its
  // comment says; with a template timeout over 60 s another runner takes over a request still under way.
  it("a claimed delivery is leased for longer than its request may take (a template copy with a 120 s timeout)", async () => {
    const slow = await startGymStub();
    let running: Promise<unknown> = Promise.resolve();
    try {
      const tenant = await hubTenant();
      const contact = await insertContact(tenant);
      const integration = await connect(tenant, "gym-management", slow.baseUrl, slow.apiKey, {
        sync: ["createUser"],
        customize: withTimeout(120_000, "gym-management-slow"),
      });
      await onContactSaved(tenant.tenantId, contact.id, "contact.created");
      slow.fail({ method: "POST", path: "/v1/users" }, { hang: true });
      const clock = testClock();
      const start = clock.ms;
      running = run(clock);
      await vi.waitFor(() => expect(slow.requests).toHaveLength(1), { timeout: 5_000 });
      const inFlight = await onlyDelivery(integration.id);
      expect(inFlight).toMatchObject({ status: "sending", lease_owner: "runner-a" });
      // The request may still be answered until start + 120 s: no other runner may take the job before then.
      expect(Date.parse(inFlight.lease_until!)).toBeGreaterThanOrEqual(start + 120 * SECOND);
    } finally {
      // Closing the stub ends the hanging request (a network failure), so the run settles.
      await slow.close();
      await running;
    }
  });
});

describe("what is never sent", () => {
  it("an opted-out contact, where the connection restricts contacts: nothing queued, for the CRM or its webhooks", async () => {
    const { tenant, integration } = await gymWorld();
    await registerWebhook(tenant.tenantId, integration.id, { url: "http://127.0.0.1:9/hook", events: ["contact.created", "call.ended"] });
    const values = { firstName: "Otto", lastName: "Optout", title: "", company: "", phone: "+12025550177", email: "otto@example.test", listId: tenant.listId };
    const saved = await createContact(tenant.tenantId, { ...values, optedOut: true }, "US");
    expect(saved.ok).toBe(true);
    expect(await deliveriesOf(integration.id)).toEqual([]);
    // Their call ending queues nothing either.
    expect((await postCallEvent(tenant.apiKey, callEvent("call.ended", "pc-300", { from: "+12025550177" }))).status).toBe(201);
    expect(await deliveriesOf(integration.id)).toEqual([]);

    // The same contact not opted out is queued for both (the check above is not vacuous).
    const optedIn = await createContact(tenant.tenantId, { ...values, phone: "+12025550178", email: "otta@example.test", optedOut: false }, "US");
    expect(optedIn.ok).toBe(true);
    expect((await deliveriesOf(integration.id)).map((delivery) => delivery.target).sort()).toEqual(["sync", "webhook"]);
  });

  it("a disabled connection: nothing queued, and what was queued waits until it is enabled again", async () => {
    const { tenant, contact, integration } = await gymWorld();
    expect(await onContactSaved(tenant.tenantId, contact.id, "contact.created")).toBe(1);
    expect(await setIntegrationStatus(tenant.tenantId, integration.id, "disabled")).toBe(true);
    expect(await setIntegrationStatus(tenant.tenantId, integration.id, "disabled")).toBe(false);

    const later = await insertContact(tenant, { email: "later@example.test" });
    expect(await onContactSaved(tenant.tenantId, later.id, "contact.created")).toBe(0);
    expect((await postCallEvent(tenant.apiKey, callEvent("call.ended", "pc-400", { from: later.phone }))).status).toBe(201);
    expect(await deliveriesOf(integration.id)).toHaveLength(1);

    const clock = testClock();
    expect(await run(clock)).toEqual({ attempted: 0 });
    expect(gym.requests).toEqual([]);
    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "queued", attempts: 0 });

    expect(await setIntegrationStatus(tenant.tenantId, integration.id, "enabled")).toBe(true);
    expect(await run(clock)).toEqual({ attempted: 1 });
    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "succeeded" });
    expect(gym.members.map((member) => member.email)).toEqual([contact.email!.toLowerCase()]);
  });
});

describe("the lead email", () => {
  it("send_lead_on_email: a new contact is emailed to the lead address and logged with method EMAIL", async () => {
    const tenant = await hubTenant();
    const leadEmail = `leads-${tenant.tenantId.slice(0, 8)}@club.example`;
    const integration = await connect(tenant, "gym-management", gym.baseUrl, gym.apiKey, { sendLeadOnEmail: true, leadEmail });
    const saved = await createContact(
      tenant.tenantId,
      {
        firstName: "Lena",
        lastName: "Lead",
        title: "Coach",
        company: "Fit Co",
        phone: "+12025550181",
        email: "lena@example.test",
        listId: tenant.listId,
        optedOut: false,
      },
      "US",
    );
    expect(saved.ok).toBe(true);
    const delivery = await onlyDelivery(integration.id);
    expect(delivery).toMatchObject({ target: "email", event: "contact.created", record_label: "Lena Lead" });

    await run(testClock());
    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "succeeded", attempts: 1 });
    expect(emailsTo(leadEmail)).toHaveLength(1);
    const email = latestEmailTo(leadEmail)!;
    expect(email.text).toContain("+12025550181");
    expect(email.text).toContain("lena@example.test");
    expect(email.text).toContain("Fit Co");
    const [log] = await logsOf(integration.id);
    expect(log).toMatchObject({
      kind: "email",
      method: "EMAIL",
      url: `mailto:${leadEmail}`,
      outcome: "success",
      delivery_id: delivery.id,
      target: "ClubCore · email",
    });
    expect(gym.requests).toEqual([]);
    // A lead email is not a CRM sync.
    expect(await integrationRow(integration.id)).toMatchObject({ syncs: 0 });
  });

  // BUG (see the report): the lead email's texts are missing from locales/*/integrations.json, so the subject and intro are translation keys.
  it("the lead email's subject and intro are written out, naming the lead and the CRM (not translation keys)", async () => {
    const tenant = await hubTenant();
    const leadEmail = `keys-${tenant.tenantId.slice(0, 8)}@club.example`;
    await connect(tenant, "gym-management", gym.baseUrl, gym.apiKey, { sendLeadOnEmail: true, leadEmail });
    await createContact(
      tenant.tenantId,
      { firstName: "Kai", lastName: "Keys", title: "", company: "", phone: "+12025550182", email: "kai@example.test", listId: tenant.listId, optedOut: false },
      "US",
    );
    await run(testClock());
    const email = latestEmailTo(leadEmail)!;
    expect(email.subject).toContain("Kai Keys");
    expect(email.subject).not.toMatch(/leadEmail\./);
    expect(email.text).not.toMatch(/leadEmail\.|sourceFields\.|events\./);
  });

  it("send_lead_on_crm_only: no email", async () => {
    const tenant = await hubTenant();
    const leadEmail = `crm-only-${tenant.tenantId.slice(0, 8)}@club.example`;
    const integration = await connect(tenant, "gym-management", gym.baseUrl, gym.apiKey, {
      sendLeadOnEmail: true,
      sendLeadOnCrmOnly: true,
      leadEmail,
      sync: ["createUser"],
    });
    await createContact(
      tenant.tenantId,
      { firstName: "Cleo", lastName: "Crm", title: "", company: "", phone: "+12025550183", email: "cleo@example.test", listId: tenant.listId, optedOut: false },
      "US",
    );
    expect((await deliveriesOf(integration.id)).map((delivery) => delivery.target)).toEqual(["sync"]);
    await run(testClock());
    expect(emailsTo(leadEmail)).toEqual([]);
    expect(gym.members).toHaveLength(1);
  });
});

describe("webhooks", () => {
  it("a call.ended webhook gets one POST signed per Standard Webhooks, body type call.ended; other events are not sent to it", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const tenant = await hubTenant();
      const contact = await insertContact(tenant, { firstName: "Wes", lastName: "Hook" });
      const integration = await connect(tenant, "gym-management", gym.baseUrl, gym.apiKey);
      const { secret } = await registerWebhook(tenant.tenantId, integration.id, { url: receiver.url, events: ["call.ended"] });
      expect(secret).toMatch(/^whsec_/);
      expect(await onContactSaved(tenant.tenantId, contact.id, "contact.created")).toBe(0);

      expect((await postCallEvent(tenant.apiKey, callEvent("call.ended", "pc-500", { from: contact.phone, summary: "Wants a tour." }))).status).toBe(201);
      const delivery = await onlyDelivery(integration.id);
      expect(delivery).toMatchObject({ target: "webhook", event: "call.ended" });

      await run(testClock());
      expect(receiver.received).toHaveLength(1);
      const [hook] = receiver.received;
      expect(hook).toMatchObject({ method: "POST", path: "/hooks/voxboard" });
      expect(hook!.headers["webhook-id"]).toBe(`msg_${delivery.idempotency_key}`);
      const payload = new Webhook(secret).verify(hook!.body, hook!.headers) as {
        type: string;
        data: { recordKind: string; recordId: string; fields: Record<string, unknown> };
      };
      expect(payload.type).toBe("call.ended");
      expect(payload.data).toMatchObject({ recordKind: "contact", recordId: contact.id });
      expect(payload.data.fields).toMatchObject({ "contact.firstName": "Wes", "call.summary": "Wants a tour." });
      // Signed with another secret it would not verify.
      expect(() => new Webhook(`whsec_${Buffer.from("another secret of 24 bytes").toString("base64")}`).verify(hook!.body, hook!.headers)).toThrow();

      expect(await onlyDelivery(integration.id)).toMatchObject({ status: "succeeded", last_status: 204 });
      const [log] = await logsOf(integration.id);
      expect(log).toMatchObject({
        kind: "webhook",
        method: "POST",
        url: receiver.url,
        outcome: "success",
        response_status: 204,
        target: "ClubCore · webhook call.ended",
      });
      expect(JSON.stringify(log)).not.toContain(secret.slice("whsec_".length));
      expect(gym.requests).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

describe("appointments", () => {
  it("a booking with a crm-suite connection whose createMeeting is in sync sends one POST /crm/v3/objects/meetings", async () => {
    const world = await schedulingWorld();
    const integration = await connect({ tenantId: world.tenantId, organizationId: world.organizationId }, "crm-suite", crm.baseUrl, crm.token, {
      sync: ["createMeeting"],
    });
    // The same CRM connected for another organization of the tenant: an appointment belongs to one organization only.
    const otherOrganization = await addOrganization({ tenantId: world.tenantId, userId: world.ownerId });
    const elsewhere = await connect({ tenantId: world.tenantId, organizationId: otherOrganization }, "crm-suite", crm.baseUrl, crm.token, {
      sync: ["createMeeting"],
    });
    const day = weekdayAhead(world.timeZone, 3);
    const start = instantAt(day, "10:00", world.timeZone);
    const result = await callAction(newAppointmentRoute.action, "/appointments/new", {
      cookie: world.cookie,
      form: { eventType: world.eventType.id, contact: world.contact.id, start },
    });
    expect(redirectLocation(result)).toMatch(/^\/appointments\/[^/]+$/);
    const appointmentId = redirectLocation(result)!.split("/").pop()!;

    expect(await deliveriesOf(elsewhere.id)).toEqual([]);
    const delivery = await onlyDelivery(integration.id);
    expect(delivery).toMatchObject({ event: "appointment.booked", record_kind: "appointment", record_id: appointmentId, target: "sync" });
    await run(testClock());
    const sent = posts(crm, "/crm/v3/objects/meetings");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.status).toBe(201);
    expect(sent[0]!.body).toEqual({
      properties: {
        hs_meeting_title: "Consultation",
        hs_meeting_start_time: start,
        hs_meeting_end_time: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
        hs_meeting_location: "agent-calls",
        hs_meeting_outcome: "SCHEDULED",
      },
    });
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${crm.token}`);
    expect(crm.meetings).toHaveLength(1);
    expect(await onlyDelivery(integration.id)).toMatchObject({ status: "succeeded" });
    expect(await linksOf(integration.id)).toEqual([
      expect.objectContaining({ record_kind: "appointment", record_id: appointmentId, external_id: crm.meetings[0]!.id }),
    ]);
  });
});

describe("log retention", () => {
  it("purgeExpiredLogs removes log lines (and finished deliveries) older than 30 days, nothing newer, never a queued delivery", async () => {
    const { tenant, contact, integration } = await gymWorld();
    const DAY = 86_400 * SECOND;
    const now = Date.now();
    const at = (ms: number) => ({ now: () => new Date(ms) });
    // Test-connection log lines at four ages around the 30-day cutoff.
    for (const age of [31 * DAY, 30 * DAY + 60 * SECOND, 30 * DAY - 60 * SECOND, 1 * DAY]) await testConnection(integration, "Test User", at(now - age));
    // A delivery that finished 31 days ago (with its log line), and one still queued from 40 days ago.
    const record = (await contactRecord(tenant.tenantId, contact.id))!;
    await enqueueEvent(tenant.tenantId, "contact.created", record, { now: new Date(now - 32 * DAY) });
    await runDueDeliveries({ owner: "runner-a", now: () => new Date(now - 31 * DAY) });
    await enqueueEvent(tenant.tenantId, "contact.created", record, { now: new Date(now - 40 * DAY) });
    expect((await deliveriesOf(integration.id)).map((delivery) => delivery.status).sort()).toEqual(["queued", "succeeded"]);
    expect(await logsOf(integration.id)).toHaveLength(5);

    const { logs } = await purgeExpiredLogs(new Date(now));
    expect(logs).toBeGreaterThanOrEqual(3);
    expect((await logsOf(integration.id)).map((log) => log.created_at)).toEqual([iso(now - 30 * DAY + 60 * SECOND), iso(now - DAY)]);
    expect((await deliveriesOf(integration.id)).map((delivery) => delivery.status)).toEqual(["queued"]);
  });
});
