import { sql } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import { granularityFor, periodsOf } from "~/lib/dates/chart-periods";
import { localDateKey, resolveDateRange, type DateRangeKey } from "~/lib/dates/date-ranges";
import type { SchedulingScope } from "./scope.server";

/**
 * /appointment-insights: what happened to the appointments that fall in a
 * range (by their start), for the selection, optionally one host or type.
 * Every appointment counts as booked; of those, some were later cancelled,
 * rescheduled (moved at least once) or missed (no-show). Rates are shares
 * of the booked, except the no-show rate, which is of those that took
 * place or were missed (not cancelled, already started).
 */
export interface InsightCounts {
  booked: number;
  cancelled: number;
  rescheduled: number;
  noShow: number;
  /** Started and not cancelled: the no-show rate's base. */
  due: number;
}

const countColumns = (nowIso: string) =>
  [
    sql<number>`count(*)`.as("booked"),
    sql<number>`sum(case when appointments.status = 'cancelled' then 1 else 0 end)`.as("cancelled"),
    sql<number>`sum(case when appointments.reschedule_count > 0 then 1 else 0 end)`.as("rescheduled"),
    sql<number>`sum(case when appointments.status = 'no-show' then 1 else 0 end)`.as("no_show"),
    sql<number>`sum(case when appointments.status != 'cancelled' and appointments.start_at <= ${nowIso} then 1 else 0 end)`.as("due"),
  ] as const;

function counts(row: { booked: unknown; cancelled: unknown; rescheduled: unknown; no_show: unknown; due: unknown } | undefined): InsightCounts {
  return {
    booked: Number(row?.booked ?? 0),
    cancelled: Number(row?.cancelled ?? 0),
    rescheduled: Number(row?.rescheduled ?? 0),
    noShow: Number(row?.no_show ?? 0),
    due: Number(row?.due ?? 0),
  };
}

export function rates(figures: InsightCounts) {
  const share = (part: number, whole: number) => (whole === 0 ? 0 : (part / whole) * 100);
  return {
    cancelled: share(figures.cancelled, figures.booked),
    rescheduled: share(figures.rescheduled, figures.booked),
    noShow: share(figures.noShow, figures.due),
  };
}

export async function appointmentInsights(
  tenantId: string,
  scope: SchedulingScope,
  filters: { range: DateRangeKey; staff: string | null; eventType: string | null },
  timeZone: string,
  db: DB = getDb(),
) {
  const range = resolveDateRange(filters.range, timeZone);
  const nowIso = new Date().toISOString();
  const base = () => {
    let query = db
      .selectFrom("appointments")
      .where("appointments.tenant_id", "=", tenantId)
      .where("appointments.organization_id", "=", scope.organizationId)
      .where("appointments.start_at", ">=", range.startUtc)
      .where("appointments.start_at", "<", range.endUtc);
    if (scope.teamId) query = query.where("appointments.team_id", "=", scope.teamId);
    if (filters.staff) query = query.where("appointments.host_user_id", "=", filters.staff);
    if (filters.eventType) query = query.where("appointments.event_type_id", "=", filters.eventType);
    return query;
  };
  const granularity = granularityFor(range);
  const periods = periodsOf(range, granularity, timeZone);
  const [total, byHost, byType, series] = await Promise.all([
    base().select(countColumns(nowIso)).executeTakeFirst(),
    base()
      .leftJoin("users", "users.id", "appointments.host_user_id")
      .select(["appointments.host_user_id as id", "users.name", ...countColumns(nowIso)])
      .groupBy(["appointments.host_user_id", "users.name"])
      .execute(),
    base()
      .leftJoin("event_types", "event_types.id", "appointments.event_type_id")
      .select(["appointments.event_type_id as id", "event_types.name", "event_types.color", ...countColumns(nowIso)])
      .groupBy(["appointments.event_type_id", "event_types.name", "event_types.color"])
      .execute(),
    base().select(["appointments.start_at", "appointments.status"]).execute(),
  ]);
  const buckets = periods.map((period) => ({ key: period.key, firstDay: period.firstDay, lastDay: period.lastDay, booked: 0, cancelled: 0, noShow: 0 }));
  for (const row of series) {
    const index = periods.findIndex((period) => row.start_at >= period.startUtc && row.start_at < period.endUtc);
    const bucket = buckets[index];
    if (!bucket) continue;
    if (row.status === "cancelled") bucket.cancelled += 1;
    else if (row.status === "no-show") bucket.noShow += 1;
    else bucket.booked += 1;
  }
  const byName = <Row extends { name: string | null }>(rows: Row[]) => [...rows].sort((a, b) => (a.name ?? "").localeCompare(b.name ?? ""));
  return {
    range: { key: filters.range, from: localDateKey(range.firstDay), to: localDateKey(range.lastDay) },
    granularity,
    totals: counts(total),
    byHost: byName(byHost).map((row) => ({ id: row.id, name: row.name, ...counts(row) })),
    byEventType: byName(byType).map((row) => ({ id: row.id, name: row.name, color: row.color, ...counts(row) })),
    series: buckets,
  };
}
