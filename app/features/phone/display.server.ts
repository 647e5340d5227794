import type { PhoneDisplays } from "./display";
import { formatPhoneForDisplay } from "./phone";

/**
 * Display forms already worked out, across requests: a list shows the same
 * numbers page after page (the tenant's own on every row), and libphonenumber
 * was a visible part of a list's render (issue 27). Pure in its inputs, so
 * nothing goes stale; bounded, oldest out.
 */
const DISPLAY_CACHE_ENTRIES = 20_000;
const displayCache = new Map<string, string>();

function cachedDisplay(value: string, defaultCountry?: string | null) {
  const key = `${defaultCountry ?? ""}\u0000${value}`;
  let display = displayCache.get(key);
  if (display === undefined) {
    display = formatPhoneForDisplay(value, defaultCountry);
    if (displayCache.size >= DISPLAY_CACHE_ENTRIES) displayCache.delete(displayCache.keys().next().value!);
    displayCache.set(key, display);
  }
  return display;
}

/**
 * The display format (formatPhoneForDisplay) of each number a page will
 * show, once per distinct number: a list repeats the tenant's own numbers on
 * every row. `defaultCountry` matters only for values not yet normalised.
 */
export function phoneDisplays(values: Iterable<string | null | undefined>, defaultCountry?: string | null): PhoneDisplays {
  // No prototype: a value such as "__proto__" (a CSV cell) is a key like any other.
  const displays: PhoneDisplays = Object.create(null) as PhoneDisplays;
  for (const value of values) {
    if (value && !Object.hasOwn(displays, value)) displays[value] = cachedDisplay(value, defaultCountry);
  }
  return displays;
}
