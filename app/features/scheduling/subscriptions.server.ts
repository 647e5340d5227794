import type { DB } from "~/db/db.server";
import { subscribe } from "~/lib/events/bus.server";
import { APPOINTMENT_EVENTS, appointmentChangeOf, type AppointmentChange } from "~/lib/events/events";
import { outboxJob } from "~/db/outbox.server";
import { sendAppointmentNotice } from "./booking/appointment-emails.server";

/**
 * The contact's email (with its .ics) after a booking, move or cancellation
 * made here, as an outbox job enqueued in the change's transaction
 * (docs/decisions/0028-domain-events.md): sent by the job runner after
 * commit, tried again when sending fails, never lost to a crash in between.
 *
 * An appointment of an event type imported from Cal.com is Cal.com's to tell
 * the attendee about: the Cal.com subscriber pushes the change there and
 * enqueues this same job only when Cal.com did not take it. A change that came
 * from Cal.com is not mailed at all (Cal.com wrote to the attendee itself).
 */
export const appointmentNoticeJob = outboxJob<{ appointmentId: string; change: AppointmentChange }>("appointment.notice");

/** Does the appointment's event type come from Cal.com? Then its notices are the Cal.com subscriber's. */
export async function isCalcomAppointment(trx: DB, tenantId: string, appointmentId: string) {
  const row = await trx
    .selectFrom("appointments")
    .innerJoin("event_types", "event_types.id", "appointments.event_type_id")
    .select("event_types.calcom_event_type_id")
    .where("appointments.tenant_id", "=", tenantId)
    .where("appointments.id", "=", appointmentId)
    .executeTakeFirst();
  return Boolean(row?.calcom_event_type_id);
}

export function subscribeScheduling() {
  for (const kind of APPOINTMENT_EVENTS)
    subscribe(kind, async (trx, event) => {
      if (event.actor === "calcom" || (await isCalcomAppointment(trx, event.tenantId, event.appointmentId))) return 0;
      return appointmentNoticeJob.enqueue(trx, event.tenantId, { appointmentId: event.appointmentId, change: appointmentChangeOf(event) });
    });
  appointmentNoticeJob.handle(async (job, { db }) => {
    await sendAppointmentNotice(job.tenantId, job.payload.appointmentId, job.payload.change, db);
  });
}
