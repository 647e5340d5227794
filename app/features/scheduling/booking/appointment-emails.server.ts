import { getDb, type DB } from "~/db/db.server";
import { tenantLanguage } from "~/features/tenants/tenant-language";
import { dateTimeFormat } from "~/i18n/format";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { sendParagraphEmail } from "~/lib/email/paragraph-email.server";
import { appointmentInvitation } from "../calendar/ics.server";

export type AppointmentNotice = "booked" | "rescheduled" | "cancelled";

/**
 * Tells the contact, in the organisation's language, with an .ics the
 * contact's calendar files on its own: a REQUEST for a booking or a new
 * time (same UID, higher SEQUENCE, so the old time is replaced), a CANCEL
 * for a cancellation. A contact without an email address gets nothing.
 */
export async function sendAppointmentNotice(tenantId: string, appointmentId: string, notice: AppointmentNotice, db: DB = getDb()) {
  const appointment = await db
    .selectFrom("appointments")
    .innerJoin("tenants", "tenants.id", "appointments.tenant_id")
    .innerJoin("organizations", "organizations.id", "appointments.organization_id")
    .leftJoin("users", "users.id", "appointments.host_user_id")
    .select([
      "appointments.id",
      "appointments.title",
      "appointments.start_at",
      "appointments.end_at",
      "appointments.time_zone",
      "appointments.location_kind",
      "appointments.location_detail",
      "appointments.contact_name",
      "appointments.contact_email",
      "appointments.sequence",
      "appointments.cancel_reason",
      "appointments.created_at",
      "appointments.updated_at",
      "tenants.country",
      "tenants.time_zone as tenant_time_zone",
      "organizations.name as organization",
      "users.name as host_name",
      "users.email as host_email",
    ])
    .where("appointments.tenant_id", "=", tenantId)
    .where("appointments.id", "=", appointmentId)
    .executeTakeFirst();
  if (!appointment?.contact_email) return;
  const language = tenantLanguage({ country: appointment.country, timeZone: appointment.tenant_time_zone });
  const t = await getTranslatorFor(language, "scheduling");
  const when = dateTimeFormat(language, {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: appointment.time_zone,
    timeZoneName: "short",
  }).format(new Date(appointment.start_at));
  const where =
    appointment.location_kind === "in-person"
      ? (appointment.location_detail ?? "")
      : appointment.location_kind === "google-meet"
        ? (appointment.location_detail ?? t("email.meetLinkFollows"))
        : t(`email.phone.${appointment.location_detail === "contact-calls" ? "contact-calls" : "agent-calls"}`);
  const values = {
    name: appointment.contact_name,
    title: appointment.title,
    organization: appointment.organization,
    when,
    where,
    host: appointment.host_name ?? appointment.organization,
  };
  const paragraphs = [
    t("email.greeting", values),
    t(`email.${notice}.body`, values),
    `${t("email.when")}: ${when}`,
    `${t("email.where")}: ${where}`,
    ...(notice === "cancelled" && appointment.cancel_reason ? [`${t("email.reason")}: ${appointment.cancel_reason}`] : []),
    t(`email.${notice}.footer`, values),
  ];
  const method = notice === "cancelled" ? "CANCEL" : "REQUEST";
  const ics = appointmentInvitation({
    uid: `${appointment.id}@voxboard`,
    sequence: appointment.sequence,
    method,
    start: appointment.start_at,
    end: appointment.end_at,
    timeZone: appointment.time_zone,
    summary: `${appointment.title} · ${appointment.organization}`,
    description: paragraphs.slice(1).join("\n"),
    location: where || null,
    url: appointment.location_kind === "google-meet" ? appointment.location_detail : null,
    organizer: { name: appointment.host_name ?? appointment.organization, email: appointment.host_email ?? "no-reply@voxboard.local" },
    attendee: { name: appointment.contact_name, email: appointment.contact_email },
    status: notice === "cancelled" ? "CANCELLED" : "CONFIRMED",
    createdAt: appointment.created_at,
    updatedAt: appointment.updated_at,
  });
  await sendParagraphEmail(appointment.contact_email, t(`email.${notice}.subject`, values), paragraphs, [
    { filename: notice === "cancelled" ? "cancel.ics" : "invite.ics", contentType: `text/calendar; charset=utf-8; method=${method}`, content: ics },
  ]);
}
