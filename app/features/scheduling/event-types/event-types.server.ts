import { getDb, newId, now, type DB } from "~/db/db.server";
import type { EventTypeInput } from "./event-type-schema";

/** The team's event types by name, each with its hosts' names. */
export async function listEventTypes(tenantId: string, teamIds: readonly string[], db: DB = getDb()) {
  if (teamIds.length === 0) return [];
  const [types, hosts] = await Promise.all([
    db.selectFrom("event_types").selectAll().where("tenant_id", "=", tenantId).where("team_id", "in", teamIds).orderBy("name").orderBy("id").execute(),
    db
      .selectFrom("event_type_hosts")
      .innerJoin("event_types", "event_types.id", "event_type_hosts.event_type_id")
      .innerJoin("users", "users.id", "event_type_hosts.user_id")
      .select(["event_type_hosts.event_type_id", "users.id", "users.name"])
      .where("event_types.tenant_id", "=", tenantId)
      .where("event_types.team_id", "in", teamIds)
      .orderBy("users.name")
      .execute(),
  ]);
  return types.map((type) => ({ ...type, hosts: hosts.filter((host) => host.event_type_id === type.id).map(({ id, name }) => ({ id, name })) }));
}

export async function getEventType(tenantId: string, eventTypeId: string, db: DB = getDb()) {
  const type = await db.selectFrom("event_types").selectAll().where("tenant_id", "=", tenantId).where("id", "=", eventTypeId).executeTakeFirst();
  if (!type) return undefined;
  const hosts = await db
    .selectFrom("event_type_hosts")
    .innerJoin("users", "users.id", "event_type_hosts.user_id")
    .select(["users.id", "users.name", "users.email"])
    .where("event_type_hosts.event_type_id", "=", type.id)
    .orderBy("users.name")
    .orderBy("users.id")
    .execute();
  return { ...type, hosts };
}

export type HostProblem = "not-team-member";

/** Hosts must be members of the event type's team: anyone else is refused before anything is written. */
async function checkHosts(tenantId: string, teamId: string, hostIds: readonly string[], db: DB): Promise<HostProblem | null> {
  if (hostIds.length === 0) return null;
  const members = await db
    .selectFrom("team_members")
    .innerJoin("users", "users.id", "team_members.user_id")
    .select("users.id")
    .where("team_members.team_id", "=", teamId)
    .where("users.tenant_id", "=", tenantId)
    .where("users.id", "in", hostIds)
    .execute();
  return members.length === hostIds.length ? null : "not-team-member";
}

function columns(input: EventTypeInput) {
  return {
    name: input.name,
    duration_minutes: input.durationMinutes,
    location_kind: input.locationKind,
    location_detail: input.locationDetail,
    appointment_type: input.appointmentType,
    buffer_before_minutes: input.bufferBeforeMinutes,
    buffer_after_minutes: input.bufferAfterMinutes,
    minimum_notice_minutes: input.minimumNoticeMinutes,
    bookable_days_ahead: input.bookableDaysAhead,
    assignment: input.assignment,
    color: input.color,
  };
}

export async function createEventType(tenantId: string, teamId: string, input: EventTypeInput, db: DB = getDb()) {
  const problem = await checkHosts(tenantId, teamId, input.hostIds, db);
  if (problem) return { problem } as const;
  const id = newId();
  const timestamp = now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("event_types")
      .values({ id, tenant_id: tenantId, team_id: teamId, ...columns(input), calcom_event_type_id: null, created_at: timestamp, updated_at: timestamp })
      .execute();
    if (input.hostIds.length)
      await trx
        .insertInto("event_type_hosts")
        .values(input.hostIds.map((userId) => ({ event_type_id: id, user_id: userId })))
        .execute();
  });
  return { id } as const;
}

export async function updateEventType(tenantId: string, eventType: { id: string; team_id: string }, input: EventTypeInput, db: DB = getDb()) {
  const problem = await checkHosts(tenantId, eventType.team_id, input.hostIds, db);
  if (problem) return { problem } as const;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("event_types")
      .set({ ...columns(input), updated_at: now() })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", eventType.id)
      .execute();
    await trx.deleteFrom("event_type_hosts").where("event_type_id", "=", eventType.id).execute();
    if (input.hostIds.length)
      await trx
        .insertInto("event_type_hosts")
        .values(input.hostIds.map((userId) => ({ event_type_id: eventType.id, user_id: userId })))
        .execute();
  });
  return { id: eventType.id } as const;
}

/** Booked appointments keep their title, time and host; they only lose the link to the type. */
export async function deleteEventType(tenantId: string, eventTypeId: string, db: DB = getDb()) {
  const result = await db.deleteFrom("event_types").where("tenant_id", "=", tenantId).where("id", "=", eventTypeId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function upcomingAppointmentsOf(tenantId: string, eventTypeId: string, db: DB = getDb()) {
  const row = await db
    .selectFrom("appointments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("event_type_id", "=", eventTypeId)
    .where("status", "=", "booked")
    .where("start_at", ">", now())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
