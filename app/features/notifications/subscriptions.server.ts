import type { DB } from "~/db/db.server";
import { subscribe } from "~/lib/events/bus.server";
import type { EventOf } from "~/lib/events/events";
import { digestJob, sendDigest } from "./digest.server";
import { createNotifications, tenantCandidates } from "./notifications.server";
import { accountRecipients, personalRecipient } from "./recipients";

/**
 * The bell's sources (docs/decisions/0059-notifications.md). Each owner
 * announces its change inside its transaction (app/lib/events); these
 * subscribers write the notifications in that same transaction, so a change
 * that rolls back tells nobody, and no lower feature imports this one.
 */

async function notifyAccount(
  trx: DB,
  tenantId: string,
  area: string,
  extraUserIds: Array<string | null>,
  notification: Parameters<typeof createNotifications>[3],
) {
  const candidates = await tenantCandidates(tenantId, trx);
  const extras = extraUserIds.flatMap((id) =>
    id
      ? personalRecipient(
          candidates.find((user) => user.id === id),
          area,
        )
      : [],
  );
  await createNotifications(trx, tenantId, [...accountRecipients(candidates, area), ...extras], notification);
}

async function importOf(trx: DB, event: { tenantId: string; importId: string }) {
  return trx
    .selectFrom("contact_imports")
    .select(["id", "file_name", "user_id", "imported_count"])
    .where("tenant_id", "=", event.tenantId)
    .where("id", "=", event.importId)
    .executeTakeFirst();
}

async function onImportFinished(trx: DB, event: EventOf<"contacts.imported">) {
  const entry = await importOf(trx, event);
  // A contact saved through the API carries no import row: only an import's commit is news.
  if (!entry) return;
  await notifyAccount(trx, event.tenantId, "contacts", [entry.user_id], {
    kind: "import-finished",
    params: { fileName: entry.file_name, count: event.count },
    link: `/contacts/import/${entry.id}`,
  });
}

async function onImportFailed(trx: DB, event: EventOf<"contacts.import-failed">) {
  const entry = await importOf(trx, event);
  if (!entry) return;
  await notifyAccount(trx, event.tenantId, "contacts", [entry.user_id], {
    kind: "import-failed",
    params: { fileName: entry.file_name },
    link: `/contacts/import/${entry.id}`,
  });
}

async function onCampaignCompleted(trx: DB, event: EventOf<"campaign.completed">) {
  const campaign = await trx
    .selectFrom("campaigns")
    .select(["id", "name"])
    .where("tenant_id", "=", event.tenantId)
    .where("id", "=", event.campaignId)
    .executeTakeFirst();
  if (!campaign) return;
  await notifyAccount(trx, event.tenantId, "campaigns", [], { kind: "campaign-completed", params: { name: campaign.name }, link: `/campaigns/${campaign.id}` });
}

async function onAppointment(trx: DB, event: EventOf<"appointment.booked"> | EventOf<"appointment.cancelled">) {
  const appointment = await trx
    .selectFrom("appointments")
    .select(["id", "title", "contact_name", "host_user_id"])
    .where("tenant_id", "=", event.tenantId)
    .where("id", "=", event.appointmentId)
    .executeTakeFirst();
  if (!appointment) return;
  await notifyAccount(trx, event.tenantId, "appointments", [appointment.host_user_id], {
    kind: event.kind === "appointment.booked" ? "appointment-booked" : "appointment-cancelled",
    params: { title: appointment.title, contactName: appointment.contact_name },
    link: `/appointments/${appointment.id}`,
  });
}

async function onTicketAssigned(trx: DB, event: EventOf<"ticket.assigned">) {
  if (!event.assigneeUserId) return;
  const ticket = await trx
    .selectFrom("tickets")
    .select(["id", "number", "subject"])
    .where("tenant_id", "=", event.tenantId)
    .where("id", "=", event.ticketId)
    .executeTakeFirst();
  if (!ticket) return;
  const [assignee] = await tenantCandidates(event.tenantId, trx, [event.assigneeUserId]);
  await createNotifications(trx, event.tenantId, personalRecipient(assignee, "service-desk", event.actorUserId), {
    kind: "ticket-assigned",
    params: { number: ticket.number, subject: ticket.subject },
    link: `/service-desk/${ticket.id}`,
  });
}

async function onRenewalFailed(trx: DB, event: EventOf<"billing.renewal-failed">) {
  await notifyAccount(trx, event.tenantId, "billing", [], {
    kind: "renewal-failed",
    params: { planName: event.planName, graceEndsAt: event.graceEndsAt },
    link: "/billing",
  });
}

async function onAutoTopupFailed(trx: DB, event: EventOf<"billing.auto-topup-failed">) {
  await notifyAccount(trx, event.tenantId, "billing", [], {
    kind: "auto-topup-failed",
    params: { amountCents: event.amountCents, currency: event.currency },
    link: "/billing",
  });
}

async function onIntegrationFailing(trx: DB, event: EventOf<"integration.failing">) {
  const integration = await trx
    .selectFrom("integrations")
    .select(["id", "crm_name"])
    .where("tenant_id", "=", event.tenantId)
    .where("id", "=", event.integrationId)
    .executeTakeFirst();
  if (!integration) return;
  await notifyAccount(trx, event.tenantId, "integrations-hub", [], {
    kind: "integration-failing",
    params: { name: integration.crm_name, failures: event.failures },
    link: `/integrations-hub/${integration.id}`,
  });
}

export function subscribeNotifications() {
  subscribe("contacts.imported", onImportFinished);
  subscribe("contacts.import-failed", onImportFailed);
  subscribe("campaign.completed", onCampaignCompleted);
  subscribe("appointment.booked", onAppointment);
  subscribe("appointment.cancelled", onAppointment);
  subscribe("ticket.assigned", onTicketAssigned);
  subscribe("billing.renewal-failed", onRenewalFailed);
  subscribe("billing.auto-topup-failed", onAutoTopupFailed);
  subscribe("integration.failing", onIntegrationFailing);
  digestJob.handle((job, { db }) => sendDigest(job.tenantId, job.payload, db));
}
