import { sql, type Kysely } from "kysely";

/**
 * Invoices that are tax documents (issue 27, docs/decisions/0056-tax-invoices.md):
 *
 * - billing_details: one row per tenant, the buyer's legal name, address,
 *   country (ISO code), VAT ID (normalised, checked by format) and tax-exempt flag.
 * - tax_rates: country → rate in basis points (1900 = 19 %), seeded with the
 *   EU member states' standard rates.
 * - invoices: a snapshot taken when the invoice is issued, so a later edit of
 *   billing details or rates never changes an issued invoice: seller and buyer
 *   (JSON: name, address lines, country, VAT ID), net, rate, tax and the note
 *   key. Invoices issued before this migration keep nulls and print as before.
 */
/** The standard rates when this migration was written; a copy, so the migration never changes (tax-rule.ts holds the same seed). */
const EU_STANDARD_RATES_BP: Record<string, number> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2200,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 1900,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("billing_details")
    .addColumn("tenant_id", "text", (c) => c.primaryKey())
    .addColumn("legal_name", "text", (c) => c.notNull())
    .addColumn("street", "text", (c) => c.notNull())
    .addColumn("postcode", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("vat_id", "text")
    .addColumn("tax_exempt", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("tax_rates")
    .addColumn("country", "text", (c) => c.primaryKey())
    .addColumn("rate_bp", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  const at = new Date().toISOString();
  for (const [country, rate] of Object.entries(EU_STANDARD_RATES_BP)) {
    await sql`insert into tax_rates (country, rate_bp, updated_at) values (${country}, ${rate}, ${at})`.execute(db);
  }

  for (const column of ["seller_snapshot", "buyer_snapshot", "tax_note"]) {
    await db.schema.alterTable("invoices").addColumn(column, "text").execute();
  }
  for (const column of ["net_cents", "tax_rate_bp", "tax_cents"]) {
    await db.schema.alterTable("invoices").addColumn(column, "integer").execute();
  }
}

export async function down(db: Kysely<unknown>) {
  for (const column of ["seller_snapshot", "buyer_snapshot", "tax_note", "net_cents", "tax_rate_bp", "tax_cents"]) {
    await db.schema.alterTable("invoices").dropColumn(column).execute();
  }
  await db.schema.dropTable("tax_rates").execute();
  await db.schema.dropTable("billing_details").execute();
}
