import { sql, type RawBuilder, type SqlBool } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import { DISAGREEMENT_CONDITION } from "~/db/migrations/0003-recordings-list-indexes";
import { granularityFor, periodsOf, type Granularity } from "~/lib/dates/chart-periods";
import { addDays, localDateKey, startOfLocalDay } from "~/lib/dates/date-ranges";
import { compareByLocale } from "~/features/recordings/list/list-query.server";
import { parseTranscript } from "~/features/recordings/recording.server";
import {
  distributionOf,
  figuresOf,
  fillPeriods,
  SATISFIED_MIN_RATING,
  sumsOfDistribution,
  type PeriodRatings,
  type RatingDistribution,
  type RatingFigures,
} from "./csat";
import { chartDays, FEEDBACK_PAGE_SIZE, localDateFromKey, type FeedbackListParams, type FeedbackRow } from "./feedback-params";
import { likelyMoment } from "./moment";

/**
 * /feedback, done by the database: every rated call of a tenant, filtered,
 * newest feedback first, one page at a time; the figures and the chart over
 * the same filters. Every statement starts from the tenant (another
 * tenant's feedback can never appear) and repeats the condition of
 * migration 0021's partial index word for word, so it walks rated calls
 * only. The disagreement filter is the recordings list's own condition
 * (DISAGREEMENT_CONDITION, migration 0003), not a second copy of the rule.
 */

export interface FeedbackScope {
  tenantId: string;
  timeZone: string;
  /** Tests pin it. */
  now?: Date;
}

const RATED = sql.raw<SqlBool>("feedback_rating is not null");
const and = (conditions: RawBuilder<SqlBool>[]) => sql.join(conditions, sql` and `);
/** Portable: PostgreSQL cannot sum a comparison, and a CASE costs SQLite no more. */
const countWhere = (condition: RawBuilder<unknown>) => sql`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

/** Every filter as SQL on `calls` (no other table is joined, so the shared conditions' bare column names are unambiguous). */
function conditionsOf(scope: FeedbackScope, params: FeedbackListParams): RawBuilder<SqlBool>[] {
  const conditions = [sql<SqlBool>`tenant_id = ${scope.tenantId}`, RATED];
  if (params.rating) conditions.push(sql<SqlBool>`feedback_rating = ${params.rating}`);
  if (params.campaign) conditions.push(sql<SqlBool>`campaign_name = ${params.campaign}`);
  if (params.agent) conditions.push(sql<SqlBool>`agent_name = ${params.agent}`);
  if (params.from) conditions.push(sql<SqlBool>`feedback_at >= ${startOfLocalDay(localDateFromKey(params.from), scope.timeZone).toISOString()}`);
  if (params.to) conditions.push(sql<SqlBool>`feedback_at < ${startOfLocalDay(addDays(localDateFromKey(params.to), 1), scope.timeZone).toISOString()}`);
  if (params.disagreement) conditions.push(sql.raw<SqlBool>(DISAGREEMENT_CONDITION));
  if (params.text === "with") conditions.push(sql<SqlBool>`feedback_text is not null and feedback_text <> ''`);
  if (params.text === "without") conditions.push(sql<SqlBool>`(feedback_text is null or feedback_text = '')`);
  return conditions;
}

export interface FeedbackPage {
  /** As applied: the page is clamped to the last one. */
  params: FeedbackListParams;
  rows: FeedbackRow[];
  total: number;
  pageCount: number;
}

interface ListRow {
  id: string;
  feedback_rating: number;
  feedback_text: string | null;
  feedback_at: string | null;
  created_at: string;
  campaign_name: string | null;
  agent_name: string | null;
  sentiment: FeedbackRow["sentiment"];
  disagrees: number | string;
  feedback_moment_seconds: number | null;
  transcript: string | null;
}

/** One page of feedback, newest first, with its moments (named, or worked out from each row's transcript). */
export async function listFeedback(scope: FeedbackScope, requested: FeedbackListParams, db: DB = getDb()): Promise<FeedbackPage> {
  return db.transaction().execute(async (trx) => {
    const where = and(conditionsOf(scope, requested));
    const counted = await sql<{ n: number | string }>`select count(*) as n from calls where ${where}`.execute(trx);
    const total = Number(counted.rows[0]?.n ?? 0);
    const pageCount = Math.max(1, Math.ceil(total / FEEDBACK_PAGE_SIZE));
    const page = Math.min(requested.page, pageCount);
    const { rows } = await sql<ListRow>`select id, feedback_rating, feedback_text, feedback_at, created_at, campaign_name, agent_name, sentiment,
        case when ${sql.raw(DISAGREEMENT_CONDITION)} then 1 else 0 end as disagrees, feedback_moment_seconds, transcript
      from calls where ${where}
      order by feedback_at desc nulls last, rowid desc limit ${FEEDBACK_PAGE_SIZE} offset ${(page - 1) * FEEDBACK_PAGE_SIZE}`.execute(trx);
    return {
      params: { ...requested, page },
      total,
      pageCount,
      rows: rows.map((row) => {
        const named = row.feedback_moment_seconds === null ? null : Number(row.feedback_moment_seconds);
        return {
          callId: row.id,
          rating: Number(row.feedback_rating),
          text: row.feedback_text,
          // Every save stamps feedback_at; a row from elsewhere without it shows the call's time.
          feedbackAt: row.feedback_at ?? row.created_at,
          callAt: row.created_at,
          campaignName: row.campaign_name,
          agentName: row.agent_name,
          sentiment: row.sentiment,
          disagrees: Number(row.disagrees) === 1,
          moment: named ?? likelyMoment(parseTranscript(row.transcript), Number(row.feedback_rating)),
          momentNamed: named !== null,
        };
      }),
    };
  });
}

export interface FeedbackFigures {
  total: RatingFigures;
  distribution: RatingDistribution;
  /** Of the matching feedback, how many disagree with the analysed sentiment. */
  disagreements: number;
  granularity: Granularity;
  /** The chart's periods (days, weeks or months of the tenant's zone). */
  periods: PeriodRatings[];
  /** The span the chart covers, as calendar days. */
  firstDay: string;
  lastDay: string;
}

/**
 * The figures above the list and the chart, for the same filters. The total
 * and the distribution are one grouped statement; the chart's periods one
 * statement of one aggregate per period (as the call overview counts,
 * app/features/call-center/kpis.server.ts), their bounds local midnights
 * worked out here so a daylight-saving day is 23 or 25 hours long.
 */
export async function feedbackFigures(scope: FeedbackScope, params: FeedbackListParams, db: DB = getDb()): Promise<FeedbackFigures> {
  const now = scope.now ?? new Date();
  const conditions = conditionsOf(scope, params);
  const where = and(conditions);
  const [byRating, disagreement, first] = await Promise.all([
    sql<{
      rating: number;
      count: number | string;
    }>`select feedback_rating as rating, count(*) as count from calls where ${where} group by feedback_rating`.execute(db),
    sql<{ n: number | string }>`select count(*) as n from calls where ${and([...conditions, sql.raw<SqlBool>(DISAGREEMENT_CONDITION)])}`.execute(db),
    params.from ? Promise.resolve(null) : sql<{ first: string | null }>`select min(feedback_at) as first from calls where ${where}`.execute(db),
  ]);
  const distribution = distributionOf(byRating.rows);
  const days = chartDays(params, { timeZone: scope.timeZone, now, firstFeedbackAt: first?.rows[0]?.first ?? null });
  const granularity = granularityFor(days);
  const periods = periodsOf(days, granularity, scope.timeZone);
  const perPeriod = periods.map(
    (period, index) => sql`select ${sql.lit(index)} as "index", count(*) as rated, coalesce(sum(feedback_rating), 0) as "ratingSum",
      ${countWhere(sql`feedback_rating >= ${sql.lit(SATISFIED_MIN_RATING)}`)} as satisfied
      from calls where ${where} and feedback_at >= ${period.startUtc} and feedback_at < ${period.endUtc}`,
  );
  const counted = await sql<{ index: number; rated: number; ratingSum: number; satisfied: number }>`${sql.join(perPeriod, sql` union all `)}`.execute(db);
  const filled = fillPeriods(periods, counted.rows);
  return {
    total: figuresOf(sumsOfDistribution(distribution)),
    distribution,
    disagreements: Number(disagreement.rows[0]?.n ?? 0),
    granularity,
    periods: filled,
    firstDay: localDateKey(days.firstDay),
    lastDay: localDateKey(days.lastDay),
  };
}

/** The filters' choices: the campaign and agent names that occur on the tenant's rated calls, in locale order. */
export async function feedbackFilterOptions(tenantId: string, db: DB = getDb()) {
  const [campaigns, agents] = await Promise.all([
    sql<{
      value: string;
    }>`select distinct campaign_name as value from calls where tenant_id = ${tenantId} and ${RATED} and campaign_name is not null and campaign_name <> ''`.execute(
      db,
    ),
    sql<{
      value: string;
    }>`select distinct agent_name as value from calls where tenant_id = ${tenantId} and ${RATED} and agent_name is not null and agent_name <> ''`.execute(db),
  ]);
  return {
    campaigns: campaigns.rows.map((row) => row.value).sort(compareByLocale),
    agents: agents.rows.map((row) => row.value).sort(compareByLocale),
  };
}
