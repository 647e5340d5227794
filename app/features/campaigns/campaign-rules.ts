import type { CampaignFrequency, CampaignSendingType, CampaignStatus, CampaignType } from "~/db/schema";

/**
 * The campaign's vocabulary and its life cycle. A campaign is written as a
 * draft, started (immediate: running now; scheduled and recurring: scheduled
 * until its time), paused and resumed, and completed by the job runner when
 * a one-off run is done (a recurring campaign goes back to scheduled for its
 * next occurrence). Anything else is refused with a message, by the page and
 * by the database update alike (each update names the statuses it may leave).
 */
export const CAMPAIGN_STATUSES = ["draft", "scheduled", "running", "paused", "completed"] as const satisfies readonly CampaignStatus[];
export const CAMPAIGN_TYPES = ["outbound", "inbound"] as const satisfies readonly CampaignType[];
export const SENDING_TYPES = ["immediate", "scheduled", "recurring"] as const satisfies readonly CampaignSendingType[];
export const FREQUENCIES = ["daily", "weekly", "monthly"] as const satisfies readonly CampaignFrequency[];

export const CAMPAIGN_ACTIONS = ["start", "pause", "resume", "delete", "edit"] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/** From which statuses each action may be taken. Deleting a running campaign needs a pause first, so no call is cut off mid-batch. */
export const ALLOWED_FROM: Record<CampaignAction, readonly CampaignStatus[]> = {
  start: ["draft"],
  pause: ["scheduled", "running"],
  resume: ["paused"],
  delete: ["draft", "scheduled", "paused", "completed"],
  edit: ["draft", "paused"],
};

export const isAllowed = (action: CampaignAction, status: CampaignStatus) => ALLOWED_FROM[action].includes(status);

export const NAME_MIN_LENGTH = 5;

/**
 * How long the rating link of a campaign's feedback email works (the
 * feedback feature's FEEDBACK_LINK_LIFETIME_DAYS says the same: campaigns
 * sit below feedback and cannot import it, so the form's hint names it here).
 */
export const FEEDBACK_LINK_LIFETIME_DAYS = 14;
export const NAME_MAX_LENGTH = 100;

export function isCampaignStatus(value: unknown): value is CampaignStatus {
  return typeof value === "string" && (CAMPAIGN_STATUSES as readonly string[]).includes(value);
}

/** The number has no knowledge base of the campaign's type: the message names the type that is missing. */
export const knowledgeBaseMissing = (type: CampaignType) => `validation.knowledgeBaseMissing_${type}`;
export const isKnowledgeBaseMissing = (error: string) => error.startsWith("validation.knowledgeBaseMissing_");

/** A paused campaign keeps next_run_at for when it is resumed, but nothing runs meanwhile: only these have a next run to show. */
export const isDue = (status: CampaignStatus) => status === "scheduled" || status === "running";
