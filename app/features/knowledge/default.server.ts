import { getDb, now, type DB } from "~/db/db.server";

/**
 * Makes one knowledge base the default (the assigned one) of its phone number
 * and clears the flag on the number's others, in one transaction so the
 * one-default-per-number index never sees two. Used by /knowledge-base and by
 * the knowledge-base select on /numbers-managment. Returns false when the
 * knowledge base is not the tenant's.
 */
export async function setDefaultKnowledgeBase(tenantId: string, knowledgeBaseId: string, db: DB = getDb()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const kb = await trx
      .selectFrom("knowledge_bases")
      .select(["id", "phone_number_id"])
      .where("tenant_id", "=", tenantId)
      .where("id", "=", knowledgeBaseId)
      .executeTakeFirst();
    if (!kb) return false;
    const timestamp = now();
    await trx
      .updateTable("knowledge_bases")
      .set({ is_default: 0, updated_at: timestamp })
      .where("tenant_id", "=", tenantId)
      .where("phone_number_id", "=", kb.phone_number_id)
      .where("is_default", "=", 1)
      .execute();
    await trx.updateTable("knowledge_bases").set({ is_default: 1, updated_at: timestamp }).where("id", "=", kb.id).execute();
    return true;
  });
}
