import { sql, type SqlBool } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import { searchCondition } from "~/features/contacts/list-query.server";
import { phoneDisplays } from "~/features/phone/display.server";
import { toE164 } from "~/features/phone/phone";
import { SEARCH_LIMIT } from "./center-params";
import type { ContactMatch } from "./center-view";

/**
 * The contact center's search box: one term for a name, a company, an email
 * or a phone number. The words are found as the contacts list finds them
 * (list-query.server.ts: any part of the name, company or email, in any
 * case; digits anywhere in the number); a term the phone module reads as a
 * number, in any format it accepts ("030 1234567" in a German tenant,
 * "(416) 555-0123", "0049 30…"), also finds the contact with exactly that
 * number, however it was typed.
 */

export interface SearchResult {
  matches: ContactMatch[];
  /** More matched than are shown: the user should say more. */
  more: boolean;
  /** The one contact, when the term read as a whole number and only that contact matched (its page opens at once). */
  onlyExactMatch: string | null;
  phones: Record<string, string>;
}

const columns = [
  "contacts.id",
  "contacts.first_name",
  "contacts.last_name",
  "contacts.company",
  "contacts.email",
  "contacts.phone",
  "contacts.opted_out_at",
  "contact_lists.name as list_name",
] as const;

type Row = { id: string; first_name: string; last_name: string; company: string; email: string; phone: string; opted_out_at: string | null; list_name: string };

function toMatch(row: Row): ContactMatch {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    email: row.email,
    phone: row.phone,
    listName: row.list_name,
    optedOut: row.opted_out_at !== null,
  };
}

const base = (db: DB, tenantId: string) =>
  db
    .selectFrom("contacts")
    .innerJoin("contact_lists", (join) => join.onRef("contact_lists.id", "=", "contacts.list_id").onRef("contact_lists.tenant_id", "=", "contacts.tenant_id"))
    .select(columns)
    .where("contacts.tenant_id", "=", tenantId);

export async function searchContacts(tenant: { id: string; country: string }, q: string, db: DB = getDb()): Promise<SearchResult> {
  const words = searchCondition(q, db);
  if (!words) return { matches: [], more: false, onlyExactMatch: null, phones: {} };
  const e164 = toE164(q, tenant.country);
  const condition = e164 ? sql<SqlBool>`(${words} or contacts.phone = ${e164})` : words;
  const rows = await base(db, tenant.id)
    .where(condition)
    // The exact number first, then by name, as the contacts list sorts.
    .orderBy(sql`case when contacts.phone = ${e164 ?? ""} then 0 else 1 end`)
    .orderBy("contacts.last_name")
    .orderBy("contacts.first_name")
    .orderBy("contacts.id")
    .limit(SEARCH_LIMIT + 1)
    .execute();
  const matches = rows.slice(0, SEARCH_LIMIT).map(toMatch);
  return {
    matches,
    more: rows.length > SEARCH_LIMIT,
    onlyExactMatch: e164 && matches.length === 1 && matches[0]!.phone === e164 ? matches[0]!.id : null,
    phones: phoneDisplays(
      matches.map((match) => match.phone),
      tenant.country,
    ),
  };
}

/** Before a search: the contacts changed most recently, the ones most likely looked for again. */
export async function recentContacts(tenant: { id: string; country: string }, limit = 8, db: DB = getDb()): Promise<SearchResult> {
  const rows = await base(db, tenant.id).orderBy("contacts.updated_at", "desc").orderBy("contacts.id", "desc").limit(limit).execute();
  const matches = rows.map(toMatch);
  return {
    matches,
    more: false,
    onlyExactMatch: null,
    phones: phoneDisplays(
      matches.map((match) => match.phone),
      tenant.country,
    ),
  };
}
