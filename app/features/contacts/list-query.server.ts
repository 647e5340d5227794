import type { TFunction } from "~/i18n/translator";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import { escapeLike } from "~/db/like";
import type { GateContext } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { phoneDisplays } from "~/features/phone/display.server";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import { csvDialectFor, csvLine, UTF8_BOM, type CsvValue } from "~/lib/csv/csv-writer";
import {
  CONTACTS_PAGE_SIZE,
  exportHref,
  listHref,
  parseListParams,
  type ContactListItem,
  type ContactsListParams,
  type ContactsListViewData,
  type SortKey,
} from "./list-params";
import { campaignNamesByList, listContactLists } from "./lists.server";

/**
 * The contacts list, done by the database: filter, search, sort and page for
 * one tenant. Every query starts from the tenant, so another tenant's contact
 * can never appear, in the list or in the export.
 *
 * Search (case-insensitive substring) looks at the full name, the company and
 * the email; a term that looks like a phone number (digits with spaces,
 * brackets, dashes, dots or a leading +) also matches the digits of the
 * stored E.164 number, so "(416) 555-01" finds +14165550123.
 *
 * Sorting by a text column compares folded keys (lower case, German and
 * French accented letters with their base letter, ß as ss), so "Özil" sorts
 * with the O's; a blank value sorts first ascending and last descending.
 * Ties are broken by creation time, then insertion order, in the same
 * direction, so paging is stable.
 */

export interface ContactsScope {
  tenantId: string;
  timeZone: string;
}

/**
 * Accented letters as their base letter: the German ones and the most common
 * French, Spanish and Nordic ones (each costs a replace() per non-ASCII value,
 * so the list stays short; a capital not listed here sorts after z).
 */
const FOLDS: ReadonlyArray<readonly [string, string]> = [
  ["ä", "a"],
  ["ö", "o"],
  ["ü", "u"],
  ["Ä", "a"],
  ["Ö", "o"],
  ["Ü", "u"],
  ["ß", "ss"],
  ["é", "e"],
  ["è", "e"],
  ["ê", "e"],
  ["É", "e"],
  ["à", "a"],
  ["á", "a"],
  ["â", "a"],
  ["ç", "c"],
  ["ñ", "n"],
  ["ó", "o"],
  ["ô", "o"],
  ["ø", "o"],
  ["å", "a"],
  ["í", "i"],
  ["ú", "u"],
];

/**
 * A sort key computed in the query (the table has no sort column of its own).
 * Plain ASCII, the usual case, only goes through lower(); the replace chain
 * runs for values with other characters, which keeps sorting 100,000 contacts
 * (a tenth of them with accents) at about 100 ms on an idle machine.
 */
function sortKeyOf(column: RawBuilder<string>): RawBuilder<string> {
  const folded = FOLDS.reduce<RawBuilder<string>>((text, [from, to]) => sql<string>`replace(${text}, ${sql.lit(from)}, ${sql.lit(to)})`, column);
  // More bytes than characters: the value has a character beyond ASCII (octet_length is SQLite's and PostgreSQL's alike).
  return sql<string>`(case when octet_length(${column}) <> length(${column}) then lower(${folded}) else lower(${column}) end)`;
}

const SORT_EXPRESSIONS: Record<SortKey, RawBuilder<string>> = {
  created: sql<string>`contacts.created_at`,
  // Last name, then first name: a contact without a last name sorts by its first name, before the others.
  name: sql<string>`(${sortKeyOf(sql.ref("contacts.last_name"))} || ${sql.lit("\u0001")} || ${sortKeyOf(sql.ref("contacts.first_name"))})`,
  company: sortKeyOf(sql.ref("contacts.company")),
  list: sortKeyOf(sql.ref("contact_lists.name")),
};

/** The fields a search term is looked for in, joined so that a match never spans two of them (the name excepted). */
const FIELD_SEPARATOR = sql.lit("\u001f");
const SEARCHABLE = sql<string>`(contacts.first_name || ' ' || contacts.last_name || ${FIELD_SEPARATOR} || contacts.company || ${FIELD_SEPARATOR} || contacts.email)`;

const PHONE_LIKE = /^\+?[\d\s().\-/]*\d[\d\s().\-/]*$/;

/**
 * SQLite's LIKE ignores the case of ASCII letters only, as PostgreSQL's ILIKE
 * does under the "C" collation every text column has there (postgres.server.ts).
 * For every other letter in the term, its capital is lowered in the searched
 * text first, so "müller" finds "MÜLLER" and "özil" finds "Özil" (only the
 * letters the term has cost anything).
 */
export function searchCondition(q: string, db: DB): RawBuilder<SqlBool> | null {
  const term = q.trim().toLowerCase();
  if (!term) return null;
  let haystack: RawBuilder<string> = SEARCHABLE;
  for (const letter of new Set(term)) {
    const capital = letter.toUpperCase();
    if (letter.charCodeAt(0) > 127 && capital !== letter && capital.length === letter.length) {
      haystack = sql<string>`replace(${haystack}, ${sql.lit(capital)}, ${sql.lit(letter)})`;
    }
  }
  const like = sql.raw(isPostgres(db) ? "ilike" : "like");
  const conditions = [sql<SqlBool>`${haystack} ${like} ${`%${escapeLike(term)}%`} escape '\\'`];
  if (PHONE_LIKE.test(term)) {
    const digits = term.replace(/\D/g, "");
    // "+49 30" means the number starts so; other digits may be anywhere in it.
    conditions.push(sql<SqlBool>`contacts.phone like ${term.startsWith("+") ? `+${digits}%` : `%${digits}%`}`);
  }
  return sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}

function filterConditions(scope: ContactsScope, params: ContactsListParams, db: DB): RawBuilder<SqlBool>[] {
  const conditions = [sql<SqlBool>`contacts.tenant_id = ${scope.tenantId}`];
  if (params.list) conditions.push(sql<SqlBool>`contacts.list_id = ${params.list}`);
  if (params.optedOut === "yes") conditions.push(sql<SqlBool>`contacts.opted_out_at is not null`);
  if (params.optedOut === "no") conditions.push(sql<SqlBool>`contacts.opted_out_at is null`);
  const search = searchCondition(params.q, db);
  if (search) conditions.push(search);
  return conditions;
}

const and = (conditions: RawBuilder<SqlBool>[]) => sql.join(conditions, sql` and `);

const FROM = sql`contacts join contact_lists on contact_lists.id = contacts.list_id and contact_lists.tenant_id = contacts.tenant_id`;

const COLUMNS = sql`contacts.rowid as rid, contacts.id, contacts.first_name, contacts.last_name, contacts.title, contacts.company, contacts.phone,
  contacts.email, contacts.list_id, contact_lists.name as list_name, contacts.opted_out_at, contacts.created_at`;

interface ContactDbRow {
  rid: number;
  id: string;
  first_name: string;
  last_name: string;
  title: string;
  company: string;
  phone: string;
  email: string;
  list_id: string;
  list_name: string;
  opted_out_at: string | null;
  created_at: string;
}

function orderBy(params: ContactsListParams) {
  const direction = sql.raw(params.order === "asc" ? "asc" : "desc");
  if (params.sort === "created") return sql`contacts.created_at ${direction}, contacts.rowid ${direction}`;
  return sql`${SORT_EXPRESSIONS[params.sort]} ${direction}, contacts.created_at ${direction}, contacts.rowid ${direction}`;
}

function toItem(row: ContactDbRow): ContactListItem {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    title: row.title,
    company: row.company,
    phone: row.phone,
    email: row.email,
    listId: row.list_id,
    listName: row.list_name,
    optedOutAt: row.opted_out_at,
    createdAt: row.created_at,
  };
}

export interface ContactsPage {
  /** As applied: the page is clamped to the last page. */
  params: ContactsListParams;
  rows: ContactListItem[];
  total: number;
  pageCount: number;
}

/** One read transaction, so the total and the page come from the same moment even while an import lands. */
export function queryContactsPage(db: DB, scope: ContactsScope, requested: ContactsListParams): Promise<ContactsPage> {
  return db.transaction().execute(async (trx) => {
    const conditions = filterConditions(scope, requested, trx);
    const counted = await sql<{ n: number }>`select count(*) as n from contacts where ${and(conditions)}`.execute(trx);
    const total = Number(counted.rows[0]?.n ?? 0);
    const pageCount = Math.max(1, Math.ceil(total / CONTACTS_PAGE_SIZE));
    const page = Math.min(requested.page, pageCount);
    const result = await sql<ContactDbRow>`select ${COLUMNS} from ${FROM} where ${and(conditions)}
      order by ${orderBy(requested)} limit ${CONTACTS_PAGE_SIZE} offset ${(page - 1) * CONTACTS_PAGE_SIZE}`.execute(trx);
    return { params: { ...requested, page }, rows: result.rows.map(toItem), total, pageCount };
  });
}

/* ---- The loader's data. ---- */

export async function loadContactsList(request: Request, gate: GateContext): Promise<ContactsListViewData> {
  const db = getDb();
  const scope: ContactsScope = { tenantId: gate.tenant.id, timeZone: gate.tenant.timeZone };
  const requested = parseListParams(new URL(request.url).searchParams);
  const lists = await listContactLists(scope.tenantId, db);
  const unknownList = requested.list !== null && !lists.some((list) => list.id === requested.list);
  const page = await queryContactsPage(db, scope, unknownList ? { ...requested, list: null } : requested);
  const permissions = gate.user.permissions;
  return {
    params: page.params,
    rows: page.rows,
    total: page.total,
    pageCount: page.pageCount,
    lists,
    contactCount: lists.reduce((sum, list) => sum + list.contactCount, 0),
    campaignsByList: await campaignNamesByList(scope.tenantId, db),
    unknownList,
    timeZone: scope.timeZone,
    returnTo: listHref(page.params),
    exportHref: exportHref(page.params),
    canCreate: can(permissions, "contacts", "create"),
    canUpdate: can(permissions, "contacts", "update"),
    canDelete: can(permissions, "contacts", "delete"),
    canOpenContactCenter: can(permissions, "main-contact-center", "read"),
    phones: phoneDisplays(page.rows.map((row) => row.phone)),
  };
}

/* ---- Export: every matching row in list order, in chunks, so the database is never held while the client downloads. ---- */

type Cursor = { createdAt: string; rowId: number };

/**
 * In creation order (the default) the rows are read by keyset paging along
 * the (tenant_id, created_at) index: each chunk continues after the last row
 * of the previous one, so the last chunk costs what the first does. The other
 * orders come from keys no index holds; computing them for every contact per
 * chunk would grow with the square of the list, so the order is computed once,
 * as row ids (8 bytes a contact), and the rows are then read a chunk at a time.
 * A contact deleted meanwhile is left out; one added meanwhile is not in this export.
 */
export async function* exportChunks(db: DB, scope: ContactsScope, params: ContactsListParams, chunkSize = 1000): AsyncGenerator<ContactListItem[]> {
  const conditions = filterConditions(scope, params, db);
  if (params.sort !== "created") {
    const order = await sql<{ rid: number }>`select contacts.rowid as rid from ${FROM} where ${and(conditions)} order by ${orderBy(params)}`.execute(db);
    const rowIds = Float64Array.from(order.rows, (row) => row.rid);
    order.rows.length = 0;
    for (let start = 0; start < rowIds.length; start += chunkSize) {
      const slice = Array.from(rowIds.subarray(start, start + chunkSize));
      const found = await sql<ContactDbRow>`select ${COLUMNS} from ${FROM}
        where contacts.tenant_id = ${scope.tenantId} and contacts.rowid in (${sql.join(slice)})`.execute(db);
      const byRowId = new Map(found.rows.map((row) => [row.rid, row]));
      const rows = slice.flatMap((rowId) => byRowId.get(rowId) ?? []);
      if (rows.length > 0) yield rows.map(toItem);
    }
    return;
  }
  const comparison = sql.raw(params.order === "asc" ? ">" : "<");
  let cursor: Cursor | null = null;
  for (;;) {
    const where: RawBuilder<SqlBool>[] = cursor
      ? [...conditions, sql<SqlBool>`(contacts.created_at, contacts.rowid) ${comparison} (${cursor.createdAt}, ${cursor.rowId})`]
      : conditions;
    const result: { rows: ContactDbRow[] } =
      await sql<ContactDbRow>`select ${COLUMNS} from ${FROM} where ${and(where)} order by ${orderBy(params)} limit ${chunkSize}`.execute(db);
    if (result.rows.length > 0) yield result.rows.map(toItem);
    if (result.rows.length < chunkSize) return;
    const last: ContactDbRow = result.rows[result.rows.length - 1]!;
    cursor = { createdAt: last.created_at, rowId: last.rid };
  }
}

export interface CsvExportOptions {
  language: string;
  t: TFunction;
}

export const EXPORT_COLUMNS = ["firstName", "lastName", "title", "company", "phone", "email", "list", "optedOut", "optedOutAt", "createdAt"] as const;

/**
 * Dates as formatDateTime (app/i18n/format.ts) writes them, with one formatter
 * for the whole file: making an Intl.DateTimeFormat per cell would cost more
 * than everything else the export does.
 */
export function exportDateFormatter(language: string, timeZone: string) {
  const format = new Intl.DateTimeFormat(language === "de" ? "de-DE" : "en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
  return (iso: string) => format.format(new Date(iso));
}

function csvCells(row: ContactListItem, formatDate: (iso: string) => string, t: TFunction): CsvValue[] {
  return [
    row.firstName,
    row.lastName,
    row.title,
    row.company,
    formatPhoneForDisplay(row.phone),
    row.email,
    row.listName,
    row.optedOutAt ? t("export.yes") : t("export.no"),
    row.optedOutAt ? formatDate(row.optedOutAt) : null,
    formatDate(row.createdAt),
  ];
}

/**
 * The CSV (cells escaped by the recordings' CSV helpers: every field quoted,
 * formula-like cells made harmless; semicolons and a byte-order mark for
 * German) as a stream that asks the database for the next chunk only when the
 * client has taken the previous one.
 */
export function contactsCsvStream(scope: ContactsScope, params: ContactsListParams, options: CsvExportOptions, db: DB = getDb()): ReadableStream<Uint8Array> {
  const dialect = csvDialectFor(options.language);
  const encoder = new TextEncoder();
  const chunks = exportChunks(db, scope, params);
  const formatDate = exportDateFormatter(options.language, scope.timeZone);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const header = EXPORT_COLUMNS.map((column) => options.t(`export.columns.${column}`));
      controller.enqueue(encoder.encode((dialect.bom ? UTF8_BOM : "") + csvLine(header, dialect)));
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map((row) => csvLine(csvCells(row, formatDate, options.t), dialect)).join("")));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
