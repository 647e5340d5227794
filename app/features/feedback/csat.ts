import type { LocalDate } from "~/lib/dates/date-ranges";
import type { Period } from "~/lib/dates/chart-periods";

/**
 * CSAT and the other figures of /feedback (docs/product/feedback.md), pure:
 * the SQL that counts is in feedback-query.server.ts, which hands over sums,
 * never rows.
 *
 * CSAT is the share of ratings of 4 or 5 among all ratings, in percent; the
 * average is the mean of the ratings (1–5). Neither exists without a rating:
 * both are null then, and a chart leaves a gap rather than drawing a 0 that
 * would read as "everyone was unhappy".
 */
export const SATISFIED_MIN_RATING = 4;

/** What the database sums for a set of ratings. */
export interface RatingSums {
  /** How many ratings. */
  rated: number;
  /** The ratings added up. */
  ratingSum: number;
  /** How many are 4 or 5. */
  satisfied: number;
}

export interface RatingFigures extends RatingSums {
  /** Share of 4–5 in percent (0–100), null without ratings. */
  csat: number | null;
  /** Mean rating (1–5), null without ratings. */
  average: number | null;
}

export const emptySums = (): RatingSums => ({ rated: 0, ratingSum: 0, satisfied: 0 });

/** Numbers as a database driver hands them over (PostgreSQL sums are strings, SQLite's may be null), as sums. */
export function toSums(row: { rated?: unknown; ratingSum?: unknown; satisfied?: unknown } | undefined): RatingSums {
  const number = (value: unknown) => {
    const parsed = Number(value ?? 0);
    return Number.isFinite(parsed) ? parsed : 0;
  };
  return { rated: number(row?.rated), ratingSum: number(row?.ratingSum), satisfied: number(row?.satisfied) };
}

export function csatOf({ rated, satisfied }: Pick<RatingSums, "rated" | "satisfied">): number | null {
  return rated > 0 ? (satisfied / rated) * 100 : null;
}

export function averageOf({ rated, ratingSum }: Pick<RatingSums, "rated" | "ratingSum">): number | null {
  return rated > 0 ? ratingSum / rated : null;
}

export function figuresOf(sums: RatingSums): RatingFigures {
  return { ...sums, csat: csatOf(sums), average: averageOf(sums) };
}

/** The sums of several sets (the periods of a chart) as one. */
export function addSums(parts: RatingSums[]): RatingSums {
  return parts.reduce(
    (total, part) => ({ rated: total.rated + part.rated, ratingSum: total.ratingSum + part.ratingSum, satisfied: total.satisfied + part.satisfied }),
    emptySums(),
  );
}

/** How many ratings of each value, 5 first (the order a distribution is read in). */
export type RatingDistribution = Array<{ rating: 1 | 2 | 3 | 4 | 5; count: number }>;

export function distributionOf(counted: Array<{ rating: unknown; count: unknown }>): RatingDistribution {
  const byRating = new Map(counted.map((row) => [Number(row.rating), Number(row.count) || 0]));
  return ([5, 4, 3, 2, 1] as const).map((rating) => ({ rating, count: byRating.get(rating) ?? 0 }));
}

/** The sums of a distribution: every rating counted once. */
export function sumsOfDistribution(distribution: RatingDistribution): RatingSums {
  return distribution.reduce(
    (sums, { rating, count }) => ({
      rated: sums.rated + count,
      ratingSum: sums.ratingSum + rating * count,
      satisfied: sums.satisfied + (rating >= SATISFIED_MIN_RATING ? count : 0),
    }),
    emptySums(),
  );
}

/** A chart period with its figures. */
export interface PeriodRatings extends RatingFigures {
  key: string;
  firstDay: LocalDate;
  lastDay: LocalDate;
}

/** Lays the counted rows (by period index) onto every period, so a period without ratings is there, empty. */
export function fillPeriods(periods: Period[], counted: Array<{ index: unknown } & Partial<Record<keyof RatingSums, unknown>>>): PeriodRatings[] {
  const byIndex = new Map(counted.map((row) => [Number(row.index), toSums(row)]));
  return periods.map((period, index) => ({
    key: period.key,
    firstDay: period.firstDay,
    lastDay: period.lastDay,
    ...figuresOf(byIndex.get(index) ?? emptySums()),
  }));
}
