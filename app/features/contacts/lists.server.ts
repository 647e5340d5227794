import { getDb, newId, now, type DB } from "~/db/db.server";

/**
 * Contact lists of a tenant. Names are unique per tenant regardless of case
 * and surrounding spaces ("already exists"). Owned by the contacts screen;
 * the import and campaign screens read lists through here.
 */
export const LIST_NAME_MAX_LENGTH = 100;

export const listNameKey = (name: string) => name.trim().toLocaleLowerCase("en");

export interface ContactListSummary {
  id: string;
  name: string;
  contactCount: number;
}

export async function listContactLists(tenantId: string, db: DB = getDb()): Promise<ContactListSummary[]> {
  const rows = await db
    .selectFrom("contact_lists")
    .leftJoin("contacts", (join) => join.onRef("contacts.list_id", "=", "contact_lists.id").onRef("contacts.tenant_id", "=", "contact_lists.tenant_id"))
    .select(({ fn }) => ["contact_lists.id", "contact_lists.name", fn.count<number>("contacts.id").as("contactCount")])
    .where("contact_lists.tenant_id", "=", tenantId)
    .groupBy(["contact_lists.id", "contact_lists.name"])
    .orderBy("contact_lists.name_key")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, contactCount: Number(row.contactCount) }));
}

export async function findContactList(tenantId: string, listId: string, db: DB = getDb()) {
  return db.selectFrom("contact_lists").selectAll().where("tenant_id", "=", tenantId).where("id", "=", listId).executeTakeFirst();
}

export type CreateListResult = { ok: true; id: string } | { ok: false; error: "validation.listNameRequired" | "validation.listNameTooLong" | "validation.listExists" };

/** Validates and creates; the unique index settles a race between two creators of the same name. */
export async function createContactList(tenantId: string, rawName: string, db: DB = getDb()): Promise<CreateListResult> {
  const name = rawName.trim();
  if (!name) return { ok: false, error: "validation.listNameRequired" };
  if (name.length > LIST_NAME_MAX_LENGTH) return { ok: false, error: "validation.listNameTooLong" };
  const key = listNameKey(name);
  const existing = await db.selectFrom("contact_lists").select("id").where("tenant_id", "=", tenantId).where("name_key", "=", key).executeTakeFirst();
  if (existing) return { ok: false, error: "validation.listExists" };
  const id = newId();
  const timestamp = now();
  try {
    await db.insertInto("contact_lists").values({ id, tenant_id: tenantId, name, name_key: key, created_at: timestamp, updated_at: timestamp }).execute();
  } catch (error) {
    if (String(error).includes("UNIQUE")) return { ok: false, error: "validation.listExists" };
    throw error;
  }
  return { ok: true, id };
}
