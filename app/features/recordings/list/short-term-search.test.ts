import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "~/config/env.server";
import { getDb, migrateToLatest, type DB } from "~/db/db.server";
import type { CallStatus, Database } from "~/db/schema";
import { buildCallRow, type CallInput } from "~/features/calls/call-row";
import { normaliseSearchTerm, SEARCH_FIELD_SEPARATOR } from "~/features/calls/derived-columns";
import { DEFAULT_LIST_PARAMS, RECORDINGS_PAGE_SIZE, type RecordingsListParams } from "./list-params";
import { exportChunks, queryRecordingsPage, type ListScope, type QueryOptions } from "./list-query.server";

/**
 * Search terms of one or two characters, which the trigram index cannot look
 * up directly: a rare one is found through the trigrams that begin with it
 * and the last characters of the search text (migration 0004), a common one
 * by reading calls in list order. Either way the result must be exactly the
 * substring scan's; these tests aim at the places where a lookup could miss.
 */

const SEP = SEARCH_FIELD_SEPARATOR;
/** Forces the lookup even among a handful of calls (a real tenant reaches it only beyond SHORT_SEARCH_PROBE_ROWS). */
const LOOKUP: QueryOptions = { shortSearchProbeRows: 0 };

const statements: string[] = [];
let logged: Kysely<Database>;

beforeAll(async () => {
  await migrateToLatest();
  logged = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(getEnv().databaseFile!) }),
    log: (event) => {
      if (event.level === "query") statements.push(event.query.sql);
    },
  });
});
afterAll(async () => {
  await logged.destroy();
});

let counter = 0;
async function newTenant(): Promise<ListScope> {
  counter += 1;
  const id = `short-${counter}-${crypto.randomUUID()}`;
  const at = "2026-01-01T00:00:00.000Z";
  await getDb()
    .insertInto("tenants")
    .values({ id, name: `Tenant ${counter}`, time_zone: "Europe/Berlin", created_at: at, updated_at: at })
    .execute();
  return { tenantId: id, timeZone: "Europe/Berlin", now: new Date("2026-03-15T12:00:00Z") };
}

type Spec = Partial<Omit<CallInput, "tenantId" | "id" | "externalId">>;

async function insertCalls(scope: ListScope, specs: Spec[]) {
  const rows = specs.map((spec, index) => {
    counter += 1;
    return buildCallRow({
      status: "ended",
      direction: "inbound",
      createdAt: `2026-03-0${1 + (index % 9)}T10:${String(index % 60).padStart(2, "0")}:00.000Z`,
      ...spec,
      id: `call-${counter}`,
      externalId: `ext-${counter}`,
      tenantId: scope.tenantId,
    });
  });
  for (let start = 0; start < rows.length; start += 200)
    await getDb()
      .insertInto("calls")
      .values(rows.slice(start, start + 200))
      .execute();
  return rows.map((row) => row.id);
}

const FINISHED = new Set<CallStatus>(["ended", "missed", "voicemail"]);

/** The definition (derived-columns.ts): a call matches when its search text contains the normalised term; newest first. */
function expected(scope: ListScope, term: string) {
  const raw = new SQLite(getEnv().databaseFile!, { readonly: true });
  try {
    const calls = raw.prepare("select rowid, id, status, created_at, search_text from calls where tenant_id = ?").all(scope.tenantId) as Array<{
      rowid: number;
      id: string;
      status: CallStatus;
      created_at: string;
      search_text: string;
    }>;
    const needle = normaliseSearchTerm(term);
    const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    return calls
      .filter((call) => FINISHED.has(call.status) && call.search_text.includes(needle))
      .sort((a, b) => byteOrder(b.created_at, a.created_at) || byteOrder(b.status, a.status) || b.rowid - a.rowid)
      .map((call) => call.id);
  } finally {
    raw.close();
  }
}

/** Every page of the list, as a user walks it, with the SQL it ran. */
async function listed(scope: ListScope, params: Partial<RecordingsListParams>, options: QueryOptions = {}) {
  statements.length = 0;
  const ids: string[] = [];
  let last;
  for (let page = 1; page < 100; page++) {
    last = await queryRecordingsPage(logged as unknown as DB, scope, { ...DEFAULT_LIST_PARAMS, ...params, page }, options);
    expect(last.params.page).toBe(page);
    ids.push(...last.rows.map((row) => row.id));
    if (!last.hasNextPage) break;
  }
  return { ids, last: last!, sql: [...statements] };
}

async function exported(scope: ListScope, params: Partial<RecordingsListParams>, options: QueryOptions = {}) {
  const ids: string[] = [];
  for await (const chunk of exportChunks(getDb(), scope, { ...DEFAULT_LIST_PARAMS, ...params }, { ...options, chunkSize: 4 }))
    ids.push(...chunk.map((row) => row.id));
  return ids;
}

const lookedUp = (sql: string[]) => sql.some((statement) => statement.includes("calls_fts_instances"));
const throughCandidates = (sql: string[]) => sql.some((statement) => statement.includes("json_each"));

describe("the trigram index a short search relies on", () => {
  it("holds every run of three characters of the search text, across field separators, skipping NUL and reading U+FFFF as U+FFFD", async () => {
    const scope = await newTenant();
    const summaries = ["ab", "x\u0000y\u0000", "😀ß\uFFFFz", `"*^`, ""];
    const ids = await insertCalls(
      scope,
      summaries.map((summary) => ({ campaignName: "Qz", agentName: "ä", summary })),
    );
    const raw = new SQLite(getEnv().databaseFile!, { readonly: true });
    try {
      for (const id of ids) {
        const { rowid, search_text: text } = raw.prepare("select rowid, search_text from calls where id = ?").get(id) as { rowid: number; search_text: string };
        const characters = [...text.replaceAll("\u0000", "")].map((character) => (character === "\uFFFF" ? "\uFFFD" : character));
        const trigrams = new Set(characters.slice(0, -2).map((_, at) => characters.slice(at, at + 3).join("")));
        const indexed = raw.prepare("select distinct term from calls_fts_instances where doc = ?").all(rowid) as Array<{ term: string }>;
        expect(new Set(indexed.map((row) => row.term)), JSON.stringify(text)).toEqual(trigrams);
        // Seven separators at least, so every character of a call has a trigram to be found in.
        expect(trigrams.has(`qz${SEP}`)).toBe(true);
        expect(trigrams.has(`${SEP}ä${SEP}`)).toBe(true);
      }
    } finally {
      raw.close();
    }
  });
});

describe("a short search term", () => {
  // Each case: the calls, and terms that must find exactly what a substring scan finds (including nothing).
  const cases: Array<{ name: string; calls: Spec[]; terms: string[] }> = [
    {
      name: "at the very start of the search text",
      calls: [{ campaignName: "qz campaign" }, { campaignName: "ж" }, { campaignName: "Ж" }, { campaignName: "campaign" }],
      terms: ["qz", "QZ", "q", "ж", "Ж"],
    },
    {
      name: "at the very end of the search text (the last one or two characters begin no trigram)",
      calls: [{ summary: "ends in qz" }, { summary: "ends in ж" }, { summary: "ends in жy" }, { summary: "ж" }, { summary: "qz" }, { summary: "nothing" }],
      terms: ["qz", "z", "q", "ж", "y", "жy", "ng"],
    },
    {
      name: "on either side of a field separator, never across it",
      calls: [
        { agentName: "Maqz", userName: "Qzora" },
        { agentName: "Ma q", userName: "z" },
        { to: "+49q", from: "z+1" },
        { userCompany: "ж", summary: "ж" },
      ],
      terms: ["qz", "q", "z", "ж", "q ", " z", "aq"],
    },
    {
      name: "next to NUL characters, which the trigram tokenizer skips",
      calls: [
        { summary: "abqz\u0000" },
        { summary: "qz\u0000\u0000" },
        { summary: "q\u0000z" },
        { summary: "ж\u0000" },
        { summary: "\u0000ж\u0000x" },
        { summary: "x" },
      ],
      terms: ["qz", "q", "z", "ж", "x", "\u0000", "q\u0000"],
    },
    {
      name: "made of characters outside the basic plane or that SQLite reads as U+FFFD",
      calls: [
        { summary: "a😀" },
        { summary: "😀b" },
        { summary: "x\uFFFFy" },
        { summary: "\uFFFD" },
        { summary: "end\uFFFF" },
        { agentName: "👍🏽" },
        { summary: "ß ẞ" },
      ],
      terms: ["😀", "a😀", "😀b", "\uFFFF", "\uFFFD", "x\uFFFF", "🏽", "👍", "ß", "ẞ", "ß "],
    },
    {
      name: "with characters that mean something to FTS5 or LIKE",
      calls: [{ summary: 'say "hi"' }, { summary: "50% * 2" }, { summary: "a_b" }, { campaignName: '"' }],
      terms: ['"', '""', "*", "%", "_", "%*", ' "', '"h'],
    },
  ];

  it.each(cases)("is found exactly when $name", async ({ calls, terms }) => {
    const scope = await newTenant();
    const decoys = await newTenant();
    await insertCalls(scope, [...calls, ...calls.map((call) => ({ ...call, status: "live" as const }))]);
    await insertCalls(decoys, calls);
    for (const term of terms) {
      const label = `term ${JSON.stringify(term)}`;
      const reference = expected(scope, term);
      const viaLookup = await listed(scope, { q: term }, LOOKUP);
      expect(viaLookup.ids, label).toEqual(reference);
      expect(viaLookup.last.total, label).toBe(reference.length);
      // A term with a NUL cannot be in a trigram; every other term here is rare, so the lookup answers it.
      expect(throughCandidates(viaLookup.sql), label).toBe(!term.includes("\u0000"));
      expect((await listed(scope, { q: term })).ids, label).toEqual(reference);
      expect(await exported(scope, { q: term }, LOOKUP), label).toEqual(reference);
    }
  });

  it("is looked up when rare, read in list order when common, and answered by the first calls read when they are all", async () => {
    const scope = await newTenant();
    // More calls than are read first (SHORT_SEARCH_PROBE_ROWS), a few with a rare term.
    const specs: Spec[] = Array.from({ length: 540 }, (_, index) => ({ summary: `an ordinary call ${index}` }));
    for (const at of [3, 270, 538]) specs[at] = { summary: `code qx${at}` };
    await insertCalls(scope, specs);

    const rare = await listed(scope, { q: "qx" });
    expect(rare.ids).toEqual(expected(scope, "qx"));
    expect(rare.ids).toHaveLength(3);
    expect(throughCandidates(rare.sql)).toBe(true);

    const common = await listed(scope, { q: "an" }, { searchCountLimit: 30 });
    expect(common.ids).toEqual(expected(scope, "an"));
    expect(lookedUp(common.sql)).toBe(false);

    // A view of few calls (missed ones here) is read whole at once; its count is exact without a lookup.
    await insertCalls(scope, [
      { status: "missed", summary: "qx missed" },
      { status: "missed", summary: "other" },
    ]);
    const few = await listed(scope, { q: "qx", status: "missed" });
    expect(few.ids).toEqual(expected(scope, "qx").filter((id) => few.ids.includes(id)));
    expect(few.ids).toHaveLength(1);
    expect(few.last.total).toBe(1);
    expect(lookedUp(few.sql)).toBe(false);
  });

  it("counts, pages past the counted matches and exports through the candidates when they match more calls than are counted", async () => {
    const scope = await newTenant();
    await insertCalls(
      scope,
      Array.from({ length: 37 }, (_, index) => ({ summary: index % 3 === 0 ? "plain" : `ticket qx-${index}` })),
    );
    const reference = expected(scope, "qx");
    expect(reference).toHaveLength(24);
    const options = { ...LOOKUP, searchCountLimit: 12 };
    const first = await queryRecordingsPage(getDb(), scope, { ...DEFAULT_LIST_PARAMS, q: "qx" }, options);
    expect(first).toMatchObject({ total: 12, totalIsCapped: true, hasNextPage: true });
    const walked = await listed(scope, { q: "qx" }, options);
    expect(walked.ids).toEqual(reference);
    expect(throughCandidates(walked.sql)).toBe(true);
    const beyond = await queryRecordingsPage(getDb(), scope, { ...DEFAULT_LIST_PARAMS, q: "qx", page: 40 }, options);
    expect(beyond).toMatchObject({ total: 24, totalIsCapped: false, hasNextPage: false, params: { page: 3 } });
    expect(beyond.rows.map((row) => row.id)).toEqual(reference.slice(2 * RECORDINGS_PAGE_SIZE));
    expect(await exported(scope, { q: "qx" }, options)).toEqual(reference);
  });

  it("falls back to reading calls when the term is common among other tenants' calls, with the same result", async () => {
    const scope = await newTenant();
    const busy = await newTenant();
    await insertCalls(
      busy,
      Array.from({ length: 30 }, () => ({ summary: "qx everywhere" })),
    );
    const mine = await insertCalls(scope, [{ summary: "one qx here" }, { summary: "none" }]);
    const fallback = await listed(scope, { q: "qx" }, { ...LOOKUP, shortSearchCandidateLimit: 10 });
    expect(fallback.ids).toEqual([mine[0]]);
    expect(lookedUp(fallback.sql)).toBe(true);
    expect(throughCandidates(fallback.sql)).toBe(false);
    // Found through candidates of every tenant, but only this tenant's calls are shown.
    const lookup = await listed(scope, { q: "qx" }, LOOKUP);
    expect(lookup.ids).toEqual([mine[0]]);
    expect(throughCandidates(lookup.sql)).toBe(true);
    expect(await exported(scope, { q: "qx" }, LOOKUP)).toEqual([mine[0]]);
  });

  it("combines with every other filter and sort", async () => {
    const scope = await newTenant();
    await insertCalls(scope, [
      { summary: "qx a", direction: "outbound", campaignName: "Alpha", escalated: true, userName: "Zed" },
      { summary: "qx b", direction: "inbound", campaignName: "Alpha", userName: "Amy" },
      { summary: "qx c", status: "missed", campaignName: "Beta", userName: "Bob" },
      { summary: "no", direction: "outbound", campaignName: "Alpha", escalated: true },
    ]);
    const all = expected(scope, "qx");
    const params: Array<[Partial<RecordingsListParams>, number]> = [
      [{ direction: "outbound" }, 1],
      [{ campaign: "Alpha" }, 2],
      [{ status: "missed" }, 1],
      [{ escalated: true }, 1],
      [{ sort: "user", order: "asc" }, 3],
      [{ range: "last-3-months" }, 3],
    ];
    for (const [extra, size] of params) {
      const viaLookup = await listed(scope, { q: "qx", ...extra }, LOOKUP);
      const viaScan = await listed(scope, { q: "qx", ...extra });
      expect(viaLookup.ids, JSON.stringify(extra)).toEqual(viaScan.ids);
      expect(viaLookup.ids.every((id) => all.includes(id))).toBe(true);
      expect(viaLookup.ids).toHaveLength(size);
    }
  });
});

describe("query plans of a short search", () => {
  it("reads the trigram range and the tail indexes, then joins each candidate to its call by rowid", async () => {
    const scope = await newTenant();
    await insertCalls(scope, [{ summary: "qx" }, { summary: "x" }]);
    const raw = new SQLite(getEnv().databaseFile!, { readonly: true });
    const plans: Array<{ sql: string; plan: string }> = [];
    const explaining = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SQLite(getEnv().databaseFile!) }),
      log: (event) => {
        if (event.level !== "query" || !event.query.sql.startsWith("select")) return;
        const rows = raw.prepare(`explain query plan ${event.query.sql}`).all(...(event.query.parameters as unknown[])) as Array<{ detail: string }>;
        plans.push({ sql: event.query.sql, plan: rows.map((row) => row.detail).join(" | ") });
      },
    });
    try {
      for (const term of ["qx", "x"]) {
        plans.length = 0;
        await queryRecordingsPage(explaining as unknown as DB, scope, { ...DEFAULT_LIST_PARAMS, q: term }, LOOKUP);
        const lookup = plans.find((entry) => entry.sql.includes("calls_fts_instances"))?.plan ?? "";
        expect(lookup).toMatch(/SCAN calls_fts_instances VIRTUAL TABLE INDEX [1-9]/);
        expect(lookup).toMatch(/SEARCH calls USING COVERING INDEX calls_search_tail_idx \(<expr>>\? AND <expr><\?\)/);
        if (term.length === 1) expect(lookup).toMatch(/SEARCH calls USING COVERING INDEX calls_search_last_idx \(<expr>=\?\)/);
        expect(lookup).toMatch(/calls_search_nul_idx/);
        // No other scan of calls: those two read a range of the vocabulary and an index of (in practice) no entries.
        expect(lookup.replace(/SCAN calls_fts_instances VIRTUAL TABLE|SCAN calls USING INDEX calls_search_nul_idx/g, "")).not.toMatch(/SCAN/);
        const joined = plans.filter((entry) => entry.sql.includes("json_each"));
        expect(joined).toHaveLength(2);
        for (const { plan } of joined) expect(plan).toMatch(/SCAN found VIRTUAL TABLE.*SEARCH calls USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      }
    } finally {
      await explaining.destroy();
      raw.close();
    }
  });
});
