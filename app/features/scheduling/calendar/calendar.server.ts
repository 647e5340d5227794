import { getDb, type DB } from "~/db/db.server";
import { localPartsAt } from "~/lib/dates/zoned-time";
import { addDaysToKey, startOfLocalDay } from "../booking/appointments.server";
import type { SchedulingScope } from "../scope.server";

export interface CalendarEntry {
  id: string;
  title: string;
  contactName: string;
  hostName: string | null;
  status: string;
  start: string;
  end: string;
  color: string | null;
  /** The viewer's day it starts on, and its minutes within that day (clipped to midnight). */
  day: string;
  startMinute: number;
  endMinute: number;
}

const dayKeyOf = (instant: string, timeZone: string) => {
  const parts = localPartsAt(Date.parse(instant), timeZone);
  return `${parts.year}-${String(parts.month).padStart(2, "0")}-${String(parts.day).padStart(2, "0")}`;
};

/** The scope's booked and no-show appointments that start on the visible days, laid out in the viewer's zone. Cancelled ones stay in the list, not on the calendar. */
export async function calendarEntries(
  tenantId: string,
  scope: SchedulingScope,
  days: readonly string[],
  options: { staff: string | null; timeZone: string },
  db: DB = getDb(),
): Promise<CalendarEntry[]> {
  const from = startOfLocalDay(days[0]!, options.timeZone);
  const to = startOfLocalDay(addDaysToKey(days.at(-1)!, 1), options.timeZone);
  let query = db
    .selectFrom("appointments")
    .leftJoin("users as hosts", "hosts.id", "appointments.host_user_id")
    .leftJoin("event_types", "event_types.id", "appointments.event_type_id")
    .select([
      "appointments.id",
      "appointments.title",
      "appointments.contact_name",
      "appointments.status",
      "appointments.start_at",
      "appointments.end_at",
      "hosts.name as host_name",
      "event_types.color",
    ])
    .where("appointments.tenant_id", "=", tenantId)
    .where("appointments.organization_id", "=", scope.organizationId)
    .where("appointments.status", "in", ["booked", "no-show"])
    .where("appointments.start_at", ">=", from)
    .where("appointments.start_at", "<", to);
  if (scope.teamId) query = query.where("appointments.team_id", "=", scope.teamId);
  if (options.staff) query = query.where("appointments.host_user_id", "=", options.staff);
  const rows = await query.orderBy("appointments.start_at").orderBy("appointments.id").limit(2000).execute();
  return rows.map((row) => {
    // Wall-clock minutes, not elapsed ones: on a daylight-saving day 10:00 still sits at the 10 o'clock line.
    const day = dayKeyOf(row.start_at, options.timeZone);
    const startParts = localPartsAt(Date.parse(row.start_at), options.timeZone);
    const endParts = localPartsAt(Date.parse(row.end_at), options.timeZone);
    const startMinute = startParts.hour * 60 + startParts.minute;
    const endMinute = dayKeyOf(row.end_at, options.timeZone) === day ? endParts.hour * 60 + endParts.minute : 24 * 60;
    return {
      id: row.id,
      title: row.title,
      contactName: row.contact_name,
      hostName: row.host_name,
      status: row.status,
      start: row.start_at,
      end: row.end_at,
      color: row.color,
      day,
      startMinute,
      endMinute: Math.max(endMinute, startMinute + 15),
    };
  });
}
