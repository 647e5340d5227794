import type { PhoneDisplays } from "./display";
import { formatPhoneForDisplay } from "./phone";

/**
 * The display format (formatPhoneForDisplay) of each number a page will
 * show, once per distinct number: a list repeats the tenant's own numbers on
 * every row. `defaultCountry` matters only for values not yet normalised.
 */
export function phoneDisplays(values: Iterable<string | null | undefined>, defaultCountry?: string | null): PhoneDisplays {
  // No prototype: a value such as "__proto__" (a CSV cell) is a key like any other.
  const displays: PhoneDisplays = Object.create(null) as PhoneDisplays;
  for (const value of values) {
    if (value && !Object.hasOwn(displays, value)) displays[value] = formatPhoneForDisplay(value, defaultCountry);
  }
  return displays;
}
