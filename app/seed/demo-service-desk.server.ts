import { newId, type DB } from "~/db/db.server";
import type { TicketActivityKind, TicketPriority, TicketSource, TicketStatus } from "~/db/schema";
import { tenantPhoneCountry } from "~/features/phone/phone-country";
import { lockServiceDesk, takeTicketNumber } from "~/features/service-desk/settings.server";
import { DEFAULT_SLA_TARGETS, nextDueAt, ticketDueTimes } from "~/features/service-desk/sla";
import { callPartyName, contactOfCall } from "~/features/service-desk/tickets.server";

/**
 * The demo's service desk: the owner and the support member available for
 * the round robin, and a handful of tickets in every state (one overdue, one
 * waiting on the customer, one resolved late, one closed), among them the
 * automatic tickets of the newest escalated call and the newest call rated 2
 * or lower, with notes, tags, linked calls and their activity. Inserted
 * directly, as the other demo data is: the seed announces nothing.
 */

const HOUR = 3_600_000;

interface DemoTicket {
  subject: string;
  description: string;
  priority: TicketPriority;
  status: TicketStatus;
  source: TicketSource;
  /** Hours before now. */
  openedHoursAgo: number;
  assignee: "owner" | "support" | null;
  tags: string[];
  callId?: string;
  contactId?: string | null;
  notes?: Array<{ by: "owner" | "support"; hoursAgo: number; body: string }>;
  /** Hours before now the ticket reached its status (resolved, closed, pending). */
  statusHoursAgo?: number;
}

export async function seedDemoServiceDesk(db: DB, tenantId: string, people: { ownerId: string; supportId: string }, timeZone: string) {
  const now = Date.now();
  const iso = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
  const tenantRow = await db.selectFrom("tenants").select(["country"]).where("id", "=", tenantId).executeTakeFirstOrThrow();
  const tenant = { id: tenantId, country: tenantPhoneCountry({ country: tenantRow.country, timeZone }) };
  await db
    .insertInto("service_desk_availability")
    .values([
      { tenant_id: tenantId, user_id: people.ownerId, available: 1, updated_at: iso(0) },
      { tenant_id: tenantId, user_id: people.supportId, available: 1, updated_at: iso(0) },
    ])
    .execute();

  const callColumns = ["id", "created_at", "direction", "from_number", "to_number", "user_name", "user_company", "summary"] as const;
  const escalated = await db
    .selectFrom("calls")
    .select(callColumns)
    .where("tenant_id", "=", tenantId)
    .where("escalated", "=", 1)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  const lowRated = await db
    .selectFrom("calls")
    .select(callColumns)
    .where("tenant_id", "=", tenantId)
    .where("feedback_rating", "<=", 2)
    .where("escalated", "=", 0)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  const sarah = await db.selectFrom("contacts").select("id").where("tenant_id", "=", tenantId).where("first_name", "=", "Sarah").executeTakeFirst();

  const tickets: DemoTicket[] = [
    {
      subject: "Invoice shows the wrong number of minutes",
      description: "The customer says the March invoice counts 340 minutes, but their own log shows 290. They want a corrected invoice before paying.",
      priority: "high",
      status: "open",
      source: "manual",
      openedHoursAgo: 3,
      assignee: "support",
      tags: ["billing"],
      contactId: sarah?.id ?? null,
    },
    {
      subject: "Callback about moving the site assessment",
      description: "Asked the agent to move next week's site assessment to a Saturday; the agent could not offer weekend slots.",
      priority: "normal",
      status: "pending",
      source: "manual",
      openedHoursAgo: 20,
      statusHoursAgo: 18,
      assignee: "owner",
      tags: ["callback", "scheduling"],
      notes: [{ by: "owner", hoursAgo: 18, body: "Left a voicemail offering Saturday 10:00. Waiting for the customer to confirm." }],
    },
    {
      subject: "Agent mispronounces the company name",
      description: "Two callers noticed the greeting says “Demo Compa-knee”. Adjust the pronunciation in the agent's speech settings.",
      priority: "low",
      status: "resolved",
      source: "manual",
      openedHoursAgo: 100,
      statusHoursAgo: 20,
      assignee: "support",
      tags: ["agent"],
      notes: [{ by: "support", hoursAgo: 30, body: "Added a phonetic spelling to the agent's first message; published version 3." }],
    },
    {
      subject: "Request to cancel the subscription",
      description: "The caller wanted to cancel; the retention offer was accepted on the call, so nothing is left to do.",
      priority: "urgent",
      status: "closed",
      source: "manual",
      openedHoursAgo: 200,
      statusHoursAgo: 199,
      assignee: "owner",
      tags: ["retention"],
    },
  ];
  for (const [call, source] of [
    [escalated, "escalated"],
    [lowRated, "low-rating"],
  ] as const) {
    if (!call) continue;
    const contact = await contactOfCall(db, tenant, call);
    tickets.push({
      subject: callPartyName(call, contact, tenant.country),
      description: call.summary ?? "",
      priority: source === "escalated" ? "high" : "normal",
      status: "open",
      source,
      openedHoursAgo: Math.max(0, (now - Date.parse(call.created_at)) / HOUR),
      assignee: null,
      tags: [],
      callId: call.id,
      contactId: contact?.id ?? null,
    });
  }

  await db.transaction().execute(async (trx) => {
    await lockServiceDesk(trx, tenantId);
    for (const ticket of tickets.sort((a, b) => b.openedHoursAgo - a.openedHoursAgo)) {
      const id = newId();
      const createdAt = iso(ticket.openedHoursAgo);
      const due = ticketDueTimes(new Date(createdAt), DEFAULT_SLA_TARGETS[ticket.priority], timeZone);
      const firstNote = ticket.notes?.[0];
      const statusAt = ticket.statusHoursAgo === undefined ? null : iso(ticket.statusHoursAgo);
      const respondedAt =
        [firstNote ? iso(firstNote.hoursAgo) : null, ticket.status !== "open" ? statusAt : null].filter((at): at is string => at !== null).sort()[0] ?? null;
      const createdBy = ticket.source === "escalated" || ticket.source === "low-rating" ? null : people.ownerId;
      const assigneeId = ticket.assignee === null ? null : ticket.assignee === "owner" ? people.ownerId : people.supportId;
      const activity: Array<{ kind: TicketActivityKind; actor: string | null; at: string; from?: string | null; to?: string | null }> = [
        { kind: "created", actor: createdBy, at: createdAt, to: ticket.source },
      ];
      if (assigneeId) activity.push({ kind: "assignee", actor: createdBy ?? assigneeId, at: createdAt, to: assigneeId });
      const lastUpdate = [createdAt, statusAt, ...(ticket.notes ?? []).map((note) => iso(note.hoursAgo))]
        .filter((at): at is string => at !== null)
        .sort()
        .at(-1)!;
      await trx
        .insertInto("tickets")
        .values({
          id,
          tenant_id: tenantId,
          number: await takeTicketNumber(trx, tenantId),
          subject: ticket.subject,
          description: ticket.description,
          status: ticket.status,
          priority: ticket.priority,
          source: ticket.source,
          source_call_id: ticket.callId ?? null,
          assignee_user_id: assigneeId,
          contact_id: ticket.contactId ?? null,
          created_by: createdBy,
          first_response_due_at: due.firstResponseDueAt,
          resolution_due_at: due.resolutionDueAt,
          due_at: nextDueAt({ status: ticket.status, firstRespondedAt: respondedAt, ...due }),
          first_responded_at: respondedAt,
          resolved_at: ticket.status === "resolved" ? statusAt : null,
          closed_at: ticket.status === "closed" ? statusAt : null,
          created_at: createdAt,
          updated_at: lastUpdate,
        })
        .execute();
      if (ticket.tags.length > 0)
        await trx
          .insertInto("ticket_tags")
          .values(ticket.tags.map((tag) => ({ tenant_id: tenantId, ticket_id: id, tag })))
          .execute();
      if (ticket.callId)
        await trx
          .insertInto("ticket_calls")
          .values({ tenant_id: tenantId, ticket_id: id, call_id: ticket.callId, linked_by: null, created_at: createdAt })
          .execute();
      for (const note of ticket.notes ?? []) {
        const author = note.by === "owner" ? people.ownerId : people.supportId;
        const noteId = newId();
        await trx
          .insertInto("ticket_notes")
          .values({ id: noteId, tenant_id: tenantId, ticket_id: id, author_user_id: author, body: note.body, created_at: iso(note.hoursAgo) })
          .execute();
        activity.push({ kind: "note", actor: author, at: iso(note.hoursAgo), to: noteId });
      }
      if (statusAt && ticket.status !== "open") activity.push({ kind: "status", actor: assigneeId, at: statusAt, from: "open", to: ticket.status });
      await trx
        .insertInto("ticket_activity")
        .values(
          activity
            .sort((a, b) => a.at.localeCompare(b.at))
            .map((entry) => ({
              id: newId(),
              tenant_id: tenantId,
              ticket_id: id,
              actor_user_id: entry.actor,
              kind: entry.kind,
              from_value: entry.from ?? null,
              to_value: entry.to ?? null,
              created_at: entry.at,
            })),
        )
        .execute();
    }
  });
}
