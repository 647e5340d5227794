import type { TicketPriority, TicketStatus } from "~/db/schema";
import { addCalendarDays, localPartsAt, zonedTimeToInstant } from "~/lib/dates/zoned-time";
import { isActiveStatus } from "./ticket-rules";

/**
 * SLA targets and due times (docs/product/service-desk.md#sla). A target is
 * a span in minutes per priority, for the first response and for the
 * resolution, counted from the ticket's creation in calendar time in the
 * tenant's zone, around the clock (no business hours): whole days move the
 * wall clock by days, so a one-day target of a ticket opened at 17:00 is due
 * at 17:00 the next day even across a change to or from summer time; the
 * part under a day is elapsed time (a 4-hour target is four real hours).
 */

export interface SlaTarget {
  firstResponseMinutes: number;
  resolutionMinutes: number;
}
export type SlaTargets = Record<TicketPriority, SlaTarget>;

export const MINUTES_PER_HOUR = 60;
export const MINUTES_PER_DAY = 1440;
/** A year: longer is no service level anyone promises, and keeps the arithmetic far from the date limits. */
export const MAX_TARGET_MINUTES = 365 * MINUTES_PER_DAY;

export const DEFAULT_SLA_TARGETS: SlaTargets = {
  urgent: { firstResponseMinutes: 30, resolutionMinutes: 4 * MINUTES_PER_HOUR },
  high: { firstResponseMinutes: MINUTES_PER_HOUR, resolutionMinutes: 8 * MINUTES_PER_HOUR },
  normal: { firstResponseMinutes: 4 * MINUTES_PER_HOUR, resolutionMinutes: MINUTES_PER_DAY },
  low: { firstResponseMinutes: 8 * MINUTES_PER_HOUR, resolutionMinutes: 3 * MINUTES_PER_DAY },
};

const MINUTE_MS = 60_000;

/** The moment `minutes` after `start`, in calendar time in `timeZone` (see above). */
export function dueAfter(start: Date, minutes: number, timeZone: string): Date {
  const days = Math.floor(minutes / MINUTES_PER_DAY);
  const rest = minutes - days * MINUTES_PER_DAY;
  let base = start.getTime();
  if (days > 0) {
    // The wall clock has whole minutes; seconds and milliseconds ride along unchanged.
    const belowMinute = ((base % MINUTE_MS) + MINUTE_MS) % MINUTE_MS;
    base = zonedTimeToInstant(addCalendarDays(localPartsAt(start, timeZone), days), timeZone).getTime() + belowMinute;
  }
  return new Date(base + rest * MINUTE_MS);
}

/** A ticket's two deadlines, from its creation and its priority's targets. */
export function ticketDueTimes(createdAt: Date, target: SlaTarget, timeZone: string) {
  return {
    firstResponseDueAt: dueAfter(createdAt, target.firstResponseMinutes, timeZone).toISOString(),
    resolutionDueAt: dueAfter(createdAt, target.resolutionMinutes, timeZone).toISOString(),
  };
}

export interface DueState {
  status: TicketStatus;
  firstRespondedAt: string | null;
  firstResponseDueAt: string;
  resolutionDueAt: string;
}

/**
 * The next deadline that still counts: the first response's while there is
 * none (or the resolution's, when that comes first), else the resolution's;
 * none once the ticket is resolved or closed. Stored as tickets.due_at.
 */
export function nextDueAt(ticket: DueState): string | null {
  if (!isActiveStatus(ticket.status)) return null;
  if (ticket.firstRespondedAt === null) return ticket.firstResponseDueAt < ticket.resolutionDueAt ? ticket.firstResponseDueAt : ticket.resolutionDueAt;
  return ticket.resolutionDueAt;
}

export const isOverdue = (dueAt: string | null, now: Date) => dueAt !== null && dueAt < now.toISOString();

/** A target as the settings form shows it: in the largest unit that holds it whole. */
export const SLA_UNITS = ["minutes", "hours", "days"] as const;
export type SlaUnit = (typeof SLA_UNITS)[number];
export const UNIT_MINUTES: Record<SlaUnit, number> = { minutes: 1, hours: MINUTES_PER_HOUR, days: MINUTES_PER_DAY };

export function splitTarget(minutes: number): { amount: number; unit: SlaUnit } {
  if (minutes % MINUTES_PER_DAY === 0) return { amount: minutes / MINUTES_PER_DAY, unit: "days" };
  if (minutes % MINUTES_PER_HOUR === 0) return { amount: minutes / MINUTES_PER_HOUR, unit: "hours" };
  return { amount: minutes, unit: "minutes" };
}

const PRIORITIES = ["urgent", "high", "normal", "low"] as const satisfies readonly TicketPriority[];

/** The settings form's values for the targets: `normalFirstResponse: "4"`, `normalFirstResponseUnit: "hours"`, … */
export function targetFieldValues(targets: SlaTargets): Record<string, string> {
  const values: Record<string, string> = {};
  for (const priority of PRIORITIES) {
    for (const [name, minutes] of [
      ["FirstResponse", targets[priority].firstResponseMinutes],
      ["Resolution", targets[priority].resolutionMinutes],
    ] as const) {
      const { amount, unit } = splitTarget(minutes);
      values[`${priority}${name}`] = String(amount);
      values[`${priority}${name}Unit`] = unit;
    }
  }
  return values;
}

/** The targets from the settings form's checked values (amounts and units). */
export function targetsFromFields(values: Record<string, unknown>): SlaTargets {
  const minutes = (name: string) => Number(values[name]) * UNIT_MINUTES[values[`${name}Unit`] as SlaUnit];
  const read = (priority: TicketPriority): SlaTarget => ({
    firstResponseMinutes: minutes(`${priority}FirstResponse`),
    resolutionMinutes: minutes(`${priority}Resolution`),
  });
  return { urgent: read("urgent"), high: read("high"), normal: read("normal"), low: read("low") };
}
