import { getDb, newId, now, type DB } from "~/db/db.server";

/** The organization's teams by name, with how many members and event types each has. */
export async function listTeams(tenantId: string, organizationId: string, db: DB = getDb()) {
  const rows = await db
    .selectFrom("teams")
    .select([
      "teams.id",
      "teams.name",
      "teams.created_at",
      (eb) => eb.selectFrom("team_members").select(eb.fn.countAll<number>().as("n")).whereRef("team_members.team_id", "=", "teams.id").as("member_count"),
      (eb) => eb.selectFrom("event_types").select(eb.fn.countAll<number>().as("n")).whereRef("event_types.team_id", "=", "teams.id").as("event_type_count"),
    ])
    .where("teams.tenant_id", "=", tenantId)
    .where("teams.organization_id", "=", organizationId)
    .orderBy("teams.name")
    .orderBy("teams.id")
    .execute();
  return rows.map((row) => ({ ...row, member_count: Number(row.member_count ?? 0), event_type_count: Number(row.event_type_count ?? 0) }));
}

export function getTeam(tenantId: string, organizationId: string, teamId: string, db: DB = getDb()) {
  return db
    .selectFrom("teams")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("organization_id", "=", organizationId)
    .where("id", "=", teamId)
    .executeTakeFirst();
}

export async function createTeam(tenantId: string, organizationId: string, name: string, db: DB = getDb()) {
  const id = newId();
  const timestamp = now();
  await db
    .insertInto("teams")
    .values({ id, tenant_id: tenantId, organization_id: organizationId, name, created_at: timestamp, updated_at: timestamp })
    .execute();
  return id;
}

export async function renameTeam(tenantId: string, teamId: string, name: string, db: DB = getDb()) {
  await db.updateTable("teams").set({ name, updated_at: now() }).where("tenant_id", "=", tenantId).where("id", "=", teamId).execute();
}

/** What goes with a team: its event types and memberships. Appointments stay, without the team, so the history is kept. */
export async function teamContents(tenantId: string, teamId: string, db: DB = getDb()) {
  const [members, eventTypes, upcoming] = await Promise.all([
    db
      .selectFrom("team_members")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("team_id", "=", teamId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("event_types")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tenant_id", "=", tenantId)
      .where("team_id", "=", teamId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("appointments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tenant_id", "=", tenantId)
      .where("team_id", "=", teamId)
      .where("status", "=", "booked")
      .where("start_at", ">", now())
      .executeTakeFirstOrThrow(),
  ]);
  return { members: Number(members.n), eventTypes: Number(eventTypes.n), upcomingAppointments: Number(upcoming.n) };
}

export async function deleteTeam(tenantId: string, teamId: string, db: DB = getDb()) {
  const result = await db.deleteFrom("teams").where("tenant_id", "=", tenantId).where("id", "=", teamId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function listTeamMembers(tenantId: string, teamId: string, db: DB = getDb()) {
  return db
    .selectFrom("team_members")
    .innerJoin("users", "users.id", "team_members.user_id")
    .select(["users.id", "users.name", "users.email", "team_members.created_at"])
    .where("users.tenant_id", "=", tenantId)
    .where("team_members.team_id", "=", teamId)
    .orderBy("users.name")
    .execute();
}

/** Only a member of the team's organization can join it; returns false for anyone else. */
export async function addTeamMember(tenantId: string, organizationId: string, teamId: string, userId: string, db: DB = getDb()) {
  const member = await db
    .selectFrom("organization_members")
    .innerJoin("users", "users.id", "organization_members.user_id")
    .select("users.id")
    .where("users.tenant_id", "=", tenantId)
    .where("organization_members.organization_id", "=", organizationId)
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!member) return false;
  await db
    .insertInto("team_members")
    .values({ team_id: teamId, user_id: userId, created_at: now() })
    .onConflict((oc) => oc.columns(["team_id", "user_id"]).doNothing())
    .execute();
  return true;
}

/** Leaving a team also ends hosting its event types. */
export async function removeTeamMember(tenantId: string, teamId: string, userId: string, db: DB = getDb()) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("event_type_hosts")
      .where("user_id", "=", userId)
      .where("event_type_id", "in", trx.selectFrom("event_types").select("id").where("tenant_id", "=", tenantId).where("team_id", "=", teamId))
      .execute();
    await trx.deleteFrom("team_members").where("team_id", "=", teamId).where("user_id", "=", userId).execute();
  });
}
