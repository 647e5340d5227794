/**
 * Billing periods run from a date to the same day of the next month, in UTC;
 * a day the next month lacks becomes its last day (31 January → 28 or 29
 * February), as card networks and Stripe bill.
 */
export function addMonths(iso: string, months: number) {
  const start = new Date(iso);
  const target = new Date(start);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return target.toISOString();
}

export function addDays(iso: string, days: number) {
  return new Date(new Date(iso).getTime() + days * 86_400_000).toISOString();
}

/** The first instant of the UTC month an instant falls in: auto top-up caps count per calendar month. */
export function startOfUtcMonth(iso: string) {
  const date = new Date(iso);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)).toISOString();
}

/**
 * The end of the billing period that starts at `start`, for a plan billed on
 * the day of the month of `anchor` (when it was taken out): 31 January runs to
 * 28 February, then to 31 March, as card networks bill, instead of drifting to
 * the 28th for good.
 */
export function nextPeriodEnd(anchor: string, start: string) {
  const startTime = Date.parse(start);
  let months = Math.max(1, Math.round((startTime - Date.parse(anchor)) / (30.44 * 86_400_000)));
  while (Date.parse(addMonths(anchor, months - 1)) > startTime) months -= 1;
  while (Date.parse(addMonths(anchor, months)) <= startTime) months += 1;
  return addMonths(anchor, Math.max(1, months));
}
