import { getDb, newId, now } from "~/db/db.server";
import type { KnowledgeBaseTable } from "~/db/schema";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import type { TemplateKey, TransferModeKey } from "./catalogue";
import { ensureNumberHasDefault, makeDefaultWithin } from "./default.server";
import type { KnowledgeBaseValues } from "./schemas";

/**
 * Knowledge bases and the tenant's phone numbers they belong to. Every query
 * is scoped to the tenant: an id of another tenant's row behaves exactly like
 * an id that does not exist.
 */

export interface TenantNumber {
  id: string;
  e164: string;
  label: string;
  /** As people read it: "+1 (416) 555-0100". */
  display: string;
}

export async function listTenantNumbers(tenantId: string): Promise<TenantNumber[]> {
  const rows = await getDb()
    .selectFrom("phone_numbers")
    .select(["id", "e164", "label"])
    .where("tenant_id", "=", tenantId)
    .orderBy("created_at", "asc")
    .orderBy("e164", "asc")
    .execute();
  return rows.map((row) => ({ ...row, display: formatPhoneForDisplay(row.e164) }));
}

export async function isTenantNumber(tenantId: string, phoneNumberId: string) {
  const row = await getDb().selectFrom("phone_numbers").select("id").where("tenant_id", "=", tenantId).where("id", "=", phoneNumberId).executeTakeFirst();
  return Boolean(row);
}

export function findKnowledgeBase(tenantId: string, id: string) {
  return getDb().selectFrom("knowledge_bases").selectAll().where("tenant_id", "=", tenantId).where("id", "=", id).executeTakeFirst();
}

export function parseTransferNumbers(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** One row of the list, as the loader sends it. */
export interface KnowledgeBaseListItem {
  id: string;
  phoneNumberId: string;
  name: string;
  type: string;
  voice: string;
  isDefault: boolean;
  hasAssistant: boolean;
  transferMode: TransferModeKey;
  /** As shown: formatted here, so the page need not load the phone library. */
  transferNumbers: string[];
  updatedAt: string;
}

/** The tenant's knowledge bases, optionally of one number: each number's default first, then by name. */
export async function listKnowledgeBases(tenantId: string, phoneNumberId: string | null): Promise<KnowledgeBaseListItem[]> {
  let query = getDb()
    .selectFrom("knowledge_bases")
    .select(["id", "phone_number_id", "name", "type", "voice", "is_default", "has_assistant", "transfer_mode", "transfer_numbers", "updated_at"])
    .where("tenant_id", "=", tenantId);
  if (phoneNumberId) query = query.where("phone_number_id", "=", phoneNumberId);
  const rows = await query.orderBy("is_default", "desc").orderBy("name", "asc").orderBy("created_at", "asc").execute();
  return rows.map((row) => ({
    id: row.id,
    phoneNumberId: row.phone_number_id,
    name: row.name,
    type: row.type,
    voice: row.voice,
    isDefault: row.is_default === 1,
    hasAssistant: row.has_assistant === 1,
    transferMode: row.transfer_mode,
    transferNumbers: parseTransferNumbers(row.transfer_numbers).map((number) => formatPhoneForDisplay(number)),
    updatedAt: row.updated_at,
  }));
}

function columnsOf(values: KnowledgeBaseValues) {
  return {
    phone_number_id: values.phoneNumberId,
    name: values.name,
    type: values.type,
    voice: values.voice,
    first_message: values.firstMessage,
    content: values.content,
    tool_name: values.toolName,
    template: values.template,
    transfer_mode: values.transferMode,
    transfer_numbers: JSON.stringify(values.transferNumbers),
    source_file_name: values.sourceFileName,
    has_assistant: values.hasAssistant ? 1 : 0,
  } satisfies Partial<Record<keyof KnowledgeBaseTable, unknown>>;
}

/**
 * Saves a new knowledge base. It becomes its number's default when asked to
 * or when it is the number's first; either way in the same transaction as the insert.
 */
export async function createKnowledgeBase(tenantId: string, values: KnowledgeBaseValues) {
  const id = newId();
  const timestamp = now();
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("knowledge_bases")
        .values({ id, tenant_id: tenantId, ...columnsOf(values), is_default: 0, created_at: timestamp, updated_at: timestamp })
        .execute();
      if (values.isDefault) await makeDefaultWithin(trx, tenantId, id);
      else await ensureNumberHasDefault(trx, tenantId, values.phoneNumberId);
    });
  return id;
}

/**
 * Saves changes. A default stays the default unless another one is made
 * default; moved to another number it leaves its old number's default to
 * the oldest one left there. Returns false when the id is not the tenant's.
 */
export async function updateKnowledgeBase(tenantId: string, id: string, values: KnowledgeBaseValues) {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const current = await trx
        .selectFrom("knowledge_bases")
        .select(["phone_number_id"])
        .where("tenant_id", "=", tenantId)
        .where("id", "=", id)
        .executeTakeFirst();
      if (!current) return false;
      const moved = current.phone_number_id !== values.phoneNumberId;
      await trx
        .updateTable("knowledge_bases")
        // A default moving to a number that has its own default must arrive without the flag.
        .set({ ...columnsOf(values), ...(moved ? { is_default: 0 } : {}), updated_at: now() })
        .where("tenant_id", "=", tenantId)
        .where("id", "=", id)
        .execute();
      if (values.isDefault) await makeDefaultWithin(trx, tenantId, id);
      await ensureNumberHasDefault(trx, tenantId, values.phoneNumberId);
      if (moved) await ensureNumberHasDefault(trx, tenantId, current.phone_number_id);
      return true;
    });
}

/** Deletes a knowledge base; when it was its number's default, the oldest one left takes over. */
export async function deleteKnowledgeBase(tenantId: string, id: string) {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const deleted = await trx
        .deleteFrom("knowledge_bases")
        .where("tenant_id", "=", tenantId)
        .where("id", "=", id)
        .returning(["phone_number_id"])
        .executeTakeFirst();
      if (!deleted) return false;
      await ensureNumberHasDefault(trx, tenantId, deleted.phone_number_id);
      return true;
    });
}

/** The stored knowledge base as the form's default value. */
export function formDefaultsOf(kb: NonNullable<Awaited<ReturnType<typeof findKnowledgeBase>>>) {
  const transferNumbers = parseTransferNumbers(kb.transfer_numbers).map((number) => formatPhoneForDisplay(number));
  return {
    name: kb.name,
    phoneNumberId: kb.phone_number_id,
    type: kb.type,
    voice: kb.voice,
    firstMessage: kb.first_message,
    content: kb.content,
    template: (kb.template || "blank") as TemplateKey,
    transferMode: kb.transfer_mode,
    transferNumbers: transferNumbers.length > 0 ? transferNumbers : [""],
    toolName: kb.tool_name,
    sourceFileName: kb.source_file_name ?? "",
    isDefault: kb.is_default === 1,
    hasAssistant: kb.has_assistant === 1,
  };
}
