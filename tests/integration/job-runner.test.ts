import { beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "~/config/env.server";
import { getDb, newId, openDatabase } from "~/db/db.server";
import type { CampaignStatus } from "~/db/schema";
import { pauseCampaign, resumeCampaign, startCampaign } from "~/features/campaigns/lifecycle.server";
import { JobRunner } from "~/features/jobs/job-runner.server";
import { createLoggingVoicePlatform } from "~/features/voice-platform/logging-platform";
import type { PlaceCallRequest, VoicePlatform } from "~/features/voice-platform/voice-platform";
import { prepareTestDatabase } from "../support/app";
import { bareTenant, contactList } from "../support/factories";

/*
 * The job runner against a real database: runs are claimed once, resumed
 * after a crash or a clean stop without calling anyone twice, paused between
 * batches, and two runners at once never dispatch the same contact.
 * Every test makes its own tenant, list and campaign; time is a fixed clock.
 */

let clock = new Date("2026-03-09T15:00:00Z"); // Monday, 11:00 in Toronto
const now = () => clock;
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

/**
 * A voice platform that records whom it was asked to call. The database is
 * shared by the tests of this file, and a runner advances every due campaign,
 * so each test reads only the calls of its own campaign.
 */
function recordingPlatform(inner: VoicePlatform = createLoggingVoicePlatform()) {
  const all: PlaceCallRequest[] = [];
  return {
    all,
    callsOf: (campaignId: string) => all.filter((call) => call.campaignId === campaignId),
    platform: { outcome: inner.outcome, placeCall: (request: PlaceCallRequest) => (all.push(request), inner.placeCall(request)) } satisfies VoicePlatform,
  };
}

interface Setup {
  tenantId: string;
  campaignId: string;
  contactIds: string[];
}

/** A tenant of its own with a number, an outbound knowledge base, a list of `size` distinct valid contacts and a campaign. */
async function setUp({
  size,
  status = "scheduled",
  sendingType = "scheduled",
  frequency = null,
  scheduleLocal = "2026-03-09T10:00",
  windowDays = [1, 2, 3, 4, 5, 6, 7],
}: {
  size: number;
  status?: CampaignStatus;
  sendingType?: "immediate" | "scheduled" | "recurring";
  frequency?: "daily" | "weekly" | "monthly" | null;
  scheduleLocal?: string | null;
  windowDays?: number[];
}): Promise<Setup> {
  const db = getDb();
  const stamp = "2026-03-01T00:00:00.000Z";
  const { tenantId } = await bareTenant({ timeZone: "America/Toronto", createdAt: stamp });
  const { id: listId } = await contactList(tenantId, { name: "Leads", createdAt: stamp });
  const contactIds: string[] = [];
  for (let index = 0; index < size; index += 1) {
    const id = newId();
    contactIds.push(id);
    const created = new Date(Date.parse(stamp) + index * 1000).toISOString();
    await db
      .insertInto("contacts")
      .values({
        id,
        tenant_id: tenantId,
        list_id: listId,
        first_name: `Contact ${index}`,
        phone: `+1416555${String(1000 + index).padStart(4, "0")}`,
        time_zone: "America/Toronto",
        opted_out_at: null,
        created_at: created,
        updated_at: created,
      })
      .execute();
  }
  const numberId = newId();
  await db
    .insertInto("phone_numbers")
    .values({ id: numberId, tenant_id: tenantId, e164: "+14165550100", label: "Main", created_at: stamp, updated_at: stamp })
    .execute();
  await db
    .insertInto("knowledge_bases")
    .values({
      id: newId(),
      tenant_id: tenantId,
      phone_number_id: numberId,
      name: "Outbound",
      type: "outbound",
      voice: "ava",
      first_message: "Hello",
      content: "x".repeat(120),
      source_file_name: null,
      is_default: 1,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  const campaignId = newId();
  await db
    .insertInto("campaigns")
    .values({
      id: campaignId,
      tenant_id: tenantId,
      name: "Runner test",
      contact_list_id: listId,
      phone_number_id: numberId,
      type: "outbound",
      sending_type: sendingType,
      frequency,
      schedule_local: scheduleLocal,
      window_days: JSON.stringify(windowDays),
      window_start_minute: 0,
      window_end_minute: 1439,
      status,
      next_run_at: status === "scheduled" || status === "running" ? "2026-03-09T14:00:00.000Z" : null,
      last_run_at: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return { tenantId, campaignId, contactIds };
}

const campaignOf = (id: string) => getDb().selectFrom("campaigns").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const runsOf = (id: string) => getDb().selectFrom("campaign_runs").selectAll().where("campaign_id", "=", id).orderBy("started_at").execute();
const dispatchesOf = (id: string) =>
  getDb().selectFrom("campaign_activity").selectAll().where("campaign_id", "=", id).where("contact_id", "is not", null).orderBy("created_at").execute();

function runner(platform: VoicePlatform, overrides: Partial<ConstructorParameters<typeof JobRunner>[0]> = {}) {
  return new JobRunner({
    intervalMs: 1_000,
    leaseMs: 60_000,
    batchSize: 3,
    voicePlatform: platform,
    now,
    onError: (error) => {
      throw error;
    },
    ...overrides,
  });
}

/** Ticks until the campaign has no run due any more (or a limit, to fail instead of hanging). */
async function tickUntilSettled(runners: JobRunner[], campaignId: string, limit = 20) {
  for (let round = 0; round < limit; round += 1) {
    const campaign = await campaignOf(campaignId);
    if (campaign.status !== "running" && campaign.status !== "scheduled") return;
    if (campaign.next_run_at && Date.parse(campaign.next_run_at) > clock.getTime()) return;
    await Promise.all(runners.map((r) => r.tick()));
  }
  throw new Error("the campaign did not settle");
}

function expectEachContactOnce(dispatches: Array<{ contact_id: string | null }>, contactIds: string[]) {
  expect(dispatches.map((d) => d.contact_id).sort()).toEqual([...contactIds].sort());
}

beforeAll(prepareTestDatabase);

describe("job runner", () => {
  it("picks a due scheduled campaign up, dispatches in batches and completes it", async () => {
    const { campaignId, contactIds } = await setUp({ size: 7 });
    const { callsOf, platform } = recordingPlatform();
    const r = runner(platform);

    await r.tick();
    expect((await campaignOf(campaignId)).status).toBe("running");
    expect(await dispatchesOf(campaignId)).toHaveLength(3);
    await r.tick();
    expect(await dispatchesOf(campaignId)).toHaveLength(6);
    await r.tick();

    const campaign = await campaignOf(campaignId);
    expect(campaign.status).toBe("completed");
    expect(campaign.next_run_at).toBeNull();
    expect(campaign.last_run_at).toBe(clock.toISOString());
    const dispatches = await dispatchesOf(campaignId);
    expectEachContactOnce(dispatches, contactIds);
    expect(dispatches.every((d) => d.kind === "logged" && d.platform_call_id?.startsWith("logged-"))).toBe(true);
    expect(
      callsOf(campaignId)
        .map((c) => c.to)
        .sort(),
    ).toEqual(dispatches.map((d) => d.phone).sort());
    expect(callsOf(campaignId)[0]).toMatchObject({ from: "+14165550100", campaignId, contactId: contactIds[0] });
    const runs = await runsOf(campaignId);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "done", run_key: "2026-03-09T14:00:00.000Z", called_count: 7, skipped_count: 0, lease_owner: null });
    const statuses = await getDb()
      .selectFrom("campaign_activity")
      .select("reason")
      .where("campaign_id", "=", campaignId)
      .where("kind", "=", "status")
      .orderBy("created_at")
      .execute();
    expect(statuses.map((s) => s.reason)).toEqual(["running", "completed"]);

    // Nothing is due any more: further ticks change nothing.
    await r.tick();
    expect(await dispatchesOf(campaignId)).toHaveLength(7);
    await r.stop();
  });

  it("leaves a campaign that is not due yet alone", async () => {
    const { campaignId } = await setUp({ size: 2 });
    await getDb()
      .updateTable("campaigns")
      .set({ next_run_at: new Date(clock.getTime() + 60_000).toISOString() })
      .where("id", "=", campaignId)
      .execute();
    const r = runner(recordingPlatform().platform);
    await r.tick();
    expect(await dispatchesOf(campaignId)).toHaveLength(0);
    expect(await runsOf(campaignId)).toHaveLength(0);
    expect((await campaignOf(campaignId)).status).toBe("scheduled");
    await r.stop();
  });

  it("after a crash mid-run, a new runner takes the run over once its lease expires, calling nobody twice", async () => {
    const { campaignId, contactIds } = await setUp({ size: 8 });
    const first = recordingPlatform();
    const crashed = runner(first.platform, { owner: "crashed" });
    await crashed.tick();
    await crashed.stop({ releaseLeases: false });
    expect(await dispatchesOf(campaignId)).toHaveLength(3);

    const second = recordingPlatform();
    const restarted = runner(second.platform, { owner: "restarted" });
    // The lease is still valid: the new runner keeps its hands off.
    await restarted.tick();
    expect(await dispatchesOf(campaignId)).toHaveLength(3);
    expect(second.callsOf(campaignId)).toHaveLength(0);

    advance(61_000);
    await tickUntilSettled([restarted], campaignId);
    expect((await campaignOf(campaignId)).status).toBe("completed");
    expectEachContactOnce(await dispatchesOf(campaignId), contactIds);
    const called = [...first.callsOf(campaignId), ...second.callsOf(campaignId)].map((c) => c.contactId);
    expect(new Set(called).size).toBe(called.length);
    expect(called.sort()).toEqual([...contactIds].sort());
    expect(await runsOf(campaignId)).toHaveLength(1);
    await restarted.stop();
  });

  it("after a clean stop, the next runner continues at once", async () => {
    const { campaignId, contactIds } = await setUp({ size: 5 });
    const first = recordingPlatform();
    const stopping = runner(first.platform, { owner: "stopping" });
    await stopping.tick();
    await stopping.stop();
    expect((await runsOf(campaignId))[0]).toMatchObject({ status: "running", lease_owner: null, lease_until: null });

    const second = recordingPlatform();
    const next = runner(second.platform, { owner: "next" });
    await next.tick();
    expect((await campaignOf(campaignId)).status).toBe("completed");
    expectEachContactOnce(await dispatchesOf(campaignId), contactIds);
    expect(
      second
        .callsOf(campaignId)
        .map((c) => c.contactId)
        .sort(),
    ).toEqual(contactIds.slice(3).sort());
    await next.stop();
  });

  it("two runners ticking at the same time never dispatch the same contact", async () => {
    const { campaignId, contactIds } = await setUp({ size: 20 });
    const a = recordingPlatform();
    const b = recordingPlatform();
    const runners = [runner(a.platform, { owner: "a" }), runner(b.platform, { owner: "b" })];
    await tickUntilSettled(runners, campaignId, 40);
    expect((await campaignOf(campaignId)).status).toBe("completed");
    expectEachContactOnce(await dispatchesOf(campaignId), contactIds);
    const called = [...a.callsOf(campaignId), ...b.callsOf(campaignId)].map((c) => c.contactId);
    expect(called.sort()).toEqual([...contactIds].sort());
    expect(await runsOf(campaignId)).toHaveLength(1);
    await Promise.all(runners.map((r) => r.stop()));
  });

  it("runners racing for the same contacts (expired leases every round) still call each once", async () => {
    const { campaignId, contactIds } = await setUp({ size: 12 });
    const platforms = [recordingPlatform(), recordingPlatform(), recordingPlatform()];
    // A lease shorter than no time at all: every runner may take the run over at every tick.
    const runners = platforms.map((p, index) => runner(p.platform, { owner: `racer-${index}`, leaseMs: -1 }));
    await tickUntilSettled(runners, campaignId, 40);
    const called = platforms.flatMap((p) => p.callsOf(campaignId).map((c) => c.contactId));
    expect(called.sort()).toEqual([...contactIds].sort());
    expectEachContactOnce(await dispatchesOf(campaignId), contactIds);
    await Promise.all(runners.map((r) => r.stop()));
  });

  it("two runners truly interleaved: one paused between choosing a contact and taking it, while another takes its run over, calls nobody twice", async () => {
    const { campaignId, contactIds } = await setUp({ size: 3 });
    const a = recordingPlatform();
    const b = recordingPlatform();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let chosen: string | null = null;
    let reachedGate!: () => void;
    const paused = new Promise<void>((resolve) => (reachedGate = resolve));
    // Runner A chooses the first contact, renews its lease, and stops right there, as a process might (a GC pause, a slow disk).
    const slow = runner(a.platform, {
      owner: "slow",
      beforeTakingContact: async (contactId) => {
        if (chosen) return;
        chosen = contactId;
        reachedGate();
        await gate;
      },
    });
    // Runner B is another app server: a connection (pool) of its own to the same database.
    const env = getEnv();
    const otherServer = openDatabase(env.postgresUrl ?? env.databaseFile!);
    const fast = runner(b.platform, { owner: "fast", db: otherServer });
    try {
      const slowTick = slow.tick();
      await paused;
      // A's lease runs out while it is stopped; B takes the run over and works through every contact, the chosen one included.
      advance(61_000);
      await tickUntilSettled([fast], campaignId);
      expect(b.callsOf(campaignId).map((call) => call.contactId)).toContain(chosen);
      // A wakes up and carries on from where it stopped: the contact is taken, by B, so A must not call it.
      release();
      await slowTick;
      const called = [...a.callsOf(campaignId), ...b.callsOf(campaignId)].map((call) => call.contactId);
      expect(called.sort()).toEqual([...contactIds].sort());
      expectEachContactOnce(await dispatchesOf(campaignId), contactIds);
      expect((await campaignOf(campaignId)).status).toBe("completed");
    } finally {
      release();
      await Promise.all([slow.stop(), fast.stop()]);
      await otherServer.destroy();
    }
  });

  it("honours a pause between batches and continues the same run on resume", async () => {
    const { tenantId, campaignId, contactIds } = await setUp({ size: 7 });
    const { callsOf, platform } = recordingPlatform();
    const r = runner(platform);
    await r.tick();
    expect(await pauseCampaign(campaignId, { tenantId, timeZone: "America/Toronto", now: clock })).toMatchObject({ ok: true, status: "paused" });
    await r.tick();
    await r.tick();
    expect(await dispatchesOf(campaignId)).toHaveLength(3);
    expect((await runsOf(campaignId))[0]).toMatchObject({ status: "running", lease_owner: null });

    expect(await resumeCampaign(campaignId, { tenantId, timeZone: "America/Toronto", now: clock })).toMatchObject({
      ok: true,
      status: "running",
      dispatchNow: true,
    });
    await tickUntilSettled([r], campaignId);
    expect((await campaignOf(campaignId)).status).toBe("completed");
    expectEachContactOnce(await dispatchesOf(campaignId), contactIds);
    expect(callsOf(campaignId)).toHaveLength(7);
    expect(await runsOf(campaignId)).toHaveLength(1);
    await r.stop();
  });

  it("runs an immediate start through the same path, and a recurring campaign again at its next occurrence", async () => {
    const immediate = await setUp({ size: 2, status: "draft", sendingType: "immediate", scheduleLocal: null });
    const r = runner(recordingPlatform().platform);
    expect(await startCampaign(immediate.campaignId, { tenantId: immediate.tenantId, timeZone: "America/Toronto", now: clock })).toMatchObject({
      ok: true,
      status: "running",
      dispatchNow: true,
    });
    await r.tick();
    expect((await campaignOf(immediate.campaignId)).status).toBe("completed");
    expect((await runsOf(immediate.campaignId))[0]!.run_key).toBe(`manual-${clock.toISOString()}`);
    expectEachContactOnce(await dispatchesOf(immediate.campaignId), immediate.contactIds);

    // Daily at 10:00 Toronto time from 2026-03-06; started Monday 9 March at 11:00, the next occurrence is Tuesday 10:00 (14:00 UTC).
    const recurring = await setUp({ size: 2, status: "draft", sendingType: "recurring", frequency: "daily", scheduleLocal: "2026-03-06T10:00" });
    const context = { tenantId: recurring.tenantId, timeZone: "America/Toronto", now: clock };
    expect(await startCampaign(recurring.campaignId, context)).toMatchObject({ ok: true, status: "scheduled", dispatchNow: false });
    expect((await campaignOf(recurring.campaignId)).next_run_at).toBe("2026-03-10T14:00:00.000Z");
    await r.tick();
    expect(await dispatchesOf(recurring.campaignId)).toHaveLength(0);

    clock = new Date("2026-03-10T14:00:30Z");
    await r.tick();
    let campaign = await campaignOf(recurring.campaignId);
    expect(campaign).toMatchObject({ status: "scheduled", next_run_at: "2026-03-11T14:00:00.000Z", last_run_at: clock.toISOString() });
    expect(await dispatchesOf(recurring.campaignId)).toHaveLength(2);

    clock = new Date("2026-03-11T14:01:00Z");
    await r.tick();
    campaign = await campaignOf(recurring.campaignId);
    expect(campaign.next_run_at).toBe("2026-03-12T14:00:00.000Z");
    const runs = await runsOf(recurring.campaignId);
    expect(runs.map((run) => run.run_key)).toEqual(["2026-03-10T14:00:00.000Z", "2026-03-11T14:00:00.000Z"]);
    // Each occurrence calls the list once.
    expect(await dispatchesOf(recurring.campaignId)).toHaveLength(4);
    await r.stop();
    clock = new Date("2026-03-09T15:00:00Z");
  });

  it("skips by reason at the moment of dispatch and says why in the log; someone outside their window waits for it instead", async () => {
    const { campaignId, contactIds } = await setUp({ size: 2, windowDays: [1, 2, 3, 4, 5] });
    const db = getDb();
    const [first, second] = contactIds as [string, string];
    await db.updateTable("contacts").set({ opted_out_at: "2026-03-02T00:00:00.000Z" }).where("id", "=", first).execute();
    // Weekdays 09:00–17:00: Monday 11:00 in Toronto, Tuesday 02:00 in Sydney.
    await db
      .updateTable("campaigns")
      .set({ window_start_minute: 9 * 60, window_end_minute: 17 * 60 })
      .where("id", "=", campaignId)
      .execute();
    const listId = (await campaignOf(campaignId)).contact_list_id;
    const tenantId = (await campaignOf(campaignId)).tenant_id;
    const extra = async (phone: string, timeZone: string | null, offset: number) => {
      const id = newId();
      const created = new Date(Date.parse("2026-03-01T01:00:00Z") + offset * 1000).toISOString();
      await db
        .insertInto("contacts")
        .values({
          id,
          tenant_id: tenantId,
          list_id: listId,
          first_name: "Extra",
          phone,
          time_zone: timeZone,
          opted_out_at: null,
          created_at: created,
          updated_at: created,
        })
        .execute();
      return id;
    };
    const secondPhone = (await db.selectFrom("contacts").select("phone").where("id", "=", second).executeTakeFirstOrThrow()).phone;
    const duplicate = await extra(secondPhone, "America/Toronto", 1);
    const invalid = await extra("+1234", null, 2);
    const sydney = await extra("+61291234567", "Australia/Sydney", 3); // Tuesday 02:00 there
    const r = runner(recordingPlatform().platform, { batchSize: 10 });
    await r.tick();
    const byContact = new Map((await dispatchesOf(campaignId)).map((d) => [d.contact_id, d]));
    expect(byContact.get(first)).toMatchObject({ kind: "skipped", reason: "opted-out" });
    expect(byContact.get(second)).toMatchObject({ kind: "logged", reason: null });
    expect(byContact.get(duplicate)).toMatchObject({ kind: "skipped", reason: "duplicate" });
    expect(byContact.get(invalid)).toMatchObject({ kind: "skipped", reason: "invalid" });
    expect(byContact.has(sydney)).toBe(false);
    // Tuesday 09:00 in Sydney is Monday 22:00 UTC: the run waits for it, running, with nobody else left.
    expect(await campaignOf(campaignId)).toMatchObject({ status: "running", next_run_at: "2026-03-09T22:00:00.000Z" });
    expect((await runsOf(campaignId))[0]).toMatchObject({ status: "running", lease_owner: null });

    const before = clock;
    clock = new Date("2026-03-09T22:00:00Z");
    await tickUntilSettled([r], campaignId);
    expect((await dispatchesOf(campaignId)).find((d) => d.contact_id === sydney)).toMatchObject({ kind: "logged", reason: null });
    expect((await runsOf(campaignId))[0]).toMatchObject({ status: "done", called_count: 2, skipped_count: 3 });
    expect((await campaignOf(campaignId)).status).toBe("completed");
    await r.stop();
    clock = before;
  });

  it("starts a campaign whose contacts are all outside their window: it runs, skips nobody, and calls them once their window opens", async () => {
    const { tenantId, campaignId, contactIds } = await setUp({
      size: 4,
      status: "draft",
      sendingType: "immediate",
      scheduleLocal: null,
      windowDays: [1, 2, 3, 4, 5],
    });
    const db = getDb();
    await db
      .updateTable("campaigns")
      .set({ window_start_minute: 9 * 60, window_end_minute: 17 * 60 })
      .where("id", "=", campaignId)
      .execute();
    const before = clock;
    clock = new Date("2026-03-09T07:00:00Z"); // Monday 03:00 in Toronto
    const started = await startCampaign(campaignId, { tenantId, timeZone: "America/Toronto", now: clock });
    expect(started).toMatchObject({
      ok: true,
      status: "running",
      check: { summary: { toCall: 0, waiting: 4, skipped: 0, nextWindowAt: "2026-03-09T13:00:00.000Z" } },
    });

    const { callsOf, platform } = recordingPlatform();
    const r = runner(platform);
    await r.tick();
    await r.tick();
    expect(await dispatchesOf(campaignId)).toEqual([]);
    expect(await campaignOf(campaignId)).toMatchObject({ status: "running", next_run_at: "2026-03-09T13:00:00.000Z" });

    // A minute before the window: still waiting.
    clock = new Date("2026-03-09T12:59:00Z");
    await r.tick();
    expect(callsOf(campaignId)).toHaveLength(0);

    clock = new Date("2026-03-09T13:00:00Z");
    await tickUntilSettled([r], campaignId);
    expect((await campaignOf(campaignId)).status).toBe("completed");
    expectEachContactOnce(await dispatchesOf(campaignId), contactIds);
    expect(
      callsOf(campaignId)
        .map((c) => c.contactId)
        .sort(),
    ).toEqual([...contactIds].sort());
    expect((await runsOf(campaignId)).map((run) => [run.called_count, run.skipped_count])).toEqual([[4, 0]]);
    await r.stop();
    clock = before;
  });

  it("keeps a waiting run across a pause, and calls nobody twice when resumed", async () => {
    const { tenantId, campaignId, contactIds } = await setUp({
      size: 3,
      status: "draft",
      sendingType: "immediate",
      scheduleLocal: null,
      windowDays: [1, 2, 3, 4, 5],
    });
    const db = getDb();
    await db
      .updateTable("campaigns")
      .set({ window_start_minute: 9 * 60, window_end_minute: 17 * 60 })
      .where("id", "=", campaignId)
      .execute();
    // The first contact is in London, where it is 11:00; the others in Toronto, where it is 07:00.
    await db.updateTable("contacts").set({ time_zone: "Europe/London" }).where("id", "=", contactIds[0]!).execute();
    const before = clock;
    clock = new Date("2026-03-09T11:00:00Z");
    const context = { tenantId, timeZone: "America/Toronto", now: clock };
    expect(await startCampaign(campaignId, context)).toMatchObject({ ok: true, status: "running" });
    const { callsOf, platform } = recordingPlatform();
    const r = runner(platform);
    await r.tick();
    expect(callsOf(campaignId).map((c) => c.contactId)).toEqual([contactIds[0]]);
    expect((await campaignOf(campaignId)).next_run_at).toBe("2026-03-09T13:00:00.000Z");

    expect(await pauseCampaign(campaignId, context)).toMatchObject({ ok: true, status: "paused" });
    clock = new Date("2026-03-09T14:00:00Z");
    await r.tick();
    expect(callsOf(campaignId)).toHaveLength(1);
    expect(await resumeCampaign(campaignId, { ...context, now: clock })).toMatchObject({ ok: true, status: "running", dispatchNow: true });
    await tickUntilSettled([r], campaignId);
    expect(
      callsOf(campaignId)
        .map((c) => c.contactId)
        .sort(),
    ).toEqual([...contactIds].sort());
    expectEachContactOnce(await dispatchesOf(campaignId), contactIds);
    expect(await runsOf(campaignId)).toHaveLength(1);
    await r.stop();
    clock = before;
  });

  it("waits only within the run's schedule: a recurring run skips those whose window opens after its next occurrence", async () => {
    // Daily at 10:00 Toronto time; the window is Wednesdays only. Monday's run cannot wait until Wednesday: Tuesday 10:00 comes first.
    const { campaignId, contactIds } = await setUp({
      size: 2,
      sendingType: "recurring",
      frequency: "daily",
      scheduleLocal: "2026-03-06T10:00",
      windowDays: [3],
    });
    const db = getDb();
    await db
      .updateTable("campaigns")
      .set({ window_start_minute: 9 * 60, window_end_minute: 17 * 60 })
      .where("id", "=", campaignId)
      .execute();
    const r = runner(recordingPlatform().platform);
    await r.tick();
    const dispatches = await dispatchesOf(campaignId);
    expect(dispatches.map((d) => [d.kind, d.reason])).toEqual([
      ["skipped", "outside-window"],
      ["skipped", "outside-window"],
    ]);
    expectEachContactOnce(dispatches, contactIds);
    expect(await campaignOf(campaignId)).toMatchObject({ status: "scheduled", next_run_at: "2026-03-10T14:00:00.000Z" });
    await r.stop();
  });

  it("does not retry a call whose runner died before the platform answered, and says so", async () => {
    const { campaignId, contactIds } = await setUp({ size: 4 });
    const hanging: VoicePlatform = { outcome: "placed", placeCall: () => new Promise(() => undefined) };
    const dying = runner(hanging, { owner: "dying", batchSize: 1 });
    void dying.tick();
    // Wait until the contact has been taken.
    await expect.poll(async () => (await dispatchesOf(campaignId)).length).toBe(1);
    const [taken] = await dispatchesOf(campaignId);
    expect(taken).toMatchObject({ kind: "failed", reason: "dispatching" });

    advance(61_000);
    const { callsOf, platform } = recordingPlatform();
    const survivor = runner(platform, { owner: "survivor" });
    await tickUntilSettled([survivor], campaignId);
    expect(
      callsOf(campaignId)
        .map((c) => c.contactId)
        .sort(),
    ).toEqual(contactIds.filter((id) => id !== taken!.contact_id).sort());
    const after = await getDb().selectFrom("campaign_activity").selectAll().where("id", "=", taken!.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ kind: "failed", reason: "interrupted" });
    expect(after.detail).toMatch(/not retried/);
    expectEachContactOnce(await dispatchesOf(campaignId), contactIds);
    await survivor.stop();
  });

  it("pauses a campaign whose number lost its knowledge base, and continues the run once one exists", async () => {
    const { tenantId, campaignId, contactIds } = await setUp({ size: 5 });
    const r = runner(recordingPlatform().platform);
    await r.tick();
    const kb = await getDb().selectFrom("knowledge_bases").selectAll().where("tenant_id", "=", tenantId).executeTakeFirstOrThrow();
    await getDb().deleteFrom("knowledge_bases").where("id", "=", kb.id).execute();
    await r.tick();
    expect((await campaignOf(campaignId)).status).toBe("paused");
    const halt = await getDb()
      .selectFrom("campaign_activity")
      .selectAll()
      .where("campaign_id", "=", campaignId)
      .where("kind", "=", "status")
      .where("reason", "=", "paused")
      .executeTakeFirstOrThrow();
    expect(halt.detail).toBe("no-knowledge-base");

    expect(await resumeCampaign(campaignId, { tenantId, timeZone: "America/Toronto", now: clock })).toEqual({ ok: false, refusal: "knowledge-base-missing" });
    await getDb()
      .insertInto("knowledge_bases")
      .values({ ...kb, id: newId() })
      .execute();
    // The run under way continues where it stopped.
    expect(await resumeCampaign(campaignId, { tenantId, timeZone: "America/Toronto", now: clock })).toMatchObject({ ok: true, status: "running" });
    await tickUntilSettled([r], campaignId);
    expectEachContactOnce(await dispatchesOf(campaignId), contactIds);
    expect(await runsOf(campaignId)).toHaveLength(1);
    await r.stop();
  });
});
