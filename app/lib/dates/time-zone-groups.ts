/**
 * IANA zones grouped by their region (the part before the first "/"), for the time-zone field's
 * <optgroup>s without JavaScript (issue 27). Zones without a region (UTC, Etc/…) go to "other", last.
 */
export const TIME_ZONE_REGIONS = ["Europe", "America", "Africa", "Asia", "Atlantic", "Australia", "Indian", "Pacific", "Antarctica", "Arctic"] as const;
export type TimeZoneRegion = (typeof TIME_ZONE_REGIONS)[number] | "other";

export function groupTimeZones(zones: readonly string[]): Array<{ region: TimeZoneRegion; zones: string[] }> {
  const byRegion = new Map<TimeZoneRegion, string[]>();
  for (const zone of zones) {
    const prefix = zone.split("/")[0]!;
    const region: TimeZoneRegion = zone.includes("/") && (TIME_ZONE_REGIONS as readonly string[]).includes(prefix) ? (prefix as TimeZoneRegion) : "other";
    byRegion.set(region, [...(byRegion.get(region) ?? []), zone]);
  }
  return [...TIME_ZONE_REGIONS, "other" as const].filter((region) => byRegion.has(region)).map((region) => ({ region, zones: byRegion.get(region)! }));
}

/** A zone as people read it: "America/New_York" → "America/New York". */
export const zoneLabel = (zone: string) => zone.replace(/_/g, " ");

/** The zones whose name contains every word typed, ignoring case, "_" and "/" (the search with JavaScript). */
export function matchTimeZones(zones: readonly string[], query: string): string[] {
  const words = query.toLowerCase().replace(/[_/]/g, " ").split(/\s+/).filter(Boolean);
  if (!words.length) return [...zones];
  return zones.filter((zone) => {
    const name = zone.toLowerCase().replace(/[_/]/g, " ");
    return words.every((word) => name.includes(word));
  });
}
