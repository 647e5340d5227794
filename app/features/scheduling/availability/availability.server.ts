import { getDb, type DB } from "~/db/db.server";
import { type getEventType } from "../event-types/event-types.server";
import { computeSlots, type Slot } from "./slots";
import { hostsForSlots } from "../staff/staff.server";

const DAY = 86_400_000;

export type LoadedEventType = NonNullable<Awaited<ReturnType<typeof getEventType>>>;

export function slotRulesOf(eventType: LoadedEventType) {
  return {
    durationMinutes: eventType.duration_minutes,
    bufferBeforeMinutes: eventType.buffer_before_minutes,
    bufferAfterMinutes: eventType.buffer_after_minutes,
    minimumNoticeMinutes: eventType.minimum_notice_minutes,
    bookableDaysAhead: eventType.bookable_days_ahead,
    hosts: eventType.hosts.map((host) => host.id),
    assignment: eventType.hosts.length > 1 && eventType.assignment === "round-robin" ? ("round-robin" as const) : ("single" as const),
  };
}

/** The hosts' live appointments that could touch [from, to), buffers included, other than `excludeId` (the one being moved). */
export async function busyTimes(tenantId: string, hostIds: readonly string[], from: string, to: string, excludeId: string | null, db: DB = getDb()) {
  if (hostIds.length === 0) return [];
  // A day either side covers any buffer (at most 4 hours) and any appointment (at most 8).
  let query = db
    .selectFrom("appointments")
    .select(["host_user_id", "start_at", "end_at"])
    .where("tenant_id", "=", tenantId)
    .where("status", "=", "booked")
    .where("host_user_id", "in", hostIds)
    .where("start_at", "<", new Date(Date.parse(to) + DAY).toISOString())
    .where("end_at", ">", new Date(Date.parse(from) - DAY).toISOString());
  if (excludeId) query = query.where("id", "!=", excludeId);
  const rows = await query.execute();
  return rows.map((row) => ({ hostId: row.host_user_id!, start: row.start_at, end: row.end_at }));
}

/**
 * Free slots of an event type between two instants: each host's hours and
 * exceptions, their booked appointments, the type's buffers, notice and
 * horizon. A type without hosts offers nothing.
 */
export async function availableSlots(
  tenantId: string,
  eventType: LoadedEventType,
  range: { from: string; to: string; now: string; fallbackTimeZone: string; excludeAppointmentId?: string | null; ignoreBookings?: boolean },
  db: DB = getDb(),
): Promise<Slot[]> {
  const rules = slotRulesOf(eventType);
  if (rules.hosts.length === 0) return [];
  const fromDate = new Date(Date.parse(range.from) - DAY).toISOString().slice(0, 10);
  const [hosts, bookings] = await Promise.all([
    hostsForSlots(tenantId, rules.hosts, range.fallbackTimeZone, fromDate, db),
    range.ignoreBookings ? Promise.resolve([]) : busyTimes(tenantId, rules.hosts, range.from, range.to, range.excludeAppointmentId ?? null, db),
  ]);
  return computeSlots({ eventType: rules, hosts, bookings, from: range.from, to: range.to, now: range.now });
}
