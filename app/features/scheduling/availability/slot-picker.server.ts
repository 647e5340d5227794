import { localPartsAt } from "~/lib/dates/zoned-time";
import { searchCondition } from "~/features/contacts/list-query.server";
import { getDb, type DB } from "~/db/db.server";
import { availableSlots, type LoadedEventType } from "./availability.server";
import { addDaysToKey, startOfLocalDay } from "../booking/appointments.server";
import { slotsByLocalDay } from "./slots";

export const PICKER_DAYS = 7;

export function todayKey(timeZone: string, at = Date.now()) {
  const parts = localPartsAt(at, timeZone);
  return `${parts.year}-${String(parts.month).padStart(2, "0")}-${String(parts.day).padStart(2, "0")}`;
}

/**
 * A week of the picker: seven of the viewer's days from `week` (never before
 * today), each with its free times, and the chosen day's times. The viewer's
 * zone labels the times; the hosts' zones decide them.
 */
export async function pickerWeek(
  tenantId: string,
  eventType: LoadedEventType,
  options: { week: string | null; date: string | null; viewerTimeZone: string; fallbackTimeZone: string; excludeAppointmentId?: string | null },
  db: DB = getDb(),
) {
  const today = todayKey(options.viewerTimeZone);
  const week = options.week && options.week > today ? options.week : today;
  const days = Array.from({ length: PICKER_DAYS }, (_, index) => addDaysToKey(week, index));
  const slots = await availableSlots(
    tenantId,
    eventType,
    {
      from: startOfLocalDay(week, options.viewerTimeZone),
      to: startOfLocalDay(addDaysToKey(week, PICKER_DAYS), options.viewerTimeZone),
      now: new Date().toISOString(),
      fallbackTimeZone: options.fallbackTimeZone,
      excludeAppointmentId: options.excludeAppointmentId,
    },
    db,
  );
  const byDay = new Map(slotsByLocalDay(slots, options.viewerTimeZone).map((day) => [day.date, day.slots]));
  const chosen = options.date && days.includes(options.date) ? options.date : (days.find((day) => (byDay.get(day) ?? []).length > 0) ?? week);
  return {
    week,
    previousWeek: week > today ? (addDaysToKey(week, -PICKER_DAYS) < today ? today : addDaysToKey(week, -PICKER_DAYS)) : null,
    nextWeek: addDaysToKey(week, PICKER_DAYS),
    days: days.map((day) => ({ date: day, count: (byDay.get(day) ?? []).length })),
    date: chosen,
    times: (byDay.get(chosen) ?? []).map((slot) => ({ start: slot.start, label: slot.label })),
  };
}

/** Contacts matching a search, for choosing whom to book for. */
export async function findContacts(tenantId: string, q: string, db: DB = getDb()) {
  const condition = searchCondition(q, db);
  if (!condition) return [];
  return db
    .selectFrom("contacts")
    .select(["id", "first_name", "last_name", "phone", "email", "opted_out_at"])
    .where("tenant_id", "=", tenantId)
    .where(condition)
    .orderBy("first_name")
    .orderBy("last_name")
    .limit(10)
    .execute();
}

export const contactName = (contact: { first_name: string; last_name: string }) => `${contact.first_name} ${contact.last_name}`.trim();
