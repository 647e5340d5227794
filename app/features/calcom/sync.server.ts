import { getDb, newId, now, type DB } from "~/db/db.server";
import { EVENT_TYPE_COLORS, type AppointmentType, type LocationKind } from "~/features/scheduling/event-types/event-type-rules";
import { getEventType } from "~/features/scheduling/event-types/event-types.server";
import { bookAppointment, cancelAppointment, rescheduleAppointment } from "~/features/scheduling/booking/booking.server";
import type { CalcomEventType, CalcomLocation } from "./calcom-client.server";
import { isCalcomError } from "./calcom-client.server";
import { clientFor, recordSync, type CalcomConnection } from "./connections.server";

/**
 * Keeping an organization's appointments and its Cal.com account in step,
 * both ways. Cal.com → here: event types are imported into the connection's
 * team; bookings arrive by webhook or by "Sync now" (a pull) and are applied
 * by one function, so both paths agree; the booking functions announce each
 * change (actor "calcom"), so the organization's CRM integrations hear of it
 * like of one made here. Here → Cal.com: an appointment of an imported event
 * type booked, moved or cancelled here is pushed by an outbox job
 * (subscriptions.server.ts), carrying our id in the booking's metadata so its
 * webhook echo is recognised.
 */
const CALCOM = { kind: "calcom" } as const;

function appointmentTypeOf(title: string): AppointmentType {
  const lower = title.toLowerCase();
  if (/consult|beratung/.test(lower)) return "consultation";
  if (/demo|vorführ/.test(lower)) return "demo";
  if (/follow|folge/.test(lower)) return "follow-up";
  if (/service|repair|wartung|check/.test(lower)) return "service";
  return "other";
}

function locationOf(locations: readonly CalcomLocation[]): { kind: LocationKind; detail: string | null } {
  for (const location of locations) {
    if (location.type === "address" || location.type === "inPerson") return { kind: "in-person", detail: location.address ?? null };
    if (location.type === "attendeePhone") return { kind: "phone", detail: "agent-calls" };
    if (location.type === "organizerPhone" || location.type === "phone") return { kind: "phone", detail: "contact-calls" };
    if (location.link && /meet\.google\.com/.test(location.link)) return { kind: "google-meet", detail: location.link };
    if (location.integration === "google-meet" || location.type === "integration") return { kind: "google-meet", detail: null };
  }
  return { kind: "google-meet", detail: null };
}

export interface ImportReport {
  created: number;
  updated: number;
}

/**
 * Cal.com's visible event types become (or update) event types of the
 * connection's team, hosted by the team member whose address is the Cal.com
 * account's (else the team's first member). Ours keep their own buffers,
 * notice and hours: Cal.com's are not part of its event-type list.
 */
export async function importEventTypes(connection: CalcomConnection, db: DB = getDb()): Promise<ImportReport> {
  if (!connection.team_id) throw new Error("The connection has no team to import into.");
  try {
    const report = await importInto(connection, connection.team_id, db);
    await recordSync(connection.id, null, db);
    return report;
  } catch (error) {
    await recordSync(connection.id, isCalcomError(error) ? error.kind : "unavailable", db);
    throw error;
  }
}

async function importInto(connection: CalcomConnection, teamId: string, db: DB): Promise<ImportReport> {
  const types = (await clientFor(connection).listEventTypes()).filter((type) => !type.hidden);
  const members = await db
    .selectFrom("team_members")
    .innerJoin("users", "users.id", "team_members.user_id")
    .select(["users.id", "users.email"])
    .where("team_members.team_id", "=", teamId)
    .orderBy("users.name")
    .execute();
  const host = members.find((member) => member.email === connection.account_email?.toLowerCase()) ?? members[0];
  const report: ImportReport = { created: 0, updated: 0 };
  for (const [index, type] of types.entries()) await importOne(connection, teamId, type, host?.id ?? null, index, report, db);
  return report;
}

async function importOne(
  connection: CalcomConnection,
  teamId: string,
  type: CalcomEventType,
  hostId: string | null,
  index: number,
  report: ImportReport,
  db: DB,
) {
  const location = locationOf(type.locations);
  const fields = {
    name: type.title.slice(0, 80),
    duration_minutes: Math.min(480, Math.max(5, type.lengthInMinutes)),
    location_kind: location.kind,
    location_detail: location.detail,
    updated_at: now(),
  };
  // Per organization: two organizations may connect the same account, or two self-hosted instances number alike.
  const existing = await db
    .selectFrom("event_types")
    .innerJoin("teams", "teams.id", "event_types.team_id")
    .select(["event_types.id"])
    .where("event_types.tenant_id", "=", connection.tenant_id)
    .where("teams.organization_id", "=", connection.organization_id)
    .where("event_types.calcom_event_type_id", "=", String(type.id))
    .executeTakeFirst();
  if (existing) {
    await db.updateTable("event_types").set(fields).where("id", "=", existing.id).execute();
    report.updated += 1;
    return;
  }
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("event_types")
      .values({
        id,
        tenant_id: connection.tenant_id,
        team_id: teamId,
        ...fields,
        appointment_type: appointmentTypeOf(type.title),
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        minimum_notice_minutes: 120,
        bookable_days_ahead: 60,
        assignment: "single",
        color: EVENT_TYPE_COLORS[index % EVENT_TYPE_COLORS.length]!,
        calcom_event_type_id: String(type.id),
        created_at: now(),
      })
      .execute();
    if (hostId) await trx.insertInto("event_type_hosts").values({ event_type_id: id, user_id: hostId }).execute();
  });
  report.created += 1;
}

/** A Cal.com booking as both the pull and the webhooks see it. */
export interface IncomingBooking {
  uid: string;
  start: string;
  end: string;
  status: "accepted" | "cancelled" | "other";
  eventTypeId: number | null;
  attendee: { name: string; email: string | null } | null;
  rescheduledFromUid: string | null;
  /** Set on the old booking of a reschedule, which Cal.com marks cancelled: it is a move, not a cancellation. */
  rescheduledToUid?: string | null;
  cancellationReason: string | null;
  voxboardId: string | null;
}

export type ApplyOutcome = "created" | "moved" | "cancelled" | "linked" | "unchanged" | "skipped" | "conflict";

async function localByUid(tenantId: string, uid: string, db: DB) {
  return db.selectFrom("appointments").selectAll().where("tenant_id", "=", tenantId).where("calcom_uid", "=", uid).executeTakeFirst();
}

/** Applies one Cal.com booking to the organization's appointments; safe to apply twice. */
export async function applyCalcomBooking(connection: CalcomConnection, booking: IncomingBooking, db: DB = getDb()): Promise<ApplyOutcome> {
  const tenantId = connection.tenant_id;
  const fallbackTimeZone =
    connection.account_time_zone ?? (await db.selectFrom("tenants").select("time_zone").where("id", "=", tenantId).executeTakeFirstOrThrow()).time_zone;
  const known = await localByUid(tenantId, booking.uid, db);
  if (known) {
    // The replacement booking moves the appointment when it is applied; the old one's "cancelled" must not cancel it first.
    if (booking.status === "cancelled" && booking.rescheduledToUid) return "unchanged";
    if (booking.status === "cancelled" && known.status === "booked") {
      await cancelAppointment(tenantId, known.id, booking.cancellationReason, CALCOM, db);
      return "cancelled";
    }
    if (booking.status === "accepted" && known.status === "booked" && known.start_at !== booking.start) {
      const outcome = await rescheduleAppointment(tenantId, known.id, booking.start, CALCOM, { eventType: null, fallbackTimeZone, skipAvailability: true }, db);
      return outcome.kind === "done" ? "moved" : "conflict";
    }
    return "unchanged";
  }
  // A move on Cal.com first: its new booking keeps our id in the metadata, so it would otherwise pass for an echo.
  if (booking.rescheduledFromUid) {
    const previous = await localByUid(tenantId, booking.rescheduledFromUid, db);
    if (previous && previous.status === "booked") {
      const outcome = await rescheduleAppointment(
        tenantId,
        previous.id,
        booking.start,
        CALCOM,
        { eventType: null, fallbackTimeZone, skipAvailability: true, calcomUid: booking.uid },
        db,
      );
      return outcome.kind === "done" ? "moved" : "conflict";
    }
  }
  if (booking.voxboardId) {
    // The echo of a booking we pushed (possibly before we stored its uid): link it, create nothing.
    const ours = await db
      .selectFrom("appointments")
      .select(["id", "calcom_uid"])
      .where("tenant_id", "=", tenantId)
      .where("id", "=", booking.voxboardId)
      .executeTakeFirst();
    if (ours) {
      if (ours.calcom_uid !== null) return "unchanged";
      await db.updateTable("appointments").set({ calcom_uid: booking.uid }).where("id", "=", ours.id).where("calcom_uid", "is", null).execute();
      return "linked";
    }
  }
  if (booking.status !== "accepted" || booking.eventTypeId === null) return "skipped";
  const local = await db
    .selectFrom("event_types")
    .innerJoin("teams", "teams.id", "event_types.team_id")
    .select("event_types.id")
    .where("event_types.tenant_id", "=", tenantId)
    .where("teams.organization_id", "=", connection.organization_id)
    .where("event_types.calcom_event_type_id", "=", String(booking.eventTypeId))
    .executeTakeFirst();
  const eventType = local ? await getEventType(tenantId, local.id, db) : undefined;
  if (!eventType || eventType.hosts.length === 0) return "skipped";
  const email = booking.attendee?.email?.toLowerCase() ?? null;
  const contact = email
    ? await db.selectFrom("contacts").select(["id", "phone"]).where("tenant_id", "=", tenantId).where("email", "=", email).executeTakeFirst()
    : undefined;
  const outcome = await bookAppointment(
    tenantId,
    {
      eventType: { ...eventType, duration_minutes: Math.max(1, Math.round((Date.parse(booking.end) - Date.parse(booking.start)) / 60_000)) },
      organizationId: connection.organization_id,
      start: booking.start,
      contact: { id: contact?.id ?? null, name: booking.attendee?.name || email || "Cal.com", email, phone: contact?.phone ?? null },
      source: "calcom",
      calcomUid: booking.uid,
      actor: CALCOM,
      fallbackTimeZone,
      skipAvailability: true,
    },
    db,
  );
  if (outcome.kind === "booked") return "created";
  if (outcome.kind === "duplicate") return "unchanged";
  return "conflict";
}

export interface PullReport {
  seen: number;
  outcomes: Record<ApplyOutcome, number>;
}

/** "Sync now": Cal.com's bookings from 30 days back to 180 ahead, applied one by one. */
export async function pullBookings(connection: CalcomConnection, db: DB = getDb()): Promise<PullReport> {
  const day = 86_400_000;
  const report: PullReport = { seen: 0, outcomes: { created: 0, moved: 0, cancelled: 0, linked: 0, unchanged: 0, skipped: 0, conflict: 0 } };
  try {
    const { bookings } = await clientFor(connection).listBookings({ afterStart: new Date(Date.now() - 30 * day), beforeEnd: new Date(Date.now() + 180 * day) });
    for (const booking of bookings) {
      report.seen += 1;
      const outcome = await applyCalcomBooking(
        connection,
        {
          uid: booking.uid,
          start: booking.start,
          end: booking.end,
          status: booking.status === "accepted" ? "accepted" : booking.status === "cancelled" || booking.status === "rejected" ? "cancelled" : "other",
          eventTypeId: booking.eventTypeId ?? null,
          attendee: booking.attendees[0] ? { name: booking.attendees[0].name, email: booking.attendees[0].email } : null,
          rescheduledFromUid: booking.rescheduledFromUid ?? null,
          rescheduledToUid: booking.rescheduledToUid ?? null,
          cancellationReason: booking.cancellationReason ?? null,
          voxboardId: booking.metadata.voxboardId ?? null,
        },
        db,
      );
      report.outcomes[outcome] += 1;
    }
    await recordSync(connection.id, null, db);
  } catch (error) {
    await recordSync(connection.id, isCalcomError(error) ? error.kind : "unavailable", db);
    throw error;
  }
  return report;
}

/**
 * Sends a change made here to Cal.com, when the appointment's event type
 * came from Cal.com. True when Cal.com took it (and so tells the attendee
 * itself); false when there was nothing to send or it failed (recorded on
 * the connection for the /calcom page).
 */
export async function pushToCalcom(
  tenantId: string,
  appointmentId: string,
  change: "booked" | "rescheduled" | "cancelled",
  db: DB = getDb(),
): Promise<boolean> {
  const appointment = await db
    .selectFrom("appointments")
    .leftJoin("event_types", "event_types.id", "appointments.event_type_id")
    .select([
      "appointments.id",
      "appointments.organization_id",
      "appointments.start_at",
      "appointments.calcom_uid",
      "appointments.contact_name",
      "appointments.contact_email",
      "appointments.time_zone",
      "appointments.cancel_reason",
      "appointments.source",
      "event_types.calcom_event_type_id",
    ])
    .where("appointments.tenant_id", "=", tenantId)
    .where("appointments.id", "=", appointmentId)
    .executeTakeFirst();
  if (!appointment?.calcom_event_type_id) return false;
  const connection = await db
    .selectFrom("calcom_connections")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("organization_id", "=", appointment.organization_id)
    .executeTakeFirst();
  if (!connection) return false;
  const client = clientFor(connection);
  try {
    if (change === "booked") {
      if (appointment.calcom_uid || appointment.source === "calcom") return false;
      if (!appointment.contact_email) {
        await recordSync(connection.id, "contact-without-email", db);
        return false;
      }
      const created = await client.createBooking({
        eventTypeId: Number(appointment.calcom_event_type_id),
        start: appointment.start_at,
        attendee: { name: appointment.contact_name, email: appointment.contact_email, timeZone: appointment.time_zone },
        metadata: { voxboardId: appointment.id },
      });
      await db.updateTable("appointments").set({ calcom_uid: created.uid }).where("id", "=", appointment.id).execute();
    } else if (!appointment.calcom_uid) {
      return false;
    } else if (change === "cancelled") {
      await client.cancelBooking(appointment.calcom_uid, appointment.cancel_reason);
    } else {
      const moved = await client.rescheduleBooking(appointment.calcom_uid, appointment.start_at);
      await db.updateTable("appointments").set({ calcom_uid: moved.uid }).where("id", "=", appointment.id).execute();
    }
    await recordSync(connection.id, null, db);
    return true;
  } catch (error) {
    await recordSync(connection.id, isCalcomError(error) ? error.kind : "unavailable", db);
    return false;
  }
}
