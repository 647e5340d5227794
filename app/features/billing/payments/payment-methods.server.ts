import { lockTenant } from "~/db/constraints.server";
import { getDb, newId, now, type DB } from "~/db/db.server";
import type { PaymentMethod } from "~/db/schema";
import type { PaymentProvider, SavedCard } from "./payment-provider";
import { getPaymentProvider } from "./provider.server";

/**
 * A tenant's cards: at most one primary and one backup (unique indexes say
 * so), never none once one was added ("You must keep at least one payment
 * method"). The first card becomes primary, the second backup.
 */
export function listPaymentMethods(tenantId: string, db: DB = getDb()) {
  return (
    db
      .selectFrom("payment_methods")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      // Primary, then backup, then the rest, newest first.
      .orderBy((eb) => eb.case().when("priority", "=", "primary").then(0).when("priority", "=", "backup").then(1).else(2).end())
      .orderBy("created_at", "desc")
      .execute()
  );
}

export async function saveCard(tenantId: string, card: SavedCard, db: DB = getDb()): Promise<PaymentMethod> {
  return db.transaction().execute(async (trx) => {
    await lockTenant(trx, tenantId);
    const existing = await trx.selectFrom("payment_methods").select(["priority"]).where("tenant_id", "=", tenantId).execute();
    const taken = new Set(existing.map((row) => row.priority));
    const row: PaymentMethod = {
      id: newId(),
      tenant_id: tenantId,
      provider_ref: card.providerRef,
      brand: card.brand,
      last4: card.last4,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      priority: !taken.has("primary") ? "primary" : !taken.has("backup") ? "backup" : null,
      created_at: now(),
    };
    await trx.insertInto("payment_methods").values(row).execute();
    return row;
  });
}

export type CardChangeProblem = "cardNotFound" | "lastCard" | "primaryCannotBeBackup" | "removeFailed";

export class CardChangeError extends Error {
  constructor(readonly problem: CardChangeProblem) {
    super(problem);
    this.name = "CardChangeError";
  }
}

/** The old primary becomes the backup when the new primary was the backup or there is none; otherwise it is just kept. */
export async function makePrimary(tenantId: string, cardId: string, db: DB = getDb()) {
  await db.transaction().execute(async (trx) => {
    await lockTenant(trx, tenantId);
    const cards = await trx.selectFrom("payment_methods").select(["id", "priority"]).where("tenant_id", "=", tenantId).execute();
    const target = cards.find((card) => card.id === cardId);
    if (!target) throw new CardChangeError("cardNotFound");
    if (target.priority === "primary") return;
    const oldPrimary = cards.find((card) => card.priority === "primary");
    const hasOtherBackup = cards.some((card) => card.priority === "backup" && card.id !== cardId);
    await setPriority(trx, cardId, null);
    if (oldPrimary) await setPriority(trx, oldPrimary.id, hasOtherBackup ? null : "backup");
    await setPriority(trx, cardId, "primary");
  });
}

export async function makeBackup(tenantId: string, cardId: string, db: DB = getDb()) {
  await db.transaction().execute(async (trx) => {
    await lockTenant(trx, tenantId);
    const cards = await trx.selectFrom("payment_methods").select(["id", "priority"]).where("tenant_id", "=", tenantId).execute();
    const target = cards.find((card) => card.id === cardId);
    if (!target) throw new CardChangeError("cardNotFound");
    if (target.priority === "primary") throw new CardChangeError("primaryCannotBeBackup");
    const oldBackup = cards.find((card) => card.priority === "backup");
    if (oldBackup?.id === cardId) return;
    if (oldBackup) await setPriority(trx, oldBackup.id, null);
    await setPriority(trx, cardId, "backup");
  });
}

/**
 * Removes a card at the provider, then here; never the last one. A removed
 * primary hands over to the backup, or else to the newest remaining card.
 */
export async function removeCard(tenantId: string, cardId: string, provider: PaymentProvider = getPaymentProvider(), db: DB = getDb()) {
  const cards = await listPaymentMethods(tenantId, db);
  const target = cards.find((card) => card.id === cardId);
  if (!target) throw new CardChangeError("cardNotFound");
  if (cards.length <= 1) throw new CardChangeError("lastCard");
  try {
    await provider.detachCard(target.provider_ref);
  } catch {
    throw new CardChangeError("removeFailed");
  }
  await db.transaction().execute(async (trx) => {
    await lockTenant(trx, tenantId);
    const remaining = await trx
      .selectFrom("payment_methods")
      .select(["id", "priority", "created_at"])
      .where("tenant_id", "=", tenantId)
      .where("id", "!=", cardId)
      .orderBy("created_at", "desc")
      .execute();
    // Checked again under the lock: two removals at once must not take both of the last two cards.
    if (remaining.length === 0) throw new CardChangeError("lastCard");
    await trx.deleteFrom("payment_methods").where("tenant_id", "=", tenantId).where("id", "=", cardId).execute();
    if (target.priority === "primary") {
      const heir = remaining.find((card) => card.priority === "backup") ?? remaining[0]!;
      await setPriority(trx, heir.id, null);
      await setPriority(trx, heir.id, "primary");
    }
  });
}

/** The cards a charge is made with: the primary, and the backup tried once if the primary fails. */
export async function chargeableCards(tenantId: string, db: DB = getDb()) {
  const cards = await db.selectFrom("payment_methods").selectAll().where("tenant_id", "=", tenantId).where("priority", "in", ["primary", "backup"]).execute();
  return { primary: cards.find((card) => card.priority === "primary") ?? null, backup: cards.find((card) => card.priority === "backup") ?? null };
}

function setPriority(trx: DB, cardId: string, priority: PaymentMethod["priority"]) {
  return trx.updateTable("payment_methods").set({ priority }).where("id", "=", cardId).execute();
}
