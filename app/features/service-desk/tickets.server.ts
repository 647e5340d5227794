import { getDb, newId, type DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import type { Ticket, TicketPriority, TicketSource } from "~/db/schema";
import { tenantPhoneCountry } from "~/features/phone/phone-country";
import { formatPhoneForDisplay, toE164 } from "~/features/phone/phone-library.server";
import { emit } from "~/lib/events/bus.server";
import { recordActivity, type ActivityEntry } from "./activity.server";
import { isDeskMember, roundRobinPick } from "./members.server";
import { getServiceDeskSettings, lockServiceDesk, takeTicketNumber } from "./settings.server";
import { nextDueAt, ticketDueTimes } from "./sla";
import { formatTags, ROUND_ROBIN } from "./ticket-rules";

/**
 * Tickets (docs/product/service-desk.md): made by hand, from a recording, or
 * by the app for an escalated or low-rated call, and every change to their
 * fields, notes and linked calls. Each change is one transaction that writes
 * the change, its activity log line and its domain event (ticket.created,
 * ticket.assigned; ticket.status-changed is lifecycle.server.ts's), so none
 * exists without the others. Every query names the tenant: another tenant's
 * ticket, contact, call or member is not found.
 */

export interface TenantScope {
  id: string;
  timeZone: string;
  /** National phone numbers (a call's counterpart) are read in it. */
  country: string;
}

/** A member's id, ROUND_ROBIN, or null for nobody. */
export type AssigneeChoice = string | null;

export interface NewTicket {
  subject: string;
  description: string;
  priority: TicketPriority;
  contactId: string | null;
  assignee: AssigneeChoice;
  tags: string[];
  /** The recording the ticket is made from. */
  callId: string | null;
}

export type TicketRefusal =
  | { kind: "not-found" }
  | { kind: "call-not-found" }
  | { kind: "call-has-ticket"; ticketId: string; number: number }
  | { kind: "contact-not-found" }
  | { kind: "assignee-not-member" }
  | { kind: "nobody-available" }
  | { kind: "source-call" };

export type Refused = { ok: false } & TicketRefusal;
const refuse = (refusal: TicketRefusal): Refused => ({ ok: false, ...refusal });

/* ---------- reading ---------- */

export function getTicket(tenantId: string, ticketId: string, db: DB = getDb()) {
  return db.selectFrom("tickets").selectAll().where("tenant_id", "=", tenantId).where("id", "=", ticketId).executeTakeFirst();
}

/** The ticket made from a call, if any (a call has at most one). */
export function ticketOfCall(tenantId: string, callId: string, db: DB = getDb()) {
  return db.selectFrom("tickets").select(["id", "number"]).where("tenant_id", "=", tenantId).where("source_call_id", "=", callId).executeTakeFirst();
}

export async function tagsOf(tenantId: string, ticketId: string, db: DB = getDb()) {
  const rows = await db.selectFrom("ticket_tags").select("tag").where("tenant_id", "=", tenantId).where("ticket_id", "=", ticketId).orderBy("tag").execute();
  return rows.map((row) => row.tag);
}

/** Every tag the tenant's tickets carry, for the list's tag filter. */
export async function tenantTags(tenantId: string, db: DB = getDb()) {
  const rows = await db.selectFrom("ticket_tags").select("tag").distinct().where("tenant_id", "=", tenantId).orderBy("tag").execute();
  return rows.map((row) => row.tag);
}

/** The one who spoke with the agent: the caller of an inbound call, the called of an outbound one. */
const counterpart = (call: { direction: string; from_number: string | null; to_number: string | null }) =>
  call.direction === "outbound" ? call.to_number : call.from_number;

/** The tenant's contact with the call's counterpart's number (the newest, when several lists hold it), if any. */
export async function contactOfCall(
  trx: DB,
  tenant: { id: string; country: string },
  call: { direction: string; from_number: string | null; to_number: string | null },
) {
  const number = counterpart(call);
  const e164 = number ? toE164(number, tenant.country) : null;
  if (!e164) return null;
  return (
    (await trx
      .selectFrom("contacts")
      .select(["id", "first_name", "last_name", "company", "phone"])
      .where("tenant_id", "=", tenant.id)
      .where("phone", "=", e164)
      .orderBy("created_at", "desc")
      .executeTakeFirst()) ?? null
  );
}

/** Who a call was with, in words any language reads: the contact, else the caller's name and company, else the number. */
export function callPartyName(
  call: { direction: string; from_number: string | null; to_number: string | null; user_name: string | null; user_company: string | null },
  contact: { first_name: string; last_name: string } | null,
  country: string,
) {
  const contactName = contact ? [contact.first_name, contact.last_name].filter(Boolean).join(" ") : "";
  if (contactName) return contactName;
  const caller = [call.user_name?.trim(), call.user_company?.trim()].filter(Boolean).join(", ");
  if (caller) return caller;
  const number = counterpart(call);
  return number ? formatPhoneForDisplay(number, country) : "";
}

/* ---------- making tickets ---------- */

interface TicketFields {
  subject: string;
  description: string;
  priority: TicketPriority;
  source: TicketSource;
  sourceCallId: string | null;
  contactId: string | null;
  assigneeUserId: string | null;
  tags: string[];
  createdBy: string | null;
}

/**
 * Inserts a ticket with its tags, linked call, log and events, under the
 * desk's lock (for its number). A ticket of a call that already has one is
 * not made (null): the unique source call per tenant decides, with ON
 * CONFLICT DO NOTHING, even when two servers try at the same moment.
 */
async function insertTicket(trx: DB, tenant: { id: string; timeZone: string }, fields: TicketFields, at: Date) {
  const timestamp = at.toISOString();
  const settings = await getServiceDeskSettings(tenant.id, trx);
  const due = ticketDueTimes(at, settings.targets[fields.priority], tenant.timeZone);
  const number = await takeTicketNumber(trx, tenant.id);
  const id = newId();
  const inserted = await trx
    .insertInto("tickets")
    .values({
      id,
      tenant_id: tenant.id,
      number,
      subject: fields.subject,
      description: fields.description,
      status: "open",
      priority: fields.priority,
      source: fields.source,
      source_call_id: fields.sourceCallId,
      assignee_user_id: fields.assigneeUserId,
      contact_id: fields.contactId,
      created_by: fields.createdBy,
      first_response_due_at: due.firstResponseDueAt,
      resolution_due_at: due.resolutionDueAt,
      due_at: nextDueAt({ status: "open", firstRespondedAt: null, ...due }),
      first_responded_at: null,
      resolved_at: null,
      closed_at: null,
      created_at: timestamp,
      updated_at: timestamp,
    })
    .onConflict((oc) => oc.columns(["tenant_id", "source_call_id"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null;
  if (fields.tags.length > 0)
    await trx
      .insertInto("ticket_tags")
      .values(fields.tags.map((tag) => ({ tenant_id: tenant.id, ticket_id: id, tag })))
      .execute();
  if (fields.sourceCallId) {
    await trx
      .insertInto("ticket_calls")
      .values({ tenant_id: tenant.id, ticket_id: id, call_id: fields.sourceCallId, linked_by: fields.createdBy, created_at: timestamp })
      .execute();
  }
  const entries: ActivityEntry[] = [{ kind: "created", to: fields.source }];
  if (fields.assigneeUserId) entries.push({ kind: "assignee", from: null, to: fields.assigneeUserId });
  await recordActivity(trx, { id, tenantId: tenant.id }, fields.createdBy, timestamp, entries);
  let queued = await emit(trx, { kind: "ticket.created", tenantId: tenant.id, ticketId: id });
  if (fields.assigneeUserId) {
    queued += await emit(trx, {
      kind: "ticket.assigned",
      tenantId: tenant.id,
      ticketId: id,
      assigneeUserId: fields.assigneeUserId,
      previousAssigneeUserId: null,
      actorUserId: fields.createdBy,
    });
  }
  return { id, number, queued };
}

/** A member's id checked, or the round robin's pick; null stays nobody. */
async function resolveAssignee(trx: DB, tenantId: string, choice: AssigneeChoice): Promise<{ ok: true; userId: string | null } | Refused> {
  if (choice === null) return { ok: true, userId: null };
  if (choice === ROUND_ROBIN) {
    const picked = await roundRobinPick(trx, tenantId);
    return picked ? { ok: true, userId: picked } : refuse({ kind: "nobody-available" });
  }
  return (await isDeskMember(tenantId, choice, trx)) ? { ok: true, userId: choice } : refuse({ kind: "assignee-not-member" });
}

async function contactBelongs(trx: DB, tenantId: string, contactId: string) {
  return Boolean(await trx.selectFrom("contacts").select("id").where("tenant_id", "=", tenantId).where("id", "=", contactId).executeTakeFirst());
}

/** A ticket made by a member, by hand or from a recording (then the call is its source: one ticket per call). */
export async function createTicket(
  tenant: TenantScope,
  input: NewTicket,
  actorUserId: string,
  { db = getDb(), at = new Date() }: { db?: DB; at?: Date } = {},
): Promise<{ ok: true; ticketId: string; number: number } | Refused> {
  return db.transaction().execute(async (trx) => {
    await lockServiceDesk(trx, tenant.id);
    if (input.callId) {
      const call = await trx.selectFrom("calls").select("id").where("tenant_id", "=", tenant.id).where("id", "=", input.callId).executeTakeFirst();
      if (!call) return refuse({ kind: "call-not-found" });
      const existing = await ticketOfCall(tenant.id, input.callId, trx);
      if (existing) return refuse({ kind: "call-has-ticket", ticketId: existing.id, number: existing.number });
    }
    if (input.contactId && !(await contactBelongs(trx, tenant.id, input.contactId))) return refuse({ kind: "contact-not-found" });
    const assignee = await resolveAssignee(trx, tenant.id, input.assignee);
    if (!assignee.ok) return assignee;
    const made = await insertTicket(
      trx,
      tenant,
      {
        subject: input.subject,
        description: input.description,
        priority: input.priority,
        source: input.callId ? "recording" : "manual",
        sourceCallId: input.callId,
        contactId: input.contactId,
        assigneeUserId: assignee.userId,
        tags: input.tags,
        createdBy: actorUserId,
      },
      at,
    );
    if (!made) {
      // Another request made the call's ticket between the look above and the insert (PostgreSQL, two servers).
      const existing = (await ticketOfCall(tenant.id, input.callId!, trx))!;
      return refuse({ kind: "call-has-ticket", ticketId: existing.id, number: existing.number });
    }
    return { ok: true as const, ticketId: made.id, number: made.number };
  });
}

/** A rating of this or lower makes a ticket (docs/product/service-desk.md#automatic-tickets). */
export const LOW_RATING_MAX = 2;

/**
 * The automatic ticket of a call, inside the transaction that announced it
 * (call.ended of an escalated call, call.rated with a low rating): made
 * unless the tenant turned automatic tickets off or the call already has a
 * ticket. High priority for an escalation, normal for a low rating. Returns
 * the jobs queued by the ticket's own subscribers.
 */
export async function ticketForCall(trx: DB, tenantId: string, callId: string, source: "escalated" | "low-rating", at = new Date()): Promise<number> {
  const settings = await getServiceDeskSettings(tenantId, trx);
  if (!settings.autoTickets) return 0;
  const call = await trx
    .selectFrom("calls")
    .select(["id", "direction", "from_number", "to_number", "user_name", "user_company", "summary", "escalated"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", callId)
    .executeTakeFirst();
  if (!call) return 0;
  if (source === "escalated" && call.escalated !== 1) return 0;
  const tenantRow = await trx.selectFrom("tenants").select(["time_zone", "country"]).where("id", "=", tenantId).executeTakeFirstOrThrow();
  const tenant = { id: tenantId, timeZone: tenantRow.time_zone, country: tenantPhoneCountry({ country: tenantRow.country, timeZone: tenantRow.time_zone }) };
  await lockServiceDesk(trx, tenantId);
  // Under the lock the other server's ticket is seen once it committed; the insert's ON CONFLICT covers the rest.
  if (await ticketOfCall(tenantId, callId, trx)) return 0;
  const contact = await contactOfCall(trx, tenant, call);
  const made = await insertTicket(
    trx,
    tenant,
    {
      subject: callPartyName(call, contact, tenant.country),
      description: call.summary ?? "",
      priority: source === "escalated" ? "high" : "normal",
      source,
      sourceCallId: callId,
      contactId: contact?.id ?? null,
      assigneeUserId: null,
      tags: [],
      createdBy: null,
    },
    at,
  );
  return made?.queued ?? 0;
}

/* ---------- changing tickets ---------- */

/**
 * Runs a change of one ticket in a transaction, with the ticket's row held
 * (PostgreSQL; SQLite's transactions run one at a time) so the log's
 * "from" is what the change replaced; not-found for another tenant's id.
 */
export async function withTicket<T>(tenantId: string, ticketId: string, db: DB, change: (trx: DB, ticket: Ticket) => Promise<T>): Promise<T | Refused> {
  return db.transaction().execute(async (trx) => {
    const query = trx.selectFrom("tickets").selectAll().where("tenant_id", "=", tenantId).where("id", "=", ticketId);
    const ticket = await (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
    if (!ticket) return refuse({ kind: "not-found" });
    return change(trx, ticket);
  });
}

/**
 * The first response (docs/product/service-desk.md#first-response): the first
 * note or status change by a member other than the ticket's creator. It
 * stops the first-response clock; the resolution's keeps running.
 */
export function firstResponseChange(ticket: Ticket, actorUserId: string | null, at: string) {
  if (ticket.first_responded_at !== null || actorUserId === null || actorUserId === ticket.created_by) return {};
  return { first_responded_at: at };
}

const done = { ok: true as const };

export interface ChangeOptions {
  db?: DB;
  at?: Date;
}

export async function updateDetails(
  tenantId: string,
  ticketId: string,
  input: { subject: string; description: string },
  actorUserId: string,
  { db = getDb(), at = new Date() }: ChangeOptions = {},
) {
  return withTicket(tenantId, ticketId, db, async (trx, ticket) => {
    const entries: ActivityEntry[] = [];
    if (input.subject !== ticket.subject) entries.push({ kind: "subject", from: ticket.subject, to: input.subject });
    // The description can be long: the log says it changed; the ticket shows what it says now.
    if (input.description !== ticket.description) entries.push({ kind: "description" });
    if (entries.length === 0) return done;
    const timestamp = at.toISOString();
    await trx
      .updateTable("tickets")
      .set({ subject: input.subject, description: input.description, updated_at: timestamp })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", ticketId)
      .execute();
    await recordActivity(trx, { id: ticketId, tenantId }, actorUserId, timestamp, entries);
    return done;
  });
}

/** A new priority moves both deadlines: the new priority's targets from the ticket's creation (the tenant's targets of today). */
export async function changePriority(
  tenant: TenantScope,
  ticketId: string,
  priority: TicketPriority,
  actorUserId: string,
  { db = getDb(), at = new Date() }: ChangeOptions = {},
) {
  return withTicket(tenant.id, ticketId, db, async (trx, ticket) => {
    if (priority === ticket.priority) return done;
    const settings = await getServiceDeskSettings(tenant.id, trx);
    const due = ticketDueTimes(new Date(ticket.created_at), settings.targets[priority], tenant.timeZone);
    const timestamp = at.toISOString();
    await trx
      .updateTable("tickets")
      .set({
        priority,
        first_response_due_at: due.firstResponseDueAt,
        resolution_due_at: due.resolutionDueAt,
        due_at: nextDueAt({ status: ticket.status, firstRespondedAt: ticket.first_responded_at, ...due }),
        updated_at: timestamp,
      })
      .where("tenant_id", "=", tenant.id)
      .where("id", "=", ticketId)
      .execute();
    await recordActivity(trx, { id: ticketId, tenantId: tenant.id }, actorUserId, timestamp, [{ kind: "priority", from: ticket.priority, to: priority }]);
    return done;
  });
}

/** Take it (the member's own id), assign it to a member, round robin, or nobody. */
export async function assignTicket(
  tenantId: string,
  ticketId: string,
  choice: AssigneeChoice,
  actorUserId: string,
  { db = getDb(), at = new Date() }: ChangeOptions = {},
) {
  return withTicket(tenantId, ticketId, db, async (trx, ticket) => {
    const assignee = await resolveAssignee(trx, tenantId, choice);
    if (!assignee.ok) return assignee;
    if (assignee.userId === ticket.assignee_user_id) return { ok: true as const, assigneeUserId: assignee.userId };
    const timestamp = at.toISOString();
    await trx
      .updateTable("tickets")
      .set({ assignee_user_id: assignee.userId, updated_at: timestamp })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", ticketId)
      .execute();
    await recordActivity(trx, { id: ticketId, tenantId }, actorUserId, timestamp, [{ kind: "assignee", from: ticket.assignee_user_id, to: assignee.userId }]);
    await emit(trx, {
      kind: "ticket.assigned",
      tenantId,
      ticketId,
      assigneeUserId: assignee.userId,
      previousAssigneeUserId: ticket.assignee_user_id,
      actorUserId,
    });
    return { ok: true as const, assigneeUserId: assignee.userId };
  });
}

export async function setTags(tenantId: string, ticketId: string, tags: string[], actorUserId: string, { db = getDb(), at = new Date() }: ChangeOptions = {}) {
  return withTicket(tenantId, ticketId, db, async (trx) => {
    const before = await tagsOf(tenantId, ticketId, trx);
    const after = [...tags].sort();
    if (formatTags(before) === formatTags(after)) return done;
    const timestamp = at.toISOString();
    await trx.deleteFrom("ticket_tags").where("tenant_id", "=", tenantId).where("ticket_id", "=", ticketId).execute();
    if (after.length > 0)
      await trx
        .insertInto("ticket_tags")
        .values(after.map((tag) => ({ tenant_id: tenantId, ticket_id: ticketId, tag })))
        .execute();
    await trx.updateTable("tickets").set({ updated_at: timestamp }).where("tenant_id", "=", tenantId).where("id", "=", ticketId).execute();
    await recordActivity(trx, { id: ticketId, tenantId }, actorUserId, timestamp, [
      { kind: "tags", from: formatTags(before) || null, to: formatTags(after) || null },
    ]);
    return done;
  });
}

export async function setContact(
  tenantId: string,
  ticketId: string,
  contactId: string | null,
  actorUserId: string,
  { db = getDb(), at = new Date() }: ChangeOptions = {},
) {
  return withTicket(tenantId, ticketId, db, async (trx, ticket) => {
    if (contactId && !(await contactBelongs(trx, tenantId, contactId))) return refuse({ kind: "contact-not-found" });
    if (contactId === ticket.contact_id) return done;
    const timestamp = at.toISOString();
    await trx
      .updateTable("tickets")
      .set({ contact_id: contactId, updated_at: timestamp })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", ticketId)
      .execute();
    await recordActivity(trx, { id: ticketId, tenantId }, actorUserId, timestamp, [{ kind: "contact", from: ticket.contact_id, to: contactId }]);
    return done;
  });
}

/** An internal note; the first by someone other than the creator is the ticket's first response. */
export async function addNote(tenantId: string, ticketId: string, body: string, actorUserId: string, { db = getDb(), at = new Date() }: ChangeOptions = {}) {
  return withTicket(tenantId, ticketId, db, async (trx, ticket) => {
    const timestamp = at.toISOString();
    const noteId = newId();
    await trx
      .insertInto("ticket_notes")
      .values({ id: noteId, tenant_id: tenantId, ticket_id: ticketId, author_user_id: actorUserId, body, created_at: timestamp })
      .execute();
    const response = firstResponseChange(ticket, actorUserId, timestamp);
    const dueAt = nextDueAt({
      status: ticket.status,
      firstRespondedAt: response.first_responded_at ?? ticket.first_responded_at,
      firstResponseDueAt: ticket.first_response_due_at,
      resolutionDueAt: ticket.resolution_due_at,
    });
    await trx
      .updateTable("tickets")
      .set({ ...response, due_at: dueAt, updated_at: timestamp })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", ticketId)
      .execute();
    await recordActivity(trx, { id: ticketId, tenantId }, actorUserId, timestamp, [{ kind: "note", to: noteId }]);
    return { ok: true as const, noteId };
  });
}

export async function linkCall(tenantId: string, ticketId: string, callId: string, actorUserId: string, { db = getDb(), at = new Date() }: ChangeOptions = {}) {
  return withTicket(tenantId, ticketId, db, async (trx) => {
    const call = await trx.selectFrom("calls").select("id").where("tenant_id", "=", tenantId).where("id", "=", callId).executeTakeFirst();
    if (!call) return refuse({ kind: "call-not-found" });
    const timestamp = at.toISOString();
    const linked = await trx
      .insertInto("ticket_calls")
      .values({ tenant_id: tenantId, ticket_id: ticketId, call_id: callId, linked_by: actorUserId, created_at: timestamp })
      .onConflict((oc) => oc.columns(["ticket_id", "call_id"]).doNothing())
      .executeTakeFirst();
    if (Number(linked.numInsertedOrUpdatedRows ?? 0) === 0) return done;
    await trx.updateTable("tickets").set({ updated_at: timestamp }).where("tenant_id", "=", tenantId).where("id", "=", ticketId).execute();
    await recordActivity(trx, { id: ticketId, tenantId }, actorUserId, timestamp, [{ kind: "call-linked", to: callId }]);
    return done;
  });
}

/** The call a ticket was made from stays linked: it is where the ticket came from. */
export async function unlinkCall(
  tenantId: string,
  ticketId: string,
  callId: string,
  actorUserId: string,
  { db = getDb(), at = new Date() }: ChangeOptions = {},
) {
  return withTicket(tenantId, ticketId, db, async (trx, ticket) => {
    if (ticket.source_call_id === callId) return refuse({ kind: "source-call" });
    const removed = await trx
      .deleteFrom("ticket_calls")
      .where("tenant_id", "=", tenantId)
      .where("ticket_id", "=", ticketId)
      .where("call_id", "=", callId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return done;
    const timestamp = at.toISOString();
    await trx.updateTable("tickets").set({ updated_at: timestamp }).where("tenant_id", "=", tenantId).where("id", "=", ticketId).execute();
    await recordActivity(trx, { id: ticketId, tenantId }, actorUserId, timestamp, [{ kind: "call-unlinked", from: callId }]);
    return done;
  });
}
