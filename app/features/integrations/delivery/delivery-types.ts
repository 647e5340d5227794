import type { Selectable } from "kysely";
import type { IntegrationDeliveryTable } from "~/db/schema";
import type { AttemptFailure } from "./delivery-policy";

/*
 * The types the delivery worker (deliveries.server.ts) shares with the senders
 * it calls (webhooks.server.ts, lead-email.server.ts), in a module of their own
 * so the senders do not import the worker that imports them.
 */

/** One queued delivery of an event to an integration (a row of integration_deliveries). */
export type Delivery = Selectable<IntegrationDeliveryTable>;

/** What one attempt at a delivery came to: done, or failed with the reason the retry policy reads. */
export type AttemptOutcome =
  | { ok: true; status?: number | null }
  | { ok: false; failure: AttemptFailure; error: string; status?: number | null; retryAfterMs?: number | null; logId?: string | null };
