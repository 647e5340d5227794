import type { Kysely } from "kysely";

/**
 * What a call cost the voice platform, as it reports it with the call
 * (docs/api/call-events.md, `call.cost`): four parts in integer minor units
 * of one currency (cents for USD), so per-day, per-campaign and per-agent
 * totals add up exactly. All null for a call reported without costs; a part
 * the platform did not name is null too (not 0), and counts as 0 in sums.
 * The currency is ISO 4217, upper case. Usage is read over the existing
 * (tenant_id, created_at) index, so no index is added here.
 */
const COST_COLUMNS = ["cost_telephony_minor", "cost_stt_minor", "cost_llm_minor", "cost_tts_minor"] as const;

export async function up(db: Kysely<unknown>) {
  for (const column of COST_COLUMNS) await db.schema.alterTable("calls").addColumn(column, "integer").execute();
  await db.schema.alterTable("calls").addColumn("cost_currency", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  for (const column of ["cost_currency", ...COST_COLUMNS]) await db.schema.alterTable("calls").dropColumn(column).execute();
}
