import { getDb, newId, type DB } from "~/db/db.server";
import { emit } from "~/lib/events/bus.server";
import type { Campaign, CampaignStatus } from "~/db/schema";
import { parseWindowDays } from "./schedule/calling-window";
import { ALLOWED_FROM, type CampaignAction } from "./campaign-rules";
import { hasSpeaker, hasUnfinishedRun } from "./campaigns.server";
import { runPrelaunchCheck, type PrelaunchReport } from "./prelaunch.server";
import { followingRun, planLaunch } from "./schedule/schedule";

/**
 * The campaign state machine, and the only module that writes
 * campaigns.status. The page's start, pause, resume and delete, and the job
 * runner's moves (a scheduled run begins, a run waits for a calling window,
 * ends, or halts) are each one conditional update that names the status it
 * expects, so two clicks (or a click and the job runner) cannot both win;
 * the loser gets a refusal it can show. Status changes are written to the
 * activity log.
 */
export type TransitionRefusal =
  | "not-found"
  | "not-allowed"
  | "knowledge-base-missing"
  | "schedule-passed"
  | "schedule-missing"
  /** Nobody is or will become callable: why, from the pre-launch check. */
  | "empty-list"
  | "no-weekday"
  | "nobody-callable"
  /** Some contacts would be skipped, and the start did not say it accepts that. */
  | "confirmation-needed";
export type TransitionResult =
  | { ok: true; status: CampaignStatus | "deleted"; dispatchNow: boolean; check?: PrelaunchReport }
  | { ok: false; refusal: TransitionRefusal; check?: PrelaunchReport };

interface Context {
  tenantId: string;
  timeZone: string;
  now?: Date;
  db?: DB;
}

const refuse = (refusal: TransitionRefusal, check?: PrelaunchReport): TransitionResult => (check ? { ok: false, refusal, check } : { ok: false, refusal });

async function loadCampaign(db: DB, tenantId: string, id: string) {
  return db.selectFrom("campaigns").selectAll().where("tenant_id", "=", tenantId).where("id", "=", id).executeTakeFirst();
}

function recordStatusChange(db: DB, campaign: { id: string; tenant_id: string }, status: CampaignStatus, at: string, detail: string | null = null) {
  return db
    .insertInto("campaign_activity")
    .values({
      id: newId(),
      tenant_id: campaign.tenant_id,
      campaign_id: campaign.id,
      run_id: null,
      contact_id: null,
      kind: "status",
      phone: null,
      reason: status,
      platform_call_id: null,
      detail,
      created_at: at,
    })
    .execute();
}

async function transition(
  action: CampaignAction,
  id: string,
  { tenantId, now = new Date(), db = getDb() }: Context,
  decide: (campaign: Campaign, trx: DB) => Promise<TransitionResult | { status: CampaignStatus; nextRunAt: string | null; check?: PrelaunchReport }>,
): Promise<TransitionResult> {
  return db.transaction().execute(async (trx) => {
    const campaign = await loadCampaign(trx, tenantId, id);
    if (!campaign) return refuse("not-found");
    if (!ALLOWED_FROM[action].includes(campaign.status)) return refuse("not-allowed");
    const decision = await decide(campaign, trx);
    if ("ok" in decision) return decision;
    const check = "check" in decision ? decision.check : undefined;
    const at = now.toISOString();
    const updated = await trx
      .updateTable("campaigns")
      .set({ status: decision.status, next_run_at: decision.nextRunAt, updated_at: at })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", id)
      .where("status", "=", campaign.status)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return refuse("not-allowed");
    await recordStatusChange(trx, campaign, decision.status, at);
    const dispatchNow = decision.nextRunAt !== null && Date.parse(decision.nextRunAt) <= now.getTime();
    return check ? { ok: true, status: decision.status, dispatchNow, check } : { ok: true, status: decision.status, dispatchNow };
  });
}

/** What a launch (a start, or a resume between runs) sets: running at once for immediate campaigns, scheduled otherwise. */
async function launch(campaign: Campaign, trx: DB, timeZone: string, now: Date, { late }: { late: "refuse" | "run-now" }) {
  if (!(await hasSpeaker(campaign, trx))) return refuse("knowledge-base-missing");
  const plan = planLaunch({ sendingType: campaign.sending_type, frequency: campaign.frequency, scheduleLocal: campaign.schedule_local }, timeZone, now);
  if (!plan.ok) {
    // A paused one-off campaign whose time went by while it was paused runs as soon as it is resumed.
    if (plan.problem === "schedule-passed" && late === "run-now") return { status: "scheduled" as const, nextRunAt: now.toISOString() };
    return refuse(plan.problem);
  }
  const status: CampaignStatus = campaign.sending_type === "immediate" ? "running" : "scheduled";
  return { status, nextRunAt: plan.at.toISOString() };
}

const asPrelaunchCampaign = (campaign: Campaign) => ({
  id: campaign.id,
  status: campaign.status,
  sendingType: campaign.sending_type,
  frequency: campaign.frequency,
  scheduleLocal: campaign.schedule_local,
  nextRunAt: campaign.next_run_at,
  windowDays: parseWindowDays(campaign.window_days),
  windowStartMinute: campaign.window_start_minute,
  windowEndMinute: campaign.window_end_minute,
  contactListId: campaign.contact_list_id,
});

/**
 * Starting runs the pre-launch check first: a campaign nobody would ever be
 * called by does not start (the refusal says why), and one that would skip
 * somebody starts only when `confirmSkips` says the user saw the numbers.
 * Contacts outside their window are no reason to ask: they are called once
 * it opens. The check comes back with the result, for the page to show.
 */
export function startCampaign(id: string, context: Context & { confirmSkips?: boolean }) {
  const now = context.now ?? new Date();
  return transition("start", id, { ...context, now }, async (campaign, trx) => {
    const decision = await launch(campaign, trx, context.timeZone, now, { late: "refuse" });
    if ("ok" in decision) return decision;
    const check = await runPrelaunchCheck(campaign.tenant_id, asPrelaunchCampaign(campaign), context.timeZone, now, trx);
    if (check.blocker) return refuse(check.blocker, check);
    if (check.summary.skipped > 0 && !context.confirmSkips) return refuse("confirmation-needed", check);
    return { ...decision, check };
  });
}

/** Pausing keeps next_run_at: a run that was under way continues from where it stopped when resumed. */
export function pauseCampaign(id: string, context: Context) {
  return transition("pause", id, context, (campaign) => Promise.resolve({ status: "paused", nextRunAt: campaign.next_run_at }));
}

/**
 * Resuming continues an interrupted run where it stopped (the same run, so
 * nobody already called is called again); between runs it launches again:
 * a recurring campaign at its next occurrence, a late one-off right away.
 */
export function resumeCampaign(id: string, context: Context) {
  const now = context.now ?? new Date();
  return transition("resume", id, { ...context, now }, async (campaign, trx) => {
    if (!(await hasSpeaker(campaign, trx))) return refuse("knowledge-base-missing");
    if (campaign.next_run_at && (await hasUnfinishedRun(campaign.tenant_id, campaign.id, trx))) {
      return { status: "running", nextRunAt: campaign.next_run_at };
    }
    return launch(campaign, trx, context.timeZone, now, { late: "run-now" });
  });
}

/** Deletes the campaign with its runs and activity (cascade). A running campaign must be paused first. */
export async function deleteCampaign(id: string, { tenantId, db = getDb() }: Pick<Context, "tenantId" | "db">): Promise<TransitionResult> {
  return db.transaction().execute(async (trx) => {
    const campaign = await loadCampaign(trx, tenantId, id);
    if (!campaign) return refuse("not-found");
    const deleted = await trx
      .deleteFrom("campaigns")
      .where("tenant_id", "=", tenantId)
      .where("id", "=", id)
      .where("status", "in", [...ALLOWED_FROM.delete])
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return refuse("not-allowed");
    return { ok: true, status: "deleted", dispatchNow: false };
  });
}

/*
 * The job runner's moves. Each takes the database (or the transaction the
 * runner closes its run in) and a campaign as the runner last saw it, and
 * answers whether the move happened: false means someone else moved the
 * campaign first (a pause, most often), and the runner stands back.
 */
type RunnerCampaign = Pick<Campaign, "id" | "tenant_id" | "next_run_at">;

/** A scheduled campaign's time has come: it is running now, unless it was paused or rescheduled a moment ago. */
export async function beginScheduledRun(campaign: RunnerCampaign, at: Date, db: DB = getDb()) {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("campaigns")
      .set({ status: "running", updated_at: at.toISOString() })
      .where("id", "=", campaign.id)
      .where("status", "=", "scheduled")
      .where("next_run_at", "=", campaign.next_run_at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await recordStatusChange(trx, campaign, "running", at.toISOString());
    return true;
  });
}

/**
 * The run under way has nobody left to call but contacts outside their
 * calling window: the campaign stays running and is due again when the first
 * of those windows opens. The run (and so every contact's once-only row)
 * stays the same; next_run_at only says when to look again.
 */
export async function waitForCallingWindow(campaign: RunnerCampaign, opensAt: Date, at: Date, db: DB = getDb()) {
  const result = await db
    .updateTable("campaigns")
    .set({ next_run_at: opensAt.toISOString(), updated_at: at.toISOString() })
    .where("id", "=", campaign.id)
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A run is done, in the transaction that closed it: a recurring campaign is
 * scheduled for its next occurrence, any other is completed. A campaign
 * paused in the meantime stays paused (a recurring one keeps its next
 * occurrence for when it is resumed); a paused one-off has nothing left and
 * is completed.
 */
export async function concludeRun(campaignId: string, { at, timeZone }: { at: Date; timeZone: string }, db: DB) {
  const current = await db.selectFrom("campaigns").selectAll().where("id", "=", campaignId).executeTakeFirst();
  if (!current) return false;
  const due = current.next_run_at ? new Date(Math.max(Date.parse(current.next_run_at), at.getTime())) : at;
  const next = followingRun({ sendingType: current.sending_type, frequency: current.frequency, scheduleLocal: current.schedule_local }, timeZone, due);
  const status: CampaignStatus =
    current.status === "running" ? (next ? "scheduled" : "completed") : current.status === "paused" && !next ? "completed" : current.status;
  const stamp = at.toISOString();
  const result = await db
    .updateTable("campaigns")
    .set({ status, next_run_at: next ? next.toISOString() : null, last_run_at: stamp, updated_at: stamp })
    .where("id", "=", campaignId)
    .where("status", "=", current.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  if (status !== current.status) await recordStatusChange(db, current, status, stamp);
  if (status === "completed" && current.status !== "completed") await emit(db, { kind: "campaign.completed", tenantId: current.tenant_id, campaignId });
  return true;
}

/**
 * A run that cannot go on (the number lost its knowledge base): the campaign
 * is paused with the reason, in the runner's transaction, so resuming after
 * the fix continues the same run.
 */
export async function haltCampaign(campaign: Pick<Campaign, "id" | "tenant_id">, reason: string, at: Date, db: DB) {
  const current = await db.selectFrom("campaigns").select("status").where("id", "=", campaign.id).executeTakeFirst();
  if (!current || (current.status !== "running" && current.status !== "scheduled")) return false;
  const paused = await db
    .updateTable("campaigns")
    .set({ status: "paused", updated_at: at.toISOString() })
    .where("id", "=", campaign.id)
    .where("status", "=", current.status)
    .executeTakeFirst();
  if (Number(paused.numUpdatedRows) !== 1) return false;
  await recordStatusChange(db, campaign, "paused", at.toISOString(), reason);
  return true;
}
