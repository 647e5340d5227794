import { getDb, type DB } from "~/db/db.server";
import type { CampaignDetail } from "./campaigns.server";
import { callableNumber, createSummary, decideContact, launchBlocker, type LaunchBlocker, type PrelaunchSummary } from "./prelaunch";
import { followingRun, planLaunch } from "./schedule/schedule";

/**
 * The pre-launch check of a campaign page: every contact of the list judged
 * as the job runner will judge it at the launch instant (now for an
 * immediate start or a run under way, else the next scheduled time).
 * Contacts a paused run has already dealt with are counted apart; they
 * still make later contacts with the same number duplicates, as in the run.
 */
export interface PrelaunchReport {
  /** The instant the contacts were judged at (UTC ISO). */
  at: string;
  /** The scheduled time of a draft has gone by: it could not be started as it is. */
  schedulePassed: boolean;
  summary: PrelaunchSummary;
  alreadyHandled: number;
  /** Why the campaign could not start as it is; null when someone will be called. */
  blocker: LaunchBlocker | null;
}

export type PrelaunchCampaign = Pick<
  CampaignDetail,
  "id" | "status" | "sendingType" | "frequency" | "scheduleLocal" | "nextRunAt" | "windowDays" | "windowStartMinute" | "windowEndMinute" | "contactListId"
>;

function launchInstant(campaign: PrelaunchCampaign, timeZone: string, now: Date, hasRunUnderWay: boolean) {
  if (campaign.status === "running" || hasRunUnderWay) return { at: now, schedulePassed: false };
  if (campaign.status === "scheduled" && campaign.nextRunAt)
    return { at: new Date(Math.max(Date.parse(campaign.nextRunAt), now.getTime())), schedulePassed: false };
  const plan = planLaunch({ sendingType: campaign.sendingType, frequency: campaign.frequency, scheduleLocal: campaign.scheduleLocal }, timeZone, now);
  if (plan.ok) return { at: plan.at, schedulePassed: false };
  // A draft whose time went by cannot start; a paused one would run at once on resume.
  return { at: now, schedulePassed: campaign.status === "draft" };
}

/** The instant a run began: its key for a scheduled occurrence, else the launch instant (an immediate start runs from now). */
function runStart(runKey: string | undefined, at: Date) {
  const keyed = runKey ? Date.parse(runKey) : NaN;
  return Number.isNaN(keyed) ? at : new Date(keyed);
}

export async function runPrelaunchCheck(
  tenantId: string,
  campaign: PrelaunchCampaign,
  timeZone: string,
  now: Date = new Date(),
  db: DB = getDb(),
): Promise<PrelaunchReport> {
  const run = await db
    .selectFrom("campaign_runs")
    .select(["id", "run_key"])
    .where("tenant_id", "=", tenantId)
    .where("campaign_id", "=", campaign.id)
    .where("status", "=", "running")
    .executeTakeFirst();
  const handled = new Set<string>();
  if (run) {
    const rows = await db.selectFrom("campaign_activity").select("contact_id").where("run_id", "=", run.id).where("contact_id", "is not", null).execute();
    for (const row of rows) handled.add(row.contact_id!);
  }
  const { at, schedulePassed } = launchInstant(campaign, timeZone, now, Boolean(run));
  const settings = { sendingType: campaign.sendingType, frequency: campaign.frequency, scheduleLocal: campaign.scheduleLocal };
  const window = { days: campaign.windowDays, startMinute: campaign.windowStartMinute, endMinute: campaign.windowEndMinute };
  const options = { window, tenantTimeZone: timeZone, at, deadline: followingRun(settings, timeZone, runStart(run?.run_key, at)) };

  const { summary, add } = createSummary();
  const seen = new Set<string>();
  const contacts = db
    .selectFrom("contacts")
    .select(["id", "phone", "time_zone", "opted_out_at"])
    .where("tenant_id", "=", tenantId)
    .where("list_id", "=", campaign.contactListId)
    .orderBy("created_at")
    .orderBy("id")
    .stream(500);
  for await (const contact of contacts) {
    const e164 = callableNumber(contact.phone);
    const duplicate = e164 !== null && seen.has(e164);
    if (e164) seen.add(e164);
    if (handled.has(contact.id)) continue;
    add(decideContact({ id: contact.id, phone: contact.phone, timeZone: contact.time_zone, optedOut: contact.opted_out_at !== null }, duplicate, options));
  }
  // A run under way has called someone already: only a campaign yet to launch can be blocked.
  const blocker = handled.size > 0 ? null : launchBlocker(summary, window);
  return { at: at.toISOString(), schedulePassed, alreadyHandled: handled.size, summary, blocker };
}
