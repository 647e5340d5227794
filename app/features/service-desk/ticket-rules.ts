import type { TicketPriority, TicketSource, TicketStatus } from "~/db/schema";

/**
 * The service desk's vocabulary (docs/product/service-desk.md), shared by
 * the server, the schemas and the pages (no zod here: the pages import it).
 */
export const TICKET_STATUSES = ["open", "pending", "resolved", "closed"] as const satisfies readonly TicketStatus[];
/** Highest first: the order of the priority select and of "sort by priority". */
export const TICKET_PRIORITIES = ["urgent", "high", "normal", "low"] as const satisfies readonly TicketPriority[];
export const TICKET_SOURCES = ["manual", "recording", "escalated", "low-rating"] as const satisfies readonly TicketSource[];
export const DEFAULT_PRIORITY: TicketPriority = "normal";

/**
 * The ticket's life cycle: which statuses each status may move to. Open and
 * pending (waiting on the customer) are worked; resolved may be reopened or
 * closed; closed may only be reopened. lifecycle.server.ts is the one writer
 * of tickets.status and checks every change against this table.
 */
export const STATUS_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  open: ["pending", "resolved", "closed"],
  pending: ["open", "resolved", "closed"],
  resolved: ["open", "closed"],
  closed: ["open"],
};

export const canMoveTo = (from: TicketStatus, to: TicketStatus) => STATUS_TRANSITIONS[from].includes(to);

/** Still being worked: the SLA clock runs and the ticket may be overdue. */
export const isActiveStatus = (status: TicketStatus) => status === "open" || status === "pending";

export const isTicketStatus = (value: unknown): value is TicketStatus => typeof value === "string" && (TICKET_STATUSES as readonly string[]).includes(value);
export const isTicketPriority = (value: unknown): value is TicketPriority =>
  typeof value === "string" && (TICKET_PRIORITIES as readonly string[]).includes(value);

export const SUBJECT_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 5000;
export const NOTE_MAX_LENGTH = 5000;
export const TAG_MAX_LENGTH = 32;
export const MAX_TAGS = 10;

/** A tag as stored: trimmed, inner spaces collapsed, lower case (so "Billing" and "billing " are one tag). */
export const normalizeTag = (tag: string) => tag.trim().replace(/\s+/g, " ").toLowerCase();

/** "Billing, refund ,,billing" → ["billing", "refund"]: comma-separated, blanks and repeats dropped, in the order typed. */
export function parseTags(input: string): string[] {
  return [...new Set(input.split(",").map(normalizeTag).filter(Boolean))];
}

/** The tags as the tag field shows them. */
export const formatTags = (tags: readonly string[]) => tags.join(", ");

/** What a reader sees as the ticket's number. */
export const ticketLabel = (number: number) => `#${number}`;

/** The assignee choices besides a member's id: nobody, the round robin. */
export const UNASSIGNED = "";
export const ROUND_ROBIN = "round-robin";
