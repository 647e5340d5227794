import { getDb, inTransaction, newId, now, type DB } from "~/db/db.server";
import { lockTenant } from "~/db/constraints.server";
import type { DealStage } from "~/db/schema";
import { MAX_STAGES, type StageKind } from "./deal-rules";
import { listStages } from "./pipelines.server";
import { findStage, moveAllDeals, type MoveRefusal } from "./stage-moves.server";

/**
 * Editing a pipeline's stages: add, rename (and change the kind of), reorder,
 * remove (docs/product/deals.md#pipelines-and-stages). Each runs in one
 * transaction holding the tenant (lockTenant), so two editors never
 * interleave positions. The rules:
 *
 * - at most MAX_STAGES stages; names unique within the pipeline (as shown,
 *   in any case);
 * - every pipeline keeps an open stage, where new deals start;
 * - a stage's kind changes only while it holds no deals (a deal would be
 *   closed, or lost without a reason, by a change it never went through);
 * - removing a stage that holds deals moves them to another stage of the
 *   pipeline first, by the rules of a move (stage-moves.server.ts).
 */
export type StageRefusal = "not-found" | "too-many" | "name-taken" | "last-open-stage" | "kind-has-deals" | "target-required" | MoveRefusal;
export type StageResult<T = object> = ({ ok: true } & T) | { ok: false; refusal: StageRefusal };

/** A stage's name as shown to the user who is editing (own name, else the built-in one in their language). */
export type NameOf = (stage: Pick<DealStage, "name" | "system_key">) => string;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function stagesOf(trx: DB, tenantId: string, pipelineId: string) {
  return listStages(tenantId, pipelineId, trx);
}

async function renumber(trx: DB, stages: Array<Pick<DealStage, "id" | "position">>, at: string) {
  for (const [position, stage] of stages.entries()) {
    if (stage.position !== position) await trx.updateTable("deal_stages").set({ position, updated_at: at }).where("id", "=", stage.id).execute();
  }
}

export function addStage(
  tenantId: string,
  pipelineId: string,
  input: { name: string; kind: StageKind },
  nameOf: NameOf,
  db: DB = getDb(),
): Promise<StageResult<{ id: string }>> {
  return inTransaction(db, async (trx) => {
    await lockTenant(trx, tenantId);
    const stages = await stagesOf(trx, tenantId, pipelineId);
    if (stages.length === 0) return { ok: false, refusal: "not-found" };
    if (stages.length >= MAX_STAGES) return { ok: false, refusal: "too-many" };
    if (stages.some((stage) => sameName(nameOf(stage), input.name))) return { ok: false, refusal: "name-taken" };
    // A new open stage goes before the closing ones (where a deal's way leads on); a won or lost one at the end.
    const firstClosing = stages.findIndex((stage) => stage.kind !== "open");
    const position = input.kind === "open" && firstClosing >= 0 ? firstClosing : stages.length;
    const at = now();
    const id = newId();
    const ordered = [...stages];
    ordered.splice(position, 0, { id, position } as DealStage);
    await trx
      .insertInto("deal_stages")
      .values({
        id,
        tenant_id: tenantId,
        pipeline_id: pipelineId,
        name: input.name.trim(),
        system_key: null,
        kind: input.kind,
        position,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await renumber(trx, ordered, at);
    return { ok: true, id };
  });
}

/**
 * Renames a stage and sets its kind. A built-in stage saved under the name it
 * already shows keeps no name of its own, so it goes on showing in each
 * reader's language.
 */
export function saveStage(
  tenantId: string,
  pipelineId: string,
  stageId: string,
  input: { name: string; kind: StageKind },
  nameOf: NameOf,
  db: DB = getDb(),
): Promise<StageResult> {
  return inTransaction(db, async (trx) => {
    await lockTenant(trx, tenantId);
    const stages = await stagesOf(trx, tenantId, pipelineId);
    const stage = stages.find((each) => each.id === stageId);
    if (!stage) return { ok: false, refusal: "not-found" };
    if (stages.some((other) => other.id !== stageId && sameName(nameOf(other), input.name))) return { ok: false, refusal: "name-taken" };
    if (input.kind !== stage.kind) {
      if (stage.kind === "open" && !stages.some((other) => other.id !== stageId && other.kind === "open")) return { ok: false, refusal: "last-open-stage" };
      const deal = await trx.selectFrom("deals").select("id").where("tenant_id", "=", tenantId).where("stage_id", "=", stageId).limit(1).executeTakeFirst();
      if (deal) return { ok: false, refusal: "kind-has-deals" };
    }
    const keepsBuiltInName = stage.name === null && stage.system_key !== null && input.name.trim() === nameOf(stage);
    await trx
      .updateTable("deal_stages")
      .set({ name: keepsBuiltInName ? null : input.name.trim(), kind: input.kind, updated_at: now() })
      .where("id", "=", stageId)
      .execute();
    return { ok: true };
  });
}

/** One place up (towards the board's left) or down. */
export function reorderStage(tenantId: string, pipelineId: string, stageId: string, direction: "up" | "down", db: DB = getDb()): Promise<StageResult> {
  return inTransaction(db, async (trx) => {
    await lockTenant(trx, tenantId);
    const stages = await stagesOf(trx, tenantId, pipelineId);
    const index = stages.findIndex((each) => each.id === stageId);
    if (index < 0) return { ok: false, refusal: "not-found" };
    const other = direction === "up" ? index - 1 : index + 1;
    if (other < 0 || other >= stages.length) return { ok: true };
    const ordered = [...stages];
    [ordered[index], ordered[other]] = [ordered[other]!, ordered[index]!];
    await renumber(trx, ordered, now());
    return { ok: true };
  });
}

/**
 * Removes a stage. Its deals move to `targetStageId` first (required when it
 * holds any; a lost target asks for the reason, one for all of them).
 */
export function removeStage(
  tenantId: string,
  pipelineId: string,
  stageId: string,
  input: { targetStageId: string | null; lostReason: string | null },
  db: DB = getDb(),
): Promise<StageResult<{ moved: number }>> {
  return inTransaction(db, async (trx) => {
    await lockTenant(trx, tenantId);
    const stages = await stagesOf(trx, tenantId, pipelineId);
    const stage = stages.find((each) => each.id === stageId);
    if (!stage) return { ok: false, refusal: "not-found" };
    if (stage.kind === "open" && !stages.some((other) => other.id !== stageId && other.kind === "open")) return { ok: false, refusal: "last-open-stage" };
    const at = now();
    const holds = await trx.selectFrom("deals").select("id").where("tenant_id", "=", tenantId).where("stage_id", "=", stageId).limit(1).executeTakeFirst();
    let moved = 0;
    if (holds) {
      if (!input.targetStageId) return { ok: false, refusal: "target-required" };
      if (input.targetStageId === stageId) return { ok: false, refusal: "stage-unknown" };
      const target = await findStage(tenantId, input.targetStageId, trx);
      const result = await moveAllDeals(trx, tenantId, stage, target, input.lostReason, at);
      if (!result.ok) return result;
      moved = result.moved;
    }
    await trx.deleteFrom("deal_stages").where("tenant_id", "=", tenantId).where("id", "=", stageId).execute();
    await renumber(
      trx,
      stages.filter((each) => each.id !== stageId),
      at,
    );
    return { ok: true, moved };
  });
}
