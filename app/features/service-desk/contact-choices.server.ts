import { getDb, type DB } from "~/db/db.server";
import { searchCondition } from "~/features/contacts/list-query.server";
import { formatPhoneForDisplay } from "~/features/phone/phone-library.server";
import { MAX_SEARCH_LENGTH } from "./list-params";

/**
 * The contact select of the ticket forms: a tenant can have a hundred
 * thousand contacts, so the select offers the newest ones, or those a search
 * finds (the contacts list's search: name, company, email, phone digits),
 * and always the one chosen. The search is a GET of the same form, so it
 * works without JavaScript and keeps what was typed.
 */
export const CONTACT_CHOICES_LIMIT = 50;

export interface ContactChoices {
  search: string;
  options: Array<{ id: string; label: string }>;
  /** More contacts match than the select shows: a narrower search finds the rest. */
  more: boolean;
}

type ContactRow = { id: string; first_name: string; last_name: string; company: string; phone: string };

const labelOf = (contact: ContactRow, country: string) =>
  [[contact.first_name, contact.last_name].filter(Boolean).join(" "), contact.company, formatPhoneForDisplay(contact.phone, country)]
    .filter(Boolean)
    .join(" · ");

export async function contactChoices(
  tenant: { id: string; country: string },
  rawSearch: string | null,
  selectedId: string | null,
  db: DB = getDb(),
): Promise<ContactChoices> {
  const search = (rawSearch ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  let query = db.selectFrom("contacts").select(["id", "first_name", "last_name", "company", "phone"]).where("tenant_id", "=", tenant.id);
  const condition = searchCondition(search, db);
  if (condition) query = query.where(condition);
  const rows = await query
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(CONTACT_CHOICES_LIMIT + 1)
    .execute();
  const shown = rows.slice(0, CONTACT_CHOICES_LIMIT);
  if (selectedId && !shown.some((row) => row.id === selectedId)) {
    const selected = await db
      .selectFrom("contacts")
      .select(["id", "first_name", "last_name", "company", "phone"])
      .where("tenant_id", "=", tenant.id)
      .where("id", "=", selectedId)
      .executeTakeFirst();
    if (selected) shown.unshift(selected);
  }
  return { search, options: shown.map((row) => ({ id: row.id, label: labelOf(row, tenant.country) })), more: rows.length > CONTACT_CHOICES_LIMIT };
}
