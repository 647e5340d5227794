import { localDateOf, startOfLocalDay } from "~/lib/dates/date-ranges";

/**
 * Call minutes beyond a plan's included minutes ("overage"), paid from the
 * prepaid balance. Pure: the booking is overage.server.ts.
 *
 * The price: each plan's overage_cents_per_minute (a plan column since
 * migration 0030, set on /products), as the current paid period was sold at
 * (subscriptions.period_overage_cents_per_minute), so a rate change reaches a
 * subscription at its next renewal like a price change
 * (docs/decisions/0050-plan-price-changes-at-renewal.md). Whole cents per
 * whole minute keep every amount an integer.
 *
 * OVERAGE_CENTS_PER_MINUTE is the rate every plan had before: 5 cents, between
 * what the seeded plans include their minutes at (Starter 9.8 ¢, Growth 6 ¢,
 * Scale 4 ¢); the seeded plans keep it, and it reads old ledger entries that
 * did not store their minutes.
 */
export const OVERAGE_CENTS_PER_MINUTE = 5;

/** One call's billable minutes: whole minutes, rounded up; 0 s (or no duration) is 0 minutes. The SQL in usage.server.ts computes the same. */
export function billableMinutes(durationSeconds: number | null | undefined): number {
  if (!durationSeconds || durationSeconds <= 0) return 0;
  return Math.ceil(durationSeconds / 60);
}

export function overageCents(minutes: number, centsPerMinute: number = OVERAGE_CENTS_PER_MINUTE): number {
  return minutes * centsPerMinute;
}

/** The ledger reference of a day's overage: one entry per tenant and day, ever (the ledger refuses a second). */
export const overageReference = (day: string) => `usage:${day}`;
export const dayOfOverageReference = (reference: string) => (reference.startsWith("usage:") ? reference.slice("usage:".length) : null);

/** The local midnight on or before an instant. */
export function localMidnightOnOrBefore(instant: string, timeZone: string): string {
  return startOfLocalDay(localDateOf(new Date(instant), timeZone), timeZone).toISOString();
}

/**
 * The stretch of time a billing period counts minutes in: whole
 * tenant-local days, from the local midnight on or before the period's start
 * to the local midnight on or before its end. So every local day belongs to
 * exactly one period (the one its end falls in), and each of a period's days
 * is over before the period is, which lets the day be booked while its
 * period is still the current one. The few hours between the last midnight
 * and the period's end count toward the next period.
 */
export function billingWindow(period: { start: string; end: string }, timeZone: string): { start: string; end: string } {
  const start = localMidnightOnOrBefore(period.start, timeZone);
  const end = localMidnightOnOrBefore(period.end, timeZone);
  return { start, end: end < start ? start : end };
}

export interface DayMinutes {
  /** Tenant-local day, YYYY-MM-DD. */
  day: string;
  minutes: number;
}

export interface DayAllowance extends DayMinutes {
  /** Of the day's minutes, those the plan's included minutes still covered. */
  includedMinutes: number;
  /** The rest: beyond the plan. */
  overageMinutes: number;
  /** Included minutes left after the day. */
  includedLeft: number;
}

/**
 * Splits the days of one billing period (in order) into included minutes,
 * used up first, and overage: the day on which the allowance runs out is
 * split at that point.
 */
export function splitIncludedMinutes(includedMinutes: number, days: DayMinutes[]): DayAllowance[] {
  let left = Math.max(0, includedMinutes);
  return days.map(({ day, minutes }) => {
    const included = Math.min(left, minutes);
    left -= included;
    return { day, minutes, includedMinutes: included, overageMinutes: minutes - included, includedLeft: left };
  });
}

export interface DayToBook extends DayMinutes {
  /** Overage minutes already booked for the day, or null when it has no entry. */
  bookedMinutes: number | null;
}

/**
 * The overage to book now for the completed days of one period (in order),
 * given what is booked already. A day owes what the period's overage up to
 * and including it comes to, minus what earlier days booked: the same as its
 * own overage minutes (splitIncludedMinutes) while nothing changes after a
 * booking; a call reported late for a day already booked is charged with the
 * next day booked instead of being lost. Only days after the last booked one
 * are booked (an earlier day without an entry owed nothing when its turn
 * came), days that owe nothing get no entry, and the total booked never
 * exceeds the period's overage up to the last day.
 */
export function overageToBook(includedMinutes: number, days: DayToBook[]): DayMinutes[] {
  let lastBooked = -1;
  days.forEach((day, index) => {
    if (day.bookedMinutes !== null) lastBooked = index;
  });
  const toBook: DayMinutes[] = [];
  let used = 0;
  let booked = 0;
  days.forEach((day, index) => {
    used += day.minutes;
    if (day.bookedMinutes !== null) {
      booked += day.bookedMinutes;
      return;
    }
    if (index < lastBooked) return;
    const due = Math.max(0, used - includedMinutes) - booked;
    if (due <= 0) return;
    toBook.push({ day: day.day, minutes: due });
    booked += due;
  });
  return toBook;
}
