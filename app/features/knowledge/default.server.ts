import type { Kysely, Transaction } from "kysely";
import { getDb, now, type DB } from "~/db/db.server";
import type { Database } from "~/db/schema";

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Makes one knowledge base the default (the assigned one) of its phone number
 * and clears the flag on the number's others, in one transaction so the
 * one-default-per-number index never sees two. Used by /knowledge-base and by
 * the knowledge-base select on /numbers-managment. Returns false when the
 * knowledge base is not the tenant's.
 */
export async function setDefaultKnowledgeBase(tenantId: string, knowledgeBaseId: string, db: DB = getDb()): Promise<boolean> {
  return db.transaction().execute((trx) => makeDefaultWithin(trx, tenantId, knowledgeBaseId));
}

/** The work of setDefaultKnowledgeBase inside a transaction the caller already holds (Kysely cannot nest them). */
export async function makeDefaultWithin(trx: Executor, tenantId: string, knowledgeBaseId: string): Promise<boolean> {
  const kb = await trx
    .selectFrom("knowledge_bases")
    .select(["id", "phone_number_id"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", knowledgeBaseId)
    .executeTakeFirst();
  if (!kb) return false;
  const timestamp = now();
  // Cleared first: the partial unique index would refuse a second default even for an instant.
  await trx
    .updateTable("knowledge_bases")
    .set({ is_default: 0, updated_at: timestamp })
    .where("tenant_id", "=", tenantId)
    .where("phone_number_id", "=", kb.phone_number_id)
    .where("is_default", "=", 1)
    .where("id", "!=", kb.id)
    .execute();
  await trx.updateTable("knowledge_bases").set({ is_default: 1, updated_at: timestamp }).where("id", "=", kb.id).execute();
  return true;
}

/** The number's knowledge bases in the order that decides who inherits the default: the oldest first. */
function inSuccessionOrder(db: Executor, tenantId: string, phoneNumberId: string) {
  return db
    .selectFrom("knowledge_bases")
    .select(["id", "name", "is_default"])
    .where("tenant_id", "=", tenantId)
    .where("phone_number_id", "=", phoneNumberId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc");
}

/**
 * A number with knowledge bases always has a default: when it has none (its
 * first knowledge base was just made, or the default was deleted or moved
 * to another number), the oldest one left becomes the default.
 */
export async function ensureNumberHasDefault(trx: Executor, tenantId: string, phoneNumberId: string) {
  const candidates = await inSuccessionOrder(trx, tenantId, phoneNumberId).execute();
  if (candidates.length === 0 || candidates.some((kb) => kb.is_default === 1)) return null;
  await trx.updateTable("knowledge_bases").set({ is_default: 1, updated_at: now() }).where("id", "=", candidates[0]!.id).execute();
  return candidates[0]!.id;
}

/** Who becomes the number's default when `leavingId` (its default) is deleted; undefined when it is the last one. */
export function findSuccessorDefault(tenantId: string, phoneNumberId: string, leavingId: string, db: DB = getDb()) {
  return inSuccessionOrder(db, tenantId, phoneNumberId).where("id", "!=", leavingId).executeTakeFirst();
}
