/**
 * What the app announces when something changed (docs/decisions/0028-domain-events.md).
 * An event carries ids and the tenant, never a copy of the record: a
 * subscriber reads what it needs inside the same transaction, so it sees the
 * change exactly as it will commit.
 */
export type AppointmentChange = "booked" | "rescheduled" | "cancelled";

/** Who made an appointment change: a change that came from Cal.com is not pushed back there, and Cal.com tells the attendee itself. */
export type AppointmentActor = "user" | "api" | "calcom";

export type DomainEvent =
  /** A call reached an ended status for the first time (a duplicate event never announces it twice). */
  | { kind: "call.ended"; tenantId: string; callId: string }
  /** A customer's rating of a call was stored: from the recording's feedback form or the public rating link. Every save announces it, a changed rating too. */
  | { kind: "call.rated"; tenantId: string; callId: string; rating: number }
  /** One contact saved by hand (or through the API). */
  | { kind: "contact.created"; tenantId: string; contactId: string }
  /** A contact import's commit: the contacts it added to the list all carry `createdAt`. */
  | { kind: "contacts.imported"; tenantId: string; importId: string; listId: string; createdAt: string; count: number }
  /** A contact import ended failed (the runner's error key, e.g. errors.importFailed); emitted in the transaction that marks it failed. */
  | { kind: "contacts.import-failed"; tenantId: string; importId: string }
  /** A campaign reached completed (its last run concluded, or a paused one-off had nothing left); emitted in that transaction. */
  | { kind: "campaign.completed"; tenantId: string; campaignId: string }
  /** A deal was made (from the board, a recording or a contact). */
  | { kind: "deal.created"; tenantId: string; dealId: string }
  /** A deal's fields (title, value, contact, owner, expected close, lost reason) changed; a move alone announces deal.stage-changed. */
  | { kind: "deal.updated"; tenantId: string; dealId: string }
  /** A deal moved to another stage of its pipeline (the board, its form, or a removed stage's deals moved on). */
  | { kind: "deal.stage-changed"; tenantId: string; dealId: string; fromStageId: string; toStageId: string }
  /** A deal is about to be deleted: emitted in the delete's transaction before the row goes, so a subscriber can still read it. */
  | { kind: "deal.deleted"; tenantId: string; dealId: string }
  /** A ticket was made: by hand, from a recording, or by the app for an escalated or low-rated call. */
  | { kind: "ticket.created"; tenantId: string; ticketId: string }
  /** A ticket got another assignee (null: nobody); `actorUserId` null when the app did it. A new ticket with an assignee announces this after ticket.created. */
  | {
      kind: "ticket.assigned";
      tenantId: string;
      ticketId: string;
      assigneeUserId: string | null;
      previousAssigneeUserId: string | null;
      actorUserId: string | null;
    }
  /** A ticket moved from one status to another (docs/product/service-desk.md#status). */
  | { kind: "ticket.status-changed"; tenantId: string; ticketId: string; from: TicketEventStatus; to: TicketEventStatus; actorUserId: string | null }
  /** An invoice was issued for a settled (paid) charge: emitted in the settling transaction (app/features/billing/history/invoices.server.ts). */
  | { kind: "invoice.paid"; tenantId: string; invoiceId: string }
  /** A plan renewal's payment failed and the subscription entered its grace period (told once per renewal; plans/subscriptions.server.ts). */
  | { kind: "billing.renewal-failed"; tenantId: string; planName: string; graceEndsAt: string }
  /** An automatic top-up's charge failed on every card (payments/auto-topup.server.ts). */
  | { kind: "billing.auto-topup-failed"; tenantId: string; amountCents: number; currency: string }
  /** An integration's deliveries failed for good `failures` times in a row (announced once per streak; integrations/delivery/deliveries.server.ts). */
  | { kind: "integration.failing"; tenantId: string; integrationId: string; failures: number }
  /** A paid invoice's payment was returned; emitted once, in the transaction that marks it refunded. */
  | { kind: "invoice.refunded"; tenantId: string; invoiceId: string }
  | AppointmentEvent;

/** An appointment booked, moved or cancelled (a no-show announces nothing); one kind per change. */
export type AppointmentEvent = {
  [C in AppointmentChange]: { kind: `appointment.${C}`; tenantId: string; organizationId: string; appointmentId: string; actor: AppointmentActor };
}[AppointmentChange];

/** A ticket's status as events carry it (the tickets table's TicketStatus). */
export type TicketEventStatus = "open" | "pending" | "resolved" | "closed";

export type DomainEventKind = DomainEvent["kind"];

export type EventOf<K extends DomainEventKind> = Extract<DomainEvent, { kind: K }>;

export const APPOINTMENT_EVENTS = [
  "appointment.booked",
  "appointment.rescheduled",
  "appointment.cancelled",
] as const satisfies readonly AppointmentEvent["kind"][];

/** "appointment.rescheduled" → "rescheduled". */
export function appointmentChangeOf(event: AppointmentEvent): AppointmentChange {
  return event.kind.slice("appointment.".length) as AppointmentChange;
}
