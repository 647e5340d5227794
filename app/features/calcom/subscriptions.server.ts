import { appointmentNoticeJob, isCalcomAppointment } from "~/features/scheduling/subscriptions.server";
import { subscribe } from "~/lib/events/bus.server";
import { APPOINTMENT_EVENTS, appointmentChangeOf, type AppointmentChange } from "~/lib/events/events";
import { outboxJob } from "~/db/outbox.server";
import { pushToCalcom } from "./sync.server";

/**
 * A booking, move or cancellation made here, of an event type imported from
 * Cal.com, is pushed to Cal.com by an outbox job enqueued in the change's
 * transaction (docs/decisions/0028-domain-events.md). Cal.com then writes to
 * the attendee itself; when it did not take the change (no connection, no
 * address, an error, recorded on the connection for the /calcom page), the
 * job is followed by the contact's email instead. Changes that came from
 * Cal.com are not pushed back.
 */
export const calcomPushJob = outboxJob<{ appointmentId: string; change: AppointmentChange }>("calcom.push");

export function subscribeCalcom() {
  for (const kind of APPOINTMENT_EVENTS)
    subscribe(kind, async (trx, event) => {
      if (event.actor === "calcom" || !(await isCalcomAppointment(trx, event.tenantId, event.appointmentId))) return 0;
      return calcomPushJob.enqueue(trx, event.tenantId, { appointmentId: event.appointmentId, change: appointmentChangeOf(event) });
    });
  calcomPushJob.handle(async (job, { db }) => {
    const pushed = await pushToCalcom(job.tenantId, job.payload.appointmentId, job.payload.change, db);
    return pushed ? [] : [appointmentNoticeJob.followUp(job.tenantId, job.payload)];
  });
}
