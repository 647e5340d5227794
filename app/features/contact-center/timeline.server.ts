import { sql, type Expression, type SqlBool } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import type { CampaignActivityKind, DealStageKind, OptOutSource, TicketPriority, TicketStatus } from "~/db/schema";
import { can } from "~/features/roles/permissions";
import type { PermissionMap } from "~/features/roles/permissions";
import { TIMELINE_KINDS, TIMELINE_PAGE_SIZE, type TimelineKind, type TimelineParams } from "./center-params";
import { callNumberForms } from "./call-numbers.server";

/**
 * A contact's timeline: everything the tenant did with the contact, newest
 * first, a page at a time. One UNION ALL of (kind, id, at) over the tables
 * that hold it orders and pages the whole history in the database; only the
 * page's entries are then read in full, one query per kind. Every part is
 * the tenant's rows only, and each kind is left out for a user whose role
 * may not read its screen (a support member sees no deals).
 *
 * - call: the calls with the contact's number on the customer's side (the
 *   caller of an inbound call, the called of an outbound one), at their start;
 * - feedback: those calls' customer ratings, when they came in;
 * - ticket, deal: the contact's tickets and deals, when created;
 * - appointment: the contact's appointments in the selected organization, when booked;
 * - campaign: what campaigns did with the contact (dialled, skipped, failed);
 * - opt-out: every opt-out and opt-in (contact_opt_out_changes, migration 0024).
 */

/** The screen whose read permission a kind needs. */
const KIND_AREA: Record<TimelineKind, string> = {
  call: "recordings",
  feedback: "recordings",
  ticket: "service-desk",
  deal: "crm-deals",
  appointment: "appointments",
  campaign: "campaigns",
  "opt-out": "contacts",
};

export const readableKinds = (permissions: PermissionMap) => TIMELINE_KINDS.filter((kind) => can(permissions, KIND_AREA[kind], "read"));

export interface TimelineScope {
  tenantId: string;
  country: string;
  /** The organization the top bar selects; appointments belong to one. */
  organizationId: string | null;
  kinds: readonly TimelineKind[];
}

interface EntryBase {
  id: string;
  at: string;
}
export type TimelineEntry =
  | (EntryBase & {
      kind: "call";
      direction: string;
      status: string;
      durationSeconds: number | null;
      summary: string | null;
      agentName: string | null;
      campaignName: string | null;
      sentiment: string | null;
      hasAudio: boolean;
    })
  | (EntryBase & { kind: "feedback"; callId: string; rating: number; text: string | null; momentSeconds: number | null })
  | (EntryBase & { kind: "ticket"; number: number; subject: string; status: TicketStatus; priority: TicketPriority })
  | (EntryBase & {
      kind: "deal";
      title: string;
      valueMinor: number;
      currency: string;
      stage: { name: string | null; systemKey: string | null; kind: DealStageKind };
      lostReason: string | null;
    })
  | (EntryBase & { kind: "appointment"; title: string; startAt: string; endAt: string; timeZone: string; status: string })
  | (EntryBase & { kind: "campaign"; campaignId: string; campaignName: string | null; activity: CampaignActivityKind; reason: string | null })
  | (EntryBase & { kind: "opt-out"; optedOut: boolean; source: OptOutSource; actorName: string | null });

export interface TimelinePage {
  entries: TimelineEntry[];
  /** Entries per kind the user may read, for the filter (kinds with none are still listed). */
  counts: Record<TimelineKind, number>;
  total: number;
  page: number;
  pageCount: number;
}

type Key = { kind: TimelineKind; id: string; at: string };

/** The customer's side of a call has one of the contact's number forms. */
function callOfContact(forms: string[]): Expression<SqlBool> {
  return sql<SqlBool>`((calls.direction = 'outbound' and calls.to_number in (${sql.join(forms)})) or (calls.direction <> 'outbound' and calls.from_number in (${sql.join(forms)})))`;
}

function keyQueries(db: DB, scope: TimelineScope, contact: { id: string; phone: string }) {
  const forms = callNumberForms(contact.phone, scope.country);
  const kind = (value: TimelineKind) => sql.lit(value).as("kind");
  const queries = {
    call: () =>
      db
        .selectFrom("calls")
        .select([kind("call"), "calls.id", sql<string>`coalesce(calls.started_at, calls.created_at)`.as("at")])
        .where("calls.tenant_id", "=", scope.tenantId)
        .where(callOfContact(forms)),
    feedback: () =>
      db
        .selectFrom("calls")
        .select([kind("feedback"), "calls.id", sql<string>`calls.feedback_at`.as("at")])
        .where("calls.tenant_id", "=", scope.tenantId)
        .where("calls.feedback_rating", "is not", null)
        .where("calls.feedback_at", "is not", null)
        .where(callOfContact(forms)),
    ticket: () =>
      db
        .selectFrom("tickets")
        .select([kind("ticket"), "tickets.id", sql<string>`tickets.created_at`.as("at")])
        .where("tickets.tenant_id", "=", scope.tenantId)
        .where("tickets.contact_id", "=", contact.id),
    deal: () =>
      db
        .selectFrom("deals")
        .select([kind("deal"), "deals.id", sql<string>`deals.created_at`.as("at")])
        .where("deals.tenant_id", "=", scope.tenantId)
        .where("deals.contact_id", "=", contact.id),
    appointment: () =>
      db
        .selectFrom("appointments")
        .select([kind("appointment"), "appointments.id", sql<string>`appointments.created_at`.as("at")])
        .where("appointments.tenant_id", "=", scope.tenantId)
        .where("appointments.organization_id", "=", scope.organizationId ?? "")
        .where("appointments.contact_id", "=", contact.id),
    campaign: () =>
      db
        .selectFrom("campaign_activity")
        .select([kind("campaign"), "campaign_activity.id", sql<string>`campaign_activity.created_at`.as("at")])
        .where("campaign_activity.tenant_id", "=", scope.tenantId)
        .where("campaign_activity.contact_id", "=", contact.id),
    "opt-out": () =>
      db
        .selectFrom("contact_opt_out_changes")
        .select([kind("opt-out"), "contact_opt_out_changes.id", sql<string>`contact_opt_out_changes.at`.as("at")])
        .where("contact_opt_out_changes.tenant_id", "=", scope.tenantId)
        .where("contact_opt_out_changes.contact_id", "=", contact.id),
  } satisfies Record<TimelineKind, () => unknown>;
  return queries;
}

export async function loadTimeline(
  scope: TimelineScope,
  contact: { id: string; phone: string },
  params: Pick<TimelineParams, "show" | "page">,
  db: DB = getDb(),
): Promise<TimelinePage> {
  const counts = Object.fromEntries(TIMELINE_KINDS.map((kind) => [kind, 0])) as Record<TimelineKind, number>;
  const empty = { entries: [], counts, total: 0, page: 1, pageCount: 1 };
  if (scope.kinds.length === 0) return empty;
  const queries = keyQueries(db, scope, contact);
  const all = scope.kinds.map((kind) => queries[kind]());
  const union = all.slice(1).reduce((union, query) => union.unionAll(query), all[0]!);
  const countRows = await db
    .selectFrom(union.as("timeline"))
    .select(["timeline.kind", (eb) => eb.fn.countAll<number | string>().as("count")])
    .groupBy("timeline.kind")
    .execute();
  for (const row of countRows) counts[row.kind as TimelineKind] = Number(row.count);

  const shown = params.show && scope.kinds.includes(params.show) ? [params.show] : scope.kinds;
  const total = shown.reduce((sum, kind) => sum + counts[kind], 0);
  const pageCount = Math.max(1, Math.ceil(total / TIMELINE_PAGE_SIZE));
  const page = Math.min(params.page, pageCount);
  if (total === 0) return { ...empty, counts };
  const shownQueries = shown.map((kind) => queries[kind]());
  const shownUnion = shownQueries.slice(1).reduce((union, query) => union.unionAll(query), shownQueries[0]!);
  const keys = (await db
    .selectFrom(shownUnion.as("timeline"))
    .select(["timeline.kind", "timeline.id", "timeline.at"])
    .orderBy("timeline.at", "desc")
    .orderBy("timeline.kind")
    .orderBy("timeline.id", "desc")
    .limit(TIMELINE_PAGE_SIZE)
    .offset((page - 1) * TIMELINE_PAGE_SIZE)
    .execute()) as Key[];
  return { entries: await hydrate(db, scope.tenantId, keys), counts, total, page, pageCount };
}

const idsOf = (keys: Key[], kind: TimelineKind) => keys.filter((key) => key.kind === kind).map((key) => key.id);

/** The page's entries in full, in the keys' order; an entry deleted between the two reads is left out. */
async function hydrate(db: DB, tenantId: string, keys: Key[]): Promise<TimelineEntry[]> {
  const byKey = new Map<string, TimelineEntry>();
  const put = (entry: TimelineEntry) => byKey.set(`${entry.kind}:${entry.id}`, entry);
  const at = (kind: TimelineKind, id: string) => keys.find((key) => key.kind === kind && key.id === id)?.at ?? "";

  const callIds = [...new Set([...idsOf(keys, "call"), ...idsOf(keys, "feedback")])];
  if (callIds.length > 0) {
    const calls = await db
      .selectFrom("calls")
      .select([
        "id",
        "direction",
        "status",
        "duration_seconds",
        "summary",
        "agent_name",
        "campaign_name",
        "sentiment",
        "audio_status",
        "audio_file",
        "audio_url",
        "feedback_rating",
        "feedback_text",
        "feedback_moment_seconds",
      ])
      .where("tenant_id", "=", tenantId)
      .where("id", "in", callIds)
      .execute();
    for (const call of calls) {
      put({
        kind: "call",
        id: call.id,
        at: at("call", call.id),
        direction: call.direction,
        status: call.status,
        durationSeconds: call.duration_seconds,
        summary: call.summary,
        agentName: call.agent_name,
        campaignName: call.campaign_name,
        sentiment: call.sentiment,
        hasAudio: call.audio_file !== null || call.audio_url !== null,
      });
      if (call.feedback_rating !== null) {
        put({
          kind: "feedback",
          id: call.id,
          at: at("feedback", call.id),
          callId: call.id,
          rating: call.feedback_rating,
          text: call.feedback_text,
          momentSeconds: call.feedback_moment_seconds,
        });
      }
    }
  }
  const ticketIds = idsOf(keys, "ticket");
  if (ticketIds.length > 0) {
    const tickets = await db
      .selectFrom("tickets")
      .select(["id", "number", "subject", "status", "priority"])
      .where("tenant_id", "=", tenantId)
      .where("id", "in", ticketIds)
      .execute();
    for (const ticket of tickets) {
      put({
        kind: "ticket",
        id: ticket.id,
        at: at("ticket", ticket.id),
        number: Number(ticket.number),
        subject: ticket.subject,
        status: ticket.status,
        priority: ticket.priority,
      });
    }
  }
  const dealIds = idsOf(keys, "deal");
  if (dealIds.length > 0) {
    const deals = await db
      .selectFrom("deals")
      .innerJoin("deal_stages", (join) => join.onRef("deal_stages.id", "=", "deals.stage_id").onRef("deal_stages.tenant_id", "=", "deals.tenant_id"))
      .select([
        "deals.id",
        "deals.title",
        "deals.value_minor",
        "deals.currency",
        "deals.lost_reason",
        "deal_stages.name as stage_name",
        "deal_stages.system_key",
        "deal_stages.kind as stage_kind",
      ])
      .where("deals.tenant_id", "=", tenantId)
      .where("deals.id", "in", dealIds)
      .execute();
    for (const deal of deals) {
      put({
        kind: "deal",
        id: deal.id,
        at: at("deal", deal.id),
        title: deal.title,
        valueMinor: Number(deal.value_minor),
        currency: deal.currency,
        stage: { name: deal.stage_name, systemKey: deal.system_key, kind: deal.stage_kind },
        lostReason: deal.lost_reason,
      });
    }
  }
  const appointmentIds = idsOf(keys, "appointment");
  if (appointmentIds.length > 0) {
    const appointments = await db
      .selectFrom("appointments")
      .select(["id", "title", "start_at", "end_at", "time_zone", "status"])
      .where("tenant_id", "=", tenantId)
      .where("id", "in", appointmentIds)
      .execute();
    for (const appointment of appointments) {
      put({
        kind: "appointment",
        id: appointment.id,
        at: at("appointment", appointment.id),
        title: appointment.title,
        startAt: appointment.start_at,
        endAt: appointment.end_at,
        timeZone: appointment.time_zone,
        status: appointment.status,
      });
    }
  }
  const activityIds = idsOf(keys, "campaign");
  if (activityIds.length > 0) {
    const activities = await db
      .selectFrom("campaign_activity")
      .leftJoin("campaigns", (join) =>
        join.onRef("campaigns.id", "=", "campaign_activity.campaign_id").onRef("campaigns.tenant_id", "=", "campaign_activity.tenant_id"),
      )
      .select([
        "campaign_activity.id",
        "campaign_activity.campaign_id",
        "campaign_activity.kind",
        "campaign_activity.reason",
        "campaigns.name as campaign_name",
      ])
      .where("campaign_activity.tenant_id", "=", tenantId)
      .where("campaign_activity.id", "in", activityIds)
      .execute();
    for (const activity of activities) {
      put({
        kind: "campaign",
        id: activity.id,
        at: at("campaign", activity.id),
        campaignId: activity.campaign_id,
        campaignName: activity.campaign_name,
        activity: activity.kind,
        reason: activity.reason,
      });
    }
  }
  const optOutIds = idsOf(keys, "opt-out");
  if (optOutIds.length > 0) {
    const changes = await db
      .selectFrom("contact_opt_out_changes")
      .leftJoin("users", (join) =>
        join.onRef("users.id", "=", "contact_opt_out_changes.actor_user_id").onRef("users.tenant_id", "=", "contact_opt_out_changes.tenant_id"),
      )
      .select(["contact_opt_out_changes.id", "contact_opt_out_changes.opted_out", "contact_opt_out_changes.source", "users.name as actor_name"])
      .where("contact_opt_out_changes.tenant_id", "=", tenantId)
      .where("contact_opt_out_changes.id", "in", optOutIds)
      .execute();
    for (const change of changes) {
      put({
        kind: "opt-out",
        id: change.id,
        at: at("opt-out", change.id),
        optedOut: Number(change.opted_out) === 1,
        source: change.source,
        actorName: change.actor_name,
      });
    }
  }
  return keys.flatMap((key) => byKey.get(`${key.kind}:${key.id}`) ?? []);
}
