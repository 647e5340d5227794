import { sql } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import { durableTransaction } from "~/db/durable.server";
import { postLedgerEntry } from "../ledger.server";
import {
  billingWindow,
  dayOfOverageReference,
  localMidnightOnOrBefore,
  OVERAGE_CENTS_PER_MINUTE,
  overageCents,
  overageReference,
  overageToBook,
  splitIncludedMinutes,
  type DayAllowance,
} from "./overage";
import { localDaysOf, usageByBuckets, usageTotals, type UsageRange } from "./usage.server";

/**
 * Books call minutes beyond the plan against the prepaid balance: one ledger
 * entry per tenant-local day (kind "usage", reference `usage:<YYYY-MM-DD>`,
 * description `ledger.usage` with { minutes, date }), once the day is over.
 *
 * Days are the tenant's calendar days, not UTC days: the usage tab shows the
 * tenant's days, so the entry for 2 March is the overage of the row for
 * 2 March there. A billing period counts whole local days (overage.ts,
 * billingWindow), its included minutes used up in day order.
 *
 * Idempotent: the ledger books a reference once per tenant (the unique index
 * and the tenant lock in postLedgerEntry), so any number of passes, on any
 * number of servers, book a day once. Days within the included minutes get
 * no entry (a 0.00 line a day would bury the history). A day's amount
 * depends only on the calls and on what is already booked; a call reported
 * after its day was booked is charged with the next day booked (overageToBook).
 *
 * The job runner should book before it renews: runOverageBooking(at) ahead of
 * runRenewals in runBillingJobs, so a period that ends in a pass gets its last
 * days booked while its subscription row still holds it (a renewal moves the
 * row's period forward). Periods that ended in the last OVERAGE_LOOKBACK_DAYS
 * are looked at too, for a runner that was down or a plan changed right after
 * midnight.
 */

/** How long after its end a period's days are still booked. */
export const OVERAGE_LOOKBACK_DAYS = 7;

export interface OverageDay {
  /** Tenant-local day, YYYY-MM-DD. */
  day: string;
  /** Overage minutes booked for the day. */
  minutes: number;
  /** What they cost, positive cents (the ledger entry's amount is its negative). */
  chargedCents: number;
}

interface PeriodRow {
  id: string;
  tenant_id: string;
  status: string;
  plan_name: string;
  included_minutes: number;
  current_period_start: string | null;
  current_period_end: string | null;
  ends_at: string | null;
  time_zone: string;
  overage_cents_per_minute: number;
}

/** The subscription's period as it counts usage: cut short where the subscription ended early (a plan change). */
function periodOf(row: PeriodRow) {
  if (!row.current_period_start || !row.current_period_end) return null;
  const end = row.ends_at && row.ends_at < row.current_period_end ? row.ends_at : row.current_period_end;
  return { start: row.current_period_start, end: end < row.current_period_start ? row.current_period_start : end };
}

function periodRows(db: DB, at: Date) {
  const iso = at.toISOString();
  const cutoff = new Date(at.getTime() - OVERAGE_LOOKBACK_DAYS * 86_400_000).toISOString();
  return db
    .selectFrom("subscriptions")
    .innerJoin("plans", "plans.id", "subscriptions.plan_id")
    .innerJoin("tenants", "tenants.id", "subscriptions.tenant_id")
    .select([
      "subscriptions.id",
      "subscriptions.tenant_id",
      "subscriptions.status",
      "plans.name as plan_name",
      // The period's terms as sold (migration 0030): a change on /products reaches it at the next renewal.
      sql<number>`coalesce(subscriptions.period_included_minutes, plans.included_minutes)`.as("included_minutes"),
      "subscriptions.current_period_start",
      "subscriptions.current_period_end",
      "subscriptions.ends_at",
      "tenants.time_zone",
      // The rate the period was sold at (migration 0030); the plan's for a row from before it.
      sql<number>`coalesce(subscriptions.period_overage_cents_per_minute, plans.overage_cents_per_minute)`.as("overage_cents_per_minute"),
    ])
    .where("subscriptions.current_period_start", "is not", null)
    .where("subscriptions.current_period_start", "<=", iso)
    .where("subscriptions.current_period_end", ">", cutoff)
    .where((eb) => eb.or([eb("subscriptions.ends_at", "is", null), eb("subscriptions.ends_at", ">", cutoff)]));
}

/** The overage entries of a tenant's days first…last (YYYY-MM-DD), by day: a range read on the (tenant_id, reference) index. */
async function bookedBetween(tenantId: string, firstDay: string, lastDay: string, db: DB) {
  const rows = await db
    .selectFrom("ledger_entries")
    .select(["reference", "amount_cents", "description_values"])
    .where("tenant_id", "=", tenantId)
    .where("reference", ">=", overageReference(firstDay))
    .where("reference", "<=", overageReference(lastDay))
    .execute();
  const booked = new Map<string, OverageDay>();
  for (const row of rows) {
    const day = dayOfOverageReference(row.reference);
    if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) continue;
    const chargedCents = -row.amount_cents;
    booked.set(day, { day, minutes: minutesOf(row.description_values) ?? Math.round(chargedCents / OVERAGE_CENTS_PER_MINUTE), chargedCents });
  }
  return booked;
}

function minutesOf(values: string): number | null {
  try {
    const minutes = (JSON.parse(values) as { minutes?: unknown }).minutes;
    return typeof minutes === "number" && Number.isSafeInteger(minutes) ? minutes : null;
  } catch {
    return null;
  }
}

/** Books the completed, unbooked days of one period; returns what it booked. */
async function bookPeriod(row: PeriodRow, at: Date, db: DB): Promise<OverageDay[]> {
  const period = periodOf(row);
  if (!period) return [];
  const window = billingWindow(period, row.time_zone);
  // Days that are over: up to the last local midnight before `at`.
  const lastMidnight = localMidnightOnOrBefore(at.toISOString(), row.time_zone);
  const completed: UsageRange = { start: window.start, end: lastMidnight < window.end ? lastMidnight : window.end };
  if (completed.end <= completed.start) return [];
  const days = localDaysOf(completed, row.time_zone);
  const booked = await bookedBetween(row.tenant_id, days[0]!.key, days.at(-1)!.key, db);

  // The cheap check first (one aggregate): most checks find nothing owed, and read no day.
  const used = (await usageTotals(row.tenant_id, completed, db)).billableMinutes;
  const bookedMinutes = [...booked.values()].reduce((sum, entry) => sum + entry.minutes, 0);
  if (Math.max(0, used - row.included_minutes) - bookedMinutes <= 0) return [];

  const perDay = await usageByBuckets(row.tenant_id, days, db);
  const toBook = overageToBook(
    row.included_minutes,
    perDay.map((day) => ({ day: day.key, minutes: day.billableMinutes, bookedMinutes: booked.get(day.key)?.minutes ?? null })),
  );
  if (toBook.length === 0) return [];
  return durableTransaction(db, async (trx) => {
    const done: OverageDay[] = [];
    for (const { day, minutes } of toBook) {
      const chargedCents = overageCents(minutes, row.overage_cents_per_minute);
      const entry = await postLedgerEntry(trx, {
        tenantId: row.tenant_id,
        kind: "usage",
        amountCents: -chargedCents,
        descriptionKey: "ledger.usage",
        descriptionValues: { minutes, date: day },
        reference: overageReference(day),
      });
      // null: another pass booked the day a moment ago.
      if (entry) done.push({ day, minutes, chargedCents });
    }
    return done;
  });
}

/**
 * Books the overage of every day of the tenant's billing period that is over
 * by `at` and not booked yet (and of periods that ended in the last
 * OVERAGE_LOOKBACK_DAYS). A tenant without a subscription with a period books
 * nothing. Returns the days it booked, in order.
 */
export async function bookOverage(tenantId: string, at: Date = new Date(), db: DB = getDb()): Promise<OverageDay[]> {
  const rows = await periodRows(db, at).where("subscriptions.tenant_id", "=", tenantId).orderBy("subscriptions.current_period_start").execute();
  const booked: OverageDay[] = [];
  for (const row of rows) booked.push(...(await bookPeriod(row, at, db)));
  return booked;
}

/**
 * What each subscription's period was last fully checked up to (its window
 * and its last completed day): the job looks at a period again only once
 * another day is over. Minutes reported late for a day already checked are
 * caught when the next day is (overageToBook), so the job costs one check per
 * period and day rather than one per pass. Per process: after a restart, or
 * on another server, a period is checked once more, which books nothing twice.
 */
const checkedUpTo = new Map<string, string>();

function checkMark(row: PeriodRow, at: Date) {
  const period = periodOf(row);
  if (!period) return null;
  const window = billingWindow(period, row.time_zone);
  const lastMidnight = localMidnightOnOrBefore(at.toISOString(), row.time_zone);
  return `${window.start}|${lastMidnight < window.end ? lastMidnight : window.end}`;
}

/**
 * The job (each pass of the job runner, ahead of the renewals): books the
 * overage of every period with a day over since it was last checked, for
 * every tenant (bookOverage). A period that fails is logged and tried again
 * next pass.
 */
export async function runOverageBooking(at: Date = new Date(), db: DB = getDb()) {
  const rows = await periodRows(db, at).orderBy("subscriptions.current_period_start").execute();
  const result = { tenants: new Set(rows.map((row) => row.tenant_id)).size, checked: 0, days: 0, minutes: 0, failed: 0 };
  for (const row of rows) {
    const mark = checkMark(row, at);
    if (mark === null || checkedUpTo.get(row.id) === mark) continue;
    try {
      const booked = await bookPeriod(row, at, db);
      checkedUpTo.set(row.id, mark);
      result.checked += 1;
      result.days += booked.length;
      result.minutes += booked.reduce((sum, day) => sum + day.minutes, 0);
    } catch (error) {
      result.failed += 1;
      console.error(`Overage booking of tenant ${row.tenant_id} (subscription ${row.id}):`, error);
    }
  }
  const current = new Set(rows.map((row) => row.id));
  for (const id of checkedUpTo.keys()) if (!current.has(id)) checkedUpTo.delete(id);
  return result;
}

/** The overage booked for the tenant-local days a range touches, by day (days without an entry are left out), in order. */
export async function overageByDay(tenantId: string, range: UsageRange, timeZone: string, db: DB = getDb()): Promise<OverageDay[]> {
  const days = localDaysOf(range, timeZone);
  if (days.length === 0) return [];
  const booked = await bookedBetween(tenantId, days[0]!.key, days.at(-1)!.key, db);
  return days.flatMap((day) => booked.get(day.key) ?? []);
}

export interface PeriodDay extends DayAllowance {
  /** What was booked for the day (null: nothing, yet or at all). */
  booked: OverageDay | null;
}

export interface PeriodUsage {
  subscriptionId: string;
  planName: string;
  /** The plan's included minutes per period. */
  includedMinutes: number;
  /** Cents per minute beyond them, as the current period was sold at. */
  overageCentsPerMinute: number;
  /** The subscription's period (UTC ISO), cut short where it ended early. */
  periodStart: string;
  periodEnd: string;
  /** The whole tenant-local days it counts minutes in (billingWindow). */
  windowStart: string;
  windowEnd: string;
  /** Billable minutes so far in the window (up to `at`). */
  usedMinutes: number;
  includedMinutesUsed: number;
  includedMinutesLeft: number;
  /** Minutes beyond the plan so far, booked or not (today's are booked once the day is over). */
  overageMinutes: number;
  bookedOverageMinutes: number;
  bookedOverageCents: number;
  /** Every day of the window up to `at` (today so far included), in order. */
  days: PeriodDay[];
}

/**
 * The tenant's current billing period for the usage tab: included minutes
 * used and left, and each day's split into included minutes and overage,
 * with what was booked. Null without a subscription with a period.
 */
export async function periodUsage(tenantId: string, at: Date = new Date(), db: DB = getDb()): Promise<PeriodUsage | null> {
  const row = await periodRows(db, at)
    .where("subscriptions.tenant_id", "=", tenantId)
    .orderBy("subscriptions.current_period_start", "desc")
    .orderBy("subscriptions.id", "desc")
    .executeTakeFirst();
  const period = row ? periodOf(row) : null;
  if (!row || !period) return null;
  const window = billingWindow(period, row.time_zone);
  const iso = at.toISOString();
  const upTo: UsageRange = { start: window.start, end: iso < window.end ? (iso > window.start ? iso : window.start) : window.end };
  const days = localDaysOf(upTo, row.time_zone);
  const [perDay, booked] = await Promise.all([
    usageByBuckets(tenantId, days, db),
    days.length ? bookedBetween(tenantId, days[0]!.key, days.at(-1)!.key, db) : Promise.resolve(new Map<string, OverageDay>()),
  ]);
  const split = splitIncludedMinutes(
    row.included_minutes,
    perDay.map((day) => ({ day: day.key, minutes: day.billableMinutes })),
  );
  const usedMinutes = split.reduce((sum, day) => sum + day.minutes, 0);
  const includedMinutesUsed = split.reduce((sum, day) => sum + day.includedMinutes, 0);
  const bookedDays = [...booked.values()];
  return {
    subscriptionId: row.id,
    planName: row.plan_name,
    includedMinutes: row.included_minutes,
    overageCentsPerMinute: row.overage_cents_per_minute,
    periodStart: period.start,
    periodEnd: period.end,
    windowStart: window.start,
    windowEnd: window.end,
    usedMinutes,
    includedMinutesUsed,
    includedMinutesLeft: Math.max(0, row.included_minutes - includedMinutesUsed),
    overageMinutes: usedMinutes - includedMinutesUsed,
    bookedOverageMinutes: bookedDays.reduce((sum, day) => sum + day.minutes, 0),
    bookedOverageCents: bookedDays.reduce((sum, day) => sum + day.chargedCents, 0),
    days: split.map((day) => ({ ...day, booked: booked.get(day.day) ?? null })),
  };
}
