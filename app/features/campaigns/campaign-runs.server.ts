import { sql, type ExpressionBuilder } from "kysely";
import { newId, type DB } from "~/db/db.server";
import type { Campaign, CampaignRun, Database } from "~/db/schema";
import { DISPATCHING, INTERRUPTED } from "~/features/campaigns/activity.server";
import { isWithinCallingWindow, nextWindowOpening, parseWindowDays } from "~/features/campaigns/schedule/calling-window";
import { resolveKnowledgeBase } from "~/features/campaigns/campaigns.server";
import { findDialableAgent } from "~/features/agents/agents.server";
import { beginScheduledRun, concludeRun, haltCampaign, waitForCallingWindow } from "~/features/campaigns/lifecycle.server";
import { callableNumber, decideContact, type ClassifierOptions } from "~/features/campaigns/prelaunch";
import { followingRun } from "~/features/campaigns/schedule/schedule";
import { VoicePlatformError, type VoicePlatform } from "~/features/voice-platform/voice-platform";
import { campaignDispatches } from "~/lib/observability/metrics.server";

/**
 * One campaign run, advanced one batch at a time by whichever job runner
 * holds its lease. Everything that matters lives in the database:
 *
 * - A run is claimed by inserting campaign_runs (unique per campaign and run
 *   key), or by taking over a run whose lease expired or was released.
 * - Before each call the lease is renewed, conditionally on still owning it;
 *   a runner that lost its lease stops at once.
 * - Each contact is taken by inserting its activity row first (unique per run
 *   and contact), then the call is placed and the row gets the outcome. A
 *   contact whose row exists is never dispatched again in that run, so a
 *   resumed run or a second runner cannot call anyone twice. A runner that
 *   dies between taking a contact and hearing back leaves the row marked
 *   "interrupted" (reported as failed, not retried: at most once, never twice).
 * - A contact outside its calling window gets no row: it waits. A batch is
 *   taken only from the zones whose window is open; when nobody else is left,
 *   the campaign stays running and is due again when the first waiting
 *   window opens (the same run, found again by its open row). The run ends
 *   when every contact has a row. Status moves are the lifecycle module's.
 */
export interface RunContext {
  db: DB;
  owner: string;
  leaseMs: number;
  batchSize: number;
  voicePlatform: VoicePlatform;
  now: () => Date;
  /**
   * Called after a contact is chosen for a call and before it is taken (the
   * activity insert): a seam for tests that pause one runner there while
   * another takes the run over, the interleaving the insert guards against.
   */
  beforeTakingContact?: (contactId: string) => Promise<void>;
}

type DueCampaign = Campaign & { time_zone: string };

const iso = (date: Date) => date.toISOString();
const leaseUntil = (context: RunContext) => iso(new Date(context.now().getTime() + context.leaseMs));

/** Campaigns that have a run due: scheduled ones whose time has come and running ones (continuing, or to take over). */
export function findDueCampaigns(db: DB, now: Date, limit = 50): Promise<DueCampaign[]> {
  return db
    .selectFrom("campaigns")
    .innerJoin("tenants", "tenants.id", "campaigns.tenant_id")
    .selectAll("campaigns")
    .select("tenants.time_zone")
    .where("campaigns.status", "in", ["scheduled", "running"])
    .where("campaigns.next_run_at", "<=", iso(now))
    .orderBy("campaigns.next_run_at")
    .limit(limit)
    .execute();
}

/** Immediate starts are marked as such; scheduled runs are keyed by the instant they were due. */
export const runKeyOf = (campaign: Pick<Campaign, "sending_type" | "next_run_at">) =>
  campaign.sending_type === "immediate" ? `manual-${campaign.next_run_at}` : campaign.next_run_at!;

/**
 * The run for the campaign's due instant, if this runner may work on it:
 * newly inserted, already ours, released, or with an expired lease.
 */
async function claimRun(context: RunContext, campaign: DueCampaign): Promise<CampaignRun | null> {
  const { db, owner } = context;
  // A run waiting for a calling window is due again at another instant than its key: it is the campaign's open run.
  const open = await db.selectFrom("campaign_runs").select("run_key").where("campaign_id", "=", campaign.id).where("status", "=", "running").executeTakeFirst();
  const runKey = open?.run_key ?? runKeyOf(campaign);
  const at = iso(context.now());
  const inserted = await db
    .insertInto("campaign_runs")
    .values({
      id: newId(),
      tenant_id: campaign.tenant_id,
      campaign_id: campaign.id,
      run_key: runKey,
      status: "running",
      lease_owner: owner,
      lease_until: leaseUntil(context),
      started_at: at,
      finished_at: null,
    })
    .onConflict((oc) => oc.columns(["campaign_id", "run_key"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    const previous = await db
      .selectFrom("campaign_runs")
      .select(["id", "lease_owner"])
      .where("campaign_id", "=", campaign.id)
      .where("run_key", "=", runKey)
      .executeTakeFirst();
    const taken = await db
      .updateTable("campaign_runs")
      .set({ lease_owner: owner, lease_until: leaseUntil(context) })
      .where("campaign_id", "=", campaign.id)
      .where("run_key", "=", runKey)
      .where("status", "=", "running")
      .where((eb) => eb.or([eb("lease_owner", "=", owner), eb("lease_owner", "is", null), eb("lease_until", "is", null), eb("lease_until", "<", at)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return null;
    if (previous && previous.lease_owner !== owner) await markInterruptedDispatches(db, previous.id);
  }
  return (await db.selectFrom("campaign_runs").selectAll().where("campaign_id", "=", campaign.id).where("run_key", "=", runKey).executeTakeFirst()) ?? null;
}

async function renewLease(context: RunContext, runId: string) {
  const result = await context.db
    .updateTable("campaign_runs")
    .set({ lease_until: leaseUntil(context) })
    .where("id", "=", runId)
    .where("lease_owner", "=", context.owner)
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Lets any runner pick the run up at once (a pause, or a clean shutdown). */
export async function releaseLease(db: DB, runId: string, owner: string) {
  await db.updateTable("campaign_runs").set({ lease_owner: null, lease_until: null }).where("id", "=", runId).where("lease_owner", "=", owner).execute();
}

/** Leases this runner still holds on runs of campaigns that were paused (or deleted) since: free for whoever resumes them. */
export async function releaseLeasesOfStoppedCampaigns(db: DB, owner: string) {
  await db
    .updateTable("campaign_runs")
    .set({ lease_owner: null, lease_until: null })
    .where("lease_owner", "=", owner)
    .where("campaign_id", "not in", (eb) => eb.selectFrom("campaigns").select("id").where("status", "=", "running"))
    .execute();
}

export async function releaseAllLeases(db: DB, owner: string) {
  await db
    .updateTable("campaign_runs")
    .set({ lease_owner: null, lease_until: null })
    .where("lease_owner", "=", owner)
    .where("status", "=", "running")
    .execute();
}

/**
 * Calls a previous holder of the run took but never heard back about (it
 * died, or lost its lease while waiting): the contacts stay taken, and the
 * log says what happened. Run when a runner takes a run over; should the
 * previous holder still answer later, its outcome overwrites this.
 */
async function markInterruptedDispatches(db: DB, runId: string) {
  await db
    .updateTable("campaign_activity")
    .set({ reason: INTERRUPTED, detail: "The runner stopped before the voice platform answered; not retried, so nobody is called twice." })
    .where("run_id", "=", runId)
    .where("kind", "=", "failed")
    .where("reason", "=", DISPATCHING)
    .execute();
}

const notDealtWith =
  (runId: string) =>
  ({ not, exists, selectFrom }: ExpressionBuilder<Database, "contacts">) =>
    not(
      exists(
        selectFrom("campaign_activity")
          .select("campaign_activity.id")
          .where("campaign_activity.run_id", "=", runId)
          .whereRef("campaign_activity.contact_id", "=", "contacts.id"),
      ),
    );

/** The zone each contact is called in, as SQL: its own, else the tenant's. */
const zoneOf = (tenantTimeZone: string) => sql<string>`coalesce(contacts.time_zone, ${tenantTimeZone})`;

function remainingContacts(context: RunContext, campaign: DueCampaign, run: CampaignRun) {
  return context.db
    .selectFrom("contacts")
    .where("tenant_id", "=", campaign.tenant_id)
    .where("list_id", "=", campaign.contact_list_id)
    .where(notDealtWith(run.id));
}

/**
 * The zones of the contacts still to deal with that a batch may take from
 * now: the window is open there, or it would not open in time for this run
 * (those contacts are skipped now rather than waited for).
 */
async function zonesToTake(context: RunContext, campaign: DueCampaign, run: CampaignRun, options: ClassifierOptions) {
  const rows = await remainingContacts(context, campaign, run).select(zoneOf(campaign.time_zone).as("zone")).distinct().execute();
  return rows
    .map((row) => row.zone)
    .filter((zone) => {
      if (isWithinCallingWindow(options.at, zone, options.window)) return true;
      const opensAt = nextWindowOpening(options.at, zone, options.window);
      return !opensAt || (options.deadline != null && opensAt.getTime() >= options.deadline.getTime());
    });
}

/** The next contacts of the list in those zones this run has not dealt with yet, in list order. */
function nextContacts(context: RunContext, campaign: DueCampaign, run: CampaignRun, zones: string[]) {
  if (zones.length === 0) return Promise.resolve([]);
  return remainingContacts(context, campaign, run)
    .select(["id", "phone", "time_zone", "opted_out_at", "created_at"])
    .where(zoneOf(campaign.time_zone), "in", zones)
    .orderBy("created_at")
    .orderBy("id")
    .limit(context.batchSize)
    .execute();
}

/** For each contact of the batch: does an earlier contact of the list (in list order) have the same number? */
async function duplicatesIn(context: RunContext, campaign: DueCampaign, batch: Array<{ id: string; phone: string; created_at: string }>) {
  const numbers = [...new Set(batch.flatMap((contact) => [contact.phone, callableNumber(contact.phone)]).filter((value): value is string => Boolean(value)))];
  const sameNumber = numbers.length
    ? await context.db
        .selectFrom("contacts")
        .select(["id", "phone", "created_at"])
        .where("tenant_id", "=", campaign.tenant_id)
        .where("list_id", "=", campaign.contact_list_id)
        .where("phone", "in", numbers)
        .execute()
    : [];
  const before = (a: { id: string; created_at: string }, b: { id: string; created_at: string }) =>
    a.created_at < b.created_at || (a.created_at === b.created_at && a.id < b.id);
  return new Set(
    batch
      .filter((contact) => {
        const e164 = callableNumber(contact.phone);
        return e164 !== null && sameNumber.some((other) => callableNumber(other.phone) === e164 && before(other, contact));
      })
      .map((contact) => contact.id),
  );
}

async function currentStatus(db: DB, campaignId: string) {
  return (await db.selectFrom("campaigns").select("status").where("id", "=", campaignId).executeTakeFirst())?.status ?? null;
}

/** How this run judges contacts at an instant: the campaign's window, and for a recurring campaign the next occurrence as the end of its waiting. */
function judging(campaign: DueCampaign, run: CampaignRun, at: Date): ClassifierOptions {
  const runStart = Date.parse(run.run_key);
  return {
    window: { days: parseWindowDays(campaign.window_days), startMinute: campaign.window_start_minute, endMinute: campaign.window_end_minute },
    tenantTimeZone: campaign.time_zone,
    at,
    deadline: Number.isNaN(runStart)
      ? null
      : followingRun(
          { sendingType: campaign.sending_type, frequency: campaign.frequency, scheduleLocal: campaign.schedule_local },
          campaign.time_zone,
          new Date(runStart),
        ),
  };
}

const contactOf = (row: { id: string; phone: string; time_zone: string | null; opted_out_at: string | null }) => ({
  id: row.id,
  phone: row.phone,
  timeZone: row.time_zone,
  optedOut: row.opted_out_at !== null,
});

export type AdvanceOutcome = "busy" | "paused" | "halted" | "dispatched" | "waiting" | "finished" | "lost-lease";

/**
 * Advances one due campaign by one batch. Returns what happened, for logs and tests.
 */
export async function advanceCampaign(context: RunContext, campaign: DueCampaign): Promise<AdvanceOutcome> {
  const { db } = context;
  const run = await claimRun(context, campaign);
  if (!run) return "busy";

  const stillOn = campaign.status === "scheduled" ? await beginScheduledRun(campaign, context.now(), db) : (await currentStatus(db, campaign.id)) === "running";
  if (!stillOn) {
    await releaseLease(db, run.id, context.owner);
    return "paused";
  }

  const knowledgeBase = await resolveKnowledgeBase(campaign.tenant_id, campaign.phone_number_id, campaign.type, db);
  const number = await db
    .selectFrom("phone_numbers")
    .select("e164")
    .where("id", "=", campaign.phone_number_id)
    .where("tenant_id", "=", campaign.tenant_id)
    .executeTakeFirst();
  // The agent's newest version at dialling time; a deleted or disabled agent leaves the knowledge base to speak alone.
  const agent = campaign.agent_id ? await findDialableAgent(campaign.tenant_id, campaign.agent_id, db) : null;
  // Nobody to speak (no knowledge base, and no agent that may): the run stops with that reason.
  if ((!knowledgeBase && !agent) || !number) {
    await haltRun(context, campaign, run, "no-knowledge-base");
    return "halted";
  }

  const batch = await nextContacts(context, campaign, run, await zonesToTake(context, campaign, run, judging(campaign, run, context.now())));
  const duplicates = await duplicatesIn(context, campaign, batch);
  for (const contact of batch) {
    if (!(await renewLease(context, run.id))) return "lost-lease";
    const at = context.now();
    const decision = decideContact(contactOf(contact), duplicates.has(contact.id), judging(campaign, run, at));
    // Its window closed a moment ago: it waits like the others.
    if (decision.action === "wait") continue;
    await context.beforeTakingContact?.(contact.id);
    const activityId = newId();
    const taken = await db
      .insertInto("campaign_activity")
      .values({
        id: activityId,
        tenant_id: campaign.tenant_id,
        campaign_id: campaign.id,
        run_id: run.id,
        contact_id: contact.id,
        kind: decision.action === "call" ? "failed" : "skipped",
        phone: contact.phone,
        reason: decision.action === "call" ? DISPATCHING : decision.reason,
        platform_call_id: null,
        detail: null,
        created_at: iso(at),
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    // Another runner took this contact first; it is theirs to call.
    if (Number(taken.numInsertedOrUpdatedRows ?? 0) === 0) continue;
    if (decision.action !== "call") {
      campaignDispatches.inc({ outcome: "skipped" });
      continue;
    }
    const outcome = await placeCall(context, {
      to: decision.e164,
      from: number.e164,
      campaignId: campaign.id,
      campaignName: campaign.name,
      contactId: contact.id,
      knowledgeBaseId: knowledgeBase?.id ?? null,
      agentId: agent?.id ?? null,
      agentVersion: agent?.version ?? null,
      runId: run.id,
      tenantId: campaign.tenant_id,
    });
    await db
      .updateTable("campaign_activity")
      .set({ kind: outcome.kind, reason: null, platform_call_id: outcome.callId, detail: outcome.detail, phone: decision.e164 })
      .where("id", "=", activityId)
      .execute();
    campaignDispatches.inc({ outcome: outcome.kind });
  }
  if (batch.length === context.batchSize) return "dispatched";

  // Nobody left in an open window: settle those who can be settled now, and wait for the others' windows.
  if (!(await renewLease(context, run.id))) return "lost-lease";
  const rest = await settleWaiting(context, campaign, run);
  if (rest.callableNow) return "dispatched";
  if (rest.opensAt) {
    const waiting = await waitForCallingWindow(campaign, rest.opensAt, context.now(), db);
    await releaseLease(db, run.id, context.owner);
    return waiting ? "waiting" : "paused";
  }
  return (await finishRun(context, campaign, run)) ? "finished" : "lost-lease";
}

const SETTLE_CHUNK = 200;

/**
 * The contacts left once the open windows are done with, judged now: those
 * skipped for good (invalid, opted out, duplicate) get their row at once, so
 * the run does not wait for a window only to skip them; the rest wait, and
 * the earliest of their windows is when the run goes on. `callableNow` means
 * someone turned up who can be called now (added to the list meanwhile, or a
 * window that opened during the batch): the next tick takes them.
 */
async function settleWaiting(context: RunContext, campaign: DueCampaign, run: CampaignRun) {
  const at = context.now();
  const options = judging(campaign, run, at);
  let opensAt: Date | null = null;
  let callableNow = false;
  let after: { created_at: string; id: string } | null = null;
  for (;;) {
    let query = remainingContacts(context, campaign, run).select(["id", "phone", "time_zone", "opted_out_at", "created_at"]);
    if (after) {
      const { created_at, id } = after;
      query = query.where((eb) => eb.or([eb("created_at", ">", created_at), eb.and([eb("created_at", "=", created_at), eb("id", ">", id)])]));
    }
    const chunk = await query.orderBy("created_at").orderBy("id").limit(SETTLE_CHUNK).execute();
    if (chunk.length === 0) break;
    const duplicates = await duplicatesIn(context, campaign, chunk);
    for (const contact of chunk) {
      const decision = decideContact(contactOf(contact), duplicates.has(contact.id), options);
      if (decision.action === "call") callableNow = true;
      else if (decision.action === "wait") {
        if (!opensAt || decision.opensAt < opensAt) opensAt = decision.opensAt;
      } else {
        await context.db
          .insertInto("campaign_activity")
          .values({
            id: newId(),
            tenant_id: campaign.tenant_id,
            campaign_id: campaign.id,
            run_id: run.id,
            contact_id: contact.id,
            kind: "skipped",
            phone: contact.phone,
            reason: decision.reason,
            platform_call_id: null,
            detail: null,
            created_at: iso(at),
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
    after = chunk[chunk.length - 1]!;
  }
  return { opensAt, callableNow };
}

async function placeCall(context: RunContext, request: Parameters<VoicePlatform["placeCall"]>[0]) {
  try {
    const { callId, outcome } = await context.voicePlatform.placeCall(request);
    return { kind: outcome ?? context.voicePlatform.outcome, callId, detail: null };
  } catch (error) {
    const detail = error instanceof VoicePlatformError ? error.message : `Unexpected error: ${error instanceof Error ? error.message : String(error)}`;
    return { kind: "failed" as const, callId: null, detail };
  }
}

async function runCounts(db: DB, runId: string) {
  const rows = await db
    .selectFrom("campaign_activity")
    .select(["kind", sql<number>`count(*)`.as("count")])
    .where("run_id", "=", runId)
    .groupBy("kind")
    .execute();
  const count = (kinds: string[]) => rows.filter((row) => kinds.includes(row.kind)).reduce((sum, row) => sum + Number(row.count), 0);
  return { called: count(["logged", "placed", "failed"]), skipped: count(["skipped"]) };
}

/** Closes the run and lets the lifecycle move the campaign on, in one transaction. */
async function finishRun(context: RunContext, campaign: DueCampaign, run: CampaignRun) {
  const now = context.now();
  const at = iso(now);
  const counts = await runCounts(context.db, run.id);
  return context.db.transaction().execute(async (trx) => {
    const closed = await trx
      .updateTable("campaign_runs")
      .set({ status: "done", finished_at: at, lease_owner: null, lease_until: null, called_count: counts.called, skipped_count: counts.skipped })
      .where("id", "=", run.id)
      .where("lease_owner", "=", context.owner)
      .where("status", "=", "running")
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) return false;
    await concludeRun(campaign.id, { at: now, timeZone: campaign.time_zone }, trx);
    return true;
  });
}

/**
 * A run that cannot go on (the number lost its knowledge base): the lease is
 * let go and the campaign paused with the reason; the run is kept as it is,
 * so resuming after the fix continues it without calling anyone twice.
 */
async function haltRun(context: RunContext, campaign: DueCampaign, run: CampaignRun, reason: string) {
  const at = context.now();
  await context.db.transaction().execute(async (trx) => {
    await releaseLease(trx, run.id, context.owner);
    await haltCampaign(campaign, reason, at, trx);
  });
}
