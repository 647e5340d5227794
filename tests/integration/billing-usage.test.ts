import { beforeAll, describe, expect, it } from "vitest";
import { getDb, newId } from "~/db/db.server";
import type { CallStatus, NewCall } from "~/db/schema";
import { buildCallRow } from "~/features/calls/call-row";
import { localDateKey, localDateOf, startOfLocalDay } from "~/lib/dates/date-ranges";
import { billableMinutes } from "~/features/billing/usage/overage";
import { bookOverage, overageByDay, periodUsage, runOverageBooking } from "~/features/billing/usage/overage.server";
import { overageByCampaign } from "~/features/billing/usage/usage-page.server";
import {
  addUsage,
  emptyUsage,
  usageByAgent,
  usageByCampaign,
  usageByDay,
  usageTotals,
  type CostSums,
  type UsageFigures,
} from "~/features/billing/usage/usage.server";
import { prepareTestDatabase } from "../support/app";
import { billingTenant, books } from "../support/billing";

beforeAll(prepareTestDatabase);

/* ---- Fixtures ---- */

interface TestCall {
  createdAt: string;
  status?: CallStatus;
  seconds?: number | null;
  campaign?: string | null;
  agent?: string | null;
  cost?: { currency: string; telephony: number | null; stt: number | null; llm: number | null; tts: number | null } | null;
}

async function insertCalls(tenantId: string, calls: TestCall[]) {
  const rows: NewCall[] = calls.map((call) => {
    const id = newId();
    const status = call.status ?? "ended";
    const row = buildCallRow({
      id,
      tenantId,
      externalId: `usage-${id}`,
      status,
      direction: "inbound",
      from: "+14165550123",
      to: "+14165550199",
      campaignName: call.campaign ?? null,
      agentName: call.agent ?? null,
      durationSeconds: call.seconds === undefined ? 60 : call.seconds,
      endedAt: status === "ended" || status === "missed" || status === "voicemail" ? call.createdAt : null,
      startedAt: status === "live" ? call.createdAt : null,
      queuedAt: status === "queued" ? call.createdAt : null,
      createdAt: call.createdAt,
    });
    const cost = call.cost;
    return cost
      ? {
          ...row,
          cost_currency: cost.currency,
          cost_telephony_minor: cost.telephony,
          cost_stt_minor: cost.stt,
          cost_llm_minor: cost.llm,
          cost_tts_minor: cost.tts,
        }
      : row;
  });
  for (let i = 0; i < rows.length; i += 50)
    await getDb()
      .insertInto("calls")
      .values(rows.slice(i, i + 50))
      .execute();
}

const setTimeZone = (tenantId: string, timeZone: string) => getDb().updateTable("tenants").set({ time_zone: timeZone }).where("id", "=", tenantId).execute();

/** Gives the tenant's plan the billing period [start, end). */
async function setPeriod(tenantId: string, start: string, end: string) {
  await getDb()
    .updateTable("subscriptions")
    .set({ current_period_start: start, current_period_end: end, started_at: start })
    .where("tenant_id", "=", tenantId)
    .where("status", "=", "active")
    .execute();
}

/** A deterministic PRNG (mulberry32): the same calls on every run and both databases. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Comparable figures: costs keyed by currency. */
const shape = (figures: UsageFigures) => ({ calls: figures.calls, seconds: figures.seconds, billableMinutes: figures.billableMinutes, costs: figures.costs });
const sum = (list: UsageFigures[]) => list.reduce<UsageFigures>((total, figures) => addUsage(total, figures), emptyUsage());

/** The figures of some calls computed in JS, one call at a time: the oracle the SQL is held to. */
function oracle(calls: TestCall[]): UsageFigures {
  const costs = new Map<string, CostSums>();
  let seconds = 0;
  let minutes = 0;
  for (const call of calls) {
    seconds += call.seconds ?? 0;
    minutes += billableMinutes(call.seconds);
    if (!call.cost) continue;
    const sums = costs.get(call.cost.currency) ?? { currency: call.cost.currency, calls: 0, telephony: 0, speechToText: 0, llm: 0, textToSpeech: 0, total: 0 };
    sums.calls += 1;
    sums.telephony += call.cost.telephony ?? 0;
    sums.speechToText += call.cost.stt ?? 0;
    sums.llm += call.cost.llm ?? 0;
    sums.textToSpeech += call.cost.tts ?? 0;
    sums.total += (call.cost.telephony ?? 0) + (call.cost.stt ?? 0) + (call.cost.llm ?? 0) + (call.cost.tts ?? 0);
    costs.set(call.cost.currency, sums);
  }
  return { calls: calls.length, seconds, billableMinutes: minutes, costs: [...costs.values()].sort((a, b) => a.currency.localeCompare(b.currency)) };
}

/* ---- Usage ---- */

describe("usage", () => {
  const zone = "Europe/Berlin";
  // 20 March to 5 April 2026, local days; Berlin switches to summer time on 29 March (a 23-hour day).
  const firstDay = { year: 2026, month: 3, day: 20 };
  const range = { start: startOfLocalDay(firstDay, zone).toISOString(), end: startOfLocalDay({ year: 2026, month: 4, day: 6 }, zone).toISOString() };
  const emptyDays = new Set(["2026-03-24", "2026-04-02"]);
  let tenantId: string;
  let calls: TestCall[];

  beforeAll(async () => {
    ({ tenantId } = await billingTenant({ plan: "growth" }));
    await setTimeZone(tenantId, zone);
    const random = prng(20260329);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const from = Date.parse(range.start) - 2 * 86_400_000;
    const to = Date.parse(range.end) + 2 * 86_400_000;
    calls = [];
    while (calls.length < 2400) {
      const createdAt = new Date(from + Math.floor(random() * (to - from))).toISOString();
      if (emptyDays.has(localDateKey(localDateOf(new Date(createdAt), zone)))) continue;
      const part = () => (random() < 0.25 ? null : Math.floor(random() * 250_000));
      let cost: TestCall["cost"] = null;
      if (random() < 0.7) {
        cost = { currency: pick(["USD", "EUR", "JPY"] as const), telephony: part(), stt: part(), llm: part(), tts: part() };
        if (cost.telephony === null && cost.stt === null && cost.llm === null && cost.tts === null) cost.telephony = 1;
      }
      calls.push({
        createdAt,
        status: pick(["ended", "ended", "ended", "ended", "missed", "voicemail", "live", "queued"] as const),
        seconds: pick([null, 0, 1, 59, 60, 61, Math.floor(random() * 3600), Math.floor(random() * 7200)]),
        campaign: pick(["Spring Renewals", "Winback", "Überweisungen", null]),
        agent: pick(["Ava", "Ben", "Chloé", "ava", null]),
        cost,
      });
    }
    // The first and last instants of the range, and one just outside each end.
    calls.push({ createdAt: range.start, seconds: 61 }, { createdAt: new Date(Date.parse(range.end) - 1).toISOString(), seconds: 1 });
    calls.push({ createdAt: new Date(Date.parse(range.start) - 1).toISOString(), seconds: 600 }, { createdAt: range.end, seconds: 600 });
    await insertCalls(tenantId, calls);
    // Another tenant's calls in the same days never count.
    const other = await billingTenant();
    await insertCalls(other.tenantId, calls.slice(0, 100));
  });

  const counted = () =>
    calls.filter((call) => ["ended", "missed", "voicemail"].includes(call.status ?? "ended") && call.createdAt >= range.start && call.createdAt < range.end);
  const dayOf = (call: TestCall) => localDateKey(localDateOf(new Date(call.createdAt), zone));

  it("totals per day, per campaign and per agent each add up exactly to the overall totals", async () => {
    const [totals, byDay, byCampaign, byAgent] = await Promise.all([
      usageTotals(tenantId, range),
      usageByDay(tenantId, range, zone),
      usageByCampaign(tenantId, range),
      usageByAgent(tenantId, range),
    ]);
    expect(shape(totals)).toEqual(oracle(counted()));
    expect(totals.calls).toBeGreaterThan(1000);
    expect(totals.costs.map((sums) => sums.currency)).toEqual(["EUR", "JPY", "USD"]);
    expect(shape(sum(byDay))).toEqual(shape(totals));
    expect(shape(sum(byCampaign))).toEqual(shape(totals));
    expect(shape(sum(byAgent))).toEqual(shape(totals));
    for (const sums of totals.costs) expect(sums.total).toBe(sums.telephony + sums.speechToText + sums.llm + sums.textToSpeech);
    // Every figure is an integer: no rounding anywhere.
    for (const figures of [totals, ...byDay, ...byCampaign, ...byAgent]) {
      for (const value of [
        figures.calls,
        figures.seconds,
        figures.billableMinutes,
        ...figures.costs.flatMap((c) => [c.calls, c.telephony, c.speechToText, c.llm, c.textToSpeech, c.total]),
      ]) {
        expect(Number.isSafeInteger(value)).toBe(true);
      }
    }
  });

  it("counts each tenant-local day, days without calls as zeros, daylight saving included", async () => {
    const byDay = await usageByDay(tenantId, range, zone);
    expect(byDay.map((day) => day.day)).toEqual(
      Array.from({ length: 17 }, (_, i) => localDateKey({ year: 2026, month: i < 12 ? 3 : 4, day: i < 12 ? 20 + i : i - 11 })),
    );
    for (const day of byDay) expect(shape(day), day.day).toEqual(oracle(counted().filter((call) => dayOf(call) === day.day)));
    for (const day of emptyDays) expect(byDay.find((row) => row.day === day)).toMatchObject({ calls: 0, seconds: 0, billableMinutes: 0, costs: [] });
    const shortDay = byDay.find((day) => day.day === "2026-03-29")!;
    expect(Date.parse(shortDay.end) - Date.parse(shortDay.start)).toBe(23 * 3_600_000);
    expect(shortDay).toMatchObject({ start: "2026-03-28T23:00:00.000Z", end: "2026-03-29T22:00:00.000Z" });
  });

  it("groups by campaign and agent as named (null: none), most minutes first", async () => {
    const [byCampaign, byAgent] = await Promise.all([usageByCampaign(tenantId, range), usageByAgent(tenantId, range)]);
    expect(new Set(byCampaign.map((row) => row.campaign))).toEqual(new Set(["Spring Renewals", "Winback", "Überweisungen", null]));
    // Agent names are kept as sent: "ava" is not "Ava".
    expect(new Set(byAgent.map((row) => row.agent))).toEqual(new Set(["Ava", "Ben", "Chloé", "ava", null]));
    for (const row of byCampaign) expect(shape(row)).toEqual(oracle(counted().filter((call) => (call.campaign ?? null) === row.campaign)));
    for (const row of byAgent) expect(shape(row)).toEqual(oracle(counted().filter((call) => (call.agent ?? null) === row.agent)));
    const minutes = byCampaign.map((row) => row.billableMinutes);
    expect(minutes).toEqual([...minutes].sort((a, b) => b - a));
  });

  it("rounds each call up to whole minutes on its own: 0 s is 0 minutes", async () => {
    const { tenantId: tenant } = await billingTenant();
    await setTimeZone(tenant, "UTC");
    await insertCalls(
      tenant,
      [0, 1, 59, 60, 61, 119, null].map((seconds, i) => ({ createdAt: `2026-05-04T10:0${i}:00.000Z`, seconds })),
    );
    const totals = await usageTotals(tenant, { start: "2026-05-04T00:00:00.000Z", end: "2026-05-05T00:00:00.000Z" });
    expect(totals).toEqual({ calls: 7, seconds: 300, billableMinutes: 0 + 1 + 1 + 1 + 2 + 2 + 0, costs: [] });
  });

  it("answers a range without calls with zero days, and an empty range with none", async () => {
    const { tenantId: tenant } = await billingTenant();
    const days = await usageByDay(tenant, { start: "2026-05-01T04:00:00.000Z", end: "2026-05-03T04:00:00.000Z" }, "America/Toronto");
    expect(days.map((day) => [day.day, day.calls, day.billableMinutes])).toEqual([
      ["2026-05-01", 0, 0],
      ["2026-05-02", 0, 0],
    ]);
    expect(await usageByDay(tenant, { start: "2026-05-01T04:00:00.000Z", end: "2026-05-01T04:00:00.000Z" }, "America/Toronto")).toEqual([]);
    expect(await usageByCampaign(tenant, { start: "2026-05-01T04:00:00.000Z", end: "2026-05-03T04:00:00.000Z" })).toEqual([]);
    await expect(usageTotals(tenant, { start: "2026-05-03T00:00:00Z", end: "2026-05-01T00:00:00Z" })).rejects.toThrow(RangeError);
  });
});

/* ---- Overage ---- */

describe("overage booking", () => {
  const zone = "Europe/Berlin";
  // Berlin is UTC+1 in March before the 29th: local midnight of 10 March is 2026-03-09T23:00Z.
  const period = { start: "2026-03-10T09:00:00.000Z", end: "2026-04-10T08:00:00.000Z" };
  const minutes = (count: number) => count * 60;

  /** A Starter tenant (500 included minutes) with: 300, 150, 100, 40 minutes on 10–13 March and 10 on the 14th. */
  async function starterWithCalls() {
    const tenant = await billingTenant({ plan: "starter" });
    await setTimeZone(tenant.tenantId, zone);
    await setPeriod(tenant.tenantId, period.start, period.end);
    await insertCalls(tenant.tenantId, [
      // 23:30 local on 9 March: before the period's first day.
      { createdAt: "2026-03-09T22:30:00.000Z", seconds: minutes(100) },
      ...Array.from({ length: 5 }, (_, i) => ({ createdAt: `2026-03-10T0${i}:00:00.000Z`, seconds: minutes(60) })),
      // 00:10 local on 11 March, and two calls of 74 min 30 s: billed as 75 each.
      { createdAt: "2026-03-10T23:10:00.000Z", seconds: 74 * 60 + 30 },
      { createdAt: "2026-03-11T12:00:00.000Z", seconds: 74 * 60 + 30 },
      // 12 March crosses the allowance: 450 used before, 100 more.
      { createdAt: "2026-03-12T08:00:00.000Z", seconds: minutes(30) },
      { createdAt: "2026-03-12T09:00:00.000Z", seconds: minutes(70) },
      { createdAt: "2026-03-13T10:00:00.000Z", seconds: minutes(40) },
      // Live calls and missed calls of 0 s bill nothing.
      { createdAt: "2026-03-13T11:00:00.000Z", status: "live", seconds: minutes(500) },
      { createdAt: "2026-03-13T12:00:00.000Z", status: "missed", seconds: 0 },
      { createdAt: "2026-03-14T10:00:00.000Z", seconds: minutes(10) },
    ]);
    return tenant;
  }

  it("uses the included minutes first, then books the overage of each completed day, splitting the day the allowance runs out", async () => {
    const { tenantId } = await starterWithCalls();
    // Noon on 14 March: 10–13 March are over, the 14th is not.
    const booked = await bookOverage(tenantId, new Date("2026-03-14T12:00:00.000Z"));
    expect(booked).toEqual([
      { day: "2026-03-12", minutes: 50, chargedCents: 250 },
      { day: "2026-03-13", minutes: 40, chargedCents: 200 },
    ]);
    const after = await books(tenantId);
    const entries = [...after.entries].sort((a, b) => a.reference.localeCompare(b.reference));
    expect(entries.map((entry) => [entry.kind, entry.amount_cents, entry.reference, entry.description_key, JSON.parse(entry.description_values)])).toEqual([
      ["usage", -250, "usage:2026-03-12", "ledger.usage", { minutes: 50, date: "2026-03-12" }],
      ["usage", -200, "usage:2026-03-13", "ledger.usage", { minutes: 40, date: "2026-03-13" }],
    ]);
    expect(after.balance).toBe(-450);
    expect(after.ledgerSum).toBe(after.balance);

    // 01:00 local on 15 March: the 14th is over.
    expect(await bookOverage(tenantId, new Date("2026-03-15T00:00:00.000Z"))).toEqual([{ day: "2026-03-14", minutes: 10, chargedCents: 50 }]);
    const usage = await periodUsage(tenantId, new Date("2026-03-15T00:00:00.000Z"));
    expect(usage).toMatchObject({
      planName: "Starter",
      includedMinutes: 500,
      windowStart: "2026-03-09T23:00:00.000Z",
      windowEnd: "2026-04-09T22:00:00.000Z",
      usedMinutes: 600,
      includedMinutesUsed: 500,
      includedMinutesLeft: 0,
      overageMinutes: 100,
      bookedOverageMinutes: 100,
      bookedOverageCents: 500,
    });
    expect(usage!.days.map((day) => [day.day, day.minutes, day.includedMinutes, day.overageMinutes, day.booked?.minutes ?? null])).toEqual([
      ["2026-03-10", 300, 300, 0, null],
      ["2026-03-11", 150, 150, 0, null],
      ["2026-03-12", 100, 50, 50, 50],
      ["2026-03-13", 40, 0, 40, 40],
      ["2026-03-14", 10, 0, 10, 10],
      ["2026-03-15", 0, 0, 0, null],
    ]);
    const range = { start: "2026-03-09T23:00:00.000Z", end: "2026-03-16T23:00:00.000Z" };
    expect((await overageByDay(tenantId, range, zone)).map((day) => day.day)).toEqual(["2026-03-12", "2026-03-13", "2026-03-14"]);
  });

  it("books a day once, however often and however concurrently it runs", async () => {
    const { tenantId } = await starterWithCalls();
    const at = new Date("2026-03-14T12:00:00.000Z");
    const runs = await Promise.all([bookOverage(tenantId, at), bookOverage(tenantId, at), bookOverage(tenantId, at)]);
    expect(
      runs
        .flat()
        .map((day) => day.day)
        .sort(),
    ).toEqual(["2026-03-12", "2026-03-13"]);
    expect(await bookOverage(tenantId, at)).toEqual([]);
    expect(await bookOverage(tenantId, new Date("2026-03-14T18:00:00.000Z"))).toEqual([]);
    const after = await books(tenantId);
    expect(after.entries.map((entry) => entry.reference).sort()).toEqual(["usage:2026-03-12", "usage:2026-03-13"]);
    expect(after.balance).toBe(-450);
  });

  it("charges a call reported after its day was booked with the next day booked", async () => {
    const { tenantId } = await starterWithCalls();
    await bookOverage(tenantId, new Date("2026-03-14T12:00:00.000Z"));
    await insertCalls(tenantId, [{ createdAt: "2026-03-13T20:00:00.000Z", seconds: minutes(5) }]);
    expect(await bookOverage(tenantId, new Date("2026-03-15T00:00:00.000Z"))).toEqual([{ day: "2026-03-14", minutes: 15, chargedCents: 75 }]);
    expect((await books(tenantId)).balance).toBe(-(250 + 200 + 75));
  });

  it("books nothing within the included minutes, and nothing for a tenant without a plan", async () => {
    const within = await billingTenant({ plan: "growth" });
    await setTimeZone(within.tenantId, zone);
    await setPeriod(within.tenantId, period.start, period.end);
    await insertCalls(within.tenantId, [{ createdAt: "2026-03-11T10:00:00.000Z", seconds: minutes(2500) }]);
    expect(await bookOverage(within.tenantId, new Date("2026-03-20T00:00:00.000Z"))).toEqual([]);

    const planless = await billingTenant({ plan: null });
    await insertCalls(planless.tenantId, [{ createdAt: "2026-03-11T10:00:00.000Z", seconds: minutes(5000) }]);
    expect(await bookOverage(planless.tenantId, new Date("2026-03-20T00:00:00.000Z"))).toEqual([]);
    expect(await periodUsage(planless.tenantId, new Date("2026-03-20T00:00:00.000Z"))).toBeNull();
    expect((await books(within.tenantId)).entries).toEqual([]);
    expect((await books(planless.tenantId)).entries).toEqual([]);
  });

  it("books the whole last day of a period that has ended, and nothing of the next period's first hours", async () => {
    const { tenantId } = await starterWithCalls();
    // 10 April 07:00 local (05:00Z) is after the window's end (local midnight of the 10th) and before the period's end.
    await insertCalls(tenantId, [
      { createdAt: "2026-04-09T21:00:00.000Z", seconds: minutes(7) },
      { createdAt: "2026-04-10T05:00:00.000Z", seconds: minutes(9) },
    ]);
    const booked = await bookOverage(tenantId, new Date("2026-04-10T09:00:00.000Z"));
    expect(booked.map((day) => [day.day, day.minutes])).toEqual([
      ["2026-03-12", 50],
      ["2026-03-13", 40],
      ["2026-03-14", 10],
      ["2026-04-09", 7],
    ]);
  });

  it("runs for every tenant with a billing period", async () => {
    const first = await starterWithCalls();
    const second = await starterWithCalls();
    const planless = await billingTenant({ plan: null });
    const result = await runOverageBooking(new Date("2026-03-14T12:00:00.000Z"));
    expect(result.failed).toBe(0);
    expect(result.tenants).toBeGreaterThanOrEqual(2);
    expect(result.days).toBeGreaterThanOrEqual(4);
    for (const { tenantId } of [first, second]) expect((await books(tenantId)).balance).toBe(-450);
    expect((await books(planless.tenantId)).entries).toEqual([]);

    // Until another day is over, a period is not looked at again; then it is, and minutes reported meanwhile are charged.
    await insertCalls(first.tenantId, [{ createdAt: "2026-03-13T20:00:00.000Z", seconds: minutes(5) }]);
    expect(await runOverageBooking(new Date("2026-03-14T18:00:00.000Z"))).toMatchObject({ checked: 0, days: 0, failed: 0 });
    expect((await books(first.tenantId)).balance).toBe(-450);
    const nextDay = await runOverageBooking(new Date("2026-03-15T00:00:00.000Z"));
    expect(nextDay.checked).toBeGreaterThanOrEqual(2);
    expect((await books(first.tenantId)).balance).toBe(-(450 + 75));
    expect((await books(second.tenantId)).balance).toBe(-(450 + 50));
  });
});

describe("overage per campaign", () => {
  it("shares each day's booked overage among that day's campaigns, adding up exactly to what was booked", async () => {
    const zone = "Europe/Berlin";
    const tenant = await billingTenant({ plan: "starter" });
    await setTimeZone(tenant.tenantId, zone);
    await setPeriod(tenant.tenantId, "2026-03-10T09:00:00.000Z", "2026-04-10T08:00:00.000Z");
    const random = prng(11);
    const campaigns = ["Spring", "Renewals", null];
    const calls: TestCall[] = [];
    for (const day of ["10", "11", "12", "13"]) {
      for (let i = 0; i < 12; i += 1)
        calls.push({
          createdAt: `2026-03-${day}T${String(8 + (i % 10)).padStart(2, "0")}:0${i % 6}:00.000Z`,
          seconds: 60 + Math.floor(random() * 1500),
          campaign: campaigns[i % 3]!,
        });
    }
    await insertCalls(tenant.tenantId, calls);
    await bookOverage(tenant.tenantId, new Date("2026-03-14T12:00:00.000Z"));
    const range = { start: "2026-03-09T23:00:00.000Z", end: "2026-03-14T23:00:00.000Z" };
    const booked = await overageByDay(tenant.tenantId, range, zone);
    const bookedMinutes = booked.reduce((sum, day) => sum + day.minutes, 0);
    expect(bookedMinutes).toBeGreaterThan(0);
    const shares = await overageByCampaign(tenant.tenantId, range, zone, booked);
    expect([...shares.values()].reduce((sum, minutes) => sum + minutes, 0)).toBe(bookedMinutes);
    expect([...shares.keys()].sort()).toEqual(["", "Renewals", "Spring"]);
  });
});
