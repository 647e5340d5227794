import { sql } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import type { Ticket } from "~/db/schema";
import { formatPhoneForDisplay } from "~/features/phone/phone-library.server";
import { ticketActivity } from "../activity.server";
import { listDeskMembers } from "../members.server";
import { isOverdue } from "../sla";
import { callPartyName, tagsOf } from "../tickets.server";

/**
 * Everything the ticket page shows besides its forms' choices: the ticket,
 * who holds it, its contact, its tags, the notes thread, the linked calls
 * (and the contact's other recent calls, to link), and the activity log.
 */

export interface LinkedCall {
  id: string;
  createdAt: string;
  direction: string;
  party: string;
  summary: string | null;
  rating: number | null;
  /** The ticket was made from this call: it stays linked. */
  isSource: boolean;
}

const SUGGESTED_CALLS = 5;

type CallRow = {
  id: string;
  created_at: string;
  direction: string;
  from_number: string | null;
  to_number: string | null;
  user_name: string | null;
  user_company: string | null;
  summary: string | null;
  feedback_rating: number | null;
};

const CALL_COLUMNS = [
  "calls.id",
  "calls.created_at",
  "calls.direction",
  "calls.from_number",
  "calls.to_number",
  "calls.user_name",
  "calls.user_company",
  "calls.summary",
  "calls.feedback_rating",
] as const;

function linkedCallOf(call: CallRow, ticket: Ticket, country: string): LinkedCall {
  return {
    id: call.id,
    createdAt: call.created_at,
    direction: call.direction,
    party: callPartyName(call, null, country),
    summary: call.summary,
    rating: call.feedback_rating,
    isSource: call.id === ticket.source_call_id,
  };
}

export async function ticketDetail(tenant: { id: string; country: string }, ticket: Ticket, now: Date, db: DB = getDb()) {
  const [members, tags, activity] = await Promise.all([
    listDeskMembers(tenant.id, db),
    tagsOf(tenant.id, ticket.id, db),
    ticketActivity(tenant.id, ticket.id, db),
  ]);
  const userIds = [ticket.assignee_user_id, ticket.created_by].filter((id): id is string => id !== null);
  const users = userIds.length
    ? await db.selectFrom("users").select(["id", "name", "email"]).where("tenant_id", "=", tenant.id).where("id", "in", userIds).execute()
    : [];
  const userName = (id: string | null) => {
    const user = id ? users.find((each) => each.id === id) : undefined;
    return user ? user.name || user.email : null;
  };
  const contact = ticket.contact_id
    ? await db
        .selectFrom("contacts")
        .select(["id", "first_name", "last_name", "company", "phone", "email"])
        .where("tenant_id", "=", tenant.id)
        .where("id", "=", ticket.contact_id)
        .executeTakeFirst()
    : undefined;
  const notes = await db
    .selectFrom("ticket_notes")
    .leftJoin("users", (join) => join.onRef("users.id", "=", "ticket_notes.author_user_id").onRef("users.tenant_id", "=", "ticket_notes.tenant_id"))
    .select(["ticket_notes.id", "ticket_notes.body", "ticket_notes.created_at", "ticket_notes.author_user_id", "users.name", "users.email"])
    .where("ticket_notes.tenant_id", "=", tenant.id)
    .where("ticket_notes.ticket_id", "=", ticket.id)
    .orderBy("ticket_notes.created_at")
    .orderBy(sql`ticket_notes.rowid`)
    .execute();
  const linked = await db
    .selectFrom("ticket_calls")
    .innerJoin("calls", (join) => join.onRef("calls.id", "=", "ticket_calls.call_id").onRef("calls.tenant_id", "=", "ticket_calls.tenant_id"))
    .select(CALL_COLUMNS)
    .where("ticket_calls.tenant_id", "=", tenant.id)
    .where("ticket_calls.ticket_id", "=", ticket.id)
    .orderBy("calls.created_at", "desc")
    .execute();
  // The contact's other calls (their number, E.164 as contacts store it, on either end), newest first, to link in one click.
  const phone = contact?.phone ?? null;
  const suggested = phone
    ? await db
        .selectFrom("calls")
        .select(CALL_COLUMNS)
        .where("calls.tenant_id", "=", tenant.id)
        .where((eb) => eb.or([eb("calls.from_number", "=", phone), eb("calls.to_number", "=", phone)]))
        .where("calls.id", "not in", db.selectFrom("ticket_calls").select("call_id").where("tenant_id", "=", tenant.id).where("ticket_id", "=", ticket.id))
        .orderBy("calls.created_at", "desc")
        .limit(SUGGESTED_CALLS)
        .execute()
    : [];
  return {
    ticket: {
      id: ticket.id,
      number: Number(ticket.number),
      subject: ticket.subject,
      description: ticket.description,
      status: ticket.status,
      priority: ticket.priority,
      source: ticket.source,
      createdAt: ticket.created_at,
      updatedAt: ticket.updated_at,
      createdBy: ticket.created_by ? { id: ticket.created_by, name: userName(ticket.created_by) } : null,
      assignee: ticket.assignee_user_id ? { id: ticket.assignee_user_id, name: userName(ticket.assignee_user_id) } : null,
      firstResponseDueAt: ticket.first_response_due_at,
      firstRespondedAt: ticket.first_responded_at,
      resolutionDueAt: ticket.resolution_due_at,
      resolvedAt: ticket.resolved_at,
      closedAt: ticket.closed_at,
      dueAt: ticket.due_at,
      overdue: isOverdue(ticket.due_at, now),
      tags,
    },
    contact: contact
      ? {
          id: contact.id,
          name: [contact.first_name, contact.last_name].filter(Boolean).join(" "),
          company: contact.company,
          phone: formatPhoneForDisplay(contact.phone, tenant.country),
          email: contact.email,
        }
      : null,
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      at: note.created_at,
      author: note.author_user_id ? { id: note.author_user_id, name: note.name || note.email || null } : null,
    })),
    calls: linked.map((call) => linkedCallOf(call, ticket, tenant.country)),
    suggestedCalls: suggested.map((call) => linkedCallOf(call, ticket, tenant.country)),
    activity,
    members: members.map((member) => ({ id: member.id, name: member.name, available: member.available })),
  };
}

export type TicketDetail = Awaited<ReturnType<typeof ticketDetail>>;
