import { describe, expect, it } from "vitest";
import { periodsOf } from "~/lib/dates/chart-periods";
import { addSums, averageOf, csatOf, distributionOf, figuresOf, fillPeriods, sumsOfDistribution, toSums } from "./csat";
import { chartDays, feedbackHref, parseFeedbackParams } from "./feedback-params";
import { likelyMoment } from "./moment";

/** Sums as the database makes them, from plain ratings. */
const sumsOf = (ratings: number[]) => ({
  rated: ratings.length,
  ratingSum: ratings.reduce((sum, rating) => sum + rating, 0),
  satisfied: ratings.filter((rating) => rating >= 4).length,
});

describe("CSAT and the average rating", () => {
  it("CSAT is the share of 4 and 5 among all ratings, in percent", () => {
    expect(csatOf(sumsOf([5, 4, 3, 1]))).toBe(50);
    expect(csatOf(sumsOf([4, 4, 4]))).toBe(100);
    expect(csatOf(sumsOf([3, 2, 1]))).toBe(0);
    // A 3 is not satisfied: it lowers CSAT without being a complaint.
    expect(csatOf(sumsOf([5, 3, 3]))).toBeCloseTo(33.333, 2);
  });

  it("the average is the mean rating", () => {
    expect(averageOf(sumsOf([5, 4, 3, 1]))).toBe(3.25);
    expect(averageOf(sumsOf([2]))).toBe(2);
  });

  it("neither exists without a rating (a gap, not a zero)", () => {
    expect(figuresOf(sumsOf([]))).toEqual({ rated: 0, ratingSum: 0, satisfied: 0, csat: null, average: null });
  });

  it("reads the sums as the drivers hand them over: strings from PostgreSQL, null from an empty SQLite sum", () => {
    expect(toSums({ rated: "3", ratingSum: "11", satisfied: "2" })).toEqual({ rated: 3, ratingSum: 11, satisfied: 2 });
    expect(toSums({ rated: 0, ratingSum: null, satisfied: null })).toEqual({ rated: 0, ratingSum: 0, satisfied: 0 });
    expect(toSums(undefined)).toEqual({ rated: 0, ratingSum: 0, satisfied: 0 });
  });

  it("periods add up to the whole: CSAT of the total is not the mean of the periods' CSAT", () => {
    const periods = [sumsOf([5, 5, 5, 1]), sumsOf([1])];
    const total = figuresOf(addSums(periods));
    expect(total).toMatchObject({ rated: 5, csat: 60, average: 3.4 });
    // (75 + 0) / 2 would be 37.5: each rating counts once, whatever period it fell in.
    expect(periods.map(csatOf)).toEqual([75, 0]);
  });

  it("lists every rating value from 5 down, zero where there is none", () => {
    expect(
      distributionOf([
        { rating: 4, count: "2" },
        { rating: 1, count: 1 },
      ]),
    ).toEqual([
      { rating: 5, count: 0 },
      { rating: 4, count: 2 },
      { rating: 3, count: 0 },
      { rating: 2, count: 0 },
      { rating: 1, count: 1 },
    ]);
  });

  it("the figures of a distribution count every rating once", () => {
    const distribution = distributionOf([
      { rating: 5, count: 3 },
      { rating: 4, count: 1 },
      { rating: 3, count: 2 },
      { rating: 1, count: 4 },
    ]);
    expect(figuresOf(sumsOfDistribution(distribution))).toEqual({ rated: 10, ratingSum: 29, satisfied: 4, csat: 40, average: 2.9 });
  });

  it("fills every chart period, those without ratings empty", () => {
    const periods = periodsOf({ firstDay: { year: 2026, month: 3, day: 1 }, lastDay: { year: 2026, month: 3, day: 3 } }, "day", "Europe/Berlin");
    const filled = fillPeriods(periods, [{ index: 1, rated: "2", ratingSum: "9", satisfied: "2" }]);
    expect(filled.map((period) => [period.key, period.rated, period.csat, period.average])).toEqual([
      ["2026-03-01", 0, null, null],
      ["2026-03-02", 2, 100, 4.5],
      ["2026-03-03", 0, null, null],
    ]);
  });
});

describe("the URL contract", () => {
  it("reads what it understands and drops the rest", () => {
    const params = parseFeedbackParams(new URLSearchParams("rating=4&campaign=Solar&agent=Ava&from=2026-03-10&to=2026-03-01&disagreement=1&text=with&page=3"));
    expect(params).toEqual({ rating: 4, campaign: "Solar", agent: "Ava", from: "2026-03-01", to: "2026-03-10", disagreement: true, text: "with", page: 3 });
    expect(parseFeedbackParams(new URLSearchParams("rating=6&from=2026-02-30&disagreement=yes&text=maybe&page=-1"))).toEqual(
      parseFeedbackParams(new URLSearchParams()),
    );
  });

  it("writes canonical links: defaults left out, filters in a fixed order, page last", () => {
    const params = parseFeedbackParams(new URLSearchParams("text=without&rating=1&page=2"));
    expect(feedbackHref(params)).toBe("/feedback?rating=1&text=without&page=2");
    expect(feedbackHref(params, { page: 1, rating: null })).toBe("/feedback?text=without");
  });
});

describe("the chart's days", () => {
  const now = new Date("2026-03-20T12:00:00Z");
  const zone = "America/Toronto";

  it("runs from the first feedback to today, at least a month", () => {
    expect(chartDays({ from: null, to: null }, { timeZone: zone, now, firstFeedbackAt: "2025-12-01T15:00:00Z" })).toMatchObject({
      firstDay: { year: 2025, month: 12, day: 1 },
      lastDay: { year: 2026, month: 3, day: 20 },
    });
    expect(chartDays({ from: null, to: null }, { timeZone: zone, now, firstFeedbackAt: "2026-03-18T15:00:00Z" }).firstDay).toEqual({
      year: 2026,
      month: 2,
      day: 19,
    });
    expect(chartDays({ from: null, to: null }, { timeZone: zone, now, firstFeedbackAt: null }).firstDay).toEqual({ year: 2026, month: 2, day: 19 });
  });

  it("covers the days asked for, as local midnights in UTC", () => {
    expect(chartDays({ from: "2026-03-01", to: "2026-03-10" }, { timeZone: zone, now, firstFeedbackAt: null })).toEqual({
      firstDay: { year: 2026, month: 3, day: 1 },
      lastDay: { year: 2026, month: 3, day: 10 },
      startUtc: "2026-03-01T05:00:00.000Z",
      // Toronto moved to daylight saving time on March 8th.
      endUtc: "2026-03-11T04:00:00.000Z",
    });
  });
});

describe("the moment a rating refers to", () => {
  const transcript = [
    { speaker: "agent", text: "Hello, this is Maple Leaf, how can I help?", startSeconds: 0 },
    { speaker: "customer", text: "I have been waiting for two weeks, this is unacceptable and frustrating.", startSeconds: 4 },
    { speaker: "agent", text: "I am sorry, let me fix that right away.", startSeconds: 11.5 },
    { speaker: "customer", text: "Great, thank you so much, that was really helpful!", startSeconds: 20 },
    { speaker: "customer", text: "Bye.", startSeconds: 31 },
  ];

  it("a low rating points at the customer's most displeased turn, a high one at the most pleased", () => {
    expect(likelyMoment(transcript, 1)).toBe(4);
    expect(likelyMoment(transcript, 2)).toBe(4);
    expect(likelyMoment(transcript, 5)).toBe(20);
    expect(likelyMoment(transcript, 4)).toBe(20);
  });

  it("a middling rating, or one no turn shows, points at the customer's last turn", () => {
    expect(likelyMoment(transcript, 3)).toBe(31);
    const flat = [
      { speaker: "agent", text: "Your parcel ships on Tuesday.", startSeconds: 0 },
      { speaker: "customer", text: "Okay.", startSeconds: 3 },
    ];
    expect(likelyMoment(flat, 1)).toBe(3);
  });

  it("has no moment without timed turns", () => {
    expect(likelyMoment([{ speaker: "customer", text: "This is terrible." }], 1)).toBeNull();
    expect(likelyMoment([], 5)).toBeNull();
  });
});
