import { createHash } from "node:crypto";
import { isUniqueViolation } from "~/db/constraints.server";
import { getDb, now, type DB } from "~/db/db.server";
import type { CalcomConnection } from "./connections.server";
import { applyCalcomBooking, type ApplyOutcome } from "./sync.server";
import type { CalcomWebhookEvent } from "./webhook-signature.server";

/**
 * One verified delivery, applied once: the body's hash is its id (Cal.com's
 * deliveries carry none), so a retry or a replay is answered "duplicate" and
 * changes nothing. The id is written after the change: a change that failed
 * leaves no id, so Cal.com's retry applies it; two copies at once both apply,
 * which is safe because applying a booking twice changes nothing the second time.
 */
export async function applyCalcomDelivery(
  connection: CalcomConnection,
  rawBody: string,
  event: CalcomWebhookEvent,
  db: DB = getDb(),
): Promise<ApplyOutcome | "duplicate" | "ping"> {
  if (event.triggerEvent === "PING") return "ping";
  const id = createHash("sha256").update(`${connection.id}\n${rawBody}`).digest("hex");
  const seen = await db.selectFrom("calcom_webhook_events").select("id").where("id", "=", id).executeTakeFirst();
  if (seen) return "duplicate";
  const booking = event.booking;
  const status =
    event.triggerEvent === "BOOKING_CANCELLED" || event.triggerEvent === "BOOKING_REJECTED"
      ? "cancelled"
      : event.triggerEvent === "BOOKING_REQUESTED"
        ? "other"
        : "accepted";
  const outcome = await applyCalcomBooking(
    connection,
    {
      uid: booking.uid,
      start: booking.start,
      end: booking.end,
      status,
      eventTypeId: booking.eventTypeId,
      attendee: booking.attendees[0] ? { name: booking.attendees[0].name, email: booking.attendees[0].email } : null,
      rescheduledFromUid: event.triggerEvent === "BOOKING_RESCHEDULED" ? booking.rescheduleUid : null,
      cancellationReason: booking.cancellationReason,
      voxboardId: booking.metadata.voxboardId ?? null,
    },
    db,
  );
  try {
    await db.insertInto("calcom_webhook_events").values({ id, tenant_id: connection.tenant_id, received_at: now() }).execute();
  } catch (error) {
    // Two copies at once: the other one recorded it; the change itself is safe to apply twice.
    if (!isUniqueViolation(error)) throw error;
    return "duplicate";
  }
  return outcome;
}
