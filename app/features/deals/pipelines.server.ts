import { getDb, inTransaction, newId, now, type DB } from "~/db/db.server";
import { isUniqueViolation, lockTenant } from "~/db/constraints.server";
import type { DealPipeline, DealStage } from "~/db/schema";
import { DEFAULT_STAGES, MAX_PIPELINES, nameKey } from "./deal-rules";

/**
 * A tenant's pipelines (docs/decisions/0035-deal-pipelines.md). Every tenant
 * has at least one once it has opened /crm-deals: the default pipeline, made
 * on the first visit with the stages new, qualified, proposal, negotiation
 * (open), won and lost. Exactly one pipeline is the default (the board's
 * first choice); the last pipeline cannot be deleted, and deleting the
 * default hands the role to the oldest of the others.
 */

export type PipelineRefusal = "not-found" | "name-taken" | "too-many" | "has-deals" | "last-pipeline";
export type PipelineResult<T = object> = ({ ok: true } & T) | { ok: false; refusal: PipelineRefusal };

/**
 * Makes the default pipeline with its stages when the tenant has none yet.
 * Safe against two first visits at once on both databases: the second insert
 * meets the partial unique index (one default per tenant) and does nothing;
 * only the insert that made the pipeline adds its stages, in the same
 * transaction, so nobody ever sees a pipeline without stages.
 */
export async function ensurePipelines(tenantId: string, db: DB = getDb()) {
  const existing = await db.selectFrom("deal_pipelines").select("id").where("tenant_id", "=", tenantId).limit(1).executeTakeFirst();
  if (existing) return;
  await inTransaction(db, async (trx) => {
    const id = newId();
    const at = now();
    const inserted = await trx
      .insertInto("deal_pipelines")
      .values({ id, tenant_id: tenantId, name: null, name_key: null, is_default: 1, created_at: at, updated_at: at })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return;
    await insertDefaultStages(trx, tenantId, id, at);
  });
}

function insertDefaultStages(trx: DB, tenantId: string, pipelineId: string, at: string) {
  return trx
    .insertInto("deal_stages")
    .values(
      DEFAULT_STAGES.map((stage, position) => ({
        id: newId(),
        tenant_id: tenantId,
        pipeline_id: pipelineId,
        name: null,
        system_key: stage.key,
        kind: stage.kind,
        position,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

/** The default first, then the others in the order they were made. */
export function listPipelines(tenantId: string, db: DB = getDb()): Promise<DealPipeline[]> {
  return db
    .selectFrom("deal_pipelines")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .orderBy("is_default", "desc")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function getPipeline(tenantId: string, pipelineId: string, db: DB = getDb()) {
  return db.selectFrom("deal_pipelines").selectAll().where("tenant_id", "=", tenantId).where("id", "=", pipelineId).executeTakeFirst();
}

/** A pipeline's stages in board order. */
export function listStages(tenantId: string, pipelineId: string, db: DB = getDb()): Promise<DealStage[]> {
  return db
    .selectFrom("deal_stages")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("pipeline_id", "=", pipelineId)
    .orderBy("position")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** How many deals each stage of a pipeline holds. */
export async function dealCountsByStage(tenantId: string, pipelineId: string, db: DB = getDb()) {
  const rows = await db
    .selectFrom("deals")
    .select(["stage_id", db.fn.countAll<number>().as("count")])
    .where("tenant_id", "=", tenantId)
    .where("pipeline_id", "=", pipelineId)
    .groupBy("stage_id")
    .execute();
  return new Map(rows.map((row) => [row.stage_id, Number(row.count)]));
}

/** A new pipeline starts with the default stages, which its owner then edits. */
export async function createPipeline(tenantId: string, name: string, db: DB = getDb()): Promise<PipelineResult<{ id: string }>> {
  try {
    return await inTransaction(db, async (trx) => {
      await lockTenant(trx, tenantId);
      const count = await trx
        .selectFrom("deal_pipelines")
        .select(trx.fn.countAll<number>().as("n"))
        .where("tenant_id", "=", tenantId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_PIPELINES) return { ok: false, refusal: "too-many" } as const;
      const id = newId();
      const at = now();
      // The tenant's first pipeline made by hand (a tenant that never opened the board) is its default.
      const isDefault = Number(count.n) === 0 ? 1 : 0;
      await trx
        .insertInto("deal_pipelines")
        .values({ id, tenant_id: tenantId, name: name.trim(), name_key: nameKey(name), is_default: isDefault, created_at: at, updated_at: at })
        .execute();
      await insertDefaultStages(trx, tenantId, id, at);
      return { ok: true, id } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, refusal: "name-taken" };
    throw error;
  }
}

export async function renamePipeline(tenantId: string, pipelineId: string, name: string, db: DB = getDb()): Promise<PipelineResult> {
  try {
    const result = await db
      .updateTable("deal_pipelines")
      .set({ name: name.trim(), name_key: nameKey(name), updated_at: now() })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", pipelineId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? { ok: true } : { ok: false, refusal: "not-found" };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, refusal: "name-taken" };
    throw error;
  }
}

/** A pipeline that holds deals is not deleted (they would have nowhere to go), nor the tenant's last one. */
export function deletePipeline(tenantId: string, pipelineId: string, db: DB = getDb()): Promise<PipelineResult> {
  return inTransaction(db, async (trx) => {
    await lockTenant(trx, tenantId);
    const pipelines = await listPipelines(tenantId, trx);
    const pipeline = pipelines.find((each) => each.id === pipelineId);
    if (!pipeline) return { ok: false, refusal: "not-found" };
    if (pipelines.length === 1) return { ok: false, refusal: "last-pipeline" };
    const deal = await trx.selectFrom("deals").select("id").where("tenant_id", "=", tenantId).where("pipeline_id", "=", pipelineId).limit(1).executeTakeFirst();
    if (deal) return { ok: false, refusal: "has-deals" };
    await trx.deleteFrom("deal_pipelines").where("tenant_id", "=", tenantId).where("id", "=", pipelineId).execute();
    if (pipeline.is_default === 1) {
      const heir = pipelines.filter((each) => each.id !== pipelineId).sort((a, b) => a.created_at.localeCompare(b.created_at))[0]!;
      await trx.updateTable("deal_pipelines").set({ is_default: 1, updated_at: now() }).where("id", "=", heir.id).execute();
    }
    return { ok: true };
  });
}

export function getStage(tenantId: string, stageId: string, db: DB = getDb()) {
  return db.selectFrom("deal_stages").selectAll().where("tenant_id", "=", tenantId).where("id", "=", stageId).executeTakeFirst();
}
