import { isUniqueViolation, lockTenant } from "~/db/constraints.server";
import { getDb, newId, now, type DB } from "~/db/db.server";
import { setDefaultKnowledgeBase } from "~/features/knowledge/default.server";
import { formatPhoneForDisplay } from "~/features/phone/phone";

/**
 * The tenant's business phone numbers (table phone_numbers, E.164). Every
 * query is scoped to the tenant: an id from another tenant behaves exactly
 * like an id that does not exist.
 *
 * The plan's quota is checked inside the transaction that inserts, so two
 * adds at the same moment cannot both pass it: Kysely runs a SQLite
 * transaction on its one connection alone, and another process's write in
 * between would make the commit fail (WAL snapshot) rather than exceed it.
 */
export interface TenantNumber {
  id: string;
  e164: string;
  /** As people read it ("+1 (416) 555-0100"), formatted here so that pages need not load the phone library. */
  display: string;
  label: string;
  createdAt: string;
  /** The agent answering inbound calls on the number, or null. */
  agentId: string | null;
  knowledgeBases: Array<{ id: string; name: string; isDefault: boolean }>;
  campaigns: Array<{ id: string; name: string }>;
}

export async function listTenantNumbers(tenantId: string, db: DB = getDb()): Promise<TenantNumber[]> {
  const [numbers, knowledgeBases, campaigns] = await Promise.all([
    db
      .selectFrom("phone_numbers")
      .select(["id", "e164", "label", "created_at", "agent_id"])
      .where("tenant_id", "=", tenantId)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("knowledge_bases")
      .select(["id", "name", "phone_number_id", "is_default"])
      .where("tenant_id", "=", tenantId)
      .orderBy("name")
      .orderBy("id")
      .execute(),
    db.selectFrom("campaigns").select(["id", "name", "phone_number_id"]).where("tenant_id", "=", tenantId).orderBy("name").orderBy("id").execute(),
  ]);
  return numbers.map((number) => ({
    id: number.id,
    e164: number.e164,
    display: formatPhoneForDisplay(number.e164),
    label: number.label,
    createdAt: number.created_at,
    agentId: number.agent_id,
    knowledgeBases: knowledgeBases.filter((kb) => kb.phone_number_id === number.id).map((kb) => ({ id: kb.id, name: kb.name, isDefault: kb.is_default === 1 })),
    campaigns: campaigns.filter((campaign) => campaign.phone_number_id === number.id).map(({ id, name }) => ({ id, name })),
  }));
}

export async function findTenantNumber(tenantId: string, id: string, db: DB = getDb()): Promise<TenantNumber | null> {
  const number = await db
    .selectFrom("phone_numbers")
    .select(["id", "e164", "label", "created_at", "agent_id"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!number) return null;
  const [knowledgeBases, campaigns] = await Promise.all([
    db
      .selectFrom("knowledge_bases")
      .select(["id", "name", "is_default"])
      .where("tenant_id", "=", tenantId)
      .where("phone_number_id", "=", id)
      .orderBy("name")
      .execute(),
    db.selectFrom("campaigns").select(["id", "name"]).where("tenant_id", "=", tenantId).where("phone_number_id", "=", id).orderBy("name").execute(),
  ]);
  return {
    id: number.id,
    e164: number.e164,
    display: formatPhoneForDisplay(number.e164),
    label: number.label,
    createdAt: number.created_at,
    agentId: number.agent_id,
    knowledgeBases: knowledgeBases.map((kb) => ({ id: kb.id, name: kb.name, isDefault: kb.is_default === 1 })),
    campaigns,
  };
}

async function countNumbers(tenantId: string, db: DB) {
  const row = await db.selectFrom("phone_numbers").select(db.fn.countAll<number>().as("count")).where("tenant_id", "=", tenantId).executeTakeFirstOrThrow();
  return Number(row.count);
}

export function countTenantNumbers(tenantId: string, db: DB = getDb()) {
  return countNumbers(tenantId, db);
}

export type AddNumberResult = { ok: true; id: string } | { ok: false; reason: "duplicate" | "limit" };

/** Adds one number unless the tenant has it already or the plan's limit is reached. */
export async function addTenantNumber(tenantId: string, number: { e164: string; label: string }, limit: number, db: DB = getDb()): Promise<AddNumberResult> {
  try {
    return await db.transaction().execute(async (trx): Promise<AddNumberResult> => {
      await lockTenant(trx, tenantId);
      const existing = await trx.selectFrom("phone_numbers").select("id").where("tenant_id", "=", tenantId).where("e164", "=", number.e164).executeTakeFirst();
      if (existing) return { ok: false, reason: "duplicate" };
      if ((await countNumbers(tenantId, trx)) >= limit) return { ok: false, reason: "limit" };
      const id = newId();
      const timestamp = now();
      await trx
        .insertInto("phone_numbers")
        .values({ id, tenant_id: tenantId, e164: number.e164, label: number.label, created_at: timestamp, updated_at: timestamp })
        .execute();
      return { ok: true, id };
    });
  } catch (error) {
    // The unique index has the last word if another process added the same number a moment earlier.
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
    throw error;
  }
}

export type AddNumbersResult = { ok: true; added: number; skipped: number } | { ok: false; reason: "limit"; adding: number; used: number; limit: number };

/**
 * Adds every number of the list the tenant does not have yet, all or none:
 * if they would take the tenant past the plan's limit, nothing is added.
 */
export async function addTenantNumbers(tenantId: string, e164s: string[], limit: number, db: DB = getDb()): Promise<AddNumbersResult> {
  const wanted = [...new Set(e164s)];
  return db.transaction().execute(async (trx): Promise<AddNumbersResult> => {
    await lockTenant(trx, tenantId);
    const existing = new Set((await trx.selectFrom("phone_numbers").select("e164").where("tenant_id", "=", tenantId).execute()).map((row) => row.e164));
    const adding = wanted.filter((e164) => !existing.has(e164));
    const used = existing.size;
    if (adding.length === 0) return { ok: true, added: 0, skipped: wanted.length };
    if (used + adding.length > limit) return { ok: false, reason: "limit", adding: adding.length, used, limit };
    // A millisecond apart, so the list (oldest first) shows them in the order of the file.
    const start = Date.now();
    await trx
      .insertInto("phone_numbers")
      .values(
        adding.map((e164, index) => {
          const timestamp = new Date(start + index).toISOString();
          return { id: newId(), tenant_id: tenantId, e164, label: "", created_at: timestamp, updated_at: timestamp };
        }),
      )
      .execute();
    return { ok: true, added: adding.length, skipped: wanted.length - adding.length };
  });
}

/** Renames a number; false when the tenant has no such number. */
export async function renameTenantNumber(tenantId: string, id: string, label: string, db: DB = getDb()) {
  const result = await db
    .updateTable("phone_numbers")
    .set({ label, updated_at: now() })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type DeleteNumberResult =
  { ok: true; e164: string; knowledgeBasesDeleted: number } | { ok: false; reason: "not-found" } | { ok: false; reason: "in-use"; campaigns: string[] };

/**
 * Deletes a number and, with it, its knowledge bases (they answer on that
 * number and nowhere else). Refused while a campaign uses the number.
 */
export async function deleteTenantNumber(tenantId: string, id: string, db: DB = getDb()): Promise<DeleteNumberResult> {
  return db.transaction().execute(async (trx): Promise<DeleteNumberResult> => {
    const number = await trx.selectFrom("phone_numbers").select(["id", "e164"]).where("tenant_id", "=", tenantId).where("id", "=", id).executeTakeFirst();
    if (!number) return { ok: false, reason: "not-found" };
    const campaigns = await trx
      .selectFrom("campaigns")
      .select("name")
      .where("tenant_id", "=", tenantId)
      .where("phone_number_id", "=", id)
      .orderBy("name")
      .execute();
    if (campaigns.length > 0) return { ok: false, reason: "in-use", campaigns: campaigns.map((campaign) => campaign.name) };
    const knowledgeBases = await trx.deleteFrom("knowledge_bases").where("tenant_id", "=", tenantId).where("phone_number_id", "=", id).executeTakeFirst();
    await trx.deleteFrom("phone_numbers").where("tenant_id", "=", tenantId).where("id", "=", id).execute();
    return { ok: true, e164: number.e164, knowledgeBasesDeleted: Number(knowledgeBases.numDeletedRows) };
  });
}

export type AssignResult = "assigned" | "number-not-found" | "knowledge-base-not-found";

/**
 * Makes one of the number's own knowledge bases its assigned (default) one.
 * A knowledge base of another number or another tenant is refused.
 */
export async function assignKnowledgeBase(tenantId: string, numberId: string, knowledgeBaseId: string, db: DB = getDb()): Promise<AssignResult> {
  const number = await db.selectFrom("phone_numbers").select("id").where("tenant_id", "=", tenantId).where("id", "=", numberId).executeTakeFirst();
  if (!number) return "number-not-found";
  const kb = await db
    .selectFrom("knowledge_bases")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("phone_number_id", "=", numberId)
    .where("id", "=", knowledgeBaseId)
    .executeTakeFirst();
  if (!kb) return "knowledge-base-not-found";
  return (await setDefaultKnowledgeBase(tenantId, kb.id, db)) ? "assigned" : "knowledge-base-not-found";
}
