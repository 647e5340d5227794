import { getDb, type DB } from "~/db/db.server";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import type { ContactProfile } from "./center-view";

export type { ContactProfile };

/**
 * The contact center's profile of one contact: who it is, its list, since
 * when it is opted out, and the CRM integrations that hold it ("CRM active"
 * and the record's id there: integration_links, written when an
 * integration's delivery of the contact got the CRM's id back,
 * app/features/integrations/delivery/deliveries.server.ts). Another
 * tenant's contact is undefined.
 */

export async function contactProfile(tenant: { id: string; country: string }, contactId: string, db: DB = getDb()): Promise<ContactProfile | undefined> {
  const contact = await db
    .selectFrom("contacts")
    .innerJoin("contact_lists", (join) => join.onRef("contact_lists.id", "=", "contacts.list_id").onRef("contact_lists.tenant_id", "=", "contacts.tenant_id"))
    .selectAll("contacts")
    .select("contact_lists.name as list_name")
    .where("contacts.tenant_id", "=", tenant.id)
    .where("contacts.id", "=", contactId)
    .executeTakeFirst();
  if (!contact) return undefined;
  const links = await db
    .selectFrom("integration_links")
    .innerJoin("integrations", (join) =>
      join.onRef("integrations.id", "=", "integration_links.integration_id").onRef("integrations.tenant_id", "=", "integration_links.tenant_id"),
    )
    .select(["integrations.id", "integrations.crm_name", "integrations.status", "integration_links.external_id", "integration_links.updated_at"])
    .where("integration_links.tenant_id", "=", tenant.id)
    .where("integration_links.record_kind", "=", "contact")
    .where("integration_links.record_id", "=", contact.id)
    .orderBy("integrations.crm_name")
    .execute();
  return {
    id: contact.id,
    firstName: contact.first_name,
    lastName: contact.last_name,
    title: contact.title,
    company: contact.company,
    phone: contact.phone,
    phoneDisplay: formatPhoneForDisplay(contact.phone, tenant.country),
    email: contact.email,
    listId: contact.list_id,
    listName: contact.list_name,
    timeZone: contact.time_zone,
    optedOutAt: contact.opted_out_at,
    createdAt: contact.created_at,
    crmLinks: links.map((link) => ({
      integrationId: link.id,
      crmName: link.crm_name,
      enabled: link.status === "enabled",
      externalId: link.external_id,
      linkedAt: link.updated_at,
    })),
  };
}
