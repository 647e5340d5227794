import { beforeAll, describe, expect, it } from "vitest";
import { getDb, newId } from "~/db/db.server";
import type { ChargePurpose, ChargeStatus, SubscriptionTable } from "~/db/schema";
import { localDateKey, localDateOf } from "~/lib/dates/date-ranges";
import * as analyticsRoute from "~/routes/_dashboard+/analytics";
import * as csvRoute from "~/routes/_files+/analytics[.]csv";
import { callLoader, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import { readCsv } from "../support/csv";
import * as factories from "../support/factories";
import { renderPage } from "../support/render-page";
import { formatMoney } from "~/i18n/format";

/*
 * /analytics (issue 26, docs/product/products-and-analytics.md, decision
 * 0051): the platform's figures over the overview's ranges, for the super
 * admin alone. The test database already holds the demo data, so every
 * figure is checked as the difference a seeded fixture makes. Runs on SQLite
 * and PostgreSQL.
 */

const DAY = 86_400_000;
const db = () => getDb();
let superAdmin: string;
let adminTimeZone: string;

interface Figures {
  rangeKey: string;
  tenants: number;
  signUps: number;
  activeSubscriptions: number;
  lapsedSubscriptions: number;
  mrrCents: number;
  topUpCents: number;
  calls: number;
  minutes: number;
  churn: { atStart: number; churned: number; rate: number | null };
  periods: Array<{ key: string; signUps: number; calls: number; minutes: number; topUpCents: number }>;
  topTenants: Array<{ tenantId: string; name: string; calls: number; minutes: number }>;
}

const load = async (query = "?range=last-7-days") => {
  const result = unwrap(await callLoader(analyticsRoute.loader, `/analytics${query}`, { cookie: superAdmin }));
  expect(result.status).toBe(200);
  return (result.value as { figures: Figures }).figures;
};

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const later = (ms: number) => new Date(Date.now() + ms).toISOString();

async function planIdOf(key: string) {
  return (await db().selectFrom("plans").select("id").where("key", "=", key).executeTakeFirstOrThrow()).id;
}

async function subscription(
  tenantId: string,
  planKey: string,
  fields: { status: SubscriptionTable["status"]; startedAt: string; endsAt: string | null; price: number; cancel?: boolean },
) {
  await db()
    .insertInto("subscriptions")
    .values({
      id: newId(),
      tenant_id: tenantId,
      plan_id: await planIdOf(planKey),
      status: fields.status,
      started_at: fields.startedAt,
      ends_at: fields.endsAt,
      created_at: fields.startedAt,
      updated_at: fields.startedAt,
      current_period_start: fields.startedAt,
      current_period_end: later(10 * DAY),
      cancel_at_period_end: fields.cancel ? 1 : 0,
      period_price_cents: fields.price,
      period_overage_cents_per_minute: 5,
    })
    .execute();
}

async function charge(tenantId: string, purpose: ChargePurpose, status: ChargeStatus, amountCents: number) {
  const at = ago(60_000);
  await db()
    .insertInto("charges")
    .values({
      id: newId(),
      tenant_id: tenantId,
      request_key: `analytics-test:${newId()}`,
      purpose,
      amount_cents: amountCents,
      currency: "USD",
      payment_method_id: null,
      status,
      failure_code: status === "failed" ? "card_declined" : null,
      provider_ref: null,
      requested_by: null,
      created_at: at,
      settled_at: at,
    })
    .execute();
}

let before: Figures;
let alphaId: string;

beforeAll(async () => {
  await prepareTestDatabase();
  superAdmin = await sessionCookieFor("admin@demo.test");
  adminTimeZone = (
    await db()
      .selectFrom("users")
      .innerJoin("tenants", "tenants.id", "users.tenant_id")
      .select("tenants.time_zone")
      .where("users.email", "=", "admin@demo.test")
      .executeTakeFirstOrThrow()
  ).time_zone;
  before = await load();

  // Five new tenants; subscriptions from a month ago.
  const alpha = await factories.bareTenant({ name: "Analytics Alpha" });
  const beta = await factories.bareTenant({ name: "Analytics Beta" });
  const gamma = await factories.bareTenant({ name: "Analytics Gamma" });
  const delta = await factories.bareTenant({ name: "Analytics Delta" });
  const epsilon = await factories.bareTenant({ name: "Analytics Epsilon" });
  alphaId = alpha.tenantId;
  const monthAgo = ago(30 * DAY);
  // Alpha pays on: recurring 49.00.
  await subscription(alpha.tenantId, "starter", { status: "active", startedAt: monthAgo, endsAt: null, price: 4900 });
  // Beta cancelled, its paid time over two days ago: churned.
  await subscription(beta.tenantId, "starter", { status: "cancelled", startedAt: monthAgo, endsAt: ago(2 * DAY), price: 4900, cancel: true });
  // Gamma lapsed yesterday after its grace period: lapsed and churned.
  await subscription(gamma.tenantId, "growth", { status: "lapsed", startedAt: monthAgo, endsAt: ago(DAY), price: 14900 });
  // Delta is in grace: still active and recurring (149.00 at the price its period was sold at, not the plan's).
  await subscription(delta.tenantId, "growth", { status: "grace", startedAt: monthAgo, endsAt: later(5 * DAY), price: 12000 });
  // Epsilon cancelled with paid time left: active, not recurring, not churned yet.
  await subscription(epsilon.tenantId, "scale", { status: "cancelled", startedAt: monthAgo, endsAt: later(10 * DAY), price: 39900, cancel: true });

  // Alpha's calls: 3 × 61 s (2 minutes each), one of 10,000 s (167 minutes), a missed one, one three days ago (2 minutes), a live one (not counted).
  for (let i = 0; i < 3; i++) await factories.call(alpha.tenantId, { durationSeconds: 61, createdAt: ago(60_000) });
  await factories.call(alpha.tenantId, { durationSeconds: 10_000, createdAt: ago(60_000) });
  await factories.call(alpha.tenantId, { status: "missed", durationSeconds: null, createdAt: ago(60_000) });
  await factories.call(alpha.tenantId, { durationSeconds: 120, createdAt: ago(3 * DAY) });
  await factories.call(alpha.tenantId, { status: "live", durationSeconds: 500, createdAt: ago(60_000) });

  // Top-ups: 25.00 by hand and 10.00 automatic count; a failed one and a plan payment do not.
  await charge(alpha.tenantId, "topup", "succeeded", 2500);
  await charge(beta.tenantId, "auto-topup", "succeeded", 1000);
  await charge(alpha.tenantId, "topup", "failed", 9999);
  await charge(alpha.tenantId, "subscription", "succeeded", 4900);
});

describe("/analytics", () => {
  it("counts tenants, sign-ups, subscriptions, MRR, top-ups, calls, minutes and churn from the data", async () => {
    const after = await load();
    expect(after.rangeKey).toBe("last-7-days");
    expect(after.tenants - before.tenants).toBe(5);
    expect(after.signUps - before.signUps).toBe(5);
    expect(after.activeSubscriptions - before.activeSubscriptions).toBe(3);
    expect(after.lapsedSubscriptions - before.lapsedSubscriptions).toBe(1);
    expect(after.mrrCents - before.mrrCents).toBe(4900 + 12000);
    expect(after.topUpCents - before.topUpCents).toBe(3500);
    expect(after.calls - before.calls).toBe(6);
    expect(after.minutes - before.minutes).toBe(2 * 3 + 167 + 2);
    expect(after.churn.atStart - before.churn.atStart).toBe(5);
    expect(after.churn.churned - before.churn.churned).toBe(2);
    expect(after.churn.rate).toBeCloseTo(after.churn.churned / after.churn.atStart);
  });

  it("buckets per day of the super admin's time zone; the series add up to the totals", async () => {
    const after = await load();
    expect(after.periods).toHaveLength(7);
    const threeDaysAgo = localDateKey(localDateOf(new Date(Date.now() - 3 * DAY), adminTimeZone));
    const index = after.periods.findIndex((period) => period.key === threeDaysAgo);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(after.periods[index]!.calls - before.periods[index]!.calls).toBe(1);
    expect(after.periods[index]!.minutes - before.periods[index]!.minutes).toBe(2);
    for (const figure of ["signUps", "calls", "minutes", "topUpCents"] as const) {
      expect(after.periods.reduce((sum, period) => sum + period[figure], 0)).toBe(after[figure]);
    }
  });

  it("ranks tenants by minutes", async () => {
    const { topTenants } = await load();
    expect(topTenants.find((row) => row.tenantId === alphaId)).toEqual({ tenantId: alphaId, name: "Analytics Alpha", calls: 6, minutes: 175 });
    for (let i = 1; i < topTenants.length; i++) expect(topTenants[i - 1]!.minutes).toBeGreaterThanOrEqual(topTenants[i]!.minutes);
  });

  it("reads the overview's range param: today leaves the call of three days ago out; an unknown range is the default", async () => {
    const today = await load("?range=today");
    expect(today.periods).toHaveLength(1);
    expect(today.topTenants.find((row) => row.tenantId === alphaId)).toMatchObject({ calls: 5, minutes: 173 });
    expect((await load("?range=forever")).rangeKey).toBe("last-7-days");
    expect((await load("?range=last-12-months")).periods.length).toBeLessThanOrEqual(13);
  });
});

describe("/analytics.csv", () => {
  it("has one line per period with plain numbers, in the user's CSV dialect", async () => {
    const figures = await load();
    const english = (await callLoader(csvRoute.loader, "/analytics.csv?range=last-7-days", { cookie: superAdmin })) as Response;
    expect(english.status).toBe(200);
    expect(english.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(english.headers.get("Content-Disposition")).toMatch(/^attachment; filename="platform-analytics-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = await readCsv(await english.text(), ",");
    expect(rows[0]).toEqual(["First day", "Last day", "Sign-ups", "Calls", "Minutes", "Top-ups (USD)"]);
    expect(rows).toHaveLength(8);
    expect(rows.slice(1).reduce((sum, row) => sum + Number(row[3]), 0)).toBe(figures.calls);
    expect(rows.slice(1).reduce((sum, row) => sum + Math.round(Number(row[5]) * 100), 0)).toBe(figures.topUpCents);

    const german = (await callLoader(csvRoute.loader, "/analytics.csv?range=last-7-days", { cookie: superAdmin, language: "de" })) as Response;
    const bytes = new Uint8Array(await german.arrayBuffer());
    // The byte-order mark German Excel needs to read UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const germanRows = await readCsv(new TextDecoder().decode(bytes), ";");
    expect(germanRows[0]![0]).toBe("Erster Tag");
    expect(germanRows.slice(1).some((row) => /^\d+,\d{2}$/.test(row[5]!) && row[5] !== "0,00")).toBe(true);
  });
});

describe("only the super admin", () => {
  it("reaches /analytics and its CSV; anyone else is sent home, in English and German", async () => {
    const owner = await factories.tenantWithOwner({ company: "Not Platform Analytics" });
    const admin = await factories.tenantUser(owner.tenantId, { role: "admin" });
    for (const cookie of [owner.cookie, admin.cookie, await sessionCookieFor("owner@demo.test")]) {
      for (const language of ["en", "de"] as const) {
        for (const [loader, path] of [
          [analyticsRoute.loader, "/analytics"],
          [csvRoute.loader, "/analytics.csv"],
        ] as const) {
          const result = await callLoader(loader, path, { cookie, language });
          expect(redirectLocation(result)).toBe("/overview");
        }
      }
    }
  });
});

describe("the page as it arrives without JavaScript", () => {
  it("draws the charts as SVG, lists the top tenants and links the ranges and the CSV, in English and German", async () => {
    for (const language of ["en", "de"] as const) {
      const data = unwrap(await callLoader(analyticsRoute.loader, "/analytics?range=last-7-days", { cookie: superAdmin, language })).value as {
        figures: Figures;
      };
      const html = await renderPage(analyticsRoute.default, data, "/analytics?range=last-7-days", language);
      for (const chart of ["chart-calls", "chart-minutes", "chart-sign-ups", "chart-top-ups"]) expect(html).toContain(`data-testid="${chart}"`);
      expect(html).toContain("Analytics Alpha");
      expect(html).toContain(formatMoney(data.figures.mrrCents, "USD", language));
      expect(html).toContain('href="/analytics?range=last-12-months"');
      expect(html).toContain('href="/analytics.csv?range=last-7-days"');
    }
  });
});
