import { sql, type RawBuilder } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import { addDays, localDateKey, localDateOf, startOfLocalDay, type LocalDate } from "~/lib/dates/date-ranges";
import { FINISHED_STATUSES } from "~/features/recordings/list/list-params";

/**
 * Call usage of a tenant for /billing?tab=usage and the overage booking:
 * calls, seconds, billable minutes (each call rounded up to whole minutes on
 * its own; a call of 0 s, or without a duration, is 0 minutes) and the
 * platform's reported costs per part and currency, in integer minor units.
 *
 * Which calls: the finished ones (ended, missed, voicemail), dated by
 * `created_at`, which for a finished call is when it ended. That is how the
 * overview and the recordings list count and date calls, so a day here and
 * the same day there agree; a live call is counted once it is over, on the
 * day it ended.
 *
 * How: every figure is a SUM over integer columns in SQL, so no call row
 * crosses into JS and the sums are exact. Per-day figures follow the
 * overview's measured design (call-center/kpis.server.ts): the tenant-local
 * day boundaries are computed in JS (date-ranges.ts: local midnights, so a
 * daylight-saving day is 23 or 25 hours long and +05:30 zones come out
 * right), and one statement is a UNION ALL of one aggregate per day, each a
 * range scan of the (tenant_id, created_at) index. Grouping by a date
 * computed in SQL cannot be made portable (SQLite has no time zone database);
 * reading the rows and bucketing them in JS was measured 5× slower there.
 * Per campaign and per agent need no day boundaries: one aggregate over the
 * range, grouped.
 */

/** A half-open range [start, end) of UTC ISO instants, e.g. `{ start: range.startUtc, end: range.endUtc }` of resolveDateRange. */
export interface UsageRange {
  start: string;
  end: string;
}

/** The reported costs of the calls in one currency, in integer minor units (cents for USD). */
export interface CostSums {
  /** ISO 4217, upper case. */
  currency: string;
  /** Calls with a cost in this currency. */
  calls: number;
  telephony: number;
  speechToText: number;
  llm: number;
  textToSpeech: number;
  /** telephony + speechToText + llm + textToSpeech. */
  total: number;
}

export interface UsageFigures {
  calls: number;
  seconds: number;
  /** Each call rounded up to whole minutes, then summed. */
  billableMinutes: number;
  /** One entry per currency that occurs, ordered by currency code; empty when no call reported a cost. */
  costs: CostSums[];
}

export interface DayUsage extends UsageFigures {
  /** The tenant-local calendar day, YYYY-MM-DD. */
  day: string;
  /** The UTC instants the day covers, clipped to the range. */
  start: string;
  end: string;
}

export interface CampaignUsage extends UsageFigures {
  /** null: calls without a campaign. */
  campaign: string | null;
}

export interface AgentUsage extends UsageFigures {
  /** null: calls without an agent name. */
  agent: string | null;
}

/** A stretch of time to count in; `key` names it in the result. */
export interface UsageBucket {
  key: string;
  start: string;
  end: string;
}

export interface BucketUsage extends UsageFigures {
  key: string;
  start: string;
  end: string;
}

/** Longer ranges are refused: the tab's longest range is twelve months. */
export const MAX_USAGE_DAYS = 3 * 366;
/** Branches per UNION ALL statement, well under SQLite's 500 compound-select limit. */
const BUCKETS_PER_STATEMENT = 100;

export const emptyUsage = (): UsageFigures => ({ calls: 0, seconds: 0, billableMinutes: 0, costs: [] });

export function addCostSums(a: CostSums[], b: CostSums[]): CostSums[] {
  const byCurrency = new Map(a.map((sums) => [sums.currency, { ...sums }]));
  for (const sums of b) {
    const into = byCurrency.get(sums.currency);
    if (!into) {
      byCurrency.set(sums.currency, { ...sums });
      continue;
    }
    into.calls += sums.calls;
    into.telephony += sums.telephony;
    into.speechToText += sums.speechToText;
    into.llm += sums.llm;
    into.textToSpeech += sums.textToSpeech;
    into.total += sums.total;
  }
  return [...byCurrency.values()].sort((x, y) => (x.currency < y.currency ? -1 : x.currency > y.currency ? 1 : 0));
}

/** The sum of two sets of figures (rolling days up into weeks or months, say); exact, as every figure is an integer. */
export function addUsage(a: UsageFigures, b: UsageFigures): UsageFigures {
  return {
    calls: a.calls + b.calls,
    seconds: a.seconds + b.seconds,
    billableMinutes: a.billableMinutes + b.billableMinutes,
    costs: addCostSums(a.costs, b.costs),
  };
}

/** The range's instants in the stored form (toISOString), so they compare as text with created_at. */
function normalizeRange(range: UsageRange): UsageRange {
  const start = Date.parse(range.start);
  const end = Date.parse(range.end);
  if (!Number.isFinite(start) || !Number.isFinite(end)) throw new RangeError(`Not a usage range: ${range.start} – ${range.end}`);
  if (end < start) throw new RangeError(`A usage range ends before it starts: ${range.start} – ${range.end}`);
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}

/**
 * The tenant-local calendar days a range touches, in order, each as the UTC
 * instants it covers clipped to the range. A range from local midnight to
 * local midnight (as resolveDateRange gives) is whole days.
 */
export function localDaysOf(range: UsageRange, timeZone: string): UsageBucket[] {
  const { start, end } = normalizeRange(range);
  const days: UsageBucket[] = [];
  if (start === end) return days;
  for (let date: LocalDate = localDateOf(new Date(start), timeZone); ; date = addDays(date, 1)) {
    const dayStart = startOfLocalDay(date, timeZone).toISOString();
    if (dayStart >= end) break;
    const dayEnd = startOfLocalDay(addDays(date, 1), timeZone).toISOString();
    days.push({ key: localDateKey(date), start: dayStart < start ? start : dayStart, end: dayEnd > end ? end : dayEnd });
    if (days.length > MAX_USAGE_DAYS) throw new RangeError(`A usage range may span at most ${MAX_USAGE_DAYS} days.`);
  }
  return days;
}

/* ---- SQL ---- */

interface AggregateRow {
  currency: string | null;
  calls: number | string;
  seconds: number | string | null;
  minutes: number | string | null;
  telephony: number | string | null;
  stt: number | string | null;
  llm: number | string | null;
  tts: number | string | null;
}

/** A sum as read back: PostgreSQL's bigint sums come as numbers (postgres.server.ts), SQLite's as numbers; anything else is a bug. */
function integer(value: number | string | null | undefined): number {
  const number = value === null || value === undefined ? 0 : Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`A usage sum is not a whole number: ${String(value)}`);
  return number;
}

/**
 * The figures of one group, per currency. `(seconds + 59) / 60` is integer
 * division on both databases (integer operands), i.e. ceil(seconds / 60) for
 * seconds ≥ 0; SUM skips a call without a duration, as it skips a part the
 * platform did not report.
 */
const AGGREGATES = sql`cost_currency as currency,
  count(*) as calls,
  coalesce(sum(duration_seconds), 0) as seconds,
  coalesce(sum((cast(duration_seconds as integer) + 59) / 60), 0) as minutes,
  coalesce(sum(cost_telephony_minor), 0) as telephony,
  coalesce(sum(cost_stt_minor), 0) as stt,
  coalesce(sum(cost_llm_minor), 0) as llm,
  coalesce(sum(cost_tts_minor), 0) as tts`;

const finished = () => sql`status in (${sql.join([...FINISHED_STATUSES])})`;

/** Folds one group's rows (one per currency, null for calls without a cost) into its figures. */
function figuresOf(rows: AggregateRow[]): UsageFigures {
  const figures = emptyUsage();
  for (const row of rows) {
    figures.calls += integer(row.calls);
    figures.seconds += integer(row.seconds);
    figures.billableMinutes += integer(row.minutes);
    if (row.currency === null) continue;
    const [telephony, speechToText, llm, textToSpeech] = [integer(row.telephony), integer(row.stt), integer(row.llm), integer(row.tts)];
    figures.costs = addCostSums(figures.costs, [
      { currency: row.currency, calls: integer(row.calls), telephony, speechToText, llm, textToSpeech, total: telephony + speechToText + llm + textToSpeech },
    ]);
  }
  return figures;
}

/**
 * The usage in each of the given stretches of time (days, or the overview
 * chart's weeks and months from kpis.periodsOf), in their order, stretches
 * without calls as zeros. Stretches should not overlap, or a call counts twice.
 */
export async function usageByBuckets(tenantId: string, buckets: UsageBucket[], db: DB = getDb()): Promise<BucketUsage[]> {
  const normalized = buckets.map((bucket) => ({ key: bucket.key, ...normalizeRange(bucket) }));
  const rowsByIndex = new Map<number, AggregateRow[]>();
  for (let first = 0; first < normalized.length; first += BUCKETS_PER_STATEMENT) {
    const branches: RawBuilder<unknown>[] = normalized.slice(first, first + BUCKETS_PER_STATEMENT).map(
      (bucket, offset) => sql`select ${sql.lit(first + offset)} as "index", ${AGGREGATES}
        from calls
        where tenant_id = ${tenantId} and created_at >= ${bucket.start} and created_at < ${bucket.end} and ${finished()}
        group by cost_currency`,
    );
    const { rows } = await sql<AggregateRow & { index: number | string }>`${sql.join(branches, sql` union all `)}`.execute(db);
    for (const row of rows) {
      const index = Number(row.index);
      rowsByIndex.set(index, [...(rowsByIndex.get(index) ?? []), row]);
    }
  }
  return normalized.map((bucket, index) => ({ key: bucket.key, start: bucket.start, end: bucket.end, ...figuresOf(rowsByIndex.get(index) ?? []) }));
}

/** Per tenant-local calendar day of the range, every day of it (days without calls as zeros), in order. */
export async function usageByDay(tenantId: string, range: UsageRange, timeZone: string, db: DB = getDb()): Promise<DayUsage[]> {
  const days = await usageByBuckets(tenantId, localDaysOf(range, timeZone), db);
  return days.map(({ key, ...figures }) => ({ day: key, ...figures }));
}

async function usageGroupedBy(column: "campaign_name" | "agent_name", tenantId: string, range: UsageRange, db: DB) {
  const { start, end } = normalizeRange(range);
  const { rows } = await sql<AggregateRow & { grouped: string | null }>`select ${sql.ref(column)} as grouped, ${AGGREGATES}
    from calls
    where tenant_id = ${tenantId} and created_at >= ${start} and created_at < ${end} and ${finished()}
    group by ${sql.ref(column)}, cost_currency`.execute(db);
  const byKey = new Map<string | null, AggregateRow[]>();
  for (const row of rows) byKey.set(row.grouped, [...(byKey.get(row.grouped) ?? []), row]);
  return [...byKey.entries()]
    .map(([key, group]) => ({ key, figures: figuresOf(group) }))
    .sort((a, b) => b.figures.billableMinutes - a.figures.billableMinutes || b.figures.seconds - a.figures.seconds || compareNullLast(a.key, b.key));
}

/** Named groups by name (byte order), the unnamed one last. */
function compareNullLast(a: string | null, b: string | null) {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** Per campaign (null: calls without one), most billable minutes first, then by name; only campaigns with calls in the range. */
export async function usageByCampaign(tenantId: string, range: UsageRange, db: DB = getDb()): Promise<CampaignUsage[]> {
  return (await usageGroupedBy("campaign_name", tenantId, range, db)).map(({ key, figures }) => ({ campaign: key, ...figures }));
}

/** Per agent name (null: calls without one), most billable minutes first, then by name; only agents with calls in the range. */
export async function usageByAgent(tenantId: string, range: UsageRange, db: DB = getDb()): Promise<AgentUsage[]> {
  return (await usageGroupedBy("agent_name", tenantId, range, db)).map(({ key, figures }) => ({ agent: key, ...figures }));
}

/** The whole range at once. */
export async function usageTotals(tenantId: string, range: UsageRange, db: DB = getDb()): Promise<UsageFigures> {
  const { start, end } = normalizeRange(range);
  const { rows } = await sql<AggregateRow>`select ${AGGREGATES}
    from calls
    where tenant_id = ${tenantId} and created_at >= ${start} and created_at < ${end} and ${finished()}
    group by cost_currency`.execute(db);
  return figuresOf(rows);
}
