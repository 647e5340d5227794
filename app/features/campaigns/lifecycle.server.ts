import { getDb, newId, type DB } from "~/db/db.server";
import type { CampaignStatus } from "~/db/schema";
import { ALLOWED_FROM, type CampaignAction } from "./campaign-rules";
import { hasUnfinishedRun, resolveKnowledgeBase } from "./campaigns.server";
import { planLaunch } from "./schedule";

/**
 * Start, pause, resume and delete. Each is one transaction whose update
 * names the statuses it may leave, so two clicks (or a click and the job
 * runner) cannot both win; the loser gets a refusal it can show. Status
 * changes are written to the activity log.
 */
export type TransitionRefusal = "not-found" | "not-allowed" | "knowledge-base-missing" | "schedule-passed" | "schedule-missing";
export type TransitionResult = { ok: true; status: CampaignStatus | "deleted"; dispatchNow: boolean } | { ok: false; refusal: TransitionRefusal };

interface Context {
  tenantId: string;
  timeZone: string;
  now?: Date;
  db?: DB;
}

const refuse = (refusal: TransitionRefusal): TransitionResult => ({ ok: false, refusal });

async function loadCampaign(db: DB, tenantId: string, id: string) {
  return db.selectFrom("campaigns").selectAll().where("tenant_id", "=", tenantId).where("id", "=", id).executeTakeFirst();
}

export function recordStatusChange(db: DB, campaign: { id: string; tenant_id: string }, status: CampaignStatus, at: string, detail: string | null = null) {
  return db
    .insertInto("campaign_activity")
    .values({
      id: newId(), tenant_id: campaign.tenant_id, campaign_id: campaign.id, run_id: null, contact_id: null, kind: "status",
      phone: null, reason: status, platform_call_id: null, detail, created_at: at,
    })
    .execute();
}

async function transition(
  action: CampaignAction,
  id: string,
  { tenantId, now = new Date(), db = getDb() }: Context,
  decide: (campaign: NonNullable<Awaited<ReturnType<typeof loadCampaign>>>, trx: DB) => Promise<TransitionResult | { status: CampaignStatus; nextRunAt: string | null }>,
): Promise<TransitionResult> {
  return db.transaction().execute(async (trx) => {
    const campaign = await loadCampaign(trx, tenantId, id);
    if (!campaign) return refuse("not-found");
    if (!ALLOWED_FROM[action].includes(campaign.status)) return refuse("not-allowed");
    const decision = await decide(campaign, trx);
    if ("ok" in decision) return decision;
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
    return { ok: true, status: decision.status, dispatchNow };
  });
}

/** What a launch (a start, or a resume between runs) sets: running at once for immediate campaigns, scheduled otherwise. */
async function launch(campaign: NonNullable<Awaited<ReturnType<typeof loadCampaign>>>, trx: DB, timeZone: string, now: Date, { late }: { late: "refuse" | "run-now" }) {
  if (!(await resolveKnowledgeBase(campaign.tenant_id, campaign.phone_number_id, campaign.type, trx))) return refuse("knowledge-base-missing");
  const plan = planLaunch({ sendingType: campaign.sending_type, frequency: campaign.frequency, scheduleLocal: campaign.schedule_local }, timeZone, now);
  if (!plan.ok) {
    // A paused one-off campaign whose time went by while it was paused runs as soon as it is resumed.
    if (plan.problem === "schedule-passed" && late === "run-now") return { status: "scheduled" as const, nextRunAt: now.toISOString() };
    return refuse(plan.problem);
  }
  const status: CampaignStatus = campaign.sending_type === "immediate" ? "running" : "scheduled";
  return { status, nextRunAt: plan.at.toISOString() };
}

export function startCampaign(id: string, context: Context) {
  const now = context.now ?? new Date();
  return transition("start", id, { ...context, now }, (campaign, trx) => launch(campaign, trx, context.timeZone, now, { late: "refuse" }));
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
    if (!(await resolveKnowledgeBase(campaign.tenant_id, campaign.phone_number_id, campaign.type, trx))) return refuse("knowledge-base-missing");
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
