import { z } from "zod";

/**
 * What every list's URL contract shares (recordings, contacts, campaigns).
 * Parsing is lenient: a value a list does not understand falls back to its
 * default, so an old or hand-edited link still opens the list.
 */

export const orderParam = z.enum(["asc", "desc"]).nullable().catch(null);

/** A page number from 1; anything else (text, 0, a number too large to be exact) is page 1. */
export const pageParam = z.coerce
  .number()
  .int()
  .min(1)
  .catch(1)
  .transform((page) => (Number.isSafeInteger(page) ? page : 1));

/** The first value of each named parameter, as a form with one field of that name would send it; absent ones are left out. */
export function firstValues<Name extends string>(searchParams: URLSearchParams, names: readonly Name[]): Partial<Record<Name, string>> {
  const values: Partial<Record<Name, string>> = {};
  for (const name of names) {
    const value = searchParams.get(name);
    if (value !== null) values[name] = value;
  }
  return values;
}
