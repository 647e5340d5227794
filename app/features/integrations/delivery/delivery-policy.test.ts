import { describe, expect, it } from "vitest";
import {
  checkRateWindows,
  limitOf,
  MAX_RETRY_WAIT_MS,
  parseRetryAfter,
  RATE_WINDOWS,
  retryDelayMs,
  shouldRetry,
  successRate,
  windowEnd,
  windowStart,
  type AttemptFailure,
  type WindowCount,
} from "./delivery-policy";
import type { IntegrationTemplate } from "../templates/template-schema";
import { getTemplate } from "../templates/templates.server";

/** A controllable clock: every test names its instant; nothing reads the real time. */
const at = (iso: string) => new Date(iso);

const gym = () => getTemplate("gym-management")!;
const crm = () => getTemplate("crm-suite")!;

type RateLimiting = IntegrationTemplate["rateLimiting"];
type ErrorHandling = IntegrationTemplate["errorHandling"];

const limits: RateLimiting = { requestsPerMinute: 60, requestsPerHour: 1000, requestsPerDay: 10000, enabled: true };
const handling: ErrorHandling = {
  retryAttempts: 3,
  retryDelay: 1000,
  timeout: 30000,
  exponentialBackoff: true,
  retryableStatusCodes: [429, 500, 502, 503, 504],
};

describe("windowStart and windowEnd", () => {
  const now = at("2025-03-04T14:03:27.512Z");

  it("minute: the UTC minute around now", () => {
    expect(windowStart("minute", now).toISOString()).toBe("2025-03-04T14:03:00.000Z");
    expect(windowEnd("minute", now).toISOString()).toBe("2025-03-04T14:04:00.000Z");
  });

  it("hour: the UTC hour around now", () => {
    expect(windowStart("hour", now).toISOString()).toBe("2025-03-04T14:00:00.000Z");
    expect(windowEnd("hour", now).toISOString()).toBe("2025-03-04T15:00:00.000Z");
  });

  it("day: the UTC day around now", () => {
    expect(windowStart("day", now).toISOString()).toBe("2025-03-04T00:00:00.000Z");
    expect(windowEnd("day", now).toISOString()).toBe("2025-03-05T00:00:00.000Z");
  });

  it("the day is the UTC day whatever the offset the instant was written with", () => {
    // 23:30 in New York on the 4th is 04:30 UTC on the 5th.
    expect(windowStart("day", at("2025-03-04T23:30:00-05:00")).toISOString()).toBe("2025-03-05T00:00:00.000Z");
    // 00:30 in Berlin on the 5th is still the 4th in UTC.
    expect(windowStart("day", at("2025-03-05T00:30:00+01:00")).toISOString()).toBe("2025-03-04T00:00:00.000Z");
  });

  it("an instant exactly at :00 starts its own window (the start is inclusive, the end exclusive)", () => {
    const boundary = at("2025-03-04T14:00:00.000Z");
    expect(windowStart("minute", boundary).toISOString()).toBe("2025-03-04T14:00:00.000Z");
    expect(windowEnd("minute", boundary).toISOString()).toBe("2025-03-04T14:01:00.000Z");
    expect(windowStart("hour", boundary).toISOString()).toBe("2025-03-04T14:00:00.000Z");
    expect(windowEnd("hour", boundary).toISOString()).toBe("2025-03-04T15:00:00.000Z");
    const midnight = at("2025-03-05T00:00:00.000Z");
    expect(windowStart("day", midnight).toISOString()).toBe("2025-03-05T00:00:00.000Z");
    expect(windowEnd("day", midnight).toISOString()).toBe("2025-03-06T00:00:00.000Z");
  });

  it("one millisecond before :00 is still the previous window", () => {
    const before = at("2025-03-04T14:59:59.999Z");
    expect(windowStart("minute", before).toISOString()).toBe("2025-03-04T14:59:00.000Z");
    expect(windowEnd("minute", before).toISOString()).toBe("2025-03-04T15:00:00.000Z");
    expect(windowStart("hour", before).toISOString()).toBe("2025-03-04T14:00:00.000Z");
    expect(windowStart("day", at("2025-03-04T23:59:59.999Z")).toISOString()).toBe("2025-03-04T00:00:00.000Z");
  });

  it("crosses month and year ends", () => {
    expect(windowEnd("day", at("2024-02-29T12:00:00Z")).toISOString()).toBe("2024-03-01T00:00:00.000Z");
    expect(windowEnd("hour", at("2024-12-31T23:15:00Z")).toISOString()).toBe("2025-01-01T00:00:00.000Z");
  });

  it("the window's end is the next window's start", () => {
    for (const window of RATE_WINDOWS)
      expect(windowStart(window, windowEnd(window, at("2025-03-04T14:03:27Z"))).getTime()).toBe(windowEnd(window, at("2025-03-04T14:03:27Z")).getTime());
  });

  it("does not change the Date it is given", () => {
    const now2 = at("2025-03-04T14:03:27.512Z");
    windowStart("hour", now2);
    windowEnd("day", now2);
    expect(now2.toISOString()).toBe("2025-03-04T14:03:27.512Z");
  });
});

describe("limitOf", () => {
  it("reads each window's limit", () => {
    expect(RATE_WINDOWS.map((window) => limitOf(limits, window))).toEqual([60, 1000, 10000]);
  });
});

describe("checkRateWindows", () => {
  const now = at("2025-03-04T14:03:27Z");
  const counts = (minute: number, hour: number, day: number, when = now): WindowCount[] => [
    { window: "minute", windowStart: windowStart("minute", when).toISOString(), count: minute },
    { window: "hour", windowStart: windowStart("hour", when).toISOString(), count: hour },
    { window: "day", windowStart: windowStart("day", when).toISOString(), count: day },
  ];

  it("allows a request with no counts yet", () => {
    expect(checkRateWindows(limits, [], now)).toEqual({ allowed: true });
  });

  it("allows a request under every limit (one below the per-minute limit is the last one that fits)", () => {
    expect(checkRateWindows(limits, counts(10, 100, 1000), now)).toEqual({ allowed: true });
    expect(checkRateWindows(limits, counts(59, 999, 9999), now)).toEqual({ allowed: true });
  });

  it("at the per-minute limit defers to the end of the minute", () => {
    expect(checkRateWindows(limits, counts(60, 100, 1000), now)).toEqual({ allowed: false, until: at("2025-03-04T14:04:00.000Z"), window: "minute" });
  });

  it("above the limit defers too", () => {
    expect(checkRateWindows(limits, counts(75, 0, 0), now)).toEqual({ allowed: false, until: at("2025-03-04T14:04:00.000Z"), window: "minute" });
  });

  it("at the hourly limit defers to the end of the hour", () => {
    expect(checkRateWindows(limits, counts(0, 1000, 1000), now)).toEqual({ allowed: false, until: at("2025-03-04T15:00:00.000Z"), window: "hour" });
  });

  it("at the daily limit defers to the end of the UTC day", () => {
    expect(checkRateWindows(limits, counts(0, 0, 10000), now)).toEqual({ allowed: false, until: at("2025-03-05T00:00:00.000Z"), window: "day" });
  });

  it("ignores the count of a window that has ended", () => {
    const earlier = at("2025-03-04T14:02:59Z");
    expect(checkRateWindows(limits, counts(60, 100, 1000, earlier), now)).toEqual({ allowed: true });
    // The stale minute is ignored, but the hour it shares with now still counts.
    expect(checkRateWindows(limits, counts(60, 1000, 1000, earlier), now)).toEqual({ allowed: false, until: at("2025-03-04T15:00:00.000Z"), window: "hour" });
  });

  it("a full minute is free again at exactly the next :00", () => {
    const full = counts(60, 100, 1000);
    expect(checkRateWindows(limits, full, at("2025-03-04T14:03:59.999Z")).allowed).toBe(false);
    expect(checkRateWindows(limits, full, at("2025-03-04T14:04:00.000Z"))).toEqual({ allowed: true });
  });

  it("yesterday's full day does not block today", () => {
    expect(checkRateWindows(limits, counts(0, 0, 10000, at("2025-03-03T23:59:00Z")), at("2025-03-04T00:00:01Z"))).toEqual({ allowed: true });
  });

  it("several full windows: the latest end wins", () => {
    expect(checkRateWindows(limits, counts(60, 1000, 1000), now)).toEqual({ allowed: false, until: at("2025-03-04T15:00:00.000Z"), window: "hour" });
    expect(checkRateWindows(limits, counts(60, 1000, 10000), now)).toEqual({ allowed: false, until: at("2025-03-05T00:00:00.000Z"), window: "day" });
    expect(checkRateWindows(limits, counts(60, 0, 10000), now)).toEqual({ allowed: false, until: at("2025-03-05T00:00:00.000Z"), window: "day" });
  });

  it("in the last minute of the hour, a full minute and a full hour end together; the minute is named", () => {
    const late = at("2025-03-04T14:59:30Z");
    expect(checkRateWindows(limits, counts(60, 1000, 0, late), late)).toEqual({ allowed: false, until: at("2025-03-04T15:00:00.000Z"), window: "minute" });
  });

  it("enabled: false always allows, even far over every limit", () => {
    expect(checkRateWindows({ ...limits, enabled: false }, counts(1e6, 1e6, 1e6), now)).toEqual({ allowed: true });
  });

  it("a stored windowStart written differently from toISOString is treated as stale", () => {
    // The comparison is by string: "…T14:03:00Z" is the same instant as "…T14:03:00.000Z" but does not match.
    const count: WindowCount[] = [{ window: "minute", windowStart: "2025-03-04T14:03:00Z", count: 60 }];
    expect(checkRateWindows(limits, count, now)).toEqual({ allowed: true });
  });

  it("uses the shipped templates' limits", () => {
    expect(checkRateWindows(gym().rateLimiting, counts(60, 0, 0), now).allowed).toBe(false);
    expect(checkRateWindows(crm().rateLimiting, counts(60, 0, 0), now).allowed).toBe(true);
    expect(checkRateWindows(crm().rateLimiting, counts(100, 0, 0), now).allowed).toBe(false);
    expect(checkRateWindows(crm().rateLimiting, counts(0, 2000, 0), now)).toEqual({ allowed: false, until: at("2025-03-04T15:00:00.000Z"), window: "hour" });
  });
});

describe("parseRetryAfter", () => {
  const now = at("2025-03-04T14:03:27Z");

  it("reads seconds as milliseconds", () => {
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("0", now)).toBe(0);
    expect(parseRetryAfter(" 5 ", now)).toBe(5_000);
  });

  it("reads an HTTP date as the milliseconds until it", () => {
    expect(parseRetryAfter("Tue, 04 Mar 2025 14:05:27 GMT", now)).toBe(120_000);
    expect(parseRetryAfter("Wed, 05 Mar 2025 14:03:27 GMT", now)).toBe(86_400_000);
  });

  it("a date in the past (or now) is 0", () => {
    expect(parseRetryAfter("Tue, 04 Mar 2025 14:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("Tue, 04 Mar 2025 14:03:27 GMT", now)).toBe(0);
  });

  it("absent or unreadable is null", () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter("", now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter("5 minutes", now)).toBeNull();
    expect(parseRetryAfter("   ", now)).toBeNull();
  });

  it("garbage that V8's lenient date parser reads as some past date gives 0, not null", () => {
    // Not RFC 9110 values, but Date.parse reads them: "-5" and "1.5" as dates in 2001, "abc 12" as December 2001.
    expect(parseRetryAfter("-5", now)).toBe(0);
    expect(parseRetryAfter("1.5", now)).toBe(0);
    expect(parseRetryAfter("abc 12", now)).toBe(0);
  });
});

describe("retryDelayMs", () => {
  it("exponential: 1 s, 2 s, 4 s, 8 s with retryDelay 1000", () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(handling, attempt))).toEqual([1000, 2000, 4000, 8000]);
  });

  it("attempt 0 (or below) is treated as the first", () => {
    expect(retryDelayMs(handling, 0)).toBe(1000);
    expect(retryDelayMs(handling, -3)).toBe(1000);
  });

  it("linear when exponentialBackoff is false", () => {
    const linear = { ...handling, exponentialBackoff: false };
    expect([1, 2, 3, 10].map((attempt) => retryDelayMs(linear, attempt))).toEqual([1000, 1000, 1000, 1000]);
  });

  it("a Retry-After longer than the backoff wins", () => {
    expect(retryDelayMs(handling, 1, 30_000)).toBe(30_000);
    expect(retryDelayMs(handling, 3, 4_001)).toBe(4_001);
    expect(retryDelayMs({ ...handling, exponentialBackoff: false }, 5, 60_000)).toBe(60_000);
  });

  it("a Retry-After shorter than the backoff does not shorten it", () => {
    expect(retryDelayMs(handling, 3, 500)).toBe(4000);
    expect(retryDelayMs(handling, 2, 0)).toBe(2000);
    expect(retryDelayMs(handling, 2, null)).toBe(2000);
  });

  it("is capped at MAX_RETRY_WAIT_MS (6 hours)", () => {
    expect(MAX_RETRY_WAIT_MS).toBe(21_600_000);
    expect(retryDelayMs(handling, 1, 7 * 3_600_000)).toBe(MAX_RETRY_WAIT_MS);
    expect(retryDelayMs(handling, 30)).toBe(MAX_RETRY_WAIT_MS);
    expect(retryDelayMs({ ...handling, retryDelay: 30_000_000, exponentialBackoff: false }, 1)).toBe(MAX_RETRY_WAIT_MS);
  });

  it("a Retry-After of exactly the cap is the cap", () => {
    expect(retryDelayMs(handling, 1, MAX_RETRY_WAIT_MS)).toBe(MAX_RETRY_WAIT_MS);
  });

  it("retryDelay 0 waits only for Retry-After", () => {
    expect(retryDelayMs({ ...handling, retryDelay: 0 }, 3)).toBe(0);
    expect(retryDelayMs({ ...handling, retryDelay: 0 }, 3, 2_000)).toBe(2_000);
  });

  it("the shipped templates back off 1 s, 2 s, 4 s", () => {
    for (const template of [gym(), crm()]) expect([1, 2, 3].map((attempt) => retryDelayMs(template.errorHandling, attempt))).toEqual([1000, 2000, 4000]);
  });

  it("with parseRetryAfter: a 429's Retry-After of 90 seconds is honoured", () => {
    expect(retryDelayMs(crm().errorHandling, 1, parseRetryAfter("90", at("2025-03-04T14:03:27Z")))).toBe(90_000);
  });
});

describe("shouldRetry", () => {
  const status = (code: number): AttemptFailure => ({ kind: "status", status: code });

  it("gym-management retries 400, 401, 403, 404, 500, 502, 503 and 504", () => {
    for (const code of [400, 401, 403, 404, 500, 502, 503, 504]) expect(shouldRetry(gym().errorHandling, 1, status(code)), `status ${code}`).toBe(true);
  });

  it("gym-management does not retry 422 or other unlisted statuses, but retries 429 (a rate limit is always passing)", () => {
    for (const code of [422, 405, 409, 501, 505]) expect(shouldRetry(gym().errorHandling, 1, status(code)), `status ${code}`).toBe(false);
    expect(shouldRetry(gym().errorHandling, 1, status(429))).toBe(true);
  });

  it("crm-suite retries 429 and 500, 502, 503, 504", () => {
    for (const code of [429, 500, 502, 503, 504]) expect(shouldRetry(crm().errorHandling, 1, status(code)), `status ${code}`).toBe(true);
  });

  it("crm-suite does not retry 401, 400, 403, 404 or 422", () => {
    for (const code of [401, 400, 403, 404, 422, 501]) expect(shouldRetry(crm().errorHandling, 1, status(code)), `status ${code}`).toBe(false);
  });

  it("timeouts and network failures are retried with both templates", () => {
    for (const template of [gym(), crm()]) {
      expect(shouldRetry(template.errorHandling, 1, { kind: "timeout" })).toBe(true);
      expect(shouldRetry(template.errorHandling, 2, { kind: "network" })).toBe(true);
    }
  });

  it("a refused address or an invalid payload is never retried, even on the first attempt", () => {
    for (const template of [gym(), crm()]) {
      expect(shouldRetry(template.errorHandling, 1, { kind: "refused" })).toBe(false);
      expect(shouldRetry(template.errorHandling, 1, { kind: "invalid" })).toBe(false);
    }
  });

  it("retries up to attempt retryAttempts, not once attempt is above it", () => {
    expect(handling.retryAttempts).toBe(3);
    expect([1, 2, 3, 4, 5].map((attempt) => shouldRetry(handling, attempt, { kind: "timeout" }))).toEqual([true, true, true, false, false]);
    expect([1, 2, 3, 4].map((attempt) => shouldRetry(handling, attempt, status(503)))).toEqual([true, true, true, false]);
  });

  it("retryAttempts 0 never retries", () => {
    const none = { ...handling, retryAttempts: 0 };
    expect(shouldRetry(none, 1, { kind: "network" })).toBe(false);
    expect(shouldRetry(none, 1, status(503))).toBe(false);
  });

  it("an empty status list retries no status, but still retries a timeout", () => {
    const noStatuses = { ...handling, retryableStatusCodes: [] };
    expect(shouldRetry(noStatuses, 1, status(503))).toBe(false);
    expect(shouldRetry(noStatuses, 1, { kind: "timeout" })).toBe(true);
  });
});

describe("successRate", () => {
  it("is null (shown as —) with no syncs", () => {
    expect(successRate(0, 0)).toBeNull();
  });

  it("is 75 for 3 of 4", () => {
    expect(successRate(3, 4)).toBe(75);
  });

  it("is 100 when all succeed and 0 when none do", () => {
    expect(successRate(4, 4)).toBe(100);
    expect(successRate(0, 4)).toBe(0);
  });

  it("is not rounded", () => {
    expect(successRate(1, 3)).toBeCloseTo(33.333, 3);
  });

  it("is not clamped when successful exceeds total", () => {
    expect(successRate(5, 4)).toBe(125);
  });
});
