/** The events an integration can receive: deliveries to the CRM, and the events a webhook can subscribe to. */
export const INTEGRATION_EVENTS = [
  "call.ended",
  "contact.created",
  "contact.imported",
  "appointment.booked",
  "appointment.rescheduled",
  "appointment.cancelled",
  "deal.created",
  "deal.updated",
  "deal.stage-changed",
  "deal.deleted",
] as const;
export type IntegrationEvent = (typeof INTEGRATION_EVENTS)[number];

/** Its key in the integrations namespace (a dot would nest the key): events.call_ended. */
export const eventKey = (event: string) => `events.${event.replace(/\./g, "_")}`;
