import { getDb, type DB } from "~/db/db.server";
import { feedOwner } from "./calendar-feeds.server";
import { calendarFeed } from "./ics.server";

const DAY = 86_400_000;

/**
 * A host's subscription feed: their appointments from 60 days back to a year
 * ahead, cancelled ones included as CANCELLED so subscribed calendars drop
 * them. Null for an unknown or revoked token.
 */
export async function feedForToken(token: string, db: DB = getDb()) {
  const owner = await feedOwner(token, db);
  if (!owner) return null;
  const [schedule, tenant, rows] = await Promise.all([
    db.selectFrom("staff_schedules").select("time_zone").where("user_id", "=", owner.user_id).executeTakeFirst(),
    db.selectFrom("tenants").select("time_zone").where("id", "=", owner.tenant_id).executeTakeFirstOrThrow(),
    db
      .selectFrom("appointments")
      .innerJoin("organizations", "organizations.id", "appointments.organization_id")
      .select([
        "appointments.id",
        "appointments.title",
        "appointments.start_at",
        "appointments.end_at",
        "appointments.status",
        "appointments.sequence",
        "appointments.contact_name",
        "appointments.contact_phone",
        "appointments.location_kind",
        "appointments.location_detail",
        "appointments.notes",
        "organizations.name as organization",
      ])
      .where("appointments.tenant_id", "=", owner.tenant_id)
      .where("appointments.host_user_id", "=", owner.user_id)
      .where("appointments.start_at", ">=", new Date(Date.now() - 60 * DAY).toISOString())
      .where("appointments.start_at", "<", new Date(Date.now() + 366 * DAY).toISOString())
      .orderBy("appointments.start_at")
      .limit(5000)
      .execute(),
  ]);
  return calendarFeed({
    name: `Voxboard · ${owner.name}`,
    timeZone: schedule?.time_zone ?? tenant.time_zone,
    events: rows.map((row) => ({
      uid: `${row.id}@voxboard`,
      sequence: row.sequence,
      start: row.start_at,
      end: row.end_at,
      summary: `${row.title}: ${row.contact_name}`,
      description: [row.organization, row.contact_phone, row.notes].filter(Boolean).join("\n"),
      location: row.location_kind === "phone" ? row.contact_phone : row.location_detail,
      status: row.status === "cancelled" ? "CANCELLED" : "CONFIRMED",
    })),
  });
}
