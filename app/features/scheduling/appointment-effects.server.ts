import { onAppointmentChanged } from "~/features/integrations/integration-events.server";
import { pushToCalcom } from "~/features/calcom/sync.server";
import { runAfterResponse } from "~/lib/background/after-response.server";
import { sendAppointmentNotice, type AppointmentNotice } from "./appointment-emails.server";

/**
 * What follows a change made here, after the answer has gone: Cal.com is
 * told when the appointment's event type came from it (and Cal.com then
 * writes to the attendee itself); otherwise the contact gets our email.
 */
export function afterAppointmentChange(tenantId: string, appointmentId: string, change: AppointmentNotice) {
  runAfterResponse("Appointment change", async () => {
    await onAppointmentChanged(tenantId, appointmentId, change);
    const pushed = await pushToCalcom(tenantId, appointmentId, change);
    if (!pushed) await sendAppointmentNotice(tenantId, appointmentId, change);
  });
}
