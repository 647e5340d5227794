import { getDb, newId, now, type DB } from "~/db/db.server";
import type { Host } from "../availability/slots";
import { DEFAULT_WEEKLY_HOURS, readWeeklyHours, readWindows, type WeeklyHours } from "../availability/working-hours";
import type { WorkingWindow } from "../availability/slots";

/**
 * Staff are the people who host appointments: members of the selected team
 * (or of the selected organization when it has no team chosen). A host who
 * never saved hours works Monday to Friday, 9 to 5, in the account's zone,
 * until they say otherwise.
 */
export interface StaffSchedule {
  timeZone: string;
  weeklyHours: WeeklyHours;
  saved: boolean;
}

export async function listStaff(tenantId: string, scope: { organizationId: string; teamId: string | null }, db: DB = getDb()) {
  let query = db.selectFrom("users").select(["users.id", "users.name", "users.email"]).where("users.tenant_id", "=", tenantId);
  query = scope.teamId
    ? query.where("users.id", "in", db.selectFrom("team_members").select("user_id").where("team_id", "=", scope.teamId))
    : query.where("users.id", "in", db.selectFrom("organization_members").select("user_id").where("organization_id", "=", scope.organizationId));
  const people = await query.orderBy("users.name").orderBy("users.id").execute();
  if (people.length === 0) return [];
  const ids = people.map((person) => person.id);
  const [schedules, overrides] = await Promise.all([
    db.selectFrom("staff_schedules").select(["user_id", "time_zone", "weekly_hours"]).where("tenant_id", "=", tenantId).where("user_id", "in", ids).execute(),
    db
      .selectFrom("staff_overrides")
      .select(["user_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("tenant_id", "=", tenantId)
      .where("user_id", "in", ids)
      .where("date", ">=", now().slice(0, 10))
      .groupBy("user_id")
      .execute(),
  ]);
  return people.map((person) => {
    const schedule = schedules.find((row) => row.user_id === person.id);
    return {
      ...person,
      timeZone: schedule?.time_zone ?? null,
      weeklyHours: schedule ? readWeeklyHours(schedule.weekly_hours) : DEFAULT_WEEKLY_HOURS,
      upcomingOverrides: Number(overrides.find((row) => row.user_id === person.id)?.n ?? 0),
    };
  });
}

export async function getSchedule(tenantId: string, userId: string, fallbackTimeZone: string, db: DB = getDb()): Promise<StaffSchedule> {
  const row = await db
    .selectFrom("staff_schedules")
    .select(["time_zone", "weekly_hours"])
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row
    ? { timeZone: row.time_zone, weeklyHours: readWeeklyHours(row.weekly_hours), saved: true }
    : { timeZone: fallbackTimeZone, weeklyHours: DEFAULT_WEEKLY_HOURS, saved: false };
}

export async function saveSchedule(tenantId: string, userId: string, schedule: { timeZone: string; weeklyHours: WeeklyHours }, db: DB = getDb()) {
  const values = { time_zone: schedule.timeZone, weekly_hours: JSON.stringify(schedule.weeklyHours), updated_at: now() };
  await db
    .insertInto("staff_schedules")
    .values({ user_id: userId, tenant_id: tenantId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}

/** The row a booking locks; written with the defaults first when the host never saved hours. */
export async function ensureScheduleRow(tenantId: string, userId: string, fallbackTimeZone: string, db: DB) {
  await db
    .insertInto("staff_schedules")
    .values({ user_id: userId, tenant_id: tenantId, time_zone: fallbackTimeZone, weekly_hours: JSON.stringify(DEFAULT_WEEKLY_HOURS), updated_at: now() })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

export function listOverrides(tenantId: string, userId: string, fromDate: string, db: DB = getDb()) {
  return db
    .selectFrom("staff_overrides")
    .select(["id", "date", "hours"])
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("date", ">=", fromDate)
    .orderBy("date")
    .execute();
}

/** One override per date: a second one for the same date replaces the first. */
export async function saveOverride(tenantId: string, userId: string, override: { date: string; hours: WorkingWindow[] }, db: DB = getDb()) {
  await db
    .insertInto("staff_overrides")
    .values({ id: newId(), tenant_id: tenantId, user_id: userId, date: override.date, hours: JSON.stringify(override.hours), created_at: now() })
    .onConflict((oc) => oc.columns(["user_id", "date"]).doUpdateSet({ hours: JSON.stringify(override.hours) }))
    .execute();
}

export async function removeOverride(tenantId: string, userId: string, overrideId: string, db: DB = getDb()) {
  await db.deleteFrom("staff_overrides").where("tenant_id", "=", tenantId).where("user_id", "=", userId).where("id", "=", overrideId).execute();
}

/** The slot engine's view of some hosts: zone, weekly hours and every override from `fromDate` on. */
export async function hostsForSlots(
  tenantId: string,
  userIds: readonly string[],
  fallbackTimeZone: string,
  fromDate: string,
  db: DB = getDb(),
): Promise<Host[]> {
  if (userIds.length === 0) return [];
  const [schedules, overrides] = await Promise.all([
    db
      .selectFrom("staff_schedules")
      .select(["user_id", "time_zone", "weekly_hours"])
      .where("tenant_id", "=", tenantId)
      .where("user_id", "in", userIds)
      .execute(),
    db
      .selectFrom("staff_overrides")
      .select(["user_id", "date", "hours"])
      .where("tenant_id", "=", tenantId)
      .where("user_id", "in", userIds)
      .where("date", ">=", fromDate)
      .execute(),
  ]);
  return userIds.map((id) => {
    const schedule = schedules.find((row) => row.user_id === id);
    return {
      id,
      timeZone: schedule?.time_zone ?? fallbackTimeZone,
      weeklyHours: schedule ? readWeeklyHours(schedule.weekly_hours) : DEFAULT_WEEKLY_HOURS,
      overrides: overrides.filter((row) => row.user_id === id).map((row) => ({ date: row.date, hours: readWindows(row.hours) })),
    };
  });
}

/** Whether the user is in the tenant and in the selected organization: only then is their schedule this page's business. */
export async function findStaffMember(tenantId: string, organizationId: string, userId: string, db: DB = getDb()) {
  return db
    .selectFrom("users")
    .innerJoin("organization_members", "organization_members.user_id", "users.id")
    .select(["users.id", "users.name", "users.email"])
    .where("users.tenant_id", "=", tenantId)
    .where("organization_members.organization_id", "=", organizationId)
    .where("users.id", "=", userId)
    .executeTakeFirst();
}
