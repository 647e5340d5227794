import { sql } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import { BILLING_CURRENCY } from "~/features/billing/usage/limits";
import { FINISHED_STATUSES } from "~/features/recordings/list/list-params";
import { granularityFor, periodsOf, type Granularity } from "~/lib/dates/chart-periods";
import { resolveDateRange, type DateRangeKey, type LocalDate } from "~/lib/dates/date-ranges";
import { churnBetween, monthlyRecurringCents, topByMinutes, type Churn, type CoverageSpan } from "./metrics";

/**
 * The platform's figures on /analytics (super admin,
 * docs/decisions/0051-platform-analytics.md), over the overview's date
 * ranges in the super admin's time zone. The per-period series are counted
 * like the overview's (app/features/call-center/kpis.server.ts): one
 * aggregate per chart period joined by UNION ALL, the period boundaries
 * local midnights computed in JS, so the same SQL runs on SQLite and
 * PostgreSQL with no date function of either.
 */

export interface PlatformPeriod {
  key: string;
  firstDay: LocalDate;
  lastDay: LocalDate;
  signUps: number;
  calls: number;
  minutes: number;
  topUpCents: number;
}

export interface TopTenant {
  tenantId: string;
  name: string;
  calls: number;
  minutes: number;
}

export interface PlatformAnalytics {
  rangeKey: DateRangeKey;
  firstDay: LocalDate;
  lastDay: LocalDate;
  granularity: Granularity;
  currency: string;
  tenants: number;
  signUps: number;
  activeSubscriptions: number;
  lapsedSubscriptions: number;
  mrrCents: number;
  topUpCents: number;
  calls: number;
  minutes: number;
  churn: Churn;
  periods: PlatformPeriod[];
  topTenants: TopTenant[];
}

export const TOP_TENANTS = 10;
const TOP_UP_PURPOSES = ["topup", "auto-topup"] as const;

const integer = (value: unknown) => Number(value ?? 0) || 0;

export async function loadPlatformAnalytics(rangeKey: DateRangeKey, timeZone: string, now: Date = new Date(), db: DB = getDb()): Promise<PlatformAnalytics> {
  const range = resolveDateRange(rangeKey, timeZone, now);
  const granularity = granularityFor(range);
  const periods = periodsOf(range, granularity, timeZone);
  const nowIso = now.toISOString();
  // The range's end, or now for a range that runs to today: churn and "customers at the end" cannot look ahead.
  const until = range.endUtc < nowIso ? range.endUtc : nowIso;

  const perPeriod = periods.map(
    (period, index) => sql`select ${sql.lit(index)} as "index",
      (select count(*) from tenants where created_at >= ${period.startUtc} and created_at < ${period.endUtc}) as "signUps",
      (select count(*) from calls where created_at >= ${period.startUtc} and created_at < ${period.endUtc}
        and status in (${sql.join([...FINISHED_STATUSES])})) as calls,
      (select coalesce(sum((cast(duration_seconds as integer) + 59) / 60), 0) from calls where created_at >= ${period.startUtc} and created_at < ${period.endUtc}
        and status in (${sql.join([...FINISHED_STATUSES])})) as minutes,
      (select coalesce(sum(amount_cents), 0) from charges where status = 'succeeded' and purpose in (${sql.join([...TOP_UP_PURPOSES])})
        and settled_at >= ${period.startUtc} and settled_at < ${period.endUtc}) as "topUpCents"`,
  );
  const [seriesRows, tenantCount, holding, lapsed, spans, perTenant] = await Promise.all([
    sql<{ index: number; signUps: unknown; calls: unknown; minutes: unknown; topUpCents: unknown }>`${sql.join(perPeriod, sql` union all `)}`.execute(db),
    db
      .selectFrom("tenants")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("created_at", "<", range.endUtc)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("subscriptions")
      .innerJoin("plans", "plans.id", "subscriptions.plan_id")
      .select([
        "subscriptions.status",
        "subscriptions.cancel_at_period_end",
        "plans.billing_interval",
        sql<number>`coalesce(subscriptions.period_price_cents, plans.price_cents)`.as("price_cents"),
      ])
      .where("subscriptions.status", "in", ["active", "grace", "cancelled"])
      .where((eb) => eb.or([eb("subscriptions.ends_at", "is", null), eb("subscriptions.ends_at", ">", nowIso)]))
      .execute(),
    // A lapse is the grace period's end (subscriptions.ends_at of a lapsed row): counted in the range it fell in.
    db
      .selectFrom("subscriptions")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("status", "=", "lapsed")
      .where("ends_at", ">=", range.startUtc)
      .where("ends_at", "<", range.endUtc)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("subscriptions")
      .select(["tenant_id", "started_at", "ends_at"])
      .where("started_at", "<", until)
      .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", range.startUtc)]))
      .execute(),
    db
      .selectFrom("calls")
      .innerJoin("tenants", "tenants.id", "calls.tenant_id")
      .select([
        "calls.tenant_id",
        "tenants.name",
        (eb) => eb.fn.countAll<number | string>().as("calls"),
        sql<number | string>`coalesce(sum((cast(calls.duration_seconds as integer) + 59) / 60), 0)`.as("minutes"),
      ])
      .where("calls.created_at", ">=", range.startUtc)
      .where("calls.created_at", "<", range.endUtc)
      .where("calls.status", "in", [...FINISHED_STATUSES])
      .groupBy(["calls.tenant_id", "tenants.name"])
      .execute(),
  ]);

  const byIndex = new Map(seriesRows.rows.map((row) => [integer(row.index), row]));
  const series: PlatformPeriod[] = periods.map((period, index) => {
    const row = byIndex.get(index);
    return {
      key: period.key,
      firstDay: period.firstDay,
      lastDay: period.lastDay,
      signUps: integer(row?.signUps),
      calls: integer(row?.calls),
      minutes: integer(row?.minutes),
      topUpCents: integer(row?.topUpCents),
    };
  });
  const sum = (pick: (period: PlatformPeriod) => number) => series.reduce((total, period) => total + pick(period), 0);
  const coverage: CoverageSpan[] = spans.map((span) => ({ tenantId: span.tenant_id, startedAt: span.started_at, endsAt: span.ends_at }));
  const top = topByMinutes(
    perTenant.map((row) => ({ tenantId: row.tenant_id, name: row.name, calls: integer(row.calls), minutes: integer(row.minutes) })),
    TOP_TENANTS,
  );
  return {
    rangeKey,
    firstDay: range.firstDay,
    lastDay: range.lastDay,
    granularity,
    currency: BILLING_CURRENCY,
    tenants: integer(tenantCount.count),
    signUps: sum((period) => period.signUps),
    activeSubscriptions: holding.length,
    lapsedSubscriptions: integer(lapsed.count),
    mrrCents: monthlyRecurringCents(
      holding.map((row) => ({
        status: row.status,
        cancelAtPeriodEnd: row.cancel_at_period_end === 1 || row.status === "cancelled",
        priceCents: integer(row.price_cents),
        interval: row.billing_interval,
      })),
    ),
    topUpCents: sum((period) => period.topUpCents),
    calls: sum((period) => period.calls),
    minutes: sum((period) => period.minutes),
    churn: churnBetween(coverage, range.startUtc, until),
    periods: series,
    topTenants: top,
  };
}
