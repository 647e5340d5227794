import type { CampaignFrequency, CampaignSendingType } from "~/db/schema";
import { nextOccurrence } from "./recurrence";
import { parseLocalDateTime, zonedTimeToInstant } from "~/lib/dates/zoned-time";

export interface ScheduleSettings {
  sendingType: CampaignSendingType;
  frequency: CampaignFrequency | null;
  /** Wall clock "YYYY-MM-DDTHH:mm" in the tenant's zone. */
  scheduleLocal: string | null;
}

export type LaunchPlan = { ok: true; at: Date } | { ok: false; problem: "schedule-missing" | "schedule-passed" };

/**
 * When a campaign started now would first dispatch: immediate ones now,
 * scheduled ones at their time (which must still be ahead), recurring ones
 * at the first occurrence from now on.
 */
export function planLaunch(settings: ScheduleSettings, timeZone: string, now: Date): LaunchPlan {
  if (settings.sendingType === "immediate") return { ok: true, at: now };
  const start = settings.scheduleLocal ? parseLocalDateTime(settings.scheduleLocal) : null;
  if (!start) return { ok: false, problem: "schedule-missing" };
  if (settings.sendingType === "scheduled") {
    const at = zonedTimeToInstant(start, timeZone);
    return at.getTime() > now.getTime() ? { ok: true, at } : { ok: false, problem: "schedule-passed" };
  }
  return { ok: true, at: nextOccurrence(start, settings.frequency ?? "daily", timeZone, now, { inclusive: true }) };
}

/** The occurrence after the one just run, for a recurring campaign; null for the others. */
export function followingRun(settings: ScheduleSettings, timeZone: string, after: Date): Date | null {
  if (settings.sendingType !== "recurring") return null;
  const start = settings.scheduleLocal ? parseLocalDateTime(settings.scheduleLocal) : null;
  if (!start) return null;
  return nextOccurrence(start, settings.frequency ?? "daily", timeZone, after);
}
