import type { CallStatus, CampaignActivityKind } from "~/db/schema";
import { DISPATCHING } from "./activity-reasons";

/**
 * A campaign's results (docs/product/records.md#campaign-results): what became of
 * each contact of its list in the campaign's latest run. The facts come from
 * the run's activity row for the contact (campaign-runs.server.ts writes one
 * per contact it deals with: logged, placed, failed or skipped) and, for a
 * placed call, the call the voice platform reported for it (calls.external_id
 * = campaign_activity.platform_call_id). A contact without a row has not been
 * dealt with yet: it waits for its calling window while that window is closed
 * and the campaign runs, else it is simply not called (yet).
 *
 * Pure, so the rules are tested once; results.server.ts turns the same rules
 * into SQL for the outcome filter, and its integration test checks that each
 * filter lists as many contacts as its figure says.
 */
export const CONTACT_OUTCOMES = ["answered", "voicemail", "no-answer", "failed", "pending", "logged", "skipped", "waiting", "not-called"] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];

export interface OutcomeFacts {
  /** The contact's activity row in the run; null when the run has not dealt with it. */
  kind: CampaignActivityKind | null;
  reason: string | null;
  /** The status of the call the platform reported for a placed call; null when none arrived (yet). */
  callStatus: CallStatus | null;
  /** For a contact not dealt with: its calling window is closed at the moment judged. */
  windowClosed: boolean;
}

export interface RunState {
  /** The campaign is running and its run unfinished: contacts may still be called, a call being placed may still answer. */
  live: boolean;
}

/** The kinds of activity that mean the number was dialled (or would have been, without a voice platform). */
export const DIALLED_KINDS = ["logged", "placed", "failed"] as const satisfies readonly CampaignActivityKind[];

/** What a placed call's reported status means for the contact. */
export const CALL_STATUS_OUTCOMES: Record<CallStatus, ContactOutcome> = {
  ended: "answered",
  voicemail: "voicemail",
  missed: "no-answer",
  queued: "pending",
  live: "pending",
};

export function classifyOutcome(facts: OutcomeFacts, { live }: RunState): ContactOutcome {
  switch (facts.kind) {
    case null:
    case "status":
      return live && facts.windowClosed ? "waiting" : "not-called";
    case "skipped":
      return "skipped";
    case "logged":
      return "logged";
    case "failed":
      // Taken, and the platform has not answered yet: still being placed while the run goes on, else the runner stopped (not retried).
      return facts.reason === DISPATCHING && live ? "pending" : "failed";
    case "placed":
      return facts.callStatus ? CALL_STATUS_OUTCOMES[facts.callStatus] : "pending";
  }
}

/** One group of the results' grouped query: contacts with the same facts, and what their calls booked and cost. */
export interface ResultGroup extends OutcomeFacts {
  contacts: number;
  /** Contacts of the group whose call booked an appointment (not cancelled). */
  appointments: number;
  /** The calls' cost in minor units of `currency`; 0 when they reported none. */
  costMinor: number;
  currency: string | null;
}

export interface CampaignResults {
  /** Contacts of the list the results cover. */
  total: number;
  /** Numbers dialled: answered, voicemail, no answer, failed, still pending and logged. */
  dialled: number;
  byOutcome: Record<ContactOutcome, number>;
  appointments: number;
  /** The calls' cost per currency (ISO 4217), largest first; empty when no call reported a cost. */
  cost: Array<{ currency: string; minor: number }>;
}

export function emptyOutcomeCounts(): Record<ContactOutcome, number> {
  return Object.fromEntries(CONTACT_OUTCOMES.map((outcome) => [outcome, 0])) as Record<ContactOutcome, number>;
}

export function summariseResults(groups: Iterable<ResultGroup>, state: RunState): CampaignResults {
  const byOutcome = emptyOutcomeCounts();
  const cost = new Map<string, number>();
  let total = 0;
  let dialled = 0;
  let appointments = 0;
  for (const group of groups) {
    total += group.contacts;
    byOutcome[classifyOutcome(group, state)] += group.contacts;
    if (group.kind && (DIALLED_KINDS as readonly string[]).includes(group.kind)) dialled += group.contacts;
    appointments += group.appointments;
    if (group.currency && group.costMinor > 0) cost.set(group.currency, (cost.get(group.currency) ?? 0) + group.costMinor);
  }
  return {
    total,
    dialled,
    byOutcome,
    appointments,
    cost: [...cost].map(([currency, minor]) => ({ currency, minor })).sort((a, b) => b.minor - a.minor || a.currency.localeCompare(b.currency)),
  };
}

/** A draft or scheduled campaign has not called anyone yet: its page shows the pre-launch check instead of results. */
export const showsResults = (status: string) => status === "running" || status === "paused" || status === "completed";
