import { getDb, inTransaction, newId, now, type DB } from "~/db/db.server";
import { recordAudit } from "~/features/audit/audit.server";
import { ratesOnDay, utcDay, type TaxRateChange, type TaxRateFormValues } from "./tax-rates";

/**
 * Tax rates per country as the super admin sets them on /products/tax-rates
 * (docs/decisions/0066-tax-rates-on-screen.md): the seeded rates of
 * migration 0040 (tax_rates) and dated changes (tax_rate_changes, migration
 * 0041). An invoice takes the rate in force on the UTC day it is issued into
 * its snapshot (invoiceTaxSnapshot), so a change never alters an issued one.
 */

async function seededRates(db: DB) {
  const rows = await db.selectFrom("tax_rates").select(["country", "rate_bp"]).execute();
  return Object.fromEntries(rows.map((row) => [row.country, row.rate_bp])) as Record<string, number>;
}

async function changesUpTo(db: DB, day?: string): Promise<TaxRateChange[]> {
  let query = db.selectFrom("tax_rate_changes").select(["country", "rate_bp", "effective_from"]);
  if (day) query = query.where("effective_from", "<=", day);
  const rows = await query.orderBy("effective_from").execute();
  return rows.map((row) => ({ country: row.country, rateBp: row.rate_bp, effectiveFrom: row.effective_from }));
}

/** Country → rate in basis points in force at `at` (an ISO instant; its UTC day counts). */
export async function taxRatesAt(at: string, db: DB = getDb()) {
  const day = utcDay(at);
  const [seeded, changes] = await Promise.all([seededRates(db), changesUpTo(db, day)]);
  return ratesOnDay(seeded, changes, day);
}

export interface TaxRateRow {
  country: string;
  /** The rate in force today. */
  rateBp: number;
  /** The day the rate in force was set to take effect; null for the seeded rate. */
  since: string | null;
  /** Changes still to come, soonest first. */
  upcoming: Array<{ rateBp: number; effectiveFrom: string }>;
}

/** Every country with a rate, by code, with what is in force today and what is scheduled. */
export async function listTaxRates(at: string = now(), db: DB = getDb()): Promise<TaxRateRow[]> {
  const today = utcDay(at);
  const [seeded, changes] = await Promise.all([seededRates(db), changesUpTo(db)]);
  const current = ratesOnDay(seeded, changes, today);
  return Object.keys(seeded)
    .sort()
    .map((country) => {
      const own = changes.filter((change) => change.country === country);
      const past = own.filter((change) => change.effectiveFrom <= today);
      return {
        country,
        rateBp: current[country] ?? seeded[country]!,
        since: past.at(-1)?.effectiveFrom ?? null,
        upcoming: own.filter((change) => change.effectiveFrom > today).map(({ rateBp, effectiveFrom }) => ({ rateBp, effectiveFrom })),
      };
    });
}

export async function getTaxRateRow(country: string, at: string = now(), db: DB = getDb()) {
  const rows = await listTaxRates(at, db);
  return rows.find((row) => row.country === country) ?? null;
}

/** A country's changes, newest day first, with who set them (the detail page's history). */
export function taxRateChanges(country: string, db: DB = getDb()) {
  return db
    .selectFrom("tax_rate_changes")
    .leftJoin("users", "users.id", "tax_rate_changes.created_by")
    .select([
      "tax_rate_changes.id",
      "tax_rate_changes.rate_bp",
      "tax_rate_changes.effective_from",
      "tax_rate_changes.created_at",
      "users.name as created_by_name",
    ])
    .where("tax_rate_changes.country", "=", country)
    .orderBy("tax_rate_changes.effective_from", "desc")
    .execute();
}

/**
 * Sets a country's rate from a day on (the same day again replaces that
 * day's change) and audits it as "tax-rate.changed" in the same transaction.
 * Platform-wide, so the entry has no tenant (the super admin's log). False
 * for a country without a seeded rate.
 */
export async function setTaxRate(actorUserId: string, country: string, input: TaxRateFormValues, db: DB = getDb(), at: string = now()) {
  return inTransaction(db, async (trx) => {
    const seeded = await trx.selectFrom("tax_rates").select("country").where("country", "=", country).executeTakeFirst();
    if (!seeded) return false;
    const before = (await taxRatesAt(`${input.effectiveFrom}T00:00:00.000Z`, trx))[country] ?? 0;
    await trx
      .insertInto("tax_rate_changes")
      .values({ id: newId(), country, rate_bp: input.rate, effective_from: input.effectiveFrom, created_by: actorUserId, created_at: at })
      .onConflict((oc) => oc.columns(["country", "effective_from"]).doUpdateSet({ rate_bp: input.rate, created_by: actorUserId, created_at: at }))
      .execute();
    await recordAudit(
      trx,
      {
        tenantId: null,
        actorUserId,
        action: "tax-rate.changed",
        target: { kind: "tax-rate", id: country, label: country },
        details: { from: `${before / 100} %`, to: `${input.rate / 100} %`, effectiveFrom: input.effectiveFrom },
      },
      at,
    );
    return true;
  });
}

/** Today as a UTC day: the earliest day a rate can be set from. */
export function taxRateToday() {
  return utcDay(now());
}
