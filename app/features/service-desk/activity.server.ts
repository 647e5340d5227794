import { sql } from "kysely";
import { getDb, newId, type DB } from "~/db/db.server";
import type { TicketActivityKind } from "~/db/schema";

/**
 * A ticket's activity log (docs/product/service-desk.md#activity-log): every
 * change, with who made it and when, written in the change's transaction.
 * Values are stored raw (a status key, a user, contact or call id, the tags
 * joined by ", ") and put into words in the reader's language when shown.
 */
export interface ActivityEntry {
  kind: TicketActivityKind;
  from?: string | null;
  to?: string | null;
}

export async function recordActivity(trx: DB, ticket: { id: string; tenantId: string }, actorUserId: string | null, at: string, entries: ActivityEntry[]) {
  if (entries.length === 0) return;
  await trx
    .insertInto("ticket_activity")
    .values(
      entries.map((entry) => ({
        id: newId(),
        tenant_id: ticket.tenantId,
        ticket_id: ticket.id,
        actor_user_id: actorUserId,
        kind: entry.kind,
        from_value: entry.from ?? null,
        to_value: entry.to ?? null,
        created_at: at,
      })),
    )
    .execute();
}

/** One line of the log as the page shows it: names looked up now (a member renamed since shows their new name). */
export interface ActivityView {
  id: string;
  kind: TicketActivityKind;
  at: string;
  /** Null: the app; undefined name: a member who has left. */
  actor: { id: string; name: string | null } | null;
  from: string | null;
  to: string | null;
  /** Names for the ids the entry holds (members, contacts), where it holds one. */
  fromName: string | null;
  toName: string | null;
}

const ID_KINDS = new Set<TicketActivityKind>(["assignee", "contact"]);

/** The log, oldest first, with the names of the members and contacts it mentions. */
export async function ticketActivity(tenantId: string, ticketId: string, db: DB = getDb()): Promise<ActivityView[]> {
  const rows = await db
    .selectFrom("ticket_activity")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("ticket_id", "=", ticketId)
    .orderBy("created_at")
    .orderBy(sql`ticket_activity.rowid`)
    .execute();
  const userIds = new Set<string>();
  const contactIds = new Set<string>();
  for (const row of rows) {
    if (row.actor_user_id) userIds.add(row.actor_user_id);
    if (!ID_KINDS.has(row.kind)) continue;
    const ids = row.kind === "assignee" ? userIds : contactIds;
    if (row.from_value) ids.add(row.from_value);
    if (row.to_value) ids.add(row.to_value);
  }
  const users =
    userIds.size === 0
      ? []
      : await db
          .selectFrom("users")
          .select(["id", "name", "email"])
          .where("tenant_id", "=", tenantId)
          .where("id", "in", [...userIds])
          .execute();
  const contacts =
    contactIds.size === 0
      ? []
      : await db
          .selectFrom("contacts")
          .select(["id", "first_name", "last_name"])
          .where("tenant_id", "=", tenantId)
          .where("id", "in", [...contactIds])
          .execute();
  const userName = new Map(users.map((user) => [user.id, user.name || user.email]));
  const contactName = new Map(contacts.map((contact) => [contact.id, [contact.first_name, contact.last_name].filter(Boolean).join(" ")]));
  const nameOf = (kind: TicketActivityKind, id: string | null) => {
    if (!id || !ID_KINDS.has(kind)) return null;
    return (kind === "assignee" ? userName.get(id) : contactName.get(id)) ?? null;
  };
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    at: row.created_at,
    actor: row.actor_user_id ? { id: row.actor_user_id, name: userName.get(row.actor_user_id) ?? null } : null,
    from: row.from_value,
    to: row.to_value,
    fromName: nameOf(row.kind, row.from_value),
    toName: nameOf(row.kind, row.to_value),
  }));
}
