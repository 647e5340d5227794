/** The events an integration can receive: deliveries to the CRM, and the events a webhook can subscribe to. */
export const INTEGRATION_EVENTS = ["call.ended", "contact.created", "contact.imported", "appointment.booked", "appointment.rescheduled", "appointment.cancelled"] as const;
export type IntegrationEvent = (typeof INTEGRATION_EVENTS)[number];
