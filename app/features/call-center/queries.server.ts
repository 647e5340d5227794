import type { SelectQueryBuilder } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { parseStoredAnalysis } from "~/features/analysis/analysis";
import { phoneDisplays } from "~/features/phone/display.server";

/**
 * The lists behind the /call-management tabs. Every query filters by the
 * tenant id the gate resolved; none of them can see another tenant's calls.
 */

/** Live and queued calls are few at any moment; a page of this many is "everything" in practice, and the total says if not. */
export const LIVE_LIST_LIMIT = 200;
export const TAB_PAGE_SIZE = 20;

const secondsBetween = (from: string | null, to: Date) => (from ? Math.max(0, Math.floor((to.getTime() - Date.parse(from)) / 1000)) : null);

export interface LiveCallItem {
  id: string;
  startedAt: string;
  direction: string;
  from: string | null;
  to: string | null;
  campaign: string | null;
  agent: string | null;
  elapsedSeconds: number | null;
}

export async function listLiveCalls(tenantId: string, now: Date, db: DB = getDb()) {
  const base = db.selectFrom("calls").where("tenant_id", "=", tenantId).where("status", "=", "live");
  const [rows, total] = await Promise.all([
    base
      .select(["id", "started_at", "created_at", "direction", "from_number", "to_number", "campaign_name", "agent_name"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(LIVE_LIST_LIMIT)
      .execute(),
    countOf(base),
  ]);
  const items: LiveCallItem[] = rows.map((row) => {
    const startedAt = row.started_at ?? row.created_at;
    return {
      id: row.id,
      startedAt,
      direction: row.direction,
      from: row.from_number,
      to: row.to_number,
      campaign: row.campaign_name,
      agent: row.agent_name,
      elapsedSeconds: secondsBetween(startedAt, now),
    };
  });
  return { items, total, phones: phoneDisplays(items.flatMap((call) => [call.from, call.to])) };
}

export interface QueuedCallItem {
  id: string;
  queuedAt: string;
  direction: string;
  from: string | null;
  to: string | null;
  campaign: string | null;
  waitingSeconds: number | null;
  /** 1 is the call that has waited longest: the next one to be answered. */
  position: number;
}

export async function listQueuedCalls(tenantId: string, now: Date, db: DB = getDb()) {
  const base = db.selectFrom("calls").where("tenant_id", "=", tenantId).where("status", "=", "queued");
  const [rows, total] = await Promise.all([
    base
      .select(["id", "queued_at", "created_at", "direction", "from_number", "to_number", "campaign_name"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(LIVE_LIST_LIMIT)
      .execute(),
    countOf(base),
  ]);
  // Newest first on screen, yet the position counts from the oldest: the newest call is last in line.
  const items: QueuedCallItem[] = rows.map((row, index) => {
    const queuedAt = row.queued_at ?? row.created_at;
    return {
      id: row.id,
      queuedAt,
      direction: row.direction,
      from: row.from_number,
      to: row.to_number,
      campaign: row.campaign_name,
      waitingSeconds: secondsBetween(queuedAt, now),
      position: total - index,
    };
  });
  return { items, total, phones: phoneDisplays(items.flatMap((call) => [call.from, call.to])) };
}

/**
 * "No voice platform is connected yet": the tenant has no usable API key and
 * nothing live or queued, so an empty live tab means "not set up", not "quiet".
 */
export async function hasVoicePlatform(tenantId: string, db: DB = getDb()) {
  const key = await db.selectFrom("api_keys").select("id").where("tenant_id", "=", tenantId).where("revoked_at", "is", null).limit(1).executeTakeFirst();
  if (key) return true;
  const active = await db
    .selectFrom("calls")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("status", "in", ["live", "queued"])
    .limit(1)
    .executeTakeFirst();
  return Boolean(active);
}

export interface MissedCallItem {
  id: string;
  createdAt: string;
  status: "missed" | "voicemail";
  direction: string;
  /** The number to call back: the caller of an inbound call, the number dialled on an outbound one. */
  contactNumber: string | null;
  campaign: string | null;
}

export async function listMissedCalls(tenantId: string, page: number, db: DB = getDb()) {
  const base = db.selectFrom("calls").where("tenant_id", "=", tenantId).where("status", "in", ["missed", "voicemail"]);
  const total = await countOf(base);
  const current = clampPage(page, total);
  const rows = await base
    .select(["id", "created_at", "status", "direction", "from_number", "to_number", "campaign_name"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(TAB_PAGE_SIZE)
    .offset((current - 1) * TAB_PAGE_SIZE)
    .execute();
  const items: MissedCallItem[] = rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    status: row.status === "voicemail" ? "voicemail" : "missed",
    direction: row.direction,
    contactNumber: row.direction === "outbound" ? row.to_number : row.from_number,
    campaign: row.campaign_name,
  }));
  return { items, total, page: current, pageCount: pageCount(total), phones: phoneDisplays(items.map((call) => call.contactNumber)) };
}

export interface AnalysedCallItem {
  id: string;
  createdAt: string;
  campaign: string | null;
  sentiment: "positive" | "neutral" | "negative" | null;
  outcome: string | null;
  rating: number | null;
}

export async function listAnalysedCalls(tenantId: string, page: number, db: DB = getDb()) {
  const base = db.selectFrom("calls").where("tenant_id", "=", tenantId).where("analysis_status", "=", "done");
  const [total, notAnalysed] = await Promise.all([countOf(base), countNotAnalysed(tenantId, db)]);
  const current = clampPage(page, total);
  const rows = await base
    .select(["id", "created_at", "campaign_name", "sentiment", "analysis", "feedback_rating"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(TAB_PAGE_SIZE)
    .offset((current - 1) * TAB_PAGE_SIZE)
    .execute();
  const items: AnalysedCallItem[] = rows.map((row) => {
    const analysis = parseStoredAnalysis(row.analysis);
    return {
      id: row.id,
      createdAt: row.created_at,
      campaign: row.campaign_name,
      sentiment: row.sentiment ?? analysis?.sentiment ?? null,
      outcome: analysis?.outcome ?? null,
      rating: row.feedback_rating,
    };
  });
  return { items, total, notAnalysed, page: current, pageCount: pageCount(total), phones: {} };
}

/** Finished calls with a transcript that no analysis has been stored for: the ones an analysis could be requested for. */
export async function countNotAnalysed(tenantId: string, db: DB = getDb()) {
  return countOf(
    db
      .selectFrom("calls")
      .where("tenant_id", "=", tenantId)
      .where("status", "in", ["ended", "missed", "voicemail"])
      .where("transcript_text", "is not", null)
      .where("analysis_status", "!=", "done"),
  );
}

async function countOf(query: SelectQueryBuilder<Database, "calls", object>) {
  const row = await query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst();
  return Number(row?.count ?? 0);
}

const pageCount = (total: number) => Math.max(1, Math.ceil(total / TAB_PAGE_SIZE));
const clampPage = (page: number, total: number) => Math.min(Math.max(1, Math.floor(page) || 1), pageCount(total));
