/**
 * What an upgrade costs now: the price difference for the part of the paid
 * period that is left, in whole cents (rounded half up). Time is counted in
 * whole seconds so the product stays an exact integer. A downgrade costs
 * nothing now (it takes effect at the period's end), so never below 0.
 */
export function proratedUpgradeCents(oldPriceCents: number, newPriceCents: number, periodStart: string, periodEnd: string, at: Date) {
  const total = Math.floor((Date.parse(periodEnd) - Date.parse(periodStart)) / 1000);
  const left = Math.min(total, Math.max(0, Math.floor((Date.parse(periodEnd) - at.getTime()) / 1000)));
  const difference = newPriceCents - oldPriceCents;
  if (difference <= 0 || total <= 0 || left <= 0) return 0;
  return Math.floor((difference * left * 2 + total) / (2 * total));
}
