/**
 * Overage is booked per day; the usage tab also shows it per campaign. A
 * day's overage minutes are shared among the campaigns that made the day's
 * minutes, in proportion, rounded by largest remainder so the shares add up
 * to the day's overage exactly (no minute is lost or counted twice), ties to
 * the campaign listed first.
 */
export function shareByMinutes(overageMinutes: number, minutesByKey: Array<{ key: string; minutes: number }>): Map<string, number> {
  const shares = new Map<string, number>();
  const total = minutesByKey.reduce((sum, entry) => sum + entry.minutes, 0);
  if (overageMinutes <= 0 || total <= 0) return shares;
  const exact = minutesByKey.map((entry, index) => ({
    key: entry.key,
    index,
    floor: Math.floor((overageMinutes * entry.minutes) / total),
    remainder: (overageMinutes * entry.minutes) % total,
  }));
  let left = overageMinutes - exact.reduce((sum, entry) => sum + entry.floor, 0);
  for (const entry of [...exact].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    entry.floor += 1;
    left -= 1;
  }
  for (const entry of exact) if (entry.floor > 0) shares.set(entry.key, (shares.get(entry.key) ?? 0) + entry.floor);
  return shares;
}
