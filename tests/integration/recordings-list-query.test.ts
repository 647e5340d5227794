import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, migrateToLatest } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import type { CallStatus, NewCall } from "~/db/schema";
import { buildCallRow, type CallInput } from "~/features/calls/call-row";
import { SEARCH_FIELD_SEPARATOR, sortKey } from "~/features/calls/derived-columns";
import { DEFAULT_LIST_PARAMS, RECORDINGS_PAGE_SIZE, SORT_KEYS, type RecordingsListParams, type SortKey } from "~/features/recordings/list/list-params";
import {
  campaignOptions,
  directionOptions,
  exportChunks,
  queryRecordingsPage,
  searchPlan,
  type ListScope,
  type QueryOptions,
} from "~/features/recordings/list/list-query.server";
import { bareTenant } from "../support/factories";

/**
 * The list's semantics against its own reference: a plain JavaScript filter
 * and sort over the same calls. Each test uses its own tenant, so they do not
 * see each other's calls (which is itself the tenant rule). Part of the
 * integration suite, so it runs on SQLite and on PostgreSQL alike: search,
 * locale sort keys, NULL order, counts and keyset paging are proven the same
 * on both (the SQLite query plans are in list-query-plans.server.test.ts).
 */

const NOW = new Date("2026-03-15T12:00:00Z");

/** mulberry32: small, seedable, good enough to pick test data. */
function prng(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Extra {
  feedback_rating?: number | null;
  sentiment?: NewCall["sentiment"];
  audio_status?: NewCall["audio_status"];
}

/** The list's scope for a tenant of its own (a tenants row alone: the list reads calls by tenant id). */
const scopeOf = (tenant: { tenantId: string; timeZone: string }): ListScope => ({ tenantId: tenant.tenantId, timeZone: tenant.timeZone, now: NOW });

let callCounter = 0;
type CallSpec = Partial<Omit<CallInput, "tenantId">> & Extra;

async function insertCalls(scope: ListScope, specs: CallSpec[]) {
  const rows = specs.map(({ feedback_rating, sentiment, audio_status, ...input }) => {
    callCounter += 1;
    const row = buildCallRow({
      id: `call-${callCounter}`,
      externalId: `ext-${callCounter}`,
      status: "ended",
      direction: "inbound",
      createdAt: "2026-03-01T10:00:00.000Z",
      ...input,
      tenantId: scope.tenantId,
    });
    return { ...row, feedback_rating: feedback_rating ?? null, sentiment: sentiment ?? null, ...(audio_status ? { audio_status } : {}) };
  });
  for (let start = 0; start < rows.length; start += 100)
    await getDb()
      .insertInto("calls")
      .values(rows.slice(start, start + 100))
      .execute();
  return rows.map((row) => row.id);
}

/** Every row of the list for these params, walking page by page as a user would. */
async function allPages(scope: ListScope, params: Partial<RecordingsListParams>, options?: QueryOptions) {
  const ids: string[] = [];
  let total = -1;
  for (let page = 1; page < 1000; page++) {
    const result = await queryRecordingsPage(getDb(), scope, { ...DEFAULT_LIST_PARAMS, ...params, page }, options);
    expect(result.params.page).toBe(page);
    expect(result.rows.length).toBeLessThanOrEqual(RECORDINGS_PAGE_SIZE);
    ids.push(...result.rows.map((row) => row.id));
    if (!result.totalIsCapped) total = result.total;
    if (!result.hasNextPage) break;
  }
  return { ids, total };
}

async function exported(scope: ListScope, params: Partial<RecordingsListParams>, options?: QueryOptions & { chunkSize?: number }) {
  const ids: string[] = [];
  for await (const chunk of exportChunks(getDb(), scope, { ...DEFAULT_LIST_PARAMS, ...params }, options)) ids.push(...chunk.map((row) => row.id));
  return ids;
}

/* ---- The reference: the rules of docs/product/behaviour.md#recordings-search-and-sort in plain JavaScript. ---- */

interface StoredCall {
  rowid: number;
  id: string;
  status: CallStatus;
  direction: string;
  campaign_name: string | null;
  from_number: string | null;
  to_number: string | null;
  agent_name: string | null;
  user_name: string | null;
  user_company: string | null;
  transcript_text: string | null;
  summary: string | null;
  duration_seconds: number | null;
  feedback_rating: number | null;
  created_at: string;
}

async function storedCalls(scope: ListScope): Promise<StoredCall[]> {
  // PostgreSQL's rowid is a column of its own (migration 0002), so "*" has it already.
  const columns = isPostgres(getDb()) ? sql`*` : sql`rowid, *`;
  const result = await sql<StoredCall>`select ${columns} from calls where tenant_id = ${scope.tenantId}`.execute(getDb());
  return result.rows;
}

/** PostgreSQL text cannot hold U+0000: values and terms alike keep U+FFFD in its place (app/db/postgres.server.ts). */
const asStored = (text: string) => (isPostgres(getDb()) ? text.replaceAll("\u0000", "\uFFFD") : text);

/** The search rule, literally (docs/product/behaviour.md#recordings-search-and-sort): a case-insensitive substring of any one of the eight fields. */
function referenceMatches(call: StoredCall, term: string) {
  const lower = (text: string) => text.replaceAll(SEARCH_FIELD_SEPARATOR, " ").toLowerCase();
  const needle = lower(asStored(term));
  return [call.campaign_name, call.to_number, call.from_number, call.agent_name, call.user_name, call.user_company, call.transcript_text, call.summary].some(
    (field) => lower(field ?? "").includes(needle),
  );
}

const referenceKey: Record<SortKey, (call: StoredCall) => string | number | null> = {
  createdAt: (call) => call.created_at,
  direction: (call) => call.direction,
  campaign: (call) => sortKey(call.campaign_name),
  from: (call) => sortKey(call.from_number),
  to: (call) => sortKey(call.to_number),
  agent: (call) => sortKey(call.agent_name),
  user: (call) => sortKey(call.user_name),
  company: (call) => sortKey(call.user_company),
  duration: (call) => call.duration_seconds,
  rating: (call) => call.feedback_rating,
};

/** SQLite's order, which PostgreSQL is asked for: NULL lowest, numbers by value, text by its UTF-8 bytes (sortKey makes that the locale order). */
function compareValues(a: string | number | null, b: string | number | null) {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return Buffer.compare(Buffer.from(String(a)), Buffer.from(String(b)));
}

function referenceOrder(calls: StoredCall[], sort: SortKey, order: "asc" | "desc") {
  const sign = order === "asc" ? 1 : -1;
  return [...calls]
    .sort(
      (a, b) =>
        sign *
        (compareValues(referenceKey[sort](a), referenceKey[sort](b)) ||
          compareValues(a.created_at, b.created_at) ||
          compareValues(a.status, b.status) ||
          a.rowid - b.rowid),
    )
    .map((call) => call.id);
}

const FINISHED = new Set(["ended", "missed", "voicemail"]);

/* ---- Tests ---- */

beforeAll(async () => {
  await migrateToLatest();
});

describe("search", () => {
  it("uses the trigram index from three code points on, and escapes the FTS5 phrase", () => {
    expect(searchPlan("")).toBeNull();
    expect(searchPlan("ab")).toEqual({ term: "ab", ftsPhrase: null });
    expect(searchPlan("ABC")).toEqual({ term: "abc", ftsPhrase: '"abc"' });
    expect(searchPlan('say "hi"')).toEqual({ term: 'say "hi"', ftsPhrase: '"say ""hi"""' });
    // Two emoji are four UTF-16 units but two code points: too short for a trigram.
    expect(searchPlan("😀😀")?.ftsPhrase).toBeNull();
    expect(searchPlan("😀😀😀")?.ftsPhrase).toBe('"😀😀😀"');
    expect(searchPlan("ab\u0000c")).toEqual({ term: "ab\u0000c", ftsPhrase: null });
  });

  it("returns exactly what a substring scan returns, for any term (seeded property test)", async () => {
    const scope = scopeOf(await bareTenant());
    const other = scopeOf(await bareTenant());
    const random = prng(424242);
    const pieces = [
      "a",
      "b",
      "e",
      "n",
      "an",
      "A",
      "B",
      "E",
      "Ä",
      "ä",
      "ö",
      "Ö",
      "ü",
      "ß",
      "ẞ",
      "é",
      "e\u0301",
      "İ",
      "ı",
      "i",
      "Σ",
      "σ",
      "ς",
      "😀",
      "👍🏽",
      "中文",
      '"',
      "'",
      "*",
      "-",
      "(",
      ")",
      ":",
      "^",
      "+",
      "NEAR",
      "AND",
      "OR",
      "NOT",
      " ",
      "  ",
      "\n",
      "\t",
      SEARCH_FIELD_SEPARATOR,
      "\u0000",
      "0",
      "1",
      "7",
      "@",
      ".",
      "%",
      "_",
      "\\",
      "{",
      "}",
      "Anna",
      "Müller",
      "refund",
      "Termin",
    ];
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const text = (max: number) => Array.from({ length: Math.floor(random() * max) }, () => pick(pieces)).join("");
    const maybe = (max: number) => (random() < 0.2 ? null : text(max));
    const spec = (): CallSpec => ({
      status: pick(["ended", "ended", "missed", "voicemail", "live", "queued"] as const),
      direction: pick(["inbound", "outbound"]),
      campaignName: maybe(4),
      from: maybe(3),
      to: maybe(3),
      agentName: maybe(3),
      userName: maybe(3),
      userCompany: maybe(3),
      transcript: random() < 0.2 ? null : Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({ speaker: pick(["Agent", "Kunde"]), text: text(6) })),
      summary: maybe(5),
      // Few distinct moments, so ties on created_at (broken by status, then rowid) are common.
      createdAt: `2026-03-${String(1 + Math.floor(random() * 5)).padStart(2, "0")}T10:00:00.000Z`,
    });
    await insertCalls(scope, Array.from({ length: 160 }, spec));
    await insertCalls(other, Array.from({ length: 40 }, spec));
    const calls = await storedCalls(scope);

    const fieldsOf = (call: StoredCall) =>
      [call.campaign_name, call.to_number, call.from_number, call.agent_name, call.user_name, call.user_company, call.transcript_text, call.summary].filter(
        (field): field is string => Boolean(field),
      );
    const terms: string[] = [];
    for (let i = 0; i < 70; i++) {
      if (random() < 0.55) {
        // A piece of a real field, so plenty of terms match; in random case.
        const field = [...pick(fieldsOf(pick(calls)).concat(["x"]))];
        const start = Math.floor(random() * field.length);
        const piece = field.slice(start, start + 1 + Math.floor(random() * 6)).join("");
        terms.push(random() < 0.5 ? piece.toUpperCase() : piece);
      } else {
        terms.push(text(3) || pick(pieces));
      }
    }
    terms.push("\u0000", "a\u0000 ", "a", "an", "😀", '"', '""', "*", "-", "NEAR(a b)", "a OR b", "(", "\\", "%", "_", "'", "ẞ", "İ", "e\u0301");
    // Short terms that no call or few calls hold, which the list looks up through the trigrams that begin with them.
    terms.push("zq", "ж", "👍", "🏽", "ı", "\u0301", "ς", "\t", "\n", "7@", "0\u0000");

    let nonEmpty = 0;
    for (const term of terms) {
      const expected = referenceOrder(
        calls.filter((call) => FINISHED.has(call.status) && referenceMatches(call, term)),
        "createdAt",
        "desc",
      );
      if (expected.length > 0) nonEmpty += 1;
      const label = `term ${JSON.stringify(term)}`;
      const viaIndex = await allPages(scope, { q: term });
      expect(viaIndex.ids, label).toEqual(expected);
      expect(viaIndex.total, label).toBe(expected.length);
      // The path for searches with more matches than are counted: walk the sort order instead of the search index.
      const viaSortOrder = await allPages(scope, { q: term }, { searchCountLimit: 2 });
      expect(viaSortOrder.ids, label).toEqual(expected);
      expect(await exported(scope, { q: term }, { chunkSize: 7 }), label).toEqual(expected);
      expect(await exported(scope, { q: term }, { chunkSize: 7, searchCountLimit: 2 }), label).toEqual(expected);
      if (searchPlan(term)?.ftsPhrase === null) {
        // A short term as if among many calls: looked up through the trigram index, also when its matches are more than are counted.
        const lookup = { shortSearchProbeRows: 0 };
        expect((await allPages(scope, { q: term }, lookup)).ids, label).toEqual(expected);
        expect((await allPages(scope, { q: term }, { ...lookup, searchCountLimit: 2 })).ids, label).toEqual(expected);
        expect(await exported(scope, { q: term }, { ...lookup, chunkSize: 7 }), label).toEqual(expected);
      }
    }
    // The test means something only if many terms found calls and some found none.
    expect(nonEmpty).toBeGreaterThan(40);
    expect(nonEmpty).toBeLessThan(terms.length);
    // Some 90 terms, each through every path the list has: seconds of queries, more on a busy machine.
  }, 60_000);
});

describe("sort and paging", () => {
  it("orders by every sortable column in both directions, missing values first ascending and last descending, paging stably", async () => {
    const scope = scopeOf(await bareTenant());
    const random = prng(777);
    const names = ["Ärger", "apple", "Zoe", "Zoë", "Öl", "Oma", "Straße", "Strasse", "", "  ", null, "banana", "ägypten", "Zebra"];
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    await insertCalls(
      scope,
      Array.from({ length: 57 }, () => ({
        status: pick(["ended", "missed", "voicemail"] as const),
        direction: pick(["inbound", "outbound", "Inbound"]),
        campaignName: pick(names),
        from: pick(["+4930123", "+1416555", null, "0800"]),
        to: pick(["+4930999", null, "+1647"]),
        agentName: pick(names),
        userName: pick(names),
        userCompany: pick(names),
        durationSeconds: pick([null, 0, 9, 10, 100, 61, 3600]),
        feedback_rating: pick([null, 1, 2, 3, 4, 5]),
        createdAt: `2026-03-0${1 + Math.floor(random() * 3)}T0${Math.floor(random() * 3)}:00:00.000Z`,
      })),
    );
    const calls = await storedCalls(scope);
    for (const sort of SORT_KEYS) {
      for (const order of ["asc", "desc"] as const) {
        const { ids, total } = await allPages(scope, { sort, order });
        expect(ids, `${sort} ${order}`).toEqual(referenceOrder(calls, sort, order));
        expect(total).toBe(calls.length);
        expect(await exported(scope, { sort, order }, { chunkSize: 4 }), `export ${sort} ${order}`).toEqual(ids);
      }
    }
  });

  it("sorts text by locale: umlauts with their base letter, ß as ss, case ignored, blanks as missing", async () => {
    const scope = scopeOf(await bareTenant());
    const campaigns = ["Zoe", "Ärger", "apple", "Zoë", "Öl", "Oma", "", null, "  ", "Straße", "Strasse", "banana", "ägypten"];
    const ids = await insertCalls(
      scope,
      campaigns.map((campaignName, index) => ({ campaignName, createdAt: `2026-03-01T10:${String(index).padStart(2, "0")}:00.000Z` })),
    );
    const idOf = (name: string | null) => ids[campaigns.indexOf(name)]!;
    const { ids: ascending } = await allPages(scope, { sort: "campaign", order: "asc" });
    // Missing first (in time order), then a-z with umlauts at their base letter; equal keys (Zoe/Zoë, Straße/Strasse) by time.
    expect(ascending).toEqual(["", null, "  ", "ägypten", "apple", "Ärger", "banana", "Öl", "Oma", "Straße", "Strasse", "Zoe", "Zoë"].map(idOf));
    const { ids: descending } = await allPages(scope, { sort: "campaign", order: "desc" });
    expect(descending).toEqual([...ascending].reverse());
    expect(await campaignOptions(getDb(), scope.tenantId)).toEqual(["ägypten", "apple", "Ärger", "banana", "Öl", "Oma", "Strasse", "Straße", "Zoe", "Zoë"]);
  });

  it("sorts numbers numerically", async () => {
    const scope = scopeOf(await bareTenant());
    const durations = [100, 9, null, 10, 61];
    const ids = await insertCalls(
      scope,
      durations.map((durationSeconds) => ({ durationSeconds })),
    );
    const { ids: ascending } = await allPages(scope, { sort: "duration", order: "asc" });
    expect(ascending).toEqual([null, 9, 10, 61, 100].map((value) => ids[durations.indexOf(value)]));
  });

  it("clamps a page past the end to the last page", async () => {
    const scope = scopeOf(await bareTenant());
    await insertCalls(
      scope,
      Array.from({ length: 23 }, () => ({})),
    );
    const result = await queryRecordingsPage(getDb(), scope, { ...DEFAULT_LIST_PARAMS, page: 999 });
    expect(result).toMatchObject({ total: 23, pageCount: 3, hasNextPage: false, params: { page: 3 } });
    expect(result.rows).toHaveLength(3);
    const searched = await queryRecordingsPage(getDb(), scope, { ...DEFAULT_LIST_PARAMS, q: "zzz-nothing", page: 4 });
    expect(searched).toMatchObject({ total: 0, pageCount: 1, params: { page: 1 }, rows: [] });
  });

  it("when a search has more matches than it counts, pages on with next and still finds its last page", async () => {
    const scope = scopeOf(await bareTenant());
    await insertCalls(
      scope,
      Array.from({ length: 35 }, (_, index) => ({ summary: `refund request ${index}` })),
    );
    const first = await queryRecordingsPage(getDb(), scope, { ...DEFAULT_LIST_PARAMS, q: "refund" }, { searchCountLimit: 12 });
    expect(first).toMatchObject({ total: 12, totalIsCapped: true, hasNextPage: true, pageCount: 2 });
    const beyond = await queryRecordingsPage(getDb(), scope, { ...DEFAULT_LIST_PARAMS, q: "refund", page: 50 }, { searchCountLimit: 12 });
    expect(beyond).toMatchObject({ total: 35, totalIsCapped: false, hasNextPage: false, pageCount: 4, params: { page: 4 } });
    expect(beyond.rows).toHaveLength(5);
  });
});

describe("filters", () => {
  async function idsFor(scope: ListScope, params: Partial<RecordingsListParams>) {
    return (await allPages(scope, params)).ids.sort();
  }

  it("shows finished calls unless a status is asked for", async () => {
    const scope = scopeOf(await bareTenant());
    const statuses: CallStatus[] = ["ended", "missed", "voicemail", "live", "queued"];
    const ids = await insertCalls(
      scope,
      statuses.map((status) => ({ status })),
    );
    expect(await idsFor(scope, {})).toEqual(ids.slice(0, 3).sort());
    for (const [index, status] of statuses.entries()) expect(await idsFor(scope, { status })).toEqual([ids[index]]);
  });

  it("matches the direction case-insensitively and the campaign exactly", async () => {
    const scope = scopeOf(await bareTenant());
    const ids = await insertCalls(scope, [
      { direction: "Inbound", campaignName: "Spring Sale" },
      { direction: "OUTBOUND", campaignName: "spring sale" },
      { direction: "inbound", campaignName: "Spring Sale 2" },
    ]);
    expect(await idsFor(scope, { direction: "inbound" })).toEqual([ids[0], ids[2]].sort());
    expect(await idsFor(scope, { direction: "outbound" })).toEqual([ids[1]]);
    expect(await idsFor(scope, { campaign: "Spring Sale" })).toEqual([ids[0]]);
    expect(await idsFor(scope, { campaign: "spring" })).toEqual([]);
    expect(await directionOptions(getDb(), scope.tenantId)).toEqual(["inbound", "outbound"]);
  });

  it("filters by date range in the tenant's time zone, half-open", async () => {
    const scope = scopeOf(await bareTenant({ timeZone: "Europe/Berlin" }));
    // NOW is 2026-03-15 13:00 in Berlin; "today" there runs from 2026-03-14T23:00Z to 2026-03-15T23:00Z.
    const ids = await insertCalls(scope, [
      { createdAt: "2026-03-14T22:59:59.999Z" },
      { createdAt: "2026-03-14T23:00:00.000Z" },
      { createdAt: "2026-03-15T22:59:59.999Z" },
      { createdAt: "2026-03-15T23:00:00.000Z" },
    ]);
    expect(await idsFor(scope, { range: "today" })).toEqual([ids[1], ids[2]].sort());
    expect(await idsFor(scope, { range: "yesterday" })).toEqual([ids[0]]);
  });

  it("filters escalated calls", async () => {
    const scope = scopeOf(await bareTenant());
    const ids = await insertCalls(scope, [{ escalated: true }, { escalated: false }, { escalated: true, status: "live" }]);
    expect(await idsFor(scope, { escalated: true })).toEqual([ids[0]]);
  });

  it("shows calls whose rating disagrees with the analysed sentiment", async () => {
    const scope = scopeOf(await bareTenant());
    const cases: Array<[number | null, NewCall["sentiment"], boolean]> = [
      [1, "positive", true],
      [2, "positive", true],
      [3, "positive", false],
      [4, "negative", true],
      [5, "negative", true],
      [1, "negative", false],
      [5, "positive", false],
      [4, "neutral", false],
      [null, "positive", false],
      [2, null, false],
    ];
    const ids = await insertCalls(
      scope,
      cases.map(([feedback_rating, sentiment]) => ({ feedback_rating, sentiment })),
    );
    const expected = ids.filter((_, index) => cases[index]![2]).sort();
    expect(await idsFor(scope, { view: "disagreement" })).toEqual(expected);
    for (const sort of ["createdAt", "rating", "user"] as const) {
      expect((await allPages(scope, { view: "disagreement", sort })).ids.sort()).toEqual(expected);
    }
  });

  it("combines filters, and never shows another tenant's calls", async () => {
    const scope = scopeOf(await bareTenant());
    const other = scopeOf(await bareTenant());
    const shared: CallSpec = { direction: "inbound", campaignName: "Shared", summary: "refund please", escalated: true };
    const [mine] = await insertCalls(scope, [shared, { ...shared, direction: "outbound" }]);
    await insertCalls(other, [shared, shared]);
    const params = { direction: "inbound", campaign: "Shared", q: "refund", escalated: true };
    expect(await idsFor(scope, params)).toEqual([mine]);
    expect(await exported(scope, params)).toEqual([mine]);
    expect(await campaignOptions(getDb(), scope.tenantId)).toEqual(["Shared"]);
  });
});

describe("kept counts", () => {
  it("stay equal to counting the calls, through inserts, updates of every counted column and deletes", async () => {
    const scope = scopeOf(await bareTenant());
    const other = scopeOf(await bareTenant());
    const random = prng(99);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const statuses = ["ended", "missed", "voicemail", "live", "queued"] as const;
    const campaigns = ["A", "B", null, ""];
    const ids = await insertCalls(
      scope,
      Array.from({ length: 60 }, () => ({ status: pick(statuses), direction: pick(["inbound", "outbound"]), campaignName: pick(campaigns) })),
    );
    const db = getDb();
    for (let step = 0; step < 80; step++) {
      const id = pick(ids);
      const action = random();
      if (action < 0.25)
        await db
          .updateTable("calls")
          .set({ status: pick(statuses) })
          .where("id", "=", id)
          .execute();
      else if (action < 0.5)
        await db
          .updateTable("calls")
          .set({ direction: pick(["inbound", "outbound"]) })
          .where("id", "=", id)
          .execute();
      else if (action < 0.7)
        await db
          .updateTable("calls")
          .set({ campaign_name: pick(campaigns) })
          .where("id", "=", id)
          .execute();
      else if (action < 0.8)
        await db
          .updateTable("calls")
          .set({ tenant_id: pick([scope.tenantId, other.tenantId]) })
          .where("id", "=", id)
          .execute();
      else if (action < 0.9) await db.updateTable("calls").set({ summary: "unrelated change" }).where("id", "=", id).execute();
      else await db.deleteFrom("calls").where("id", "=", id).execute();
    }
    const counted = await sql`select tenant_id, status, direction, coalesce(campaign_name, '') as campaign, count(*) as calls from calls
      where tenant_id in (${scope.tenantId}, ${other.tenantId}) group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(db);
    const kept = await sql`select * from call_list_counts where tenant_id in (${scope.tenantId}, ${other.tenantId}) and calls > 0 order by 1, 2, 3, 4`.execute(
      db,
    );
    expect(kept.rows).toEqual(counted.rows);
    expect((await sql`select count(*) as n from call_list_counts where calls < 0`.execute(db)).rows).toEqual([{ n: 0 }]);
    for (const [params, expected] of [
      [{}, (call: StoredCall) => FINISHED.has(call.status)],
      [{ direction: "inbound" }, (call: StoredCall) => FINISHED.has(call.status) && call.direction === "inbound"],
      [{ campaign: "A" }, (call: StoredCall) => FINISHED.has(call.status) && call.campaign_name === "A"],
      [{ status: "live" as const }, (call: StoredCall) => call.status === "live"],
    ] as const) {
      const result = await queryRecordingsPage(db, scope, { ...DEFAULT_LIST_PARAMS, ...params });
      expect(result.total, JSON.stringify(params)).toBe((await storedCalls(scope)).filter(expected).length);
    }
  });
});
