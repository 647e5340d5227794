import { sql, type RawBuilder, type SqlBool } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import { escapeLike } from "~/db/like";
import type { TicketPriority, TicketSource, TicketStatus } from "~/db/schema";
import { TICKETS_PAGE_SIZE, type TicketListParams } from "./list-params";

/**
 * The ticket list, done by the database (docs/product/service-desk.md#ticket-list):
 * the tab (my tickets, unassigned, all), the filters, the sort and the page,
 * always inside one tenant. The due sort puts tickets without a deadline
 * (resolved, closed) last in either direction; every order ends with the
 * creation time and insertion order, so paging is stable.
 */

export interface TicketRow {
  id: string;
  number: number;
  subject: string;
  status: TicketStatus;
  priority: TicketPriority;
  source: TicketSource;
  assignee: { id: string; name: string } | null;
  contact: { id: string; name: string } | null;
  tags: string[];
  dueAt: string | null;
  overdue: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface TicketPage {
  params: TicketListParams;
  rows: TicketRow[];
  total: number;
  pageCount: number;
}

/** Case-insensitive on both databases, non-ASCII capitals included (as the contacts search does). */
function subjectSearch(q: string, db: DB): RawBuilder<SqlBool> | null {
  const term = q.trim().toLowerCase();
  if (!term) return null;
  let haystack: RawBuilder<string> = sql<string>`tickets.subject`;
  for (const letter of new Set(term)) {
    const capital = letter.toUpperCase();
    if (letter.charCodeAt(0) > 127 && capital !== letter && capital.length === letter.length) {
      haystack = sql<string>`replace(${haystack}, ${sql.lit(capital)}, ${sql.lit(letter)})`;
    }
  }
  const like = sql.raw(isPostgres(db) ? "ilike" : "like");
  const conditions = [sql<SqlBool>`${haystack} ${like} ${`%${escapeLike(term)}%`} escape '\\'`];
  // "#12" or "12" also finds ticket 12.
  const number = /^#?(\d{1,9})$/.exec(term)?.[1];
  if (number) conditions.push(sql<SqlBool>`tickets.number = ${Number(number)}`);
  return sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}

function conditionsOf(tenantId: string, userId: string, params: TicketListParams, nowIso: string, db: DB): RawBuilder<SqlBool>[] {
  const conditions = [sql<SqlBool>`tickets.tenant_id = ${tenantId}`];
  if (params.tab === "my-tickets") conditions.push(sql<SqlBool>`tickets.assignee_user_id = ${userId}`);
  if (params.tab === "unassigned-tickets") conditions.push(sql<SqlBool>`tickets.assignee_user_id is null`);
  if (params.tab === "all" && params.assignee === "none") conditions.push(sql<SqlBool>`tickets.assignee_user_id is null`);
  else if (params.tab === "all" && params.assignee) conditions.push(sql<SqlBool>`tickets.assignee_user_id = ${params.assignee}`);
  if (params.status === "active") conditions.push(sql<SqlBool>`tickets.status in ('open', 'pending')`);
  else if (params.status !== "any") conditions.push(sql<SqlBool>`tickets.status = ${params.status}`);
  if (params.priority) conditions.push(sql<SqlBool>`tickets.priority = ${params.priority}`);
  if (params.tag) {
    conditions.push(
      sql<SqlBool>`exists (select 1 from ticket_tags where ticket_tags.ticket_id = tickets.id and ticket_tags.tenant_id = tickets.tenant_id and ticket_tags.tag = ${params.tag})`,
    );
  }
  if (params.overdue) conditions.push(sql<SqlBool>`tickets.due_at is not null and tickets.due_at < ${nowIso}`);
  const search = subjectSearch(params.q, db);
  if (search) conditions.push(search);
  return conditions;
}

const PRIORITY_RANK = sql`(case tickets.priority when 'urgent' then 4 when 'high' then 3 when 'normal' then 2 else 1 end)`;

function orderBy(params: TicketListParams) {
  const direction = sql.raw(params.order === "asc" ? "asc" : "desc");
  const ties = sql`tickets.created_at ${direction}, tickets.rowid ${direction}`;
  switch (params.sort) {
    case "due":
      return sql`(case when tickets.due_at is null then 1 else 0 end) asc, tickets.due_at ${direction}, ${ties}`;
    case "priority":
      return sql`${PRIORITY_RANK} ${direction}, (case when tickets.due_at is null then 1 else 0 end) asc, tickets.due_at asc, ${ties}`;
    case "updated":
      return sql`tickets.updated_at ${direction}, ${ties}`;
    case "created":
      return ties;
  }
}

const and = (conditions: RawBuilder<SqlBool>[]) => sql.join(conditions, sql` and `);

interface TicketDbRow {
  id: string;
  number: number;
  subject: string;
  status: TicketStatus;
  priority: TicketPriority;
  source: TicketSource;
  assignee_user_id: string | null;
  assignee_name: string | null;
  assignee_email: string | null;
  contact_id: string | null;
  contact_first_name: string | null;
  contact_last_name: string | null;
  due_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One read transaction, so the count and the page come from the same moment. */
export function queryTicketPage(
  scope: { tenantId: string; userId: string },
  requested: TicketListParams,
  { db = getDb(), now = new Date() }: { db?: DB; now?: Date } = {},
): Promise<TicketPage> {
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const conditions = conditionsOf(scope.tenantId, scope.userId, requested, nowIso, trx);
    const counted = await sql<{ n: number }>`select count(*) as n from tickets where ${and(conditions)}`.execute(trx);
    const total = Number(counted.rows[0]?.n ?? 0);
    const pageCount = Math.max(1, Math.ceil(total / TICKETS_PAGE_SIZE));
    const page = Math.min(requested.page, pageCount);
    const result = await sql<TicketDbRow>`select tickets.id, tickets.number, tickets.subject, tickets.status, tickets.priority, tickets.source,
        tickets.assignee_user_id, users.name as assignee_name, users.email as assignee_email,
        tickets.contact_id, contacts.first_name as contact_first_name, contacts.last_name as contact_last_name,
        tickets.due_at, tickets.created_at, tickets.updated_at
      from tickets
      left join users on users.id = tickets.assignee_user_id and users.tenant_id = tickets.tenant_id
      left join contacts on contacts.id = tickets.contact_id and contacts.tenant_id = tickets.tenant_id
      where ${and(conditions)}
      order by ${orderBy(requested)} limit ${TICKETS_PAGE_SIZE} offset ${(page - 1) * TICKETS_PAGE_SIZE}`.execute(trx);
    const ids = result.rows.map((row) => row.id);
    const tags =
      ids.length === 0
        ? []
        : await trx
            .selectFrom("ticket_tags")
            .select(["ticket_id", "tag"])
            .where("tenant_id", "=", scope.tenantId)
            .where("ticket_id", "in", ids)
            .orderBy("tag")
            .execute();
    const tagsOf = new Map<string, string[]>();
    for (const { ticket_id, tag } of tags) tagsOf.set(ticket_id, [...(tagsOf.get(ticket_id) ?? []), tag]);
    return {
      params: { ...requested, page },
      total,
      pageCount,
      rows: result.rows.map((row) => ({
        id: row.id,
        number: Number(row.number),
        subject: row.subject,
        status: row.status,
        priority: row.priority,
        source: row.source,
        assignee: row.assignee_user_id ? { id: row.assignee_user_id, name: row.assignee_name || row.assignee_email || "" } : null,
        contact: row.contact_id ? { id: row.contact_id, name: [row.contact_first_name, row.contact_last_name].filter(Boolean).join(" ") } : null,
        tags: tagsOf.get(row.id) ?? [],
        dueAt: row.due_at,
        overdue: row.due_at !== null && row.due_at < nowIso,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      })),
    };
  });
}

/** How many tickets each tab holds (active ones), for the tab bar's counts. */
export async function tabCounts(scope: { tenantId: string; userId: string }, db: DB = getDb()) {
  const result = await sql<{ mine: number; unassigned: number; everything: number }>`select
      sum(case when assignee_user_id = ${scope.userId} then 1 else 0 end) as mine,
      sum(case when assignee_user_id is null then 1 else 0 end) as unassigned,
      count(*) as everything
    from tickets where tenant_id = ${scope.tenantId} and status in ('open', 'pending')`.execute(db);
  const row = result.rows[0];
  return {
    "my-tickets": Number(row?.mine ?? 0),
    "unassigned-tickets": Number(row?.unassigned ?? 0),
    all: Number(row?.everything ?? 0),
  };
}
