import { getDb, inTransaction, type DB } from "~/db/db.server";
import type { Deal, DealStage } from "~/db/schema";
import { emit } from "~/lib/events/bus.server";
import { isClosingKind, LOST_REASON_MAX_LENGTH } from "./deal-rules";

/**
 * The rules of a deal's stage, and the only module that writes deals.stage_id
 * (docs/product/deals.md#moving-a-deal). The board's stage select, its drag
 * and drop, the deal's form and a removed stage's deals all move through here:
 *
 * - the stage must be one of the deal's own pipeline;
 * - a lost stage asks why: the reason is required (a deal already lost keeps
 *   its reason when it moves to another lost stage without a new one);
 * - entering a won or lost stage closes the deal (closed_at), entering an
 *   open stage opens it again and forgets the lost reason;
 * - each move is one conditional update that names the stage the deal was
 *   read in, so two moves at once cannot both win: the loser is refused and
 *   can show it; and it announces deal.stage-changed in its transaction.
 */
export type MoveRefusal = "deal-not-found" | "stage-unknown" | "lost-reason-required" | "lost-reason-too-long" | "changed-meanwhile";
export type MoveResult = { ok: true; moved: boolean } | { ok: false; refusal: MoveRefusal };

type StageOf = Pick<DealStage, "id" | "pipeline_id" | "kind">;

export interface MovePlan {
  stage_id: string;
  lost_reason: string | null;
  closed_at: string | null;
  stage_entered_at: string;
}

/**
 * What moving `deal` (now in `from`) to `to` sets, or why it may not. A "move"
 * to the stage it is in plans nothing new unless a lost deal gets a new reason.
 */
export function planMove(
  deal: Pick<Deal, "pipeline_id" | "lost_reason" | "closed_at" | "stage_entered_at">,
  from: StageOf,
  to: StageOf | undefined,
  lostReason: string | null | undefined,
  at: string,
): { ok: true; plan: MovePlan } | { ok: false; refusal: MoveRefusal } {
  if (!to || to.pipeline_id !== deal.pipeline_id) return { ok: false, refusal: "stage-unknown" };
  const typed = lostReason?.trim() || null;
  if (typed && typed.length > LOST_REASON_MAX_LENGTH) return { ok: false, refusal: "lost-reason-too-long" };
  const sameStage = from.id === to.id;
  let reason: string | null = null;
  if (to.kind === "lost") {
    reason = typed ?? (from.kind === "lost" ? deal.lost_reason : null);
    if (!reason) return { ok: false, refusal: "lost-reason-required" };
  }
  // Won and lost are different endings: from one to the other the deal closes anew.
  const closedAt = !isClosingKind(to.kind) ? null : from.kind === to.kind && deal.closed_at ? deal.closed_at : at;
  return {
    ok: true,
    plan: { stage_id: to.id, lost_reason: reason, closed_at: closedAt, stage_entered_at: sameStage ? deal.stage_entered_at : at },
  };
}

/**
 * Applies a plan inside the caller's transaction: the update names the stage
 * the deal was read in. Announces the move (deal.stage-changed), or a new
 * lost reason on the same stage (deal.updated) when `announce` says so.
 * False when someone moved the deal first.
 */
export async function applyMove(
  trx: DB,
  deal: Pick<Deal, "id" | "tenant_id" | "stage_id" | "lost_reason">,
  plan: MovePlan,
  at: string,
  { announceReason = true }: { announceReason?: boolean } = {},
) {
  const moved = plan.stage_id !== deal.stage_id;
  const reasonChanged = plan.lost_reason !== deal.lost_reason;
  if (!moved && !reasonChanged) return true;
  const result = await trx
    .updateTable("deals")
    .set({ ...plan, updated_at: at })
    .where("tenant_id", "=", deal.tenant_id)
    .where("id", "=", deal.id)
    .where("stage_id", "=", deal.stage_id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  if (moved) await emit(trx, { kind: "deal.stage-changed", tenantId: deal.tenant_id, dealId: deal.id, fromStageId: deal.stage_id, toStageId: plan.stage_id });
  else if (announceReason) await emit(trx, { kind: "deal.updated", tenantId: deal.tenant_id, dealId: deal.id });
  return true;
}

/** The deal and the stage it is in, read in `db` (a transaction when the move follows). */
export async function dealWithStage(tenantId: string, dealId: string, db: DB) {
  const deal = await db.selectFrom("deals").selectAll().where("tenant_id", "=", tenantId).where("id", "=", dealId).executeTakeFirst();
  if (!deal) return null;
  const stage = await db.selectFrom("deal_stages").select(["id", "pipeline_id", "kind"]).where("id", "=", deal.stage_id).executeTakeFirstOrThrow();
  return { deal, stage };
}

export function findStage(tenantId: string, stageId: string, db: DB) {
  return db.selectFrom("deal_stages").select(["id", "pipeline_id", "kind"]).where("tenant_id", "=", tenantId).where("id", "=", stageId).executeTakeFirst();
}

/** Moves one deal (the board's form and its drag and drop). */
export function moveDeal(
  tenantId: string,
  dealId: string,
  input: { stageId: string; lostReason?: string | null },
  { db = getDb(), now = new Date() }: { db?: DB; now?: Date } = {},
): Promise<MoveResult> {
  return inTransaction(db, async (trx) => {
    const current = await dealWithStage(tenantId, dealId, trx);
    if (!current) return { ok: false, refusal: "deal-not-found" };
    const target = await findStage(tenantId, input.stageId, trx);
    const at = now.toISOString();
    const planned = planMove(current.deal, current.stage, target, input.lostReason, at);
    if (!planned.ok) return planned;
    const applied = await applyMove(trx, current.deal, planned.plan, at);
    if (!applied) return { ok: false, refusal: "changed-meanwhile" };
    return { ok: true, moved: planned.plan.stage_id !== current.deal.stage_id };
  });
}

/**
 * Moves every deal of a stage that is being removed to `to`, in the
 * caller's transaction, each by the rules above (one lost reason for all
 * when `to` is a lost stage). Refused as a whole when one would be.
 */
export async function moveAllDeals(trx: DB, tenantId: string, from: StageOf, to: StageOf | undefined, lostReason: string | null, at: string) {
  const deals = await trx.selectFrom("deals").selectAll().where("tenant_id", "=", tenantId).where("stage_id", "=", from.id).execute();
  for (const deal of deals) {
    const planned = planMove(deal, from, to, lostReason, at);
    if (!planned.ok) return planned;
    if (!(await applyMove(trx, deal, planned.plan, at))) return { ok: false, refusal: "changed-meanwhile" } as const;
  }
  return { ok: true, moved: deals.length } as const;
}
