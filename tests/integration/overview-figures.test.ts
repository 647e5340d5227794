import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CallStatus } from "~/db/schema";
import type { CallFigures } from "~/features/call-center/kpis";
import type { CallInput } from "~/features/calls/call-row";
import { DATE_RANGES } from "~/lib/dates/date-ranges";
import * as overview from "~/routes/_dashboard+/overview";
import { callLoader, prepareTestDatabaseAtFakedClock, sessionCookieFor, unwrap } from "../support/app";
import { call, tenantWithOwner } from "../support/factories";
import { renderPage } from "../support/render-page";

/**
 * The overview's call figures, counted in the tenant's zone (America/Toronto
 * for a registered tenant). The clock stands at Tuesday 2026-03-10 12:00 in
 * Toronto, two days after daylight saving began (Sunday 2026-03-08 was 23
 * hours long: 05:00Z to 04:00Z the next day).
 */
const NOW = new Date("2026-03-10T16:00:00.000Z");

type LoaderValue = Awaited<ReturnType<typeof overview.loader>>;

async function insertCall(tenantId: string, createdAt: string, status: CallStatus, direction: "inbound" | "outbound", extra: Partial<CallInput> = {}) {
  await call(tenantId, { status, direction, createdAt, ...extra });
}

let tenant: { tenantId: string; cookie: string };

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  // The demo tenant's calls dated around NOW, not around the run's template.
  await prepareTestDatabaseAtFakedClock();
  tenant = await tenantWithOwner({ name: "Owner toronto", phone: "4165550177" });
  const other = await tenantWithOwner({ name: "Owner other", phone: "4165550177" });
  const t = tenant.tenantId;

  // 03:30 UTC on the 10th is 23:30 on the 9th in Toronto.
  await insertCall(t, "2026-03-10T03:30:00.000Z", "ended", "inbound", { durationSeconds: 120 });
  await insertCall(t, "2026-03-10T04:30:00.000Z", "missed", "outbound", { durationSeconds: 0 });
  await insertCall(t, "2026-03-10T12:00:00.000Z", "ended", "outbound", { durationSeconds: 300, escalated: true });
  // Around the short day: 04:59Z on the 8th is still the 7th (EST), 05:00Z is the 8th's midnight,
  // 03:30Z on the 9th is 23:30 on the 8th (EDT), 04:00Z on the 9th is already the 9th.
  await insertCall(t, "2026-03-08T04:59:00.000Z", "voicemail", "inbound", { durationSeconds: 30 });
  await insertCall(t, "2026-03-08T05:00:00.000Z", "ended", "outbound", { durationSeconds: 45 });
  await insertCall(t, "2026-03-09T03:30:00.000Z", "ended", "inbound", { durationSeconds: 60, escalated: true });
  await insertCall(t, "2026-03-09T04:00:00.000Z", "ended", "inbound", { durationSeconds: 15 });
  // Older calls for the longer ranges.
  await insertCall(t, "2026-03-03T12:00:00.000Z", "ended", "inbound", { durationSeconds: 90 });
  await insertCall(t, "2026-02-15T12:00:00.000Z", "ended", "outbound", { durationSeconds: 600 });
  await insertCall(t, "2025-06-01T12:00:00.000Z", "ended", "inbound", { durationSeconds: 30 });
  await insertCall(t, "2025-03-10T12:00:00.000Z", "ended", "inbound", { durationSeconds: 30 }); // a day before last-12-months starts
  // Not finished yet: no figure counts them.
  await insertCall(t, "2026-03-10T15:00:00.000Z", "live", "inbound", { durationSeconds: 999 });
  await insertCall(t, "2026-03-10T15:30:00.000Z", "queued", "inbound");
  // Another tenant's calls on the same days never count.
  for (const at of ["2026-03-10T12:00:00.000Z", "2026-03-09T12:00:00.000Z", "2026-02-15T12:00:00.000Z"]) {
    await insertCall(other.tenantId, at, "missed", "inbound", { durationSeconds: 1000, escalated: true });
  }
});

afterAll(() => {
  vi.useRealTimers();
});

async function load(query = "", cookie = tenant.cookie, language?: "en" | "de") {
  const { status, value } = unwrap(await callLoader(overview.loader, `/overview${query}`, { cookie, language }));
  expect(status).toBe(200);
  return value as LoaderValue;
}

const figures = (f: Partial<CallFigures>): CallFigures => ({
  inbound: 0,
  outbound: 0,
  missed: 0,
  voicemail: 0,
  completed: 0,
  escalated: 0,
  durationSeconds: 0,
  ...f,
});

const LAST_7_DAYS = figures({ inbound: 4, outbound: 3, missed: 1, voicemail: 1, completed: 5, escalated: 2, durationSeconds: 570 });
const EXPECTED: Record<(typeof DATE_RANGES)[number], { total: CallFigures; granularity: string; periods: number }> = {
  today: { total: figures({ outbound: 2, missed: 1, completed: 1, escalated: 1, durationSeconds: 300 }), granularity: "day", periods: 1 },
  yesterday: { total: figures({ inbound: 2, completed: 2, durationSeconds: 135 }), granularity: "day", periods: 1 },
  "last-7-days": { total: LAST_7_DAYS, granularity: "day", periods: 7 },
  "month-to-date": { total: figures({ ...LAST_7_DAYS, inbound: 5, completed: 6, durationSeconds: 660 }), granularity: "day", periods: 10 },
  // Jan 1 – Mar 10 is 69 days: counted per week (Jan 1 is a Thursday, so the first week is partial).
  "quarter-to-date": { total: figures({ ...LAST_7_DAYS, inbound: 5, outbound: 4, completed: 7, durationSeconds: 1260 }), granularity: "week", periods: 11 },
  "year-to-date": { total: figures({ ...LAST_7_DAYS, inbound: 5, outbound: 4, completed: 7, durationSeconds: 1260 }), granularity: "week", periods: 11 },
  "last-3-months": { total: figures({ ...LAST_7_DAYS, inbound: 5, outbound: 4, completed: 7, durationSeconds: 1260 }), granularity: "week", periods: 14 },
  "last-12-months": { total: figures({ ...LAST_7_DAYS, inbound: 6, outbound: 4, completed: 8, durationSeconds: 1290 }), granularity: "month", periods: 13 },
};

describe("overview figures per range, in the tenant's time zone", () => {
  it.each(DATE_RANGES)("%s", async (range) => {
    const { figures } = await load(`?range=${range}`);
    expect(figures.rangeKey).toBe(range);
    expect(figures.total).toEqual(EXPECTED[range].total);
    expect(figures.granularity).toBe(EXPECTED[range].granularity);
    expect(figures.periods).toHaveLength(EXPECTED[range].periods);
    // The chart and the cards agree.
    const summed = figures.periods.reduce((sum, p) => sum + p.inbound + p.outbound, 0);
    expect(summed).toBe(figures.total.inbound + figures.total.outbound);
  });

  it("shows the last 7 days without a range, and for an unknown one", async () => {
    expect((await load()).figures).toMatchObject({ rangeKey: "last-7-days", total: LAST_7_DAYS });
    expect((await load("?range=forever")).figures.rangeKey).toBe("last-7-days");
  });

  it("puts each call on its local date, also around midnight and on the short daylight-saving day", async () => {
    const { figures } = await load("?range=last-7-days");
    const byDay = Object.fromEntries(figures.periods.map((p) => [p.key, { inbound: p.inbound, outbound: p.outbound, seconds: p.durationSeconds }]));
    expect(byDay).toEqual({
      "2026-03-04": { inbound: 0, outbound: 0, seconds: 0 },
      "2026-03-05": { inbound: 0, outbound: 0, seconds: 0 },
      "2026-03-06": { inbound: 0, outbound: 0, seconds: 0 },
      "2026-03-07": { inbound: 1, outbound: 0, seconds: 30 }, // 04:59Z on the 8th
      "2026-03-08": { inbound: 1, outbound: 1, seconds: 105 }, // 05:00Z on the 8th, 03:30Z on the 9th
      "2026-03-09": { inbound: 2, outbound: 0, seconds: 135 }, // 04:00Z on the 9th, 03:30Z on the 10th
      "2026-03-10": { inbound: 0, outbound: 2, seconds: 300 },
    });
  });

  it("counts in weeks starting on Monday for long ranges", async () => {
    const { figures } = await load("?range=quarter-to-date");
    expect(figures.periods.slice(0, 3).map((p) => p.key)).toEqual(["2026-01-01", "2026-01-05", "2026-01-12"]);
    // Sunday Feb 15 belongs to the week starting Monday Feb 9.
    expect(figures.periods.find((p) => p.key === "2026-02-09")).toMatchObject({ outbound: 1, durationSeconds: 600 });
    // The week of the short day: Mar 9 and 10 only (the range ends today).
    expect(figures.periods.at(-1)).toMatchObject({ key: "2026-03-09", inbound: 2, outbound: 2 });
  });

  it("gives call minutes as whole minutes with the unit, in the user's language", async () => {
    const html = await renderPage(overview.default, await load("?range=yesterday"), "/overview?range=yesterday");
    // 135 seconds → 2 minutes, never "2.3"
    expect(figureCard(html, "minutes")).toMatch(/>2\u00a0min</);
    const de = await renderPage(overview.default, await load("?range=yesterday", tenant.cookie, "de"), "/overview?range=yesterday", "de");
    expect(figureCard(de, "minutes")).toMatch(/>2\u00a0Min\.</);
  });
});

describe("the autumn daylight-saving day (25 hours)", () => {
  it("keeps 04:30Z on Nov 2 on Nov 1 in Toronto", async () => {
    vi.setSystemTime(new Date("2026-11-03T17:00:00.000Z"));
    try {
      const autumn = await tenantWithOwner({ name: "Owner autumn", phone: "4165550177" });
      await insertCall(autumn.tenantId, "2026-11-01T04:00:00.000Z", "ended", "inbound"); // Nov 1, 00:00 EDT
      await insertCall(autumn.tenantId, "2026-11-02T04:30:00.000Z", "ended", "inbound"); // Nov 1, 23:30 EST
      await insertCall(autumn.tenantId, "2026-11-02T05:00:00.000Z", "ended", "outbound"); // Nov 2, 00:00 EST
      const { figures } = await load("?range=last-7-days", autumn.cookie);
      const byDay = Object.fromEntries(figures.periods.map((p) => [p.key, [p.inbound, p.outbound]]));
      expect(byDay["2026-10-31"]).toEqual([0, 0]);
      expect(byDay["2026-11-01"]).toEqual([2, 0]);
      expect(byDay["2026-11-02"]).toEqual([0, 1]);
    } finally {
      vi.setSystemTime(NOW);
    }
  });
});

function figureCard(html: string, key: string) {
  return html.match(new RegExp(`<a[^>]*data-figure="${key}"[^>]*>[\\s\\S]*?</a>`))?.[0] ?? "";
}
const hrefOf = (tag: string) => tag.match(/href="([^"]*)"/)?.[1]?.replaceAll("&amp;", "&") ?? null;

describe("the rendered overview (no JavaScript)", () => {
  it("links every figure to the recordings list filtered to it", async () => {
    const html = await renderPage(overview.default, await load("?range=month-to-date"), "/overview?range=month-to-date");
    expect(
      Object.fromEntries(
        ["inbound", "outbound", "missed", "voicemail", "completed", "escalated", "minutes"].map((key) => [key, hrefOf(figureCard(html, key))]),
      ),
    ).toEqual({
      inbound: "/recordings?direction=inbound&range=month-to-date",
      outbound: "/recordings?direction=outbound&range=month-to-date",
      missed: "/recordings?status=missed&range=month-to-date",
      voicemail: "/recordings?status=voicemail&range=month-to-date",
      completed: "/recordings?status=ended&range=month-to-date",
      escalated: "/recordings?escalated=1&range=month-to-date",
      minutes: "/recordings?range=month-to-date",
    });
    expect(figureCard(html, "inbound")).toMatch(/>Inbound<[\s\S]*>5</);
    expect(figureCard(html, "minutes")).toMatch(/>11\u00a0min</);
  });

  it("offers every range as a link and marks the current one", async () => {
    const html = await renderPage(overview.default, await load("?range=yesterday"), "/overview?range=yesterday");
    for (const range of DATE_RANGES) expect(html).toContain(`href="/overview?range=${range}"`);
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/overview\?range=yesterday"[^>]*>Yesterday<\/a>/);
  });

  it("draws the chart as an accessible SVG with a data table, and keeps the account panels", async () => {
    const html = await renderPage(overview.default, await load(), "/overview");
    expect(html).toMatch(
      /<svg role="img" aria-label="Mar 4, 2026 – Mar 10, 2026: 4 inbound and 3 outbound calls\. Busiest day: Sun, Mar 8, 2026 with 2 calls\."/,
    );
    expect(html).toContain("<title>Inbound and outbound calls per day</title>");
    expect(html).toContain('data-testid="calls-chart-table"');
    expect(html).toContain('data-testid="tenant-name"');
    expect(html).toContain('data-testid="plan-name"');
  });

  it("says when a long range is counted per month", async () => {
    const html = await renderPage(overview.default, await load("?range=last-12-months"), "/overview?range=last-12-months");
    expect(html).toContain("counted per month because the range is long");
  });
});

describe("who sees the figures", () => {
  it("the read-only agent reads the overview with its tenant's figures", async () => {
    const agent = await sessionCookieFor("agent@demo.test");
    const value = await load("?range=last-12-months", agent);
    expect(value.figures.rangeKey).toBe("last-12-months");
    // The demo tenant has seeded calls; none of this test tenant's are among them.
    expect(value.figures.total.inbound + value.figures.total.outbound).toBeGreaterThan(0);
  });
});
