import { getDb, type DB } from "~/db/db.server";
import { granularityFor, periodsOf } from "~/lib/dates/chart-periods";
import { localDateKey, resolveDateRange, type DateRangeKey } from "~/lib/dates/date-ranges";
import { overageByDay, periodUsage } from "./overage.server";
import { OVERAGE_CENTS_PER_MINUTE } from "./overage";
import { localDaysOf, usageByAgent, usageByBuckets, usageByCampaign, usageTotals, type CostSums, type UsageFigures, type UsageRange } from "./usage.server";
import { overageCents } from "./overage";
import { shareByMinutes } from "./overage-attribution";

/** The one currency a table shows costs in: the one most calls reported (others are listed under the table). */
function mainCurrency(totals: UsageFigures) {
  return [...totals.costs].sort((a, b) => b.calls - a.calls || a.currency.localeCompare(b.currency))[0]?.currency ?? null;
}

const costIn = (costs: CostSums[], currency: string | null) => (currency ? (costs.find((cost) => cost.currency === currency) ?? null) : null);

/** Rows for the usage tab's tables: figures and the main currency's costs, side by side. */
function row<Key extends string>(key: Key, figures: UsageFigures, currency: string | null) {
  return { key, calls: figures.calls, minutes: figures.billableMinutes, cost: costIn(figures.costs, currency) };
}

/**
 * /billing?tab=usage&range=…: the range's minutes and reported costs per day,
 * per campaign and per agent (each table adds up to the same totals), the
 * overage booked per day, and the current billing period's included minutes.
 */
export async function usageData(tenantId: string, rangeKey: DateRangeKey, timeZone: string, db: DB = getDb()) {
  const range = resolveDateRange(rangeKey, timeZone);
  const window = { start: range.startUtc, end: range.endUtc };
  // Days up to two months, then weeks, then months, as the overview's chart: a year is 12 rows, not 365.
  const granularity = granularityFor(range);
  const periods = periodsOf(range, granularity, timeZone);
  const [buckets, campaigns, agents, totals, overage, period] = await Promise.all([
    usageByBuckets(
      tenantId,
      periods.map((bucket) => ({ key: bucket.key, start: bucket.startUtc, end: bucket.endUtc })),
      db,
    ),
    usageByCampaign(tenantId, window, db),
    usageByAgent(tenantId, window, db),
    usageTotals(tenantId, window, db),
    overageByDay(tenantId, window, timeZone, db),
    periodUsage(tenantId, new Date(), db),
  ]);
  const currency = mainCurrency(totals);
  const campaignOverage = await overageByCampaign(tenantId, window, timeZone, overage, db);
  const overageIn = (firstDay: string, lastDay: string) => overage.filter((day) => day.day >= firstDay && day.day <= lastDay);
  return {
    rangeKey,
    firstDay: range.firstDay,
    lastDay: range.lastDay,
    currency,
    otherCurrencies: totals.costs.filter((cost) => cost.currency !== currency),
    overageCentsPerMinute: period?.overageCentsPerMinute ?? OVERAGE_CENTS_PER_MINUTE,
    granularity,
    days: buckets.map((bucket, index) => {
      const { firstDay, lastDay } = periods[index]!;
      const booked = overageIn(localDateKey(firstDay), localDateKey(lastDay));
      return {
        ...row(bucket.key, bucket, currency),
        firstDay,
        lastDay,
        overageMinutes: booked.reduce((sum, day) => sum + day.minutes, 0),
        overageCents: booked.reduce((sum, day) => sum + day.chargedCents, 0),
      };
    }),
    campaigns: campaigns.map((campaign) => {
      const minutes = campaignOverage.get(campaign.campaign ?? "") ?? 0;
      return {
        ...row(campaign.campaign ?? "", campaign, currency),
        named: campaign.campaign !== null,
        overageMinutes: minutes,
        overageCents: overageCents(minutes, period?.overageCentsPerMinute),
      };
    }),
    agents: agents.map((agent) => ({ ...row(agent.agent ?? "", agent, currency), named: agent.agent !== null })),
    totals: {
      ...row("total", totals, currency),
      overageMinutes: overage.reduce((sum, day) => sum + day.minutes, 0),
      overageCents: overage.reduce((sum, day) => sum + day.chargedCents, 0),
    },
    period: period
      ? {
          planName: period.planName,
          includedMinutes: period.includedMinutes,
          usedMinutes: period.usedMinutes,
          includedMinutesLeft: period.includedMinutesLeft,
          overageMinutes: period.overageMinutes,
          bookedOverageCents: period.bookedOverageCents,
          periodStart: period.periodStart,
          periodEnd: period.periodEnd,
        }
      : null,
  };
}

export type UsageView = Awaited<ReturnType<typeof usageData>>;

/** At most this many days of overage are shared out per page view, in parallel batches: a year of daily overage is 365 small grouped reads. */
const ATTRIBUTION_BATCH = 16;

/** Each day's booked overage shared among that day's campaigns (overage-attribution.ts), summed over the range. Key "" is "no campaign". */
export async function overageByCampaign(
  tenantId: string,
  range: UsageRange,
  timeZone: string,
  overage: Array<{ day: string; minutes: number }>,
  db: DB = getDb(),
) {
  const totals = new Map<string, number>();
  const dayBounds = new Map(localDaysOf(range, timeZone).map((day) => [day.key, day]));
  const days = overage.filter((day) => day.minutes > 0 && dayBounds.has(day.day));
  for (let i = 0; i < days.length; i += ATTRIBUTION_BATCH) {
    const batch = days.slice(i, i + ATTRIBUTION_BATCH);
    const perDay = await Promise.all(
      batch.map((day) => usageByCampaign(tenantId, { start: dayBounds.get(day.day)!.start, end: dayBounds.get(day.day)!.end }, db)),
    );
    batch.forEach((day, index) => {
      const shares = shareByMinutes(
        day.minutes,
        perDay[index]!.map((campaign) => ({ key: campaign.campaign ?? "", minutes: campaign.billableMinutes })),
      );
      for (const [key, minutes] of shares) totals.set(key, (totals.get(key) ?? 0) + minutes);
    });
  }
  return totals;
}
