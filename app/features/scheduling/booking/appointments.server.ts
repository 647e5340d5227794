import { getDb, type DB } from "~/db/db.server";
import { zonedTimeToInstant } from "~/lib/dates/zoned-time";
import { APPOINTMENTS_PAGE_SIZE, type AppointmentListParams } from "./appointment-params";

/** A calendar day of the viewer's zone as the instant it starts. */
export function startOfLocalDay(day: string, timeZone: string) {
  const [year, month, date] = day.split("-").map(Number);
  return zonedTimeToInstant({ year: year!, month: month!, day: date!, hour: 0, minute: 0 }, timeZone).toISOString();
}

export function addDaysToKey(day: string, days: number) {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const LIST_COLUMNS = [
  "appointments.id",
  "appointments.title",
  "appointments.start_at",
  "appointments.end_at",
  "appointments.status",
  "appointments.contact_name",
  "appointments.contact_email",
  "appointments.contact_id",
  "appointments.host_user_id",
  "appointments.event_type_id",
  "appointments.reschedule_count",
  "appointments.source",
  "appointments.call_id",
  "appointments.location_kind",
  "appointments.appointment_type",
] as const;

/** One page of the selected organization's appointments (and team's, when one is chosen), filtered as the URL says. */
export async function listAppointments(
  tenantId: string,
  scope: { organizationId: string; teamId: string | null },
  params: AppointmentListParams,
  viewerTimeZone: string,
  db: DB = getDb(),
) {
  let query = db
    .selectFrom("appointments")
    .leftJoin("users as hosts", "hosts.id", "appointments.host_user_id")
    .leftJoin("event_types", "event_types.id", "appointments.event_type_id")
    .where("appointments.tenant_id", "=", tenantId)
    .where("appointments.organization_id", "=", scope.organizationId);
  if (scope.teamId) query = query.where("appointments.team_id", "=", scope.teamId);
  const nowIso = new Date().toISOString();
  if (params.when === "upcoming") query = query.where("appointments.end_at", ">", nowIso);
  if (params.when === "past") query = query.where("appointments.end_at", "<=", nowIso);
  if (params.status) query = query.where("appointments.status", "=", params.status);
  if (params.staff) query = query.where("appointments.host_user_id", "=", params.staff);
  if (params.eventType) query = query.where("appointments.event_type_id", "=", params.eventType);
  if (params.from) query = query.where("appointments.start_at", ">=", startOfLocalDay(params.from, viewerTimeZone));
  if (params.to) query = query.where("appointments.start_at", "<", startOfLocalDay(addDaysToKey(params.to, 1), viewerTimeZone));
  const direction = params.when === "upcoming" ? "asc" : "desc";
  const [rows, count] = await Promise.all([
    query
      .select([...LIST_COLUMNS, "hosts.name as host_name", "event_types.color", "event_types.name as event_type_name"])
      .orderBy("appointments.start_at", direction)
      .orderBy("appointments.id", direction)
      .limit(APPOINTMENTS_PAGE_SIZE)
      .offset((params.page - 1) * APPOINTMENTS_PAGE_SIZE)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { rows, total, pageCount: Math.max(1, Math.ceil(total / APPOINTMENTS_PAGE_SIZE)) };
}

export async function getAppointment(tenantId: string, appointmentId: string, db: DB = getDb()) {
  return db
    .selectFrom("appointments")
    .leftJoin("users as hosts", "hosts.id", "appointments.host_user_id")
    .leftJoin("event_types", "event_types.id", "appointments.event_type_id")
    .leftJoin("organizations", "organizations.id", "appointments.organization_id")
    .selectAll("appointments")
    .select([
      "hosts.name as host_name",
      "hosts.email as host_email",
      "event_types.color",
      "event_types.name as event_type_name",
      "organizations.name as organization_name",
    ])
    .where("appointments.tenant_id", "=", tenantId)
    .where("appointments.id", "=", appointmentId)
    .executeTakeFirst();
}

export function appointmentLog(tenantId: string, appointmentId: string, db: DB = getDb()) {
  return db
    .selectFrom("appointment_log")
    .leftJoin("users", "users.id", "appointment_log.actor_user_id")
    .select([
      "appointment_log.id",
      "appointment_log.action",
      "appointment_log.actor_kind",
      "appointment_log.details",
      "appointment_log.at",
      "users.name as actor_name",
    ])
    .where("appointment_log.tenant_id", "=", tenantId)
    .where("appointment_log.appointment_id", "=", appointmentId)
    .orderBy("appointment_log.at")
    .orderBy("appointment_log.id")
    .execute();
}

/** The filters' choices: the scope's hosts and event types. */
export async function appointmentFilterChoices(tenantId: string, scope: { organizationId: string; teamId: string | null }, db: DB = getDb()) {
  let types = db
    .selectFrom("event_types")
    .innerJoin("teams", "teams.id", "event_types.team_id")
    .select(["event_types.id", "event_types.name", "event_types.color"])
    .where("event_types.tenant_id", "=", tenantId)
    .where("teams.organization_id", "=", scope.organizationId);
  if (scope.teamId) types = types.where("event_types.team_id", "=", scope.teamId);
  let staff = db.selectFrom("users").select(["users.id", "users.name"]).where("users.tenant_id", "=", tenantId);
  staff = scope.teamId
    ? staff.where("users.id", "in", db.selectFrom("team_members").select("user_id").where("team_id", "=", scope.teamId))
    : staff.where("users.id", "in", db.selectFrom("organization_members").select("user_id").where("organization_id", "=", scope.organizationId));
  const [eventTypes, hosts] = await Promise.all([types.orderBy("event_types.name").execute(), staff.orderBy("users.name").execute()]);
  return { eventTypes, hosts };
}

/** The appointments a call booked, for the recording's page. */
export function appointmentsOfCall(tenantId: string, callId: string, db: DB = getDb()) {
  return db
    .selectFrom("appointments")
    .select(["id", "title", "start_at", "status", "time_zone"])
    .where("tenant_id", "=", tenantId)
    .where("call_id", "=", callId)
    .orderBy("start_at")
    .execute();
}
