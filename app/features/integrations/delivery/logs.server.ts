import { getDb, type DB } from "~/db/db.server";
import { addCalendarDays, localPartsAt, zonedTimeToInstant } from "~/lib/dates/zoned-time";
import { LOG_PAGE_SIZE, type LogParams } from "./log-params";

/**
 * The CRM log (docs/product/records.md#crm-log-and-analytics: CRM name, to, from, request and response details,
 * status), scoped to the tenant and the integrations the viewer sees (the
 * selected organization's). Days are the tenant's.
 */
export function dayStart(day: string, timeZone: string) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return zonedTimeToInstant({ year, month, day: date, hour: 0, minute: 0 }, timeZone).toISOString();
}

export function dayEnd(day: string, timeZone: string) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const next = addCalendarDays({ year, month, day: date, hour: 0, minute: 0 }, 1);
  return zonedTimeToInstant(next, timeZone).toISOString();
}

/** The tenant's calendar day an instant falls on ("2026-11-24"). */
export function localDay(iso: string, timeZone: string) {
  const parts = localPartsAt(Date.parse(iso), timeZone);
  return `${parts.year}-${String(parts.month).padStart(2, "0")}-${String(parts.day).padStart(2, "0")}`;
}

export interface LogScope {
  tenantId: string;
  integrationIds: readonly string[];
  timeZone: string;
}

function filtered(db: DB, scope: LogScope, params: LogParams) {
  let query = db
    .selectFrom("crm_logs")
    .where("crm_logs.tenant_id", "=", scope.tenantId)
    .where("crm_logs.integration_id", "in", scope.integrationIds.length ? [...scope.integrationIds] : [""]);
  if (params.integration) query = query.where("crm_logs.integration_id", "=", params.integration);
  if (params.status === "success") query = query.where("crm_logs.outcome", "=", "success");
  if (params.status === "failed") query = query.where("crm_logs.outcome", "!=", "success");
  if (params.kind !== "all") query = query.where("crm_logs.kind", "=", params.kind);
  if (params.from) query = query.where("crm_logs.created_at", ">=", dayStart(params.from, scope.timeZone));
  if (params.to) query = query.where("crm_logs.created_at", "<", dayEnd(params.to, scope.timeZone));
  return query;
}

export async function listLogs(scope: LogScope, params: LogParams, db: DB = getDb()) {
  const total = await filtered(db, scope, params)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirst();
  const count = Number(total?.count ?? 0);
  const pages = Math.max(1, Math.ceil(count / LOG_PAGE_SIZE));
  const page = Math.min(params.page, pages);
  const rows = await filtered(db, scope, params)
    .leftJoin("integration_deliveries", "integration_deliveries.id", "crm_logs.delivery_id")
    .select([
      "crm_logs.id",
      "crm_logs.integration_id",
      "crm_logs.crm_name",
      "crm_logs.kind",
      "crm_logs.source",
      "crm_logs.target",
      "crm_logs.method",
      "crm_logs.url",
      "crm_logs.response_status",
      "crm_logs.outcome",
      "crm_logs.error",
      "crm_logs.duration_ms",
      "crm_logs.attempt",
      "crm_logs.retry_at",
      "crm_logs.created_at",
      "crm_logs.delivery_id",
      "integration_deliveries.status as delivery_status",
    ])
    .orderBy("crm_logs.created_at", "desc")
    .orderBy("crm_logs.id", "desc")
    .limit(LOG_PAGE_SIZE)
    .offset((page - 1) * LOG_PAGE_SIZE)
    .execute();
  return { rows, total: count, page, pages };
}

/** One log line with its delivery and every attempt of that delivery, oldest first: the timeline. */
export async function getLogWithTimeline(scope: LogScope, logId: string, db: DB = getDb()) {
  const log = await db
    .selectFrom("crm_logs")
    .selectAll()
    .where("tenant_id", "=", scope.tenantId)
    .where("id", "=", logId)
    .where("integration_id", "in", scope.integrationIds.length ? [...scope.integrationIds] : [""])
    .executeTakeFirst();
  if (!log) return null;
  const delivery = log.delivery_id ? await db.selectFrom("integration_deliveries").selectAll().where("id", "=", log.delivery_id).executeTakeFirst() : undefined;
  const attempts = log.delivery_id
    ? await db
        .selectFrom("crm_logs")
        .select(["id", "attempt", "outcome", "response_status", "error", "duration_ms", "retry_at", "created_at"])
        .where("delivery_id", "=", log.delivery_id)
        .orderBy("created_at")
        .orderBy("attempt")
        .execute()
    : [];
  return { log, delivery: delivery ?? null, attempts };
}
