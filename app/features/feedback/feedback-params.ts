import { calendarDayParam, oneOf, optionalText, pageParam, readParams } from "~/lib/url-params/url-params";
import { addDays, localDateKey, localDateOf, startOfLocalDay, type LocalDate } from "~/lib/dates/date-ranges";

/**
 * The URL contract of /feedback (docs/product/feedback.md): a bookmarked URL
 * reproduces the view. Lenient like every list: a value it does not
 * understand falls back to "any", so an old or hand-edited link still opens.
 *
 *   /feedback?rating=1..5&campaign=&agent=&from=YYYY-MM-DD&to=YYYY-MM-DD&disagreement=1&text=with|without&page=
 *
 * `from` and `to` are calendar days of the tenant's time zone and select by
 * when the feedback came in; a range given backwards is swapped. Without
 * them every feedback is listed, and the chart runs from the first one.
 */
export const FEEDBACK_PAGE_SIZE = 20;

export const RATING_VALUES = ["5", "4", "3", "2", "1"] as const;
export const TEXT_FILTERS = ["with", "without"] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];

export interface FeedbackListParams {
  rating: 1 | 2 | 3 | 4 | 5 | null;
  /** An exact campaign name, as calls carry it. */
  campaign: string | null;
  /** An exact agent name, as calls carry it (a Voxboard agent's or the one the platform reported). */
  agent: string | null;
  from: string | null;
  to: string | null;
  /** Only feedback whose rating disagrees with the analysed sentiment (docs/product/behaviour.md, the disagreement view). */
  disagreement: boolean;
  text: TextFilter | null;
  page: number;
}

const readers = {
  rating: oneOf(RATING_VALUES),
  campaign: optionalText({ maxLength: 200 }),
  agent: optionalText({ maxLength: 200 }),
  from: calendarDayParam,
  to: calendarDayParam,
  disagreement: oneOf(["1"]),
  text: oneOf(TEXT_FILTERS),
  page: pageParam,
};

export function parseFeedbackParams(searchParams: URLSearchParams): FeedbackListParams {
  const read = readParams(searchParams, readers);
  const [from, to] = read.from && read.to && read.from > read.to ? [read.to, read.from] : [read.from, read.to];
  return {
    rating: read.rating ? (Number(read.rating) as FeedbackListParams["rating"]) : null,
    campaign: read.campaign,
    agent: read.agent,
    from,
    to,
    disagreement: read.disagreement === "1",
    text: read.text,
    page: read.page,
  };
}

export const DEFAULT_FEEDBACK_PARAMS = parseFeedbackParams(new URLSearchParams());

/** The filters as query pairs in a stable order, defaults left out (no page). */
export function filterPairs(params: FeedbackListParams): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  if (params.rating) pairs.push(["rating", String(params.rating)]);
  if (params.campaign) pairs.push(["campaign", params.campaign]);
  if (params.agent) pairs.push(["agent", params.agent]);
  if (params.from) pairs.push(["from", params.from]);
  if (params.to) pairs.push(["to", params.to]);
  if (params.disagreement) pairs.push(["disagreement", "1"]);
  if (params.text) pairs.push(["text", params.text]);
  return pairs;
}

export function feedbackHref(params: FeedbackListParams, changes: Partial<FeedbackListParams> = {}) {
  const next = { ...params, ...changes };
  const search = new URLSearchParams(filterPairs(next));
  if (next.page > 1) search.set("page", String(next.page));
  const query = search.toString();
  return query ? `/feedback?${query}` : "/feedback";
}

export function hasFilters(params: FeedbackListParams) {
  return filterPairs(params).length > 0;
}

/** "2026-03-05" as a calendar date. */
export function localDateFromKey(key: string): LocalDate {
  const [year, month, day] = key.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
}

/** The shortest span the chart shows: a month, so a tenant's first ratings do not fill it as two fat bars. */
export const MIN_CHART_DAYS = 30;

/**
 * The calendar days the chart covers: the days asked for, else from the
 * first matching feedback (at least MIN_CHART_DAYS back) to today. A
 * missing end is today; a missing start is the first feedback's day. The
 * UTC bounds are local midnights, for SQL on the ISO timestamps.
 */
export function chartDays(
  params: Pick<FeedbackListParams, "from" | "to">,
  { timeZone, now, firstFeedbackAt }: { timeZone: string; now: Date; firstFeedbackAt: string | null },
) {
  const today = localDateOf(now, timeZone);
  const lastDay = params.to ? localDateFromKey(params.to) : today;
  const earliestShown = addDays(lastDay, -(MIN_CHART_DAYS - 1));
  let firstDay: LocalDate;
  if (params.from) firstDay = localDateFromKey(params.from);
  else {
    const first = firstFeedbackAt ? localDateOf(new Date(firstFeedbackAt), timeZone) : earliestShown;
    firstDay = localDateKey(first) < localDateKey(earliestShown) ? first : earliestShown;
  }
  if (localDateKey(firstDay) > localDateKey(lastDay)) firstDay = lastDay;
  return {
    firstDay,
    lastDay,
    startUtc: startOfLocalDay(firstDay, timeZone).toISOString(),
    endUtc: startOfLocalDay(addDays(lastDay, 1), timeZone).toISOString(),
  };
}

/** One row of the list, as the loader sends it. */
export interface FeedbackRow {
  callId: string;
  rating: number;
  text: string | null;
  feedbackAt: string;
  callAt: string;
  campaignName: string | null;
  agentName: string | null;
  sentiment: "positive" | "neutral" | "negative" | null;
  /** The rating disagrees with the analysed sentiment. */
  disagrees: boolean;
  /** Seconds into the call the feedback is about (named, else worked out from the transcript), or null: the call as a whole. */
  moment: number | null;
  /** The moment was named by whoever gave the feedback, not worked out. */
  momentNamed: boolean;
}

/** Everything /feedback renders; serialisable. */
export interface FeedbackViewData {
  /** As applied: the page is clamped to the last one. */
  params: FeedbackListParams;
  rows: FeedbackRow[];
  total: number;
  pageCount: number;
  figures: {
    total: { rated: number; csat: number | null; average: number | null };
    distribution: Array<{ rating: number; count: number }>;
    disagreements: number;
    granularity: "day" | "week" | "month";
    periods: Array<{
      key: string;
      firstDay: LocalDate;
      lastDay: LocalDate;
      rated: number;
      ratingSum: number;
      satisfied: number;
      csat: number | null;
      average: number | null;
    }>;
  };
  options: { campaigns: string[]; agents: string[] };
  timeZone: string;
  /** This exact view, for the recording's back link. */
  returnTo: string;
}
