import { lockTenant } from "~/db/constraints.server";
import { getDb, newId, now, type DB } from "~/db/db.server";
import type { LedgerKind } from "~/db/schema";
import { ensureBillingAccount } from "./accounts.server";

export interface LedgerPosting {
  tenantId: string;
  kind: LedgerKind;
  /** Signed cents: a credit raises the balance. */
  amountCents: number;
  descriptionKey: string;
  descriptionValues?: Record<string, string | number>;
  /** What the entry books (a charge, a usage day); booking the same reference again adds nothing. */
  reference: string;
  chargeId?: string | null;
}

/**
 * Appends one entry and moves the kept balance by its amount, inside the
 * caller's transaction (which must be durable: durableTransaction). The
 * tenant lock makes "is this reference booked yet?" and the balance update
 * one step on PostgreSQL, where transactions run side by side. Returns null
 * when the reference was already booked.
 */
export async function postLedgerEntry(trx: DB, posting: LedgerPosting) {
  if (!trx.isTransaction) throw new Error("Ledger entries are written inside a durable transaction.");
  if (!Number.isSafeInteger(posting.amountCents)) throw new Error(`Ledger amounts are whole cents, not ${posting.amountCents}.`);
  await lockTenant(trx, posting.tenantId);
  await ensureBillingAccount(posting.tenantId, trx);
  const booked = await trx
    .selectFrom("ledger_entries")
    .select("id")
    .where("tenant_id", "=", posting.tenantId)
    .where("reference", "=", posting.reference)
    .executeTakeFirst();
  if (booked) return null;
  const timestamp = now();
  const last = await trx
    .selectFrom("ledger_entries")
    .select((eb) => eb.fn.max<number>("seq").as("seq"))
    .where("tenant_id", "=", posting.tenantId)
    .executeTakeFirst();
  const { balance_cents } = await trx
    .updateTable("billing_accounts")
    .set((eb) => ({ balance_cents: eb("balance_cents", "+", posting.amountCents), updated_at: timestamp }))
    .where("tenant_id", "=", posting.tenantId)
    .returning("balance_cents")
    .executeTakeFirstOrThrow();
  const entry = {
    id: newId(),
    tenant_id: posting.tenantId,
    seq: Number(last?.seq ?? 0) + 1,
    kind: posting.kind,
    amount_cents: posting.amountCents,
    balance_after_cents: balance_cents,
    description_key: posting.descriptionKey,
    description_values: JSON.stringify(posting.descriptionValues ?? {}),
    reference: posting.reference,
    charge_id: posting.chargeId ?? null,
    created_at: timestamp,
  };
  await trx.insertInto("ledger_entries").values(entry).execute();
  return entry;
}

export async function getBalanceCents(tenantId: string, db: DB = getDb()) {
  const row = await db.selectFrom("billing_accounts").select("balance_cents").where("tenant_id", "=", tenantId).executeTakeFirst();
  return row?.balance_cents ?? 0;
}

/** The ledger's own sum, which the kept balance must always equal (tests hold it to that). */
export async function sumLedgerCents(tenantId: string, db: DB = getDb()) {
  const row = await db
    .selectFrom("ledger_entries")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_cents"), eb.lit(0)).as("total"))
    .where("tenant_id", "=", tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
