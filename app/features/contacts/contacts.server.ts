import { getDb, newId, now, type DB } from "~/db/db.server";
import type { Contact, OptOutSource } from "~/db/schema";
import { timeZoneForPhone } from "~/features/phone/time-zone.server";
import { emit } from "~/lib/events/bus.server";
import { storedPhone } from "./contact-rules";
import { findContactList } from "./lists.server";
import type { ContactFormValues } from "./schemas";

/**
 * Creating, changing and deleting one contact of a tenant. Every lookup is
 * scoped to the tenant: another tenant's contact or list id behaves exactly
 * like a missing one. The checks and the write share one transaction, so two
 * requests cannot both add the same phone number.
 */

export function getContact(tenantId: string, contactId: string, db: DB = getDb()): Promise<Contact | undefined> {
  return db.selectFrom("contacts").selectAll().where("tenant_id", "=", tenantId).where("id", "=", contactId).executeTakeFirst();
}

/** Field errors are message keys of the `contacts` namespace, as the form schema's are. */
export type ContactFieldErrors = Partial<Record<"phone" | "listId", string[]>>;

/** A refusal because of the phone names the contact that has it (`existingContactId`), so the form can link to it. */
export type SaveContactResult =
  { ok: true; id: string; listId: string } | { ok: false; fieldErrors: ContactFieldErrors; existingContactId: string | null } | { ok: false; notFound: true };

/** The id of a contact of the tenant that has this (E.164) number, other than `exceptId`. */
export async function contactWithPhone(tenantId: string, e164: string, exceptId?: string, db: DB = getDb()) {
  let query = db.selectFrom("contacts").select("id").where("tenant_id", "=", tenantId).where("phone", "=", e164);
  if (exceptId) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst())?.id ?? null;
}

async function problems(trx: DB, tenantId: string, values: ContactFormValues, phone: string, exceptId?: string) {
  const fieldErrors: ContactFieldErrors = {};
  if (!(await findContactList(tenantId, values.listId, trx))) fieldErrors.listId = ["validation.listMissing"];
  const existingContactId = await contactWithPhone(tenantId, phone, exceptId, trx);
  if (existingContactId) fieldErrors.phone = ["validation.phoneExists"];
  return Object.keys(fieldErrors).length > 0 ? { ok: false as const, fieldErrors, existingContactId } : null;
}

/** Who changed an opt-out, and where (the contact center's timeline shows it). */
export interface OptOutChangeBy {
  source: Exclude<OptOutSource, "recorded">;
  actorUserId: string | null;
}

/** A contact's opt-out history (contact_opt_out_changes, migration 0024): one row per real change, written with it. */
async function recordOptOutChange(trx: DB, tenantId: string, contactId: string, optedOut: boolean, by: OptOutChangeBy, at: string) {
  await trx
    .insertInto("contact_opt_out_changes")
    .values({ id: newId(), tenant_id: tenantId, contact_id: contactId, opted_out: optedOut ? 1 : 0, source: by.source, actor_user_id: by.actorUserId, at })
    .execute();
}

/** Opting out keeps the moment it first happened; opting back in clears it. */
function optedOutAt(optedOut: boolean, previous: string | null, timestamp: string) {
  if (!optedOut) return null;
  return previous ?? timestamp;
}

function columns(values: ContactFormValues, phone: string) {
  return {
    list_id: values.listId,
    first_name: values.firstName,
    last_name: values.lastName,
    title: values.title,
    company: values.company,
    phone,
    email: values.email,
    time_zone: timeZoneForPhone(phone),
  };
}

/**
 * `country`: the tenant's (gate.tenant.country), the one the form's schema
 * judged the phone in. `actorUserId`: who saved the form, kept with an
 * opt-out it sets.
 */
export function createContact(
  tenantId: string,
  values: ContactFormValues,
  country: string,
  actorUserId: string | null = null,
  db: DB = getDb(),
): Promise<SaveContactResult> {
  const phone = storedPhone(values.phone, country);
  return db.transaction().execute(async (trx): Promise<SaveContactResult> => {
    const refused = await problems(trx, tenantId, values, phone);
    if (refused) return refused;
    const id = newId();
    const timestamp = now();
    await trx
      .insertInto("contacts")
      .values({
        id,
        tenant_id: tenantId,
        ...columns(values, phone),
        opted_out_at: optedOutAt(values.optedOut, null, timestamp),
        created_at: timestamp,
        updated_at: timestamp,
      })
      .execute();
    if (values.optedOut) await recordOptOutChange(trx, tenantId, id, true, { source: "form", actorUserId }, timestamp);
    // Announced in this transaction (docs/decisions/0028): the integrations' deliveries commit with the contact.
    await emit(trx, { kind: "contact.created", tenantId, contactId: id });
    return { ok: true, id, listId: values.listId };
  });
}

export function updateContact(
  tenantId: string,
  contactId: string,
  values: ContactFormValues,
  country: string,
  actorUserId: string | null = null,
  db: DB = getDb(),
): Promise<SaveContactResult> {
  const phone = storedPhone(values.phone, country);
  return db.transaction().execute(async (trx): Promise<SaveContactResult> => {
    const existing = await getContact(tenantId, contactId, trx);
    if (!existing) return { ok: false, notFound: true };
    const refused = await problems(trx, tenantId, values, phone, contactId);
    if (refused) return refused;
    const timestamp = now();
    await trx
      .updateTable("contacts")
      .set({ ...columns(values, phone), opted_out_at: optedOutAt(values.optedOut, existing.opted_out_at, timestamp), updated_at: timestamp })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", contactId)
      .execute();
    if (values.optedOut !== (existing.opted_out_at !== null)) {
      await recordOptOutChange(trx, tenantId, contactId, values.optedOut, { source: "form", actorUserId }, timestamp);
    }
    return { ok: true, id: contactId, listId: values.listId };
  });
}

/**
 * False when the tenant has no such contact. Marking twice keeps the first
 * moment and records no second change; the row is still found, so the answer
 * is still true.
 */
export function setContactOptedOut(tenantId: string, contactId: string, optedOut: boolean, by: OptOutChangeBy, db: DB = getDb()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("contacts").select("opted_out_at").where("tenant_id", "=", tenantId).where("id", "=", contactId).executeTakeFirst();
    if (!existing) return false;
    if ((existing.opted_out_at !== null) === optedOut) return true;
    const timestamp = now();
    await trx
      .updateTable("contacts")
      .set({ opted_out_at: optedOut ? timestamp : null, updated_at: timestamp })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", contactId)
      .execute();
    await recordOptOutChange(trx, tenantId, contactId, optedOut, by, timestamp);
    return true;
  });
}

/** Moves a contact to another list of the tenant (a contact is in one list: its phone is unique per tenant). False when either is not the tenant's. */
export function moveContactToList(tenantId: string, contactId: string, listId: string, db: DB = getDb()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await findContactList(tenantId, listId, trx))) return false;
    const result = await trx
      .updateTable("contacts")
      .set({ list_id: listId, updated_at: now() })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", contactId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  });
}

/** False when the tenant has no such contact. */
export async function deleteContact(tenantId: string, contactId: string, db: DB = getDb()): Promise<boolean> {
  const result = await db.deleteFrom("contacts").where("tenant_id", "=", tenantId).where("id", "=", contactId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
