import { getDb, now, type DB } from "~/db/db.server";
import { isUniqueViolation } from "~/db/constraints.server";
import { listPaymentMethods, saveCard } from "./payment-methods.server";
import type { PaymentProvider } from "./payment-provider";
import { getPaymentProvider } from "./provider.server";
import { addDays } from "~/lib/dates/calendar-months";
import { GRACE_PERIOD_DAYS } from "../usage/limits";
import { settleCharge } from "./settlement.server";
import { markInvoiceRefunded } from "../history/invoices.server";
import type { StripeWebhookEvent } from "./stripe-webhooks.server";

export type WebhookOutcome = "applied" | "duplicate" | "unknown-object" | "stale" | "ignored";

/**
 * Applies a verified provider event. Every effect is one that may be applied
 * twice (settling a charge moves it out of `pending` once; a card is saved
 * once per provider token; a subscription takes an event's state only when
 * the event is newer than the last state it took), so a retried, replayed or
 * late event changes nothing twice, and the event id is kept to answer a
 * replay as a duplicate without work.
 */
export async function applyWebhookEvent(
  event: StripeWebhookEvent,
  { provider = getPaymentProvider(), db = getDb() }: { provider?: PaymentProvider; db?: DB } = {},
): Promise<WebhookOutcome> {
  const seen = await db.selectFrom("billing_events").select("id").where("id", "=", event.eventId).executeTakeFirst();
  if (seen) return "duplicate";
  const { outcome, tenantId } = await applyEffect(event, provider, db);
  try {
    await db
      .insertInto("billing_events")
      .values({
        id: event.eventId,
        type: event.kind === "ignored" ? event.type : event.kind,
        tenant_id: tenantId,
        occurred_at: event.occurredAt,
        received_at: now(),
      })
      .execute();
  } catch (error) {
    // The same event, delivered twice at once: both applied an idempotent effect; one records it.
    if (!isUniqueViolation(error)) throw error;
  }
  return outcome;
}

async function applyEffect(event: StripeWebhookEvent, provider: PaymentProvider, db: DB): Promise<{ outcome: WebhookOutcome; tenantId: string | null }> {
  switch (event.kind) {
    case "charge-settled": {
      const charge = await db.selectFrom("charges").select(["id", "tenant_id"]).where("id", "=", event.chargeId).executeTakeFirst();
      if (!charge) return { outcome: "unknown-object", tenantId: null };
      await settleCharge(charge.id, event.outcome, {}, db);
      return { outcome: "applied", tenantId: charge.tenant_id };
    }
    case "card-setup-completed": {
      const account = await db.selectFrom("billing_accounts").select(["tenant_id"]).where("provider_customer_ref", "=", event.customerRef).executeTakeFirst();
      if (!account) return { outcome: "unknown-object", tenantId: null };
      const card = await provider.finishCardSetup(event.customerRef, event.setupSessionRef);
      const known = (await listPaymentMethods(account.tenant_id, db)).some((saved) => saved.provider_ref === card.providerRef);
      if (!known) await saveCard(account.tenant_id, card, db);
      return { outcome: "applied", tenantId: account.tenant_id };
    }
    case "subscription-changed": {
      const subscription = await db
        .selectFrom("subscriptions")
        .select(["id", "tenant_id", "current_period_end"])
        .where("provider_ref", "=", event.providerRef)
        .executeTakeFirst();
      if (!subscription) return { outcome: "unknown-object", tenantId: null };
      // Every state but "active" ends somewhere: grace a week after the unpaid period, a cancellation with its paid period, a lapse now.
      const periodEnd = subscription.current_period_end ?? event.occurredAt;
      const endsAt =
        event.state === "grace"
          ? addDays(periodEnd, GRACE_PERIOD_DAYS)
          : event.state === "cancelled"
            ? periodEnd
            : event.state === "lapsed"
              ? event.occurredAt
              : null;
      const moved = await db
        .updateTable("subscriptions")
        .set({
          status: event.state,
          ends_at: endsAt,
          cancel_at_period_end: event.state === "cancelled" ? 1 : 0,
          provider_state_at: event.occurredAt,
          updated_at: now(),
        })
        .where("id", "=", subscription.id)
        // An event older than the state already taken is late news: ignored.
        .where((eb) => eb.or([eb("provider_state_at", "is", null), eb("provider_state_at", "<", event.occurredAt)]))
        .executeTakeFirst();
      return { outcome: Number(moved.numUpdatedRows) === 1 ? "applied" : "stale", tenantId: subscription.tenant_id };
    }
    case "charge-refunded": {
      const invoice = await db
        .selectFrom("charges")
        .innerJoin("invoices", "invoices.charge_id", "charges.id")
        .select(["invoices.id", "invoices.tenant_id"])
        .where("charges.provider_ref", "=", event.providerRef)
        .executeTakeFirst();
      if (!invoice) return { outcome: "unknown-object", tenantId: null };
      // Marks the invoice refunded and announces invoice.refunded (the affiliate programme claws its commission back); a repeat changes nothing.
      const refunded = await markInvoiceRefunded(invoice.tenant_id, invoice.id, db, event.occurredAt);
      return { outcome: refunded ? "applied" : "stale", tenantId: invoice.tenant_id };
    }
    case "ignored":
      return { outcome: "ignored", tenantId: null };
  }
}
