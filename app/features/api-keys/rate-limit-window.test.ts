import { describe, expect, it } from "vitest";
import { latencyColumn, p95FromBuckets, rateLimitHeaders, retryAfterSeconds, windowStartOf } from "./rate-limit-window";
import { endpointOf, hasScope, parseScopes, serializeScopes } from "./scopes";

const at = (iso: string) => Date.parse(iso);

describe("rate-limit windows", () => {
  it("aligns a window to the UTC minute, the first millisecond included and the last one too", () => {
    expect(windowStartOf(at("2026-11-28T17:30:00.000Z"))).toBe(at("2026-11-28T17:30:00.000Z"));
    expect(windowStartOf(at("2026-11-28T17:30:59.999Z"))).toBe(at("2026-11-28T17:30:00.000Z"));
    expect(windowStartOf(at("2026-11-28T17:31:00.000Z"))).toBe(at("2026-11-28T17:31:00.000Z"));
  });

  it("tells a refused client to retry when the next window opens, rounded up and never 0", () => {
    expect(retryAfterSeconds(at("2026-11-28T17:30:00.000Z"))).toBe(60);
    expect(retryAfterSeconds(at("2026-11-28T17:30:15.200Z"))).toBe(45);
    expect(retryAfterSeconds(at("2026-11-28T17:30:59.999Z"))).toBe(1);
  });

  it("counts down the remaining requests and adds Retry-After only past the limit", () => {
    const nowMs = at("2026-11-28T17:30:20.000Z");
    const reset = String(at("2026-11-28T17:31:00.000Z") / 1000);
    expect(rateLimitHeaders({ limit: 3, count: 1, nowMs })).toEqual({ "X-RateLimit-Limit": "3", "X-RateLimit-Remaining": "2", "X-RateLimit-Reset": reset });
    expect(rateLimitHeaders({ limit: 3, count: 3, nowMs })["X-RateLimit-Remaining"]).toBe("0");
    expect(rateLimitHeaders({ limit: 3, count: 3, nowMs })["Retry-After"]).toBeUndefined();
    expect(rateLimitHeaders({ limit: 3, count: 4, nowMs })).toMatchObject({ "X-RateLimit-Remaining": "0", "Retry-After": "40" });
  });
});

describe("latency histogram", () => {
  it("puts a request in the first bucket whose upper bound it does not exceed", () => {
    expect(latencyColumn(0)).toBe("latency_le_25");
    expect(latencyColumn(25)).toBe("latency_le_25");
    expect(latencyColumn(25.1)).toBe("latency_le_50");
    expect(latencyColumn(2500)).toBe("latency_le_2500");
    expect(latencyColumn(2501)).toBe("latency_over_2500");
  });

  it("gives the p95 as the upper bound of the bucket the 95th percentile falls in", () => {
    expect(p95FromBuckets([0, 0, 0, 0, 0, 0, 0, 0])).toBeNull();
    expect(p95FromBuckets([100, 0, 0, 0, 0, 0, 0, 0])).toBe(25);
    // 94 fast and 6 slow: the 95th request is slow.
    expect(p95FromBuckets([94, 0, 0, 6, 0, 0, 0, 0])).toBe(250);
    // 95 fast and 5 slow: the 95th request is still fast.
    expect(p95FromBuckets([95, 0, 0, 5, 0, 0, 0, 0])).toBe(25);
    expect(p95FromBuckets([0, 0, 0, 0, 0, 0, 0, 1])).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("scopes", () => {
  it("grants only what a key holds; the catch-all needs no scope", () => {
    expect(hasScope(["calls:read"], "calls:read")).toBe(true);
    expect(hasScope(["calls:read"], "calls:write")).toBe(false);
    expect(hasScope([], "appointments:read")).toBe(false);
    expect(hasScope([], null)).toBe(true);
  });

  it("stores scopes in one canonical order and drops words it does not know", () => {
    expect(serializeScopes(["appointments:write", "calls:read"])).toBe("calls:read appointments:write");
    expect(parseScopes("calls:read  admin:everything appointments:write")).toEqual(["calls:read", "appointments:write"]);
    expect(parseScopes("")).toEqual([]);
  });

  it("counts requests per route pattern, never per raw URL", () => {
    expect(endpointOf("get", "/api/v1/calls/abc-123")).toBe("GET /api/v1/calls/{callId}");
    expect(endpointOf("GET", "/api/v1/appointments/xyz")).toBe("GET /api/v1/appointments/{id}");
    expect(endpointOf("POST", "/api/v1/appointments")).toBe("POST /api/v1/appointments");
    expect(endpointOf("GET", "/api/v1/nothing/here")).toBe("GET /api/v1/*");
  });
});
