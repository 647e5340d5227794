import { sql } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import { addCalendarDays } from "~/lib/dates/zoned-time";
import { successRate } from "../delivery/delivery-policy";
import type { Integration } from "../integrations.server";
import type { AnalyticsParams } from "../delivery/log-params";
import { dayEnd, dayStart, localDay } from "../delivery/logs.server";

/**
 * The hub's analytics tab (docs/product/behaviour.md#integration-hub,
 * docs/product/records.md#crm-log-and-analytics): the analytics summary
 * (totalIntegrations, activeIntegrations = crmCount, totalRequests,
 * successRate, top integrations, recent activity) for a CRM name and a date
 * range, the aggregate sync statistics, and requests per day for the chart.
 */
export const DEFAULT_RANGE_DAYS = 30;

/**
 * Requests are counted per UTC quarter-hour ("2026-11-24T14|2") and each
 * quarter put on the tenant's day: every zone's offset is a multiple of 15
 * minutes, so no quarter straddles a local midnight (an hour would in
 * Kolkata or Adelaide).
 */
const quarterHour = sql<string>`substr(created_at, 1, 13) || '|' || cast(cast(substr(created_at, 15, 2) as integer) / 15 as text)`;
export const MAX_RANGE_DAYS = 92;

function shiftDay(day: string, days: number) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const next = addCalendarDays({ year, month, day: date, hour: 0, minute: 0 }, days);
  return `${next.year}-${String(next.month).padStart(2, "0")}-${String(next.day).padStart(2, "0")}`;
}

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The range asked for, or the last 30 days; never longer than 92 days (the chart has a bar per day). */
export function resolveRange(params: AnalyticsParams, now: Date, timeZone: string) {
  const today = localDay(now.toISOString(), timeZone);
  let to = params.to ?? today;
  let from = params.from ?? shiftDay(to, -(DEFAULT_RANGE_DAYS - 1));
  if (from > to) [from, to] = [to, from];
  if (daysBetween(from, to) >= MAX_RANGE_DAYS) from = shiftDay(to, -(MAX_RANGE_DAYS - 1));
  return { from, to };
}

export async function hubAnalytics(
  tenantId: string,
  integrations: readonly Integration[],
  params: AnalyticsParams,
  timeZone: string,
  now: Date = new Date(),
  db: DB = getDb(),
) {
  const chosen = params.crm ? integrations.filter((integration) => integration.crm_name === params.crm) : integrations;
  const ids = chosen.map((integration) => integration.id);
  const { from, to } = resolveRange(params, now, timeZone);
  const start = dayStart(from, timeZone);
  const end = dayEnd(to, timeZone);
  const inScope = ids.length ? ids : [""];
  const perHour = await db
    .selectFrom("crm_logs")
    .select([
      quarterHour.as("quarter"),
      "integration_id",
      sql<number>`count(*)`.as("requests"),
      sql<number>`sum(case when outcome = 'success' then 1 else 0 end)`.as("succeeded"),
    ])
    .where("tenant_id", "=", tenantId)
    .where("integration_id", "in", inScope)
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .groupBy([quarterHour, "integration_id"])
    .execute();
  const deliveries = await db
    .selectFrom("integration_deliveries")
    .select([
      "integration_id",
      sql<number>`sum(case when status = 'succeeded' then 1 else 0 end)`.as("succeeded"),
      sql<number>`sum(case when status = 'failed' then 1 else 0 end)`.as("failed"),
    ])
    .where("tenant_id", "=", tenantId)
    .where("integration_id", "in", inScope)
    .where("target", "=", "sync")
    .where("finished_at", ">=", start)
    .where("finished_at", "<", end)
    .groupBy("integration_id")
    .execute();
  const recent = await db
    .selectFrom("crm_logs")
    .select(["id", "crm_name", "kind", "source", "target", "outcome", "response_status", "created_at"])
    .where("tenant_id", "=", tenantId)
    .where("integration_id", "in", inScope)
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .orderBy("created_at", "desc")
    .limit(8)
    .execute();

  const series = new Map<string, { success: number; failed: number }>();
  for (let day = from; day <= to; day = shiftDay(day, 1)) series.set(day, { success: 0, failed: 0 });
  const requestsBy = new Map<string, { requests: number; succeeded: number }>();
  for (const row of perHour) {
    const [hour, quarter] = row.quarter.split("|") as [string, string];
    const day = localDay(`${hour}:${String(Number(quarter) * 15).padStart(2, "0")}:00.000Z`, timeZone);
    const bucket = series.get(day);
    const requests = Number(row.requests);
    const succeeded = Number(row.succeeded);
    if (bucket) {
      bucket.success += succeeded;
      bucket.failed += requests - succeeded;
    }
    const entry = requestsBy.get(row.integration_id) ?? { requests: 0, succeeded: 0 };
    entry.requests += requests;
    entry.succeeded += succeeded;
    requestsBy.set(row.integration_id, entry);
  }
  const syncsBy = new Map(deliveries.map((row) => [row.integration_id, { succeeded: Number(row.succeeded), failed: Number(row.failed) }]));
  const totalSyncs = [...syncsBy.values()].reduce((sum, entry) => sum + entry.succeeded + entry.failed, 0);
  const successfulSyncs = [...syncsBy.values()].reduce((sum, entry) => sum + entry.succeeded, 0);
  const crmCount = chosen.filter((integration) => integration.status === "enabled").length;
  return {
    range: { from, to },
    summary: {
      totalIntegrations: chosen.length,
      activeIntegrations: crmCount,
      totalRequests: [...requestsBy.values()].reduce((sum, entry) => sum + entry.requests, 0),
      successRate: successRate(successfulSyncs, totalSyncs),
      totalSyncs,
      successfulSyncs,
    },
    /**
     * All time, from each integration's counters (crmCount, totalRecordsSynced, totalSyncs, successfulSyncs:
     * docs/product/records.md#crm-log-and-analytics).
     */
    aggregate: {
      crmCount,
      totalRecordsSynced: chosen.reduce((sum, integration) => sum + integration.records_synced, 0),
      totalSyncs: chosen.reduce((sum, integration) => sum + integration.syncs, 0),
      successfulSyncs: chosen.reduce((sum, integration) => sum + integration.successful_syncs, 0),
    },
    topIntegrations: chosen
      .map((integration) => {
        const requests = requestsBy.get(integration.id) ?? { requests: 0, succeeded: 0 };
        const syncs = syncsBy.get(integration.id) ?? { succeeded: 0, failed: 0 };
        return {
          id: integration.id,
          crmName: integration.crm_name,
          status: integration.status,
          requests: requests.requests,
          successRate: successRate(syncs.succeeded, syncs.succeeded + syncs.failed),
          syncs: syncs.succeeded + syncs.failed,
        };
      })
      .sort((a, b) => b.requests - a.requests || a.crmName.localeCompare(b.crmName))
      .slice(0, 5),
    recentActivity: recent,
    series: [...series.entries()].map(([day, counts]) => ({ day, ...counts })),
  };
}

/** How many deliveries each of these integrations still has to send (queued or being sent), for the hub's active list. */
export async function queuedDeliveryCounts(integrationIds: string[], db: DB = getDb()) {
  if (integrationIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom("integration_deliveries")
    .select(["integration_id", (eb) => eb.fn.countAll<number>().as("count")])
    .where("integration_id", "in", integrationIds)
    .where("status", "in", ["queued", "sending"])
    .groupBy("integration_id")
    .execute();
  return new Map(rows.map((row) => [row.integration_id, Number(row.count)]));
}
