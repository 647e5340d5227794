import { getDb, type DB } from "~/db/db.server";
import type { AppointmentChange } from "~/lib/events/events";
import { enqueueEvent, enqueueEvents, type IntegrationEvent } from "./delivery/deliveries.server";
import { appointmentRecord, callLeadRecord, contactLabel, contactRecord, contactValues, dealRecord } from "./mapping/source-records.server";

/**
 * What the integration hub queues when something happened, called by its
 * domain-event subscribers (subscriptions.server.ts; docs/decisions/0028) with
 * the transaction of the change, so the change and its deliveries commit
 * together. Each returns how many deliveries it queued; a tenant without an
 * enabled integration costs one indexed query.
 */
async function hasEnabledIntegration(tenantId: string, db: DB) {
  const row = await db.selectFrom("integrations").select("id").where("tenant_id", "=", tenantId).where("status", "=", "enabled").limit(1).executeTakeFirst();
  return Boolean(row);
}

export async function onCallEnded(tenantId: string, callId: string, db: DB = getDb()) {
  if (!(await hasEnabledIntegration(tenantId, db))) return 0;
  const tenant = await db.selectFrom("tenants").select("country").where("id", "=", tenantId).executeTakeFirst();
  const record = await callLeadRecord(tenantId, callId, tenant?.country ?? null, db);
  return record ? enqueueEvent(tenantId, "call.ended", record, { db }) : 0;
}

export async function onContactSaved(
  tenantId: string,
  contactId: string,
  event: Extract<IntegrationEvent, "contact.created" | "contact.imported">,
  db: DB = getDb(),
) {
  if (!(await hasEnabledIntegration(tenantId, db))) return 0;
  const record = await contactRecord(tenantId, contactId, db);
  return record ? enqueueEvent(tenantId, event, record, { db }) : 0;
}

/** A contact import's new contacts (those created at `createdAt` in the list), queued a page at a time. */
export async function onContactsImported(tenantId: string, listId: string, createdAt: string, db: DB = getDb()) {
  if (!(await hasEnabledIntegration(tenantId, db))) return 0;
  const list = await db.selectFrom("contact_lists").select("name").where("id", "=", listId).where("tenant_id", "=", tenantId).executeTakeFirst();
  let queued = 0;
  let after = "";
  for (;;) {
    const page = await db
      .selectFrom("contacts")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      .where("list_id", "=", listId)
      .where("created_at", "=", createdAt)
      .where("id", ">", after)
      .orderBy("id")
      .limit(500)
      .execute();
    if (page.length === 0) break;
    queued += await enqueueEvents(
      tenantId,
      "contact.imported",
      page.map((contact) => ({
        kind: "contact" as const,
        recordId: contact.id,
        label: contactLabel(contact),
        values: contactValues(contact, list?.name ?? null),
        optedOut: contact.opted_out_at !== null,
      })),
      { db },
    );
    after = page[page.length - 1]!.id;
  }
  return queued;
}

export async function onAppointmentChanged(tenantId: string, appointmentId: string, change: AppointmentChange, db: DB = getDb()) {
  if (!(await hasEnabledIntegration(tenantId, db))) return 0;
  const record = await appointmentRecord(tenantId, appointmentId, db);
  if (!record) return 0;
  const appointment = await db.selectFrom("appointments").select("organization_id").where("id", "=", appointmentId).executeTakeFirstOrThrow();
  return enqueueEvent(tenantId, `appointment.${change}`, record, { db, organizationId: appointment.organization_id });
}

/** A deal made, changed, moved or about to be deleted: its record, to the webhooks that subscribed to the event (no CRM template syncs deals). */
export async function onDealChanged(
  tenantId: string,
  dealId: string,
  event: Extract<IntegrationEvent, `deal.${string}`>,
  previousStageId: string | null,
  db: DB = getDb(),
) {
  if (!(await hasEnabledIntegration(tenantId, db))) return 0;
  const record = await dealRecord(tenantId, dealId, previousStageId, db);
  return record ? enqueueEvent(tenantId, event, record, { db }) : 0;
}
