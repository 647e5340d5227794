import { getDb, type DB } from "~/db/db.server";
import type { TicketStatus } from "~/db/schema";
import { emit } from "~/lib/events/bus.server";
import { recordActivity } from "./activity.server";
import { nextDueAt } from "./sla";
import { canMoveTo } from "./ticket-rules";
import { firstResponseChange, withTicket, type Refused } from "./tickets.server";

/**
 * The ticket state machine (docs/product/service-desk.md#status), and the
 * only module that writes tickets.status. A change is refused unless
 * STATUS_TRANSITIONS allows it from the status the ticket has; the update
 * names that status, so two members changing it at once cannot both win.
 * Resolving stamps resolved_at, closing closed_at, reopening clears both;
 * the next deadline (due_at) follows. Each change is logged and announced
 * (ticket.status-changed) in its transaction, and a member's change may be
 * the ticket's first response.
 */
export type StatusChange = { ok: true; from: TicketStatus; to: TicketStatus } | Refused | { ok: false; kind: "not-allowed"; from: TicketStatus };

export async function changeStatus(
  tenantId: string,
  ticketId: string,
  to: TicketStatus,
  actorUserId: string | null,
  { db = getDb(), at = new Date() }: { db?: DB; at?: Date } = {},
): Promise<StatusChange> {
  return withTicket(tenantId, ticketId, db, async (trx, ticket): Promise<StatusChange> => {
    const from = ticket.status;
    if (!canMoveTo(from, to)) return { ok: false, kind: "not-allowed", from };
    const timestamp = at.toISOString();
    const response = firstResponseChange(ticket, actorUserId, timestamp);
    const stamps =
      to === "open"
        ? { resolved_at: null, closed_at: null }
        : to === "resolved"
          ? { resolved_at: timestamp, closed_at: null }
          : to === "closed"
            ? { closed_at: timestamp }
            : {};
    const dueAt = nextDueAt({
      status: to,
      firstRespondedAt: response.first_responded_at ?? ticket.first_responded_at,
      firstResponseDueAt: ticket.first_response_due_at,
      resolutionDueAt: ticket.resolution_due_at,
    });
    const updated = await trx
      .updateTable("tickets")
      .set({ status: to, ...stamps, ...response, due_at: dueAt, updated_at: timestamp })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", ticketId)
      .where("status", "=", from)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { ok: false, kind: "not-allowed", from };
    await recordActivity(trx, { id: ticketId, tenantId }, actorUserId, timestamp, [{ kind: "status", from, to }]);
    await emit(trx, { kind: "ticket.status-changed", tenantId, ticketId, from, to, actorUserId });
    return { ok: true, from, to };
  });
}
