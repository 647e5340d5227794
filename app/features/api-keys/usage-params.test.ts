import { describe, expect, it } from "vitest";
import { adminKeysHref, keyStatus, parseAdminKeysParams } from "./admin-params";
import { dashboardRange, parseUsageParams, usageCsvHref, usageHref } from "./usage-params";

const NOW = new Date("2026-11-28T10:00:00Z");
const parse = (query: string) => parseUsageParams(new URLSearchParams(query), NOW);

describe("the usage tab's URL", () => {
  it("defaults to the last 30 UTC days, today included", () => {
    expect(parse("")).toEqual({ key: null, endpoint: null, from: "2026-10-30", to: "2026-11-28", status: null, page: 1 });
  });

  it("swaps a backwards range, keeps at most 366 days and drops what it does not understand", () => {
    expect(parse("from=2026-11-20&to=2026-11-01")).toMatchObject({ from: "2026-11-01", to: "2026-11-20" });
    expect(parse("from=2020-01-01&to=2026-11-28")).toMatchObject({ from: "2025-11-28", to: "2026-11-28" });
    expect(parse("from=2026-02-30&status=6xx&page=-3")).toMatchObject({ from: "2026-10-30", status: null, page: 1 });
  });

  it("writes the filters back in a stable order, the page only past the first, and the CSV without tab or page", () => {
    const params = parse("status=4xx&key=k1&endpoint=GET%20%2Fapi%2Fv1%2Fslots&from=2026-11-01&to=2026-11-02&page=3");
    expect(usageHref(params)).toBe("/api-access?tab=usage&key=k1&endpoint=GET+%2Fapi%2Fv1%2Fslots&from=2026-11-01&to=2026-11-02&status=4xx&page=3");
    expect(usageCsvHref(params)).toBe("/api-access/usage.csv?key=k1&endpoint=GET+%2Fapi%2Fv1%2Fslots&from=2026-11-01&to=2026-11-02&status=4xx");
  });

  it("reads the dashboard's range in UTC days, the overview's default when unknown", () => {
    const range = dashboardRange(new URLSearchParams("range=nonsense"), NOW);
    expect(range.key).toBe("last-7-days");
    expect(range.startUtc).toBe("2026-11-22T00:00:00.000Z");
    expect(range.endUtc).toBe("2026-11-29T00:00:00.000Z");
  });
});

describe("the super admin's key list", () => {
  it("tells revoked (whatever the expiry), expired and active keys apart", () => {
    const now = Date.parse("2026-11-28T10:00:00Z");
    expect(keyStatus({ revokedAt: "2026-11-01T00:00:00Z", expiresAt: "2026-11-02T00:00:00Z" }, now)).toBe("revoked");
    expect(keyStatus({ revokedAt: null, expiresAt: "2026-11-28T10:00:00Z" }, now)).toBe("expired");
    expect(keyStatus({ revokedAt: null, expiresAt: "2026-11-29T00:00:00Z" }, now)).toBe("active");
    expect(keyStatus({ revokedAt: null, expiresAt: null }, now)).toBe("active");
  });

  it("keeps its filters in the URL, leaving the defaults out", () => {
    const params = parseAdminKeysParams(new URLSearchParams("q=demo&status=expired&range=today&page=2&tenant=t1"));
    expect(params).toEqual({ q: "demo", tenant: "t1", status: "expired", range: "today", page: 2 });
    expect(adminKeysHref(params, { page: 1 })).toBe("/api-access-admin?q=demo&tenant=t1&status=expired&range=today");
    expect(adminKeysHref(parseAdminKeysParams(new URLSearchParams("range=forever&status=gone")))).toBe("/api-access-admin");
    expect(adminKeysHref(params, { revoke: "k9" })).toBe("/api-access-admin?q=demo&tenant=t1&status=expired&range=today&page=2&revoke=k9");
  });
});
