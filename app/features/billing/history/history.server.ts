import { getDb, type DB } from "~/db/db.server";
import { addCalendarDays, zonedTimeToInstant } from "~/lib/dates/zoned-time";
import { HISTORY_PAGE_SIZE, type HistoryParams } from "./history-params";

/** A calendar day of the tenant's, as the UTC instants it starts and ends at. */
function dayBounds(day: string, timeZone: string) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const local = { year, month, day: date, hour: 0, minute: 0 };
  return { start: zonedTimeToInstant(local, timeZone).toISOString(), end: zonedTimeToInstant(addCalendarDays(local, 1), timeZone).toISOString() };
}

function filtered(tenantId: string, params: Omit<HistoryParams, "page">, timeZone: string, db: DB) {
  let query = db.selectFrom("ledger_entries").where("tenant_id", "=", tenantId);
  if (params.type) query = query.where("kind", "=", params.type);
  if (params.from) query = query.where("created_at", ">=", dayBounds(params.from, timeZone).start);
  if (params.to) query = query.where("created_at", "<", dayBounds(params.to, timeZone).end);
  return query;
}

/** One page of the tenant's transactions, newest first, and how many match. */
export async function listTransactions(tenantId: string, params: HistoryParams, timeZone: string, db: DB = getDb()) {
  const [items, count] = await Promise.all([
    filtered(tenantId, params, timeZone, db)
      .select(["id", "kind", "amount_cents", "balance_after_cents", "description_key", "description_values", "created_at"])
      .orderBy("seq", "desc")
      .limit(HISTORY_PAGE_SIZE)
      .offset((params.page - 1) * HISTORY_PAGE_SIZE)
      .execute(),
    filtered(tenantId, params, timeZone, db)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { items, total, pageCount: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)) };
}

/** Every matching transaction, oldest first, for the CSV export (a tenant's ledger is small enough to read at once: a few rows a day). */
export function allTransactions(tenantId: string, params: Omit<HistoryParams, "page">, timeZone: string, db: DB = getDb()) {
  return filtered(tenantId, params, timeZone, db)
    .select(["id", "kind", "amount_cents", "balance_after_cents", "description_key", "description_values", "created_at"])
    .orderBy("seq")
    .execute();
}
