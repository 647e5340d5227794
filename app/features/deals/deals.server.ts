import { getDb, inTransaction, newId, now, type DB } from "~/db/db.server";
import type { Deal } from "~/db/schema";
import { emit } from "~/lib/events/bus.server";
import { FALLBACK_CURRENCY } from "./deal-rules";
import { applyMove, dealWithStage, findStage, planMove, type MoveRefusal } from "./stage-moves.server";

/**
 * Deals: made, edited and deleted here, each change in one transaction that
 * announces it (deal.created, deal.updated, deal.deleted; a stage change goes
 * through stage-moves.server.ts, which announces deal.stage-changed). Every
 * query names the tenant; another tenant's deal, stage, contact or member is
 * not found.
 */

export interface DealInput {
  title: string;
  valueMinor: number;
  stageId: string;
  lostReason: string | null;
  contactId: string | null;
  ownerId: string | null;
  /** YYYY-MM-DD. */
  expectedCloseOn: string | null;
}

/** The fields a refusal belongs to, with the message key (deals namespace) each shows; "" is the whole form. */
export type DealFieldErrors = Partial<Record<keyof DealInput | "", string[]>>;
export type SaveResult<T = object> = ({ ok: true } & T) | { ok: false; fieldErrors: DealFieldErrors } | { ok: false; notFound: true };

const MOVE_MESSAGES: Record<MoveRefusal, [keyof DealInput | "", string]> = {
  "deal-not-found": ["", "validation.dealGone"],
  "stage-unknown": ["stageId", "validation.stageUnknown"],
  "lost-reason-required": ["lostReason", "validation.lostReasonRequired"],
  "lost-reason-too-long": ["lostReason", "validation.lostReasonTooLong"],
  "changed-meanwhile": ["", "validation.changedMeanwhile"],
};

/** A move's refusal as the field it belongs to and its message key. */
export function moveRefusalMessage(refusal: MoveRefusal) {
  const [field, message] = MOVE_MESSAGES[refusal];
  return { field, message };
}

/** The currency a tenant's new deals are valued in: its billing account's, else euros. */
export async function dealCurrency(tenantId: string, db: DB = getDb()) {
  const account = await db.selectFrom("billing_accounts").select("currency").where("tenant_id", "=", tenantId).executeTakeFirst();
  return account?.currency || FALLBACK_CURRENCY;
}

/** Contact and owner must be the tenant's own; the problems at their fields. */
async function referenceErrors(tenantId: string, input: Pick<DealInput, "contactId" | "ownerId">, db: DB): Promise<DealFieldErrors> {
  const errors: DealFieldErrors = {};
  if (input.contactId) {
    const contact = await db.selectFrom("contacts").select("id").where("tenant_id", "=", tenantId).where("id", "=", input.contactId).executeTakeFirst();
    if (!contact) errors.contactId = ["validation.contactUnknown"];
  }
  if (input.ownerId) {
    const owner = await db.selectFrom("users").select("id").where("tenant_id", "=", tenantId).where("id", "=", input.ownerId).executeTakeFirst();
    if (!owner) errors.ownerId = ["validation.ownerUnknown"];
  }
  return errors;
}

const hasErrors = (errors: DealFieldErrors) => Object.keys(errors).length > 0;

/**
 * A new deal in a stage of `pipelineId`. It enters its stage by the rules of
 * a move (a lost stage asks why; won and lost close it), as if from outside
 * the pipeline. `callId`: the recording it was made from (only the tenant's).
 */
export function createDeal(
  tenantId: string,
  pipelineId: string,
  input: DealInput,
  { createdBy, callId = null, db = getDb(), at = now() }: { createdBy: string | null; callId?: string | null; db?: DB; at?: string },
): Promise<SaveResult<{ id: string }>> {
  return inTransaction(db, async (trx) => {
    const errors = await referenceErrors(tenantId, input, trx);
    const stage = await findStage(tenantId, input.stageId, trx);
    const entering = planMove(
      { pipeline_id: pipelineId, lost_reason: null, closed_at: null, stage_entered_at: at },
      { id: "", pipeline_id: pipelineId, kind: "open" },
      stage,
      input.lostReason,
      at,
    );
    if (!entering.ok) {
      const { field, message } = moveRefusalMessage(entering.refusal);
      errors[field] = [message];
    }
    if (hasErrors(errors) || !entering.ok) return { ok: false, fieldErrors: errors };
    const call = callId ? await trx.selectFrom("calls").select("id").where("tenant_id", "=", tenantId).where("id", "=", callId).executeTakeFirst() : undefined;
    const id = newId();
    await trx
      .insertInto("deals")
      .values({
        id,
        tenant_id: tenantId,
        pipeline_id: pipelineId,
        ...entering.plan,
        title: input.title,
        value_minor: input.valueMinor,
        currency: await dealCurrency(tenantId, trx),
        contact_id: input.contactId,
        owner_user_id: input.ownerId,
        expected_close_on: input.expectedCloseOn,
        call_id: call?.id ?? null,
        created_by: createdBy,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await emit(trx, { kind: "deal.created", tenantId, dealId: id });
    return { ok: true, id };
  });
}

/** The deal's own fields that a change of announces deal.updated. */
function fieldsChanged(deal: Deal, input: DealInput) {
  return (
    deal.title !== input.title ||
    deal.value_minor !== input.valueMinor ||
    deal.contact_id !== input.contactId ||
    deal.owner_user_id !== input.ownerId ||
    deal.expected_close_on !== input.expectedCloseOn
  );
}

/** Saves the deal's form: its fields, and its stage by the rules of a move. */
export function updateDeal(
  tenantId: string,
  dealId: string,
  input: DealInput,
  { db = getDb(), at = now() }: { db?: DB; at?: string } = {},
): Promise<SaveResult> {
  return inTransaction(db, async (trx) => {
    const current = await dealWithStage(tenantId, dealId, trx);
    if (!current) return { ok: false, notFound: true };
    const { deal } = current;
    const errors = await referenceErrors(tenantId, input, trx);
    const target = await findStage(tenantId, input.stageId, trx);
    const planned = planMove(deal, current.stage, target, input.lostReason, at);
    if (!planned.ok) {
      const { field, message } = moveRefusalMessage(planned.refusal);
      errors[field] = [message];
    }
    if (hasErrors(errors) || !planned.ok) return { ok: false, fieldErrors: errors };
    const changed = fieldsChanged(deal, input);
    // The move first: when someone moved the deal meanwhile nothing has been written yet. A new lost reason
    // alone is an update too; with other fields changed, one deal.updated says both.
    const moved = await applyMove(trx, deal, planned.plan, at, { announceReason: !changed });
    if (!moved) return { ok: false, fieldErrors: { "": ["validation.changedMeanwhile"] } };
    if (changed) {
      await trx
        .updateTable("deals")
        .set({
          title: input.title,
          value_minor: input.valueMinor,
          contact_id: input.contactId,
          owner_user_id: input.ownerId,
          expected_close_on: input.expectedCloseOn,
          updated_at: at,
        })
        .where("tenant_id", "=", tenantId)
        .where("id", "=", dealId)
        .execute();
    }
    if (changed) await emit(trx, { kind: "deal.updated", tenantId, dealId });
    return { ok: true };
  });
}

/** Announced first (deal.deleted), in the same transaction, so a subscriber still reads the deal it is told about. */
export function deleteDeal(tenantId: string, dealId: string, db: DB = getDb()): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const deal = await trx.selectFrom("deals").select("id").where("tenant_id", "=", tenantId).where("id", "=", dealId).executeTakeFirst();
    if (!deal) return false;
    await emit(trx, { kind: "deal.deleted", tenantId, dealId });
    await trx.deleteFrom("deals").where("tenant_id", "=", tenantId).where("id", "=", dealId).execute();
    return true;
  });
}

export function getDeal(tenantId: string, dealId: string, db: DB = getDb()) {
  return db.selectFrom("deals").selectAll().where("tenant_id", "=", tenantId).where("id", "=", dealId).executeTakeFirst();
}

/** The tenant's members, who may own a deal, by name. */
export function listMembers(tenantId: string, db: DB = getDb()) {
  return db.selectFrom("users").select(["id", "name", "email"]).where("tenant_id", "=", tenantId).orderBy("name").orderBy("email").execute();
}

/** A refusal as conform's reply takes it: the whole form's messages apart from the fields'. */
export function refusalReply(fieldErrors: DealFieldErrors) {
  const { "": formErrors = [], ...fields } = fieldErrors;
  return { formErrors, fieldErrors: fields as Record<string, string[]> };
}
