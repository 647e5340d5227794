import { newId, type DB } from "~/db/db.server";
import type { NotificationKind, NotificationParams } from "~/features/notifications/messages";

/**
 * A few notifications for the demo (docs/decisions/0059-notifications.md),
 * so the bell shows a count and /notifications a list in the quick start:
 * the owner's (a campaign completed, an import finished, one failed, an
 * appointment booked, one read already) and the support user's ticket.
 * Names and links point at the demo's own records where there are some.
 */
export async function seedDemoNotifications(db: DB, tenantId: string, users: { ownerId: string; supportId: string }, nowMs: number = Date.now()) {
  const at = (minutesAgo: number) => new Date(nowMs - minutesAgo * 60_000).toISOString();
  const campaign = await db.selectFrom("campaigns").select(["id", "name"]).where("tenant_id", "=", tenantId).orderBy("created_at").executeTakeFirst();
  const appointment = await db
    .selectFrom("appointments")
    .select(["id", "title", "contact_name"])
    .where("tenant_id", "=", tenantId)
    .orderBy("start_at", "desc")
    .executeTakeFirst();
  const ticket = await db
    .selectFrom("tickets")
    .select(["id", "number", "subject"])
    .where("tenant_id", "=", tenantId)
    .where("assignee_user_id", "=", users.supportId)
    .executeTakeFirst();
  type DemoRow = { user_id: string; kind: NotificationKind; params: NotificationParams; link: string; minutes: number; read: boolean };
  const rows: Array<DemoRow | undefined> = [
    campaign
      ? { user_id: users.ownerId, kind: "campaign-completed", params: { name: campaign.name }, link: `/campaigns/${campaign.id}`, minutes: 25, read: false }
      : undefined,
    {
      user_id: users.ownerId,
      kind: "import-finished",
      params: { fileName: "trade-show-leads.csv", count: 48 },
      link: "/contacts/import",
      minutes: 90,
      read: false,
    },
    { user_id: users.ownerId, kind: "import-failed", params: { fileName: "old-crm-export.xlsx" }, link: "/contacts/import", minutes: 60 * 26, read: false },
    appointment
      ? {
          user_id: users.ownerId,
          kind: "appointment-booked",
          params: { title: appointment.title, contactName: appointment.contact_name },
          link: `/appointments/${appointment.id}`,
          minutes: 60 * 30,
          read: true,
        }
      : undefined,
    ticket
      ? {
          user_id: users.supportId,
          kind: "ticket-assigned",
          params: { number: ticket.number, subject: ticket.subject },
          link: `/service-desk/${ticket.id}`,
          minutes: 15,
          read: false,
        }
      : undefined,
  ];
  const present = rows.filter((row): row is DemoRow => row !== undefined);
  await db
    .insertInto("notifications")
    .values(
      present.map((row) => ({
        id: newId(),
        tenant_id: tenantId,
        user_id: row.user_id,
        kind: row.kind,
        params: JSON.stringify(row.params),
        link: row.link,
        created_at: at(row.minutes),
        read_at: row.read ? at(row.minutes - 5) : null,
      })),
    )
    .execute();
}
