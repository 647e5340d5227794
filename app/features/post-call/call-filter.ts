import { addDays, startOfLocalDay } from "~/lib/dates/date-ranges";

/**
 * Which past calls a re-run or the responses view covers: calendar days in
 * the tenant's zone (both ends included), a campaign (by name, as the
 * recordings list filters it) and an agent. Pure, so the page and the job
 * read the same bounds.
 */
export interface CallFilter {
  from: string | null;
  to: string | null;
  campaign: string | null;
  agent: string | null;
}

export const EMPTY_CALL_FILTER: CallFilter = { from: null, to: null, campaign: null, agent: null };

const dayOf = (iso: string) => {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return { year, month, day };
};

/** The instants the days cover: from local midnight of `from` to local midnight after `to`. */
export function instantBounds(filter: Pick<CallFilter, "from" | "to">, timeZone: string): { start: string | null; end: string | null } {
  return {
    start: filter.from ? startOfLocalDay(dayOf(filter.from), timeZone).toISOString() : null,
    end: filter.to ? startOfLocalDay(addDays(dayOf(filter.to), 1), timeZone).toISOString() : null,
  };
}
