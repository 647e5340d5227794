/**
 * What every list's URL contract shares (recordings, contacts, campaigns, the
 * import preview). Parsing is lenient: a value a list does not understand
 * falls back to its default, so an old or hand-edited link still opens the list.
 *
 * Plain functions rather than zod: list pages import these in the browser
 * (links, sort headers, hidden filter fields), and a schema library there
 * would cost every page its weight for a few string checks.
 */

/** Reads one parameter; it never fails, whatever the URL says. */
export interface ParamReader<Value> {
  parse(value: string | null | undefined): Value;
}

/** One of `values`, else null (or `fallback` when one is given). */
export function oneOf<const Values extends readonly string[]>(values: Values): ParamReader<Values[number] | null>;
export function oneOf<const Values extends readonly string[]>(values: Values, fallback: Values[number]): ParamReader<Values[number]>;
export function oneOf(values: readonly string[], fallback: string | null = null): ParamReader<string | null> {
  return { parse: (value) => (value != null && values.includes(value) ? value : fallback) };
}

export const orderParam = oneOf(["asc", "desc"]);

/** A whole page number from 1 to `max`; anything else (text, 0, a fraction, a number too large) is page 1. */
export function pageNumber(max = Number.MAX_SAFE_INTEGER): ParamReader<number> {
  return {
    parse(value) {
      // Number() as a form field is read: surrounding spaces ignored, "" is 0, "007" is 7.
      const page = Number(value);
      return Number.isInteger(page) && page >= 1 && page <= max ? page : 1;
    },
  };
}

/** Past Number.MAX_SAFE_INTEGER a page number is no longer exact, so it cannot be a page anyone linked to. */
export const pageParam = pageNumber();

/** A search term, trimmed ("" for none); cut at `maxLength` when given, so a pasted essay stays a cheap query. */
export function searchTerm({ maxLength }: { maxLength?: number } = {}): ParamReader<string> {
  return {
    parse(value) {
      const term = value?.trim() ?? "";
      return maxLength === undefined ? term : term.slice(0, maxLength).trim();
    },
  };
}

/**
 * A value matched as given (a name, an id), null when empty. With `trim` and
 * `lowerCase` it is normalised first; longer than `maxLength` it is no value
 * the list could have made, so it is dropped rather than cut.
 */
export function optionalText({
  trim = false,
  lowerCase = false,
  maxLength = Infinity,
}: { trim?: boolean; lowerCase?: boolean; maxLength?: number } = {}): ParamReader<string | null> {
  return {
    parse(value) {
      if (value == null) return null;
      let text = trim ? value.trim() : value;
      if (lowerCase) text = text.toLowerCase();
      return text && text.length <= maxLength ? text : null;
    },
  };
}

/** A calendar day as a date input sends it ("2026-11-23"), null when it is not a real day. */
export const calendarDayParam: ParamReader<string | null> = {
  parse(value) {
    const match = value?.trim().match(/^(\d{4})-(\d{2})-(\d{2})$/);
    if (!match) return null;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? match[0] : null;
  },
};

/** A switch that is on for "1" or "true" (what a checkbox or a hand-written link sends), off for anything else. */
export const flagParam: ParamReader<boolean> = { parse: (value) => value === "1" || value === "true" };

type ReadValues<Readers extends Record<string, ParamReader<unknown>>> = { [Name in keyof Readers]: ReturnType<Readers[Name]["parse"]> };

/** Each named parameter read by its reader, from its first value. */
export function readParams<Readers extends Record<string, ParamReader<unknown>>>(searchParams: URLSearchParams, readers: Readers): ReadValues<Readers> {
  const values = firstValues(searchParams, Object.keys(readers));
  const read: Record<string, unknown> = {};
  for (const [name, reader] of Object.entries(readers)) read[name] = reader.parse(values[name]);
  return read as ReadValues<Readers>;
}

/** The first value of each named parameter, as a form with one field of that name would send it; absent ones are left out. */
export function firstValues<Name extends string>(searchParams: URLSearchParams, names: readonly Name[]): Partial<Record<Name, string>> {
  const values: Partial<Record<Name, string>> = {};
  for (const name of names) {
    const value = searchParams.get(name);
    if (value !== null) values[name] = value;
  }
  return values;
}
