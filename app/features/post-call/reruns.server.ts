import { sql } from "kysely";
import { getDb, inTransaction, newId, now, type DB } from "~/db/db.server";
import { outboxJob } from "~/db/outbox.server";
import type { RerunCallOutcome } from "~/db/schema";
import { AnalysisError } from "~/features/analysis/analysis";
import { instantBounds, type CallFilter } from "./call-filter";
import { getExtractor, type TemplateExtractor } from "./extractor.server";
import { extractCall, snapshotsDiffer, type ResultSnapshot } from "./results.server";

/**
 * "Re-run on past calls" (docs/product/post-call.md#when): the calls a
 * filter chooses are listed when the run is asked for (so its total is
 * fixed and its progress honest), then a job works through them in chunks,
 * each call with the template's version of that moment, and records for
 * each call whether its values changed, with before and after. A chunk that
 * crashes is simply done again: each call's result is the same the second
 * time, and a call already marked is not taken again.
 */
export const rerunJob = outboxJob<{ rerunId: string }>("post-call.rerun");

/** Calls per chunk: one chunk must finish well inside the outbox lease even with a language model (app/db/outbox.server.ts). */
const CHUNK = 25;

export type StartRerunResult = { ok: true; rerunId: string; total: number } | { ok: false; problem: "not-found" | "no-calls" };

export async function startRerun(tenantId: string, templateId: string, userId: string | null, filter: CallFilter, db: DB = getDb()): Promise<StartRerunResult> {
  return inTransaction(db, async (trx) => {
    const template = await trx
      .selectFrom("post_call_templates")
      .innerJoin("tenants", "tenants.id", "post_call_templates.tenant_id")
      .select(["post_call_templates.current_version", "tenants.time_zone"])
      .where("post_call_templates.tenant_id", "=", tenantId)
      .where("post_call_templates.id", "=", templateId)
      .executeTakeFirst();
    if (!template) return { ok: false as const, problem: "not-found" as const };
    const rerunId = newId();
    await trx
      .insertInto("post_call_reruns")
      .values({
        id: rerunId,
        tenant_id: tenantId,
        template_id: templateId,
        template_version: template.current_version,
        filter: JSON.stringify(filter),
        status: "queued",
        requested_by: userId,
        created_at: now(),
        finished_at: null,
      })
      .execute();
    const { start, end } = instantBounds(filter, template.time_zone);
    let calls = trx
      .selectFrom("calls")
      .select((eb) => [
        sql.lit(rerunId).as("rerun_id"),
        "tenant_id",
        "id as call_id",
        sql<number>`row_number() over (order by ${eb.ref("created_at")}, ${eb.ref("id")})`.as("position"),
      ])
      .where("tenant_id", "=", tenantId)
      .where("transcript", "is not", null);
    if (start) calls = calls.where("created_at", ">=", start);
    if (end) calls = calls.where("created_at", "<", end);
    if (filter.campaign) calls = calls.where("campaign_name", "=", filter.campaign);
    if (filter.agent) calls = calls.where("agent_id", "=", filter.agent);
    const inserted = await trx
      .insertInto("post_call_rerun_calls")
      .columns(["rerun_id", "tenant_id", "call_id", "position"])
      .expression(calls)
      .executeTakeFirst();
    const total = Number(inserted.numInsertedOrUpdatedRows ?? 0);
    if (total === 0) {
      // Nothing to do is said at the form; no empty run is left behind.
      await trx.deleteFrom("post_call_reruns").where("id", "=", rerunId).execute();
      return { ok: false as const, problem: "no-calls" as const };
    }
    await trx.updateTable("post_call_reruns").set({ total }).where("id", "=", rerunId).execute();
    await rerunJob.enqueue(trx, tenantId, { rerunId });
    return { ok: true as const, rerunId, total };
  });
}

/** One chunk of a run; true when calls remain (the job asks for itself again). */
export async function runRerunChunk(tenantId: string, rerunId: string, extractor: TemplateExtractor = getExtractor(), db: DB = getDb()): Promise<boolean> {
  const rerun = await db.selectFrom("post_call_reruns").selectAll().where("tenant_id", "=", tenantId).where("id", "=", rerunId).executeTakeFirst();
  if (!rerun || rerun.status === "done" || rerun.status === "failed") return false;
  if (rerun.status === "queued") await db.updateTable("post_call_reruns").set({ status: "running" }).where("id", "=", rerunId).execute();
  const pending = await db
    .selectFrom("post_call_rerun_calls")
    .select("call_id")
    .where("rerun_id", "=", rerunId)
    .where("outcome", "is", null)
    .orderBy("position")
    .limit(CHUNK)
    .execute();
  for (const { call_id: callId } of pending) {
    let outcome: RerunCallOutcome;
    let before: ResultSnapshot | null = null;
    let after: ResultSnapshot | null = null;
    try {
      const result = await extractCall(tenantId, callId, extractor, { template: { templateId: rerun.template_id, version: rerun.template_version }, db });
      if (result.kind === "stored") {
        outcome = snapshotsDiffer(result.before, result.after) ? "changed" : "unchanged";
        before = result.before;
        after = result.after;
      } else {
        // Deleted since, or its transcript gone (a retention purge): nothing to compare.
        outcome = "unchanged";
      }
    } catch (error) {
      if (!(error instanceof AnalysisError)) throw error;
      console.error(`re-run ${rerunId}: call ${callId} failed: ${error.message}`);
      outcome = "failed";
    }
    await inTransaction(db, async (trx) => {
      await trx
        .updateTable("post_call_rerun_calls")
        .set({ outcome, before: outcome === "changed" ? JSON.stringify(before) : null, after: outcome === "changed" ? JSON.stringify(after) : null })
        .where("rerun_id", "=", rerunId)
        .where("call_id", "=", callId)
        .execute();
      await trx
        .updateTable("post_call_reruns")
        .set((eb) => ({
          processed: eb("processed", "+", 1),
          changed: outcome === "changed" ? eb("changed", "+", 1) : eb.ref("changed"),
          failed: outcome === "failed" ? eb("failed", "+", 1) : eb.ref("failed"),
        }))
        .where("id", "=", rerunId)
        .execute();
    });
  }
  const remaining = await db
    .selectFrom("post_call_rerun_calls")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("rerun_id", "=", rerunId)
    .where("outcome", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(remaining.n) > 0) return true;
  await db.updateTable("post_call_reruns").set({ status: "done", finished_at: now() }).where("id", "=", rerunId).where("status", "!=", "done").execute();
  return false;
}

export function subscribeReruns() {
  rerunJob.handle(async (job, { db }) => {
    const more = await runRerunChunk(job.tenantId, job.payload.rerunId, getExtractor(), db);
    return more ? [rerunJob.followUp(job.tenantId, job.payload)] : [];
  });
}

export async function getRerun(tenantId: string, rerunId: string, db: DB = getDb()) {
  const row = await db
    .selectFrom("post_call_reruns as r")
    .innerJoin("post_call_templates as t", "t.id", "r.template_id")
    .leftJoin("users as u", "u.id", "r.requested_by")
    .select([
      "r.id",
      "r.template_id",
      "t.name as template_name",
      "r.template_version",
      "r.filter",
      "r.status",
      "r.total",
      "r.processed",
      "r.changed",
      "r.failed",
      "r.created_at",
      "r.finished_at",
      "u.name as requested_by",
    ])
    .where("r.tenant_id", "=", tenantId)
    .where("r.id", "=", rerunId)
    .executeTakeFirst();
  if (!row) return undefined;
  const filter = JSON.parse(row.filter) as CallFilter;
  const agent = filter.agent
    ? await db.selectFrom("agents").select("name").where("tenant_id", "=", tenantId).where("id", "=", filter.agent).executeTakeFirst()
    : undefined;
  return { ...row, filter, agentName: agent?.name ?? null };
}

export async function listReruns(tenantId: string, templateId: string, limit = 5, db: DB = getDb()) {
  return db
    .selectFrom("post_call_reruns")
    .select(["id", "template_version", "status", "total", "processed", "changed", "failed", "created_at", "finished_at"])
    .where("tenant_id", "=", tenantId)
    .where("template_id", "=", templateId)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

export const RERUN_CHANGES_PAGE_SIZE = 20;

/** The calls a run changed, in the order it went through them, with what they showed before and after. */
export async function listRerunChanges(tenantId: string, rerunId: string, page: number, db: DB = getDb()) {
  const rows = await db
    .selectFrom("post_call_rerun_calls as c")
    .innerJoin("calls", (join) => join.onRef("calls.id", "=", "c.call_id").onRef("calls.tenant_id", "=", "c.tenant_id"))
    .select(["c.call_id", "c.before", "c.after", "calls.created_at", "calls.campaign_name", "calls.from_number", "calls.to_number", "calls.direction"])
    .where("c.tenant_id", "=", tenantId)
    .where("c.rerun_id", "=", rerunId)
    .where("c.outcome", "=", "changed")
    .orderBy("c.position")
    .limit(RERUN_CHANGES_PAGE_SIZE)
    .offset((page - 1) * RERUN_CHANGES_PAGE_SIZE)
    .execute();
  return rows.map((row) => ({
    callId: row.call_id,
    createdAt: row.created_at,
    campaign: row.campaign_name,
    direction: row.direction,
    before: row.before ? (JSON.parse(row.before) as ResultSnapshot) : null,
    after: row.after ? (JSON.parse(row.after) as ResultSnapshot) : null,
  }));
}
