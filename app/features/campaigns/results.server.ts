import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import type { CallStatus, CampaignActivityKind, Database } from "~/db/schema";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import { DISPATCHING } from "./activity-reasons";
import type { CampaignDetail } from "./campaigns.server";
import { isWithinCallingWindow } from "./schedule/calling-window";
import { CALL_STATUS_OUTCOMES, classifyOutcome, DIALLED_KINDS, summariseResults, type CampaignResults, type ContactOutcome, type RunState } from "./results";

/**
 * The results of a running, paused or completed campaign (results.ts has the
 * rules): the figures from one grouped query over the list's contacts joined
 * to the latest run's activity and the calls it placed, and the contacts a
 * page at a time, filtered by outcome in SQL. Tenant-scoped throughout: every
 * join names the tenant, so another tenant's calls or activity never count.
 */
export const RESULT_CONTACTS_PAGE_SIZE = 20;

export interface ResultContact {
  contactId: string;
  name: string;
  phoneDisplay: string;
  outcome: ContactOutcome;
  /** Why a skipped contact was skipped (a SkipReason). */
  skipReason: string | null;
  /** When the run dialled the contact; null when it did not. */
  at: string | null;
  /** The call the platform reported, for its page (/recordings/<id>); null when there is none. */
  callId: string | null;
  durationSeconds: number | null;
  hasRecording: boolean;
  appointmentBooked: boolean;
}

export interface CampaignResultsPage {
  run: { startedAt: string; finishedAt: string | null } | null;
  results: CampaignResults;
  contacts: { rows: ResultContact[]; total: number; page: number; pageCount: number };
}

type Campaign = Pick<CampaignDetail, "id" | "status" | "contactListId" | "windowDays" | "windowStartMinute" | "windowEndMinute">;

type ResultsDb = Database & { a: Database["campaign_activity"] };

/** The list's contacts with the run's row for each (if any) and the call it placed (if reported). */
function baseQuery(db: DB, tenantId: string, campaign: Campaign, runId: string | null) {
  return db
    .selectFrom("contacts")
    .leftJoin("campaign_activity as a", (join) =>
      join
        .onRef("a.contact_id", "=", "contacts.id")
        .onRef("a.tenant_id", "=", "contacts.tenant_id")
        // No run yet: nobody has been dealt with (an id no row has).
        .on("a.run_id", "=", runId ?? ""),
    )
    .leftJoin("calls", (join) => join.onRef("calls.tenant_id", "=", "a.tenant_id").onRef("calls.external_id", "=", "a.platform_call_id"))
    .where("contacts.tenant_id", "=", tenantId)
    .where("contacts.list_id", "=", campaign.contactListId);
}

const appointmentBooked = sql<SqlBool>`exists (select 1 from appointments where appointments.tenant_id = calls.tenant_id and appointments.call_id = calls.id and appointments.status <> 'cancelled')`;
/** Null outside contacts not yet dealt with; there, the contact's own zone (null: the tenant's). Written without parameters, so PostgreSQL sees the same expression in SELECT and GROUP BY. */
const waitingZone = sql<string | null>`case when a.id is null then contacts.time_zone end`;
const costMinor = sql<number>`coalesce(calls.cost_telephony_minor, 0) + coalesce(calls.cost_stt_minor, 0) + coalesce(calls.cost_llm_minor, 0) + coalesce(calls.cost_tts_minor, 0)`;

const statusesFor = (outcome: ContactOutcome) =>
  (Object.keys(CALL_STATUS_OUTCOMES) as CallStatus[]).filter((status) => CALL_STATUS_OUTCOMES[status] === outcome);

/**
 * classifyOutcome as SQL, for the filter: each outcome's condition on the
 * activity row, the call status and (for contacts not dealt with) the zones
 * whose window is closed now.
 */
function outcomeCondition(
  eb: ExpressionBuilder<ResultsDb & { calls: Database["calls"]; contacts: Database["contacts"] }, "a" | "calls" | "contacts">,
  outcome: ContactOutcome,
  { live }: RunState,
  closedZones: { zones: string[]; tenantZone: string },
): Expression<SqlBool> {
  const never = sql<SqlBool>`1 = 0`;
  const kind = (value: CampaignActivityKind) => eb("a.kind", "=", value);
  const inClosedZone = () =>
    closedZones.zones.length > 0 ? eb(eb.fn.coalesce("contacts.time_zone", eb.val(closedZones.tenantZone)), "in", closedZones.zones) : never;
  const dispatching = eb.and([kind("failed"), eb("a.reason", "=", DISPATCHING)]);
  switch (outcome) {
    case "answered":
    case "voicemail":
    case "no-answer":
      return eb.and([kind("placed"), eb("calls.status", "in", statusesFor(outcome))]);
    case "pending": {
      const placed = eb.and([kind("placed"), eb.or([eb("calls.id", "is", null), eb("calls.status", "in", statusesFor("pending"))])]);
      return live ? eb.or([placed, dispatching]) : placed;
    }
    case "failed":
      return live ? eb.and([kind("failed"), eb.or([eb("a.reason", "is", null), eb("a.reason", "!=", DISPATCHING)])]) : kind("failed");
    case "logged":
      return kind("logged");
    case "skipped":
      return kind("skipped");
    case "waiting":
      return live ? eb.and([eb("a.id", "is", null), inClosedZone()]) : never;
    case "not-called":
      return live ? eb.and([eb("a.id", "is", null), eb.not(inClosedZone())]) : eb("a.id", "is", null);
  }
}

export async function loadCampaignResults(
  tenantId: string,
  campaign: Campaign,
  { tenantTimeZone, outcome, page: requestedPage, now = new Date() }: { tenantTimeZone: string; outcome: ContactOutcome | null; page: number; now?: Date },
  db: DB = getDb(),
): Promise<CampaignResultsPage> {
  const run = await db
    .selectFrom("campaign_runs")
    .select(["id", "status", "started_at", "finished_at"])
    .where("tenant_id", "=", tenantId)
    .where("campaign_id", "=", campaign.id)
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  const runId = run?.id ?? null;
  const state: RunState = { live: campaign.status === "running" && (!run || run.status === "running") };
  const window = { days: campaign.windowDays, startMinute: campaign.windowStartMinute, endMinute: campaign.windowEndMinute };

  const groups = await baseQuery(db, tenantId, campaign, runId)
    .select([
      "a.kind",
      "a.reason",
      "calls.status as call_status",
      "calls.cost_currency",
      waitingZone.as("zone"),
      sql<number>`count(*)`.as("contacts"),
      sql<number>`sum(case when ${appointmentBooked} then 1 else 0 end)`.as("appointments"),
      sql<number>`sum(${costMinor})`.as("cost_minor"),
    ])
    .groupBy(["a.kind", "a.reason", "calls.status", "calls.cost_currency", waitingZone])
    .execute();

  const closedZones = new Set<string>();
  const resultGroups = groups.map((group) => {
    const zone = group.zone ?? tenantTimeZone;
    const windowClosed = group.kind === null && !isWithinCallingWindow(now, zone, window);
    if (group.kind === null && windowClosed) closedZones.add(zone);
    return {
      kind: group.kind,
      reason: group.reason,
      callStatus: group.call_status,
      windowClosed,
      contacts: Number(group.contacts),
      appointments: Number(group.appointments ?? 0),
      costMinor: Number(group.cost_minor ?? 0),
      currency: group.cost_currency,
    };
  });
  const results = summariseResults(resultGroups, state);

  const total = outcome ? results.byOutcome[outcome] : results.total;
  const pageCount = Math.max(1, Math.ceil(total / RESULT_CONTACTS_PAGE_SIZE));
  const page = Math.min(requestedPage, pageCount);
  let query = baseQuery(db, tenantId, campaign, runId).select([
    "contacts.id",
    "contacts.first_name",
    "contacts.last_name",
    "contacts.phone",
    "contacts.time_zone",
    "a.kind",
    "a.reason",
    "a.created_at as dealt_at",
    "calls.id as call_id",
    "calls.status as call_status",
    "calls.duration_seconds",
    "calls.audio_status",
    appointmentBooked.as("appointment_booked"),
  ]);
  if (outcome) {
    const filter = outcome;
    query = query.where((eb) => outcomeCondition(eb, filter, state, { zones: [...closedZones], tenantZone: tenantTimeZone }));
  }
  const rows = total
    ? await query
        .orderBy("contacts.created_at")
        .orderBy("contacts.id")
        .limit(RESULT_CONTACTS_PAGE_SIZE)
        .offset((page - 1) * RESULT_CONTACTS_PAGE_SIZE)
        .execute()
    : [];

  return {
    run: run ? { startedAt: run.started_at, finishedAt: run.finished_at } : null,
    results,
    contacts: {
      total,
      page,
      pageCount,
      rows: rows.map((row) => {
        const zone = row.time_zone ?? tenantTimeZone;
        return {
          contactId: row.id,
          name: [row.first_name, row.last_name].filter(Boolean).join(" "),
          phoneDisplay: formatPhoneForDisplay(row.phone),
          outcome: classifyOutcome(
            { kind: row.kind, reason: row.reason, callStatus: row.call_status, windowClosed: row.kind === null && closedZones.has(zone) },
            state,
          ),
          skipReason: row.kind === "skipped" ? row.reason : null,
          // When the number was dialled; a skipped contact was never called.
          at: row.kind && (DIALLED_KINDS as readonly string[]).includes(row.kind) ? row.dealt_at : null,
          callId: row.call_id,
          durationSeconds: row.duration_seconds,
          hasRecording: row.audio_status === "stored",
          appointmentBooked: Boolean(Number(row.appointment_booked)),
        };
      }),
    },
  };
}
