import { subscribe } from "~/lib/events/bus.server";
import { APPOINTMENT_EVENTS, appointmentChangeOf } from "~/lib/events/events";
import { onAppointmentChanged, onCallEnded, onContactSaved, onContactsImported, onDealChanged } from "./integration-events.server";

/**
 * The integration hub hears of calls, contacts, appointments and deals as domain
 * events (docs/decisions/0028-domain-events.md) and queues its deliveries in
 * the transaction of the change (docs/decisions/0024-integration-hub.md).
 * Registered at start-up by app/subscriptions.server.ts.
 */
export function subscribeIntegrations() {
  subscribe("call.ended", (trx, event) => onCallEnded(event.tenantId, event.callId, trx));
  subscribe("contact.created", (trx, event) => onContactSaved(event.tenantId, event.contactId, "contact.created", trx));
  subscribe("contacts.imported", (trx, event) => onContactsImported(event.tenantId, event.listId, event.createdAt, trx));
  // Changes that came from Cal.com too: the organization's CRM hears of them like of one made here.
  for (const kind of APPOINTMENT_EVENTS)
    subscribe(kind, (trx, event) => onAppointmentChanged(event.tenantId, event.appointmentId, appointmentChangeOf(event), trx));
  subscribe("deal.created", (trx, event) => onDealChanged(event.tenantId, event.dealId, "deal.created", null, trx));
  subscribe("deal.updated", (trx, event) => onDealChanged(event.tenantId, event.dealId, "deal.updated", null, trx));
  subscribe("deal.stage-changed", (trx, event) => onDealChanged(event.tenantId, event.dealId, "deal.stage-changed", event.fromStageId, trx));
  subscribe("deal.deleted", (trx, event) => onDealChanged(event.tenantId, event.dealId, "deal.deleted", null, trx));
}
