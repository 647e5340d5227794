import { getDb, newId, now, type DB } from "~/db/db.server";
import { LIST_NAME_MAX_LENGTH, listNameKey } from "./list-rules";

/**
 * Contact lists of a tenant. Names are unique per tenant regardless of case
 * and surrounding spaces ("already exists"). Owned by the contacts screen;
 * the import and campaign screens read lists through here. Every query is
 * scoped to the tenant: another tenant's list id behaves like a missing one.
 */
export { LIST_NAME_MAX_LENGTH, listNameKey };

export interface ContactListSummary {
  id: string;
  name: string;
  contactCount: number;
}

export async function listContactLists(tenantId: string, db: DB = getDb()): Promise<ContactListSummary[]> {
  // A count per list through the (tenant_id, list_id, created_at) index: no contact row is read, however many there are.
  const rows = await db
    .selectFrom("contact_lists")
    .select((eb) => [
      "contact_lists.id",
      "contact_lists.name",
      eb
        .selectFrom("contacts")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("contacts.tenant_id", "=", "contact_lists.tenant_id")
        .whereRef("contacts.list_id", "=", "contact_lists.id")
        .as("contactCount"),
    ])
    .where("contact_lists.tenant_id", "=", tenantId)
    .orderBy("contact_lists.name_key")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, contactCount: Number(row.contactCount ?? 0) }));
}

/** How many contacts the tenant's list holds (0 for a list that is not the tenant's). */
export async function countListContacts(tenantId: string, listId: string, db: DB = getDb()) {
  const row = await db
    .selectFrom("contacts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("list_id", "=", listId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findContactList(tenantId: string, listId: string, db: DB = getDb()) {
  return db.selectFrom("contact_lists").selectAll().where("tenant_id", "=", tenantId).where("id", "=", listId).executeTakeFirst();
}

export type ListNameError = "validation.listNameRequired" | "validation.listNameTooLong" | "validation.listExists";

export type CreateListResult = { ok: true; id: string } | { ok: false; error: ListNameError };

function checkName(rawName: string): { name: string } | { error: ListNameError } {
  const name = rawName.trim();
  if (!name) return { error: "validation.listNameRequired" };
  if (name.length > LIST_NAME_MAX_LENGTH) return { error: "validation.listNameTooLong" };
  return { name };
}

async function nameTaken(db: DB, tenantId: string, key: string, exceptListId?: string) {
  let query = db.selectFrom("contact_lists").select("id").where("tenant_id", "=", tenantId).where("name_key", "=", key);
  if (exceptListId) query = query.where("id", "!=", exceptListId);
  return (await query.executeTakeFirst()) !== undefined;
}

const isUniqueViolation = (error: unknown) => String(error).includes("UNIQUE");

/** Validates and creates; the unique index settles a race between two creators of the same name. */
export async function createContactList(tenantId: string, rawName: string, db: DB = getDb()): Promise<CreateListResult> {
  const checked = checkName(rawName);
  if ("error" in checked) return { ok: false, error: checked.error };
  const key = listNameKey(checked.name);
  if (await nameTaken(db, tenantId, key)) return { ok: false, error: "validation.listExists" };
  const id = newId();
  const timestamp = now();
  try {
    await db
      .insertInto("contact_lists")
      .values({ id, tenant_id: tenantId, name: checked.name, name_key: key, created_at: timestamp, updated_at: timestamp })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "validation.listExists" };
    throw error;
  }
  return { ok: true, id };
}

export type RenameListResult = { ok: true } | { ok: false; error: ListNameError | "notFound" };

/** The same rules as creating; renaming a list to its own name in another case is allowed. */
export async function renameContactList(tenantId: string, listId: string, rawName: string, db: DB = getDb()): Promise<RenameListResult> {
  if (!(await findContactList(tenantId, listId, db))) return { ok: false, error: "notFound" };
  const checked = checkName(rawName);
  if ("error" in checked) return { ok: false, error: checked.error };
  const key = listNameKey(checked.name);
  if (await nameTaken(db, tenantId, key, listId)) return { ok: false, error: "validation.listExists" };
  try {
    const result = await db
      .updateTable("contact_lists")
      .set({ name: checked.name, name_key: key, updated_at: now() })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", listId)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return { ok: false, error: "notFound" };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "validation.listExists" };
    throw error;
  }
  return { ok: true };
}

/** Names of the tenant's campaigns that call the list, alphabetically: a list they use cannot be deleted. */
export async function campaignsUsingList(tenantId: string, listId: string, db: DB = getDb()): Promise<string[]> {
  const rows = await db
    .selectFrom("campaigns")
    .select("name")
    .where("tenant_id", "=", tenantId)
    .where("contact_list_id", "=", listId)
    .orderBy("name")
    .execute();
  return rows.map((row) => row.name);
}

/** For every list of the tenant that campaigns use, their names (the delete dialogs say so before anyone tries). */
export async function campaignNamesByList(tenantId: string, db: DB = getDb()): Promise<Record<string, string[]>> {
  const rows = await db.selectFrom("campaigns").select(["contact_list_id", "name"]).where("tenant_id", "=", tenantId).orderBy("name").execute();
  const byList: Record<string, string[]> = {};
  for (const row of rows) (byList[row.contact_list_id] ??= []).push(row.name);
  return byList;
}

export type DeleteListResult =
  { ok: true; name: string; deletedContacts: number } | { ok: false; reason: "notFound" } | { ok: false; reason: "inUse"; campaigns: string[] };

/**
 * Deletes a list and its contacts in one transaction, unless a campaign
 * calls it. The campaigns' foreign key (ON DELETE RESTRICT) backs the check
 * up should a campaign be created for the list at the same moment.
 */
export async function deleteContactList(tenantId: string, listId: string, db: DB = getDb()): Promise<DeleteListResult> {
  try {
    return await db.transaction().execute(async (trx): Promise<DeleteListResult> => {
      const list = await findContactList(tenantId, listId, trx);
      if (!list) return { ok: false, reason: "notFound" };
      const campaigns = await campaignsUsingList(tenantId, listId, trx);
      if (campaigns.length > 0) return { ok: false, reason: "inUse", campaigns };
      const deleted = await trx.deleteFrom("contacts").where("tenant_id", "=", tenantId).where("list_id", "=", listId).executeTakeFirst();
      await trx.deleteFrom("contact_lists").where("tenant_id", "=", tenantId).where("id", "=", listId).execute();
      return { ok: true, name: list.name, deletedContacts: Number(deleted.numDeletedRows) };
    });
  } catch (error) {
    if (!String(error).includes("FOREIGN KEY")) throw error;
    return { ok: false, reason: "inUse", campaigns: await campaignsUsingList(tenantId, listId, db) };
  }
}
