import { z } from "zod";
import { INTEGRATION_EVENTS } from "../events";

/**
 * The body every outbound webhook delivery carries (webhookBody in
 * webhooks.server.ts): Standard Webhooks' { type, timestamp, data }. The
 * OpenAPI document's `webhooks` section is generated from this schema, one
 * entry per event a webhook can subscribe to (INTEGRATION_EVENTS).
 */
export const WEBHOOK_RECORD_KINDS = ["contact", "appointment", "deal"] as const;

export const WebhookPayloadSchema = z.object({
  type: z.enum(INTEGRATION_EVENTS).describe("The event, as subscribed to."),
  timestamp: z.string().datetime().describe("When the delivery was signed (ISO 8601, UTC); the webhook-timestamp header in seconds."),
  data: z.object({
    recordKind: z.enum(WEBHOOK_RECORD_KINDS).describe("call.ended sends the call's lead: a contact record with the call.* fields."),
    recordId: z.string(),
    fields: z
      .record(z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .describe('Flat, dotted names to values: "contact.email", "call.summary", "appointment.start", "call.extractedData.budget"…'),
  }),
});

export type WebhookPayload = z.input<typeof WebhookPayloadSchema>;
