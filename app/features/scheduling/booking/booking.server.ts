import { sql } from "kysely";
import { isUniqueViolation } from "~/db/constraints.server";
import { getDb, newId, now, type DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import { emit } from "~/lib/events/bus.server";
import { availableSlots, busyTimes, slotRulesOf, type LoadedEventType } from "../availability/availability.server";
import { pickHost, type Slot } from "../availability/slots";
import { ensureScheduleRow } from "../staff/staff.server";

/**
 * The one owner of an appointment's life: booked, rescheduled, cancelled,
 * no-show. Every change is a conditional update on the current status, logged
 * in the same transaction, so two people (or an agent and a person) acting at
 * once leave one outcome and one log line each.
 *
 * Double booking: the slot is re-checked inside the transaction with the
 * host's schedule row locked (PostgreSQL: FOR UPDATE; SQLite has one writer),
 * and a partial unique index (host, start) of booked appointments is the last
 * word whatever raced.
 *
 * A booking, move or cancellation is announced as a domain event in its
 * transaction (docs/decisions/0028-domain-events.md): the CRM deliveries, the
 * push to Cal.com and the contact's email are queued with the change, and the
 * job runner sends them after commit.
 */
export type Actor = { kind: "user"; userId: string } | { kind: "api" } | { kind: "calcom" };

export interface ContactDetails {
  id: string | null;
  name: string;
  email: string | null;
  phone: string | null;
}

export interface BookingRequest {
  eventType: LoadedEventType;
  organizationId: string;
  start: string;
  contact: ContactDetails;
  notes?: string | null;
  source: "dashboard" | "api" | "calcom";
  callId?: string | null;
  clientKey?: string | null;
  calcomUid?: string | null;
  /** A host asked for by name; otherwise the event type's assignment decides. */
  hostId?: string | null;
  actor: Actor;
  fallbackTimeZone: string;
  /** Cal.com already booked it there: its rules were checked by Cal.com, ours would only refuse a fact. */
  skipAvailability?: boolean;
}

export type BookingOutcome =
  | { kind: "booked"; appointmentId: string; hostId: string; start: string; end: string }
  | { kind: "duplicate"; appointmentId: string }
  | { kind: "taken" }
  | { kind: "not-offered" };

const MINUTE = 60_000;

async function lockHost(trx: DB, tenantId: string, hostId: string, fallbackTimeZone: string) {
  await ensureScheduleRow(tenantId, hostId, fallbackTimeZone, trx);
  if (isPostgres(trx)) await sql`select 1 from staff_schedules where user_id = ${hostId} for update`.execute(trx);
}

/** Is the host free for [start, end) widened by the type's buffers, apart from `excludeId`? Read inside the locked transaction. */
async function hostIsFree(trx: DB, tenantId: string, hostId: string, eventType: LoadedEventType, start: string, excludeId: string | null) {
  const from = new Date(Date.parse(start) - eventType.buffer_before_minutes * MINUTE).toISOString();
  const to = new Date(Date.parse(start) + (eventType.duration_minutes + eventType.buffer_after_minutes) * MINUTE).toISOString();
  const busy = await busyTimes(tenantId, [hostId], from, to, excludeId, trx);
  return !busy.some((booking) => booking.start < to && booking.end > from);
}

async function hostLoad(tenantId: string, hostIds: readonly string[], db: DB) {
  const rows = await db
    .selectFrom("appointments")
    .select(["host_user_id", (eb) => eb.fn.countAll<number>().as("n"), (eb) => eb.fn.max("created_at").as("last")])
    .where("tenant_id", "=", tenantId)
    .where("status", "!=", "cancelled")
    .where("host_user_id", "in", hostIds)
    .where("start_at", ">=", new Date(Date.now() - 30 * 86_400_000).toISOString())
    .groupBy("host_user_id")
    .execute();
  return {
    bookingsCountByHost: Object.fromEntries(rows.map((row) => [row.host_user_id!, Number(row.n)])),
    lastBookedAtByHost: Object.fromEntries(rows.map((row) => [row.host_user_id!, row.last as string | null])),
  };
}

/** The offered slot that starts at `start`, or why there is none. */
async function findSlot(tenantId: string, request: BookingRequest, db: DB): Promise<Slot | "taken" | "not-offered"> {
  const startMs = Date.parse(request.start);
  if (Number.isNaN(startMs)) return "not-offered";
  const range = { from: new Date(startMs).toISOString(), to: new Date(startMs + MINUTE).toISOString(), now: now(), fallbackTimeZone: request.fallbackTimeZone };
  const slot = (await availableSlots(tenantId, request.eventType, range, db)).find((candidate) => Date.parse(candidate.start) === startMs);
  if (slot) return slot;
  // Offered when nothing were booked? Then someone else just took it.
  const offeredWhenFree = (await availableSlots(tenantId, request.eventType, { ...range, ignoreBookings: true }, db)).some(
    (candidate) => Date.parse(candidate.start) === startMs,
  );
  return offeredWhenFree ? "taken" : "not-offered";
}

export async function bookAppointment(tenantId: string, request: BookingRequest, db: DB = getDb()): Promise<BookingOutcome> {
  if (request.clientKey) {
    const existing = await db
      .selectFrom("appointments")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("client_key", "=", request.clientKey)
      .executeTakeFirst();
    if (existing) return { kind: "duplicate", appointmentId: existing.id };
  }
  const rules = slotRulesOf(request.eventType);
  let candidates: string[];
  const start = new Date(request.start).toISOString();
  const end = new Date(Date.parse(start) + request.eventType.duration_minutes * MINUTE).toISOString();
  if (request.skipAvailability) {
    candidates = request.hostId ? [request.hostId] : rules.hosts.slice(0, 1);
  } else {
    const slot = await findSlot(tenantId, request, db);
    if (slot === "taken" || slot === "not-offered") return { kind: slot };
    if (request.hostId) {
      if (!slot.hostIds.includes(request.hostId)) return { kind: "taken" };
      candidates = [request.hostId];
    } else {
      const first = pickHost(slot, rules, await hostLoad(tenantId, slot.hostIds, db));
      candidates = [first, ...slot.hostIds.filter((id) => id !== first)];
    }
  }
  if (candidates.length === 0) return { kind: "not-offered" };

  const id = newId();
  try {
    const hostId = await db.transaction().execute(async (trx): Promise<string | { duplicate: string } | null> => {
      for (const candidate of candidates) {
        await lockHost(trx, tenantId, candidate, request.fallbackTimeZone);
        // A retry of this very booking that got the lock second finds its twin here, not a busy host.
        if (request.clientKey) {
          const twin = await trx
            .selectFrom("appointments")
            .select("id")
            .where("tenant_id", "=", tenantId)
            .where("client_key", "=", request.clientKey)
            .executeTakeFirst();
          if (twin) return { duplicate: twin.id };
        }
        if (!request.skipAvailability && !(await hostIsFree(trx, tenantId, candidate, request.eventType, start, null))) continue;
        const timestamp = now();
        const timeZone =
          (await trx.selectFrom("staff_schedules").select("time_zone").where("user_id", "=", candidate).executeTakeFirst())?.time_zone ??
          request.fallbackTimeZone;
        await trx
          .insertInto("appointments")
          .values({
            id,
            tenant_id: tenantId,
            organization_id: request.organizationId,
            team_id: request.eventType.team_id,
            event_type_id: request.eventType.id,
            host_user_id: candidate,
            contact_id: request.contact.id,
            title: request.eventType.name,
            appointment_type: request.eventType.appointment_type,
            location_kind: request.eventType.location_kind,
            location_detail: request.eventType.location_detail,
            contact_name: request.contact.name,
            contact_email: request.contact.email,
            contact_phone: request.contact.phone,
            start_at: start,
            end_at: end,
            time_zone: timeZone,
            status: "booked",
            cancel_reason: null,
            notes: request.notes ?? null,
            source: request.source,
            call_id: request.callId ?? null,
            client_key: request.clientKey ?? null,
            calcom_uid: request.calcomUid ?? null,
            created_by_user_id: request.actor.kind === "user" ? request.actor.userId : null,
            created_at: timestamp,
            updated_at: timestamp,
          })
          .execute();
        await logChange(trx, tenantId, id, "booked", request.actor, { start, end, hostId: candidate });
        await emit(trx, { kind: "appointment.booked", tenantId, organizationId: request.organizationId, appointmentId: id, actor: request.actor.kind });
        return candidate;
      }
      return null;
    });
    if (!hostId) return { kind: "taken" };
    if (typeof hostId !== "string") return { kind: "duplicate", appointmentId: hostId.duplicate };
    return { kind: "booked", appointmentId: id, hostId, start, end };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The client key won a race with itself (a retried request), or the slot went to someone else.
    if (request.clientKey) {
      const existing = await db
        .selectFrom("appointments")
        .select("id")
        .where("tenant_id", "=", tenantId)
        .where("client_key", "=", request.clientKey)
        .executeTakeFirst();
      if (existing) return { kind: "duplicate", appointmentId: existing.id };
    }
    return { kind: "taken" };
  }
}

export async function logChange(
  db: DB,
  tenantId: string,
  appointmentId: string,
  action: "booked" | "rescheduled" | "cancelled" | "no-show",
  actor: Actor,
  details: Record<string, unknown>,
) {
  await db
    .insertInto("appointment_log")
    .values({
      id: newId(),
      tenant_id: tenantId,
      appointment_id: appointmentId,
      action,
      actor_kind: actor.kind,
      actor_user_id: actor.kind === "user" ? actor.userId : null,
      details: JSON.stringify(details),
      at: now(),
    })
    .execute();
}

export type ChangeOutcome =
  { kind: "done" } | { kind: "not-found" } | { kind: "wrong-status"; status: string } | { kind: "taken" } | { kind: "not-offered" } | { kind: "not-yet" };

async function currentAppointment(tenantId: string, appointmentId: string, db: DB) {
  return db.selectFrom("appointments").selectAll().where("tenant_id", "=", tenantId).where("id", "=", appointmentId).executeTakeFirst();
}

/**
 * Moves a booked appointment to a new start with the same host, who must be
 * free then (the appointment's own time does not count against it). The
 * iCalendar SEQUENCE goes up, so calendars replace the old time.
 */
export async function rescheduleAppointment(
  tenantId: string,
  appointmentId: string,
  newStart: string,
  actor: Actor,
  options: { eventType: LoadedEventType | null; fallbackTimeZone: string; skipAvailability?: boolean; calcomUid?: string | null },
  db: DB = getDb(),
): Promise<ChangeOutcome> {
  const appointment = await currentAppointment(tenantId, appointmentId, db);
  if (!appointment) return { kind: "not-found" };
  if (appointment.status !== "booked") return { kind: "wrong-status", status: appointment.status };
  const hostId = appointment.host_user_id;
  const start = new Date(newStart).toISOString();
  const duration = Date.parse(appointment.end_at) - Date.parse(appointment.start_at);
  const end = new Date(Date.parse(start) + duration).toISOString();
  if (!options.skipAvailability) {
    if (!options.eventType || !hostId) return { kind: "not-offered" };
    const slots = await availableSlots(
      tenantId,
      options.eventType,
      {
        from: start,
        to: new Date(Date.parse(start) + MINUTE).toISOString(),
        now: now(),
        fallbackTimeZone: options.fallbackTimeZone,
        excludeAppointmentId: appointment.id,
      },
      db,
    );
    const slot = slots.find((candidate) => candidate.start === start);
    if (!slot) return { kind: "not-offered" };
    if (!slot.hostIds.includes(hostId)) return { kind: "taken" };
  }
  try {
    return await db.transaction().execute(async (trx): Promise<ChangeOutcome> => {
      if (hostId) {
        await lockHost(trx, tenantId, hostId, options.fallbackTimeZone);
        if (!options.skipAvailability && options.eventType && !(await hostIsFree(trx, tenantId, hostId, options.eventType, start, appointment.id)))
          return { kind: "taken" };
      }
      const updated = await trx
        .updateTable("appointments")
        .set((eb) => ({
          start_at: start,
          end_at: end,
          sequence: eb("sequence", "+", 1),
          reschedule_count: eb("reschedule_count", "+", 1),
          ...(options.calcomUid ? { calcom_uid: options.calcomUid } : {}),
          updated_at: now(),
        }))
        .where("tenant_id", "=", tenantId)
        .where("id", "=", appointment.id)
        .where("status", "=", "booked")
        .where("start_at", "=", appointment.start_at)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return { kind: "wrong-status", status: "changed" };
      await logChange(trx, tenantId, appointment.id, "rescheduled", actor, { from: appointment.start_at, to: start });
      await emit(trx, {
        kind: "appointment.rescheduled",
        tenantId,
        organizationId: appointment.organization_id,
        appointmentId: appointment.id,
        actor: actor.kind,
      });
      return { kind: "done" };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: "taken" };
    throw error;
  }
}

export async function cancelAppointment(
  tenantId: string,
  appointmentId: string,
  reason: string | null,
  actor: Actor,
  db: DB = getDb(),
): Promise<ChangeOutcome> {
  return db.transaction().execute(async (trx): Promise<ChangeOutcome> => {
    const updated = await trx
      .updateTable("appointments")
      .set((eb) => ({ status: "cancelled", cancel_reason: reason, sequence: eb("sequence", "+", 1), updated_at: now() }))
      .where("tenant_id", "=", tenantId)
      .where("id", "=", appointmentId)
      .where("status", "=", "booked")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      const appointment = await currentAppointment(tenantId, appointmentId, trx);
      return appointment ? { kind: "wrong-status", status: appointment.status } : { kind: "not-found" };
    }
    await logChange(trx, tenantId, appointmentId, "cancelled", actor, { reason });
    const { organization_id } = await trx.selectFrom("appointments").select("organization_id").where("id", "=", appointmentId).executeTakeFirstOrThrow();
    await emit(trx, { kind: "appointment.cancelled", tenantId, organizationId: organization_id, appointmentId, actor: actor.kind });
    return { kind: "done" };
  });
}

/** Only once the appointment has started: nobody can miss what has not begun. */
export async function markNoShow(tenantId: string, appointmentId: string, actor: Actor, db: DB = getDb()): Promise<ChangeOutcome> {
  return db.transaction().execute(async (trx): Promise<ChangeOutcome> => {
    const appointment = await currentAppointment(tenantId, appointmentId, trx);
    if (!appointment) return { kind: "not-found" };
    if (appointment.status !== "booked") return { kind: "wrong-status", status: appointment.status };
    if (appointment.start_at > now()) return { kind: "not-yet" };
    const updated = await trx
      .updateTable("appointments")
      .set({ status: "no-show", updated_at: now() })
      .where("id", "=", appointmentId)
      .where("status", "=", "booked")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { kind: "wrong-status", status: "changed" };
    await logChange(trx, tenantId, appointmentId, "no-show", actor, {});
    return { kind: "done" };
  });
}
