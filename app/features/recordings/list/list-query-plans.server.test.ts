import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "~/config/env.server";
import { getDb, migrateToLatest, type DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { buildCallRow, type CallInput } from "~/features/calls/call-row";
import { FINISHED_CONDITION } from "~/db/migrations/0003-recordings-list-indexes";
import { DEFAULT_LIST_PARAMS, SORT_KEYS, type RecordingsListParams } from "./list-params";
import { queryRecordingsPage, type ListScope } from "./list-query.server";

/**
 * SQLite's query plans for the recordings list: each view is answered from
 * the index made for it (migration 0003), without a sort. The list's results
 * are proven on both dialects in tests/integration/recordings-list-query.test.ts.
 */

let tenantCounter = 0;
async function newTenant(): Promise<ListScope> {
  tenantCounter += 1;
  const id = `tenant-${tenantCounter}-${crypto.randomUUID()}`;
  const at = "2026-01-01T00:00:00.000Z";
  await getDb()
    .insertInto("tenants")
    .values({ id, name: `Tenant ${tenantCounter}`, time_zone: "Europe/Berlin", created_at: at, updated_at: at })
    .execute();
  return { tenantId: id, timeZone: "Europe/Berlin", now: new Date("2026-03-15T12:00:00Z") };
}

let callCounter = 0;
async function insertCalls(scope: ListScope, specs: Array<Partial<Omit<CallInput, "tenantId">>>) {
  const rows = specs.map((input) => {
    callCounter += 1;
    return buildCallRow({
      id: `call-${callCounter}`,
      externalId: `ext-${callCounter}`,
      status: "ended",
      direction: "inbound",
      createdAt: "2026-03-01T10:00:00.000Z",
      ...input,
      tenantId: scope.tenantId,
    });
  });
  await getDb().insertInto("calls").values(rows).execute();
}

beforeAll(async () => {
  await migrateToLatest();
});

describe("query plans", () => {
  const plans: Array<{ sql: string; plan: string }> = [];
  let logged: Kysely<Database>;
  let quiet: ListScope;
  let busy: ListScope;

  beforeAll(async () => {
    const raw = new SQLite(getEnv().databaseFile!);
    logged = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SQLite(getEnv().databaseFile!) }),
      log: (event) => {
        if (event.level !== "query" || !event.query.sql.startsWith("select")) return;
        const rows = raw.prepare(`explain query plan ${event.query.sql}`).all(...(event.query.parameters as unknown[])) as Array<{ detail: string }>;
        plans.push({ sql: event.query.sql, plan: rows.map((row) => row.detail).join(" | ") });
      },
    });
    // A tenant with only finished calls, and one with a call in progress too.
    quiet = await newTenant();
    busy = await newTenant();
    await insertCalls(quiet, [{}]);
    await insertCalls(busy, [{}, { status: "live" }]);
  });
  afterAll(async () => {
    await logged.destroy();
  });

  async function plansFor(scope: ListScope, params: Partial<RecordingsListParams>) {
    plans.length = 0;
    await queryRecordingsPage(logged as unknown as DB, scope, { ...DEFAULT_LIST_PARAMS, ...params });
    const [count, page, rows] = plans;
    return { count: count?.plan ?? "", page: page?.sql.includes("order by") ? page.plan : "", pageSql: page?.sql ?? "", rows: rows?.plan ?? "" };
  }

  it.each(SORT_KEYS.flatMap((sort) => (["asc", "desc"] as const).map((order) => ({ sort, order }))))(
    "takes the total from the kept counts and walks one covering index for a page sorted by $sort $order, without sorting",
    async (params) => {
      for (const scope of [quiet, busy]) {
        const { count, page, pageSql, rows } = await plansFor(scope, params);
        expect(count).toMatch(/^SEARCH call_list_counts USING PRIMARY KEY \(tenant_id=\? AND status=\?\)$/);
        expect(page).toMatch(/USING COVERING INDEX calls_list_/);
        expect(page).not.toMatch(/TEMP B-TREE/);
        expect(rows).toBe("SEARCH calls USING INTEGER PRIMARY KEY (rowid=?)");
        // Word for word the condition of the partial index, so the index may be used and the condition is not checked per entry.
        expect(pageSql).toContain(FINISHED_CONDITION);
      }
    },
  );

  it.each([{ direction: "inbound" }, { campaign: "Renewals" }, { status: "missed" as const }, { status: "voicemail" as const, sort: "user" as const }])(
    "takes the total of %j from the kept counts and pages from an index alone",
    async (params) => {
      for (const scope of [quiet, busy]) {
        const { count, page } = await plansFor(scope, params);
        expect(count).toMatch(/^SEARCH call_list_counts USING PRIMARY KEY/);
        expect(page).toMatch(/USING COVERING INDEX/);
      }
    },
  );

  it.each([{ escalated: true }, { view: "disagreement" as const }, { range: "last-3-months" as const }, { range: "today" as const, escalated: true }])(
    "counts and pages %j from an index alone",
    async (params) => {
      for (const scope of [quiet, busy]) {
        const { count, page } = await plansFor(scope, params);
        expect(count).toMatch(/USING COVERING INDEX/);
        expect(page).toMatch(/USING COVERING INDEX/);
      }
    },
  );

  it("drives a rare search term from the trigram index", async () => {
    const { count, page } = await plansFor(busy, { q: "zebracorn" });
    expect(count).toMatch(/SCAN calls_fts VIRTUAL TABLE.*SEARCH calls USING INTEGER PRIMARY KEY/);
    expect(page).toMatch(/SCAN calls_fts VIRTUAL TABLE/);
  });
});
