import { subscribe } from "~/lib/events/bus.server";
import { LOW_RATING_MAX, ticketForCall } from "./tickets.server";

/**
 * Automatic tickets (docs/product/service-desk.md#automatic-tickets): an
 * escalated call when it ends, and a call rated 2 or lower when the rating
 * is stored, get a ticket inside that same transaction, once per call
 * (the unique source call decides; a repeated event or a second rating finds
 * the ticket there), unless the tenant turned automatic tickets off.
 */
export function subscribeServiceDesk() {
  subscribe("call.ended", (trx, event) => ticketForCall(trx, event.tenantId, event.callId, "escalated"));
  subscribe("call.rated", (trx, event) =>
    event.rating <= LOW_RATING_MAX ? ticketForCall(trx, event.tenantId, event.callId, "low-rating") : Promise.resolve(0),
  );
}
