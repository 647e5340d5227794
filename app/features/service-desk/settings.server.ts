import { sql } from "kysely";
import { getDb, now, type DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import type { ServiceDeskSettingsTable } from "~/db/schema";
import { DEFAULT_SLA_TARGETS, type SlaTargets } from "./sla";
import { TICKET_PRIORITIES } from "./ticket-rules";

/**
 * A tenant's service desk settings (docs/product/service-desk.md#settings):
 * whether escalated and low-rated calls make tickets (on until turned off),
 * and the SLA targets per priority. A tenant without a row has the defaults;
 * the row is made when the settings are saved or the desk first needs to
 * count (a ticket number, the round robin's cursor).
 */
export interface ServiceDeskSettings {
  autoTickets: boolean;
  targets: SlaTargets;
}

export const DEFAULT_SETTINGS: ServiceDeskSettings = { autoTickets: true, targets: DEFAULT_SLA_TARGETS };

type TargetColumns = Pick<
  ServiceDeskSettingsTable,
  | "urgent_first_response_minutes"
  | "urgent_resolution_minutes"
  | "high_first_response_minutes"
  | "high_resolution_minutes"
  | "normal_first_response_minutes"
  | "normal_resolution_minutes"
  | "low_first_response_minutes"
  | "low_resolution_minutes"
>;

function targetColumns(targets: SlaTargets): TargetColumns {
  const columns: Record<string, number> = {};
  for (const priority of TICKET_PRIORITIES) {
    columns[`${priority}_first_response_minutes`] = targets[priority].firstResponseMinutes;
    columns[`${priority}_resolution_minutes`] = targets[priority].resolutionMinutes;
  }
  return columns as unknown as TargetColumns;
}

function targetsOf(row: TargetColumns): SlaTargets {
  const read = (priority: (typeof TICKET_PRIORITIES)[number]) => ({
    firstResponseMinutes: Number(row[`${priority}_first_response_minutes`]),
    resolutionMinutes: Number(row[`${priority}_resolution_minutes`]),
  });
  return { urgent: read("urgent"), high: read("high"), normal: read("normal"), low: read("low") };
}

export async function getServiceDeskSettings(tenantId: string, db: DB = getDb()): Promise<ServiceDeskSettings> {
  const row = await db.selectFrom("service_desk_settings").selectAll().where("tenant_id", "=", tenantId).executeTakeFirst();
  if (!row) return DEFAULT_SETTINGS;
  return { autoTickets: row.auto_tickets === 1, targets: targetsOf(row) };
}

export async function saveServiceDeskSettings(tenantId: string, settings: ServiceDeskSettings, db: DB = getDb()) {
  const timestamp = now();
  const values = { auto_tickets: settings.autoTickets ? 1 : 0, ...targetColumns(settings.targets) };
  await db
    .insertInto("service_desk_settings")
    .values({ tenant_id: tenantId, ...values, created_at: timestamp, updated_at: timestamp })
    .onConflict((oc) => oc.column("tenant_id").doUpdateSet({ ...values, updated_at: timestamp }))
    .execute();
}

/**
 * Holds the tenant's settings row until the transaction ends, making it
 * first when there is none. Ticket numbers and the round robin's cursor are
 * handed out under it, one transaction at a time, whichever app server runs
 * them: PostgreSQL locks the row; SQLite has one writer per file and this
 * app one connection to it, so its transactions already run one at a time
 * (app/db/constraints.server.ts).
 */
export async function lockServiceDesk(trx: DB, tenantId: string) {
  const timestamp = now();
  await trx
    .insertInto("service_desk_settings")
    .values({ tenant_id: tenantId, auto_tickets: 1, ...targetColumns(DEFAULT_SLA_TARGETS), created_at: timestamp, updated_at: timestamp })
    .onConflict((oc) => oc.column("tenant_id").doNothing())
    .execute();
  if (isPostgres(trx)) await sql`select 1 from service_desk_settings where tenant_id = ${tenantId} for update`.execute(trx);
}

/** The next ticket number of the tenant; the caller holds lockServiceDesk. */
export async function takeTicketNumber(trx: DB, tenantId: string): Promise<number> {
  const row = await trx.selectFrom("service_desk_settings").select("next_ticket_number").where("tenant_id", "=", tenantId).executeTakeFirstOrThrow();
  const number = Number(row.next_ticket_number);
  await trx
    .updateTable("service_desk_settings")
    .set({ next_ticket_number: number + 1 })
    .where("tenant_id", "=", tenantId)
    .execute();
  return number;
}
