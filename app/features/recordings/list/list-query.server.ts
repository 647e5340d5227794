import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import { escapeLike } from "~/db/like";
import { DISAGREEMENT_CONDITION, ESCALATED_CONDITION, FINISHED_CONDITION } from "~/db/migrations/0003-recordings-list-indexes";
import { SEARCH_HAS_NUL, SEARCH_LAST, SEARCH_TAIL } from "~/db/migrations/0004-short-term-search";
import type { AudioStatus, CallStatus } from "~/db/schema";
import { resolveDateRange } from "~/lib/dates/date-ranges";
import { normaliseSearchTerm, sortKey } from "~/features/calls/derived-columns";
import { isFinishedStatus, RECORDINGS_PAGE_SIZE, type RecordingListItem, type RecordingsListParams, type SortKey } from "./list-params";

/**
 * The recordings list, done by the database: filter, search, sort and page
 * for one tenant. Every query starts from the tenant, so another tenant's call
 * can never appear. Sorting by a text column uses its sort_* twin (locale order,
 * missing values NULL): SQLite puts NULL first ascending and last descending,
 * which is our rule for missing values (docs/product/behaviour.md#recordings-search-and-sort). Ties are broken by created_at,
 * then status, then rowid, in the same direction, so paging is stable.
 *
 * Speed (measured at 100,000 and 1,000,000 calls; see 0003-recordings-list-indexes.ts):
 * - a page is found by walking one index in the list's order, reading only
 *   index entries until the page is reached; only the page's rows are loaded;
 * - totals without search or date range come from call_list_counts;
 * - a search term of three or more characters is looked up in the trigram
 *   index; a shorter one by reading rows in list order when it is common (the
 *   first matches come early), else through the trigrams that begin with it
 *   (see shortTermAccess); either way the exact substring check decides, so
 *   the index changes the speed, never the result.
 *
 * On PostgreSQL (docs/decisions/0019) the same queries run with three
 * differences: the substring check is a LIKE that pg_trgm's GIN index answers
 * (the exact check and the index condition in one, for terms of 3+
 * characters), a short term is always found by reading calls (there is no
 * trigram vocabulary to look it up in), and NULL placement is written out.
 */

export interface ListScope {
  tenantId: string;
  timeZone: string;
  /** For date ranges; tests pin it. */
  now?: Date;
}

export interface RecordingsPage {
  /** The params as applied: page clamped to the last page. */
  params: RecordingsListParams;
  rows: RecordingListItem[];
  /** Matching calls; a lower bound when `totalIsCapped` (see SEARCH_COUNT_LIMIT). */
  total: number;
  totalIsCapped: boolean;
  /** The last page, or the next one while a capped search has more pages than it counted. */
  pageCount: number;
  hasNextPage: boolean;
}

/**
 * A search that matches many calls is counted only up to this many: counting
 * every match of a common word means reading every matching row, which no
 * index can avoid. Beyond it the list says "more than 1,000" and pages on
 * with "next"; the rows themselves are always exact.
 */
export const SEARCH_COUNT_LIMIT = 1000;
/**
 * One or two characters are beyond the trigram index, so counting their
 * matches means reading rows one by one; they are counted to a smaller limit.
 */
export const SHORT_SEARCH_COUNT_LIMIT = 100;
/**
 * A short term is first looked for in this many of the list's calls: a common
 * one is counted (to its limit) within them, as fast as before, and a view
 * with no more calls than this is answered by them alone.
 */
const SHORT_SEARCH_PROBE_ROWS = 500;
/**
 * A short term that is not common is looked up through the trigrams that
 * begin with it when they occur (with the calls ending in it) at most this
 * many times: reading them and then every such call costs up to ~10 ms
 * (measured at 100,000 and 1,000,000 calls; a few candidates cost ~1 ms).
 * Beyond it the term is common somewhere (other tenants, calls outside the
 * filters), and the list reads calls in its own order as before.
 */
const SHORT_SEARCH_CANDIDATE_LIMIT = 1000;

const SORT_COLUMNS: Record<SortKey, string> = {
  createdAt: "created_at",
  direction: "direction",
  campaign: "sort_campaign",
  from: "sort_from",
  to: "sort_to",
  agent: "sort_agent",
  user: "sort_user",
  company: "sort_company",
  duration: "duration_seconds",
  rating: "feedback_rating",
};

/** Columns that are never NULL need no NULL phase when paging through an export. */
const NOT_NULL_SORT_KEYS = new Set<SortKey>(["createdAt", "direction"]);

/**
 * Finished calls, as the list's partial indexes define them: repeated word for
 * word, so SQLite may use those indexes and skip the check for every entry.
 */
const finished = sql.raw<SqlBool>(FINISHED_CONDITION);

/** The search as the list runs it; a term matches exactly when search_text contains `term` (derived-columns.ts). */
export interface SearchPlan {
  term: string;
  /** An FTS5 phrase for the trigram index, or null for terms the trigram index cannot answer (under 3 characters). */
  ftsPhrase: string | null;
}

export function searchPlan(q: string): SearchPlan | null {
  if (q === "") return null;
  const term = normaliseSearchTerm(q);
  // The trigram tokenizer counts Unicode code points, as the spread operator does (an emoji is one, not two UTF-16 units).
  // FTS5's query parser ends a string at a NUL character, so such a term is left to the plain scan.
  const indexable = [...term].length >= 3 && !term.includes("\u0000");
  const ftsPhrase = indexable ? `"${term.replaceAll('"', '""')}"` : null;
  return { term, ftsPhrase };
}

/** Every condition but the search, which chooses how the query is driven. */
function filterConditions(scope: ListScope, params: RecordingsListParams): RawBuilder<SqlBool>[] {
  const conditions: RawBuilder<SqlBool>[] = [sql<SqlBool>`calls.tenant_id = ${scope.tenantId}`];
  // Without a status filter the list shows finished calls; live and queued ones have their own call-management tabs.
  if (!params.status) conditions.push(finished);
  else {
    conditions.push(sql<SqlBool>`calls.status = ${params.status}`);
    // Newest first, 0002's (tenant_id, status, created_at) is exactly the list; in any other order the sort key's
    // partial index is walked, reading the status stored in it, and only the finished condition unlocks that index.
    if (isFinishedStatus(params.status) && params.sort !== "createdAt") conditions.push(finished);
  }
  if (params.direction) conditions.push(sql<SqlBool>`calls.direction = ${params.direction.toLowerCase()}`);
  if (params.campaign) conditions.push(sql<SqlBool>`calls.campaign_name = ${params.campaign}`);
  if (params.agent) conditions.push(sql<SqlBool>`calls.agent_id = ${params.agent}`);
  if (params.agent && params.version) conditions.push(sql<SqlBool>`calls.agent_version = ${params.version}`);
  if (params.range) {
    const range = resolveDateRange(params.range, scope.timeZone, scope.now);
    conditions.push(sql<SqlBool>`calls.created_at >= ${range.startUtc}`, sql<SqlBool>`calls.created_at < ${range.endUtc}`);
  }
  if (params.escalated) conditions.push(sql.raw<SqlBool>(ESCALATED_CONDITION));
  if (params.view === "disagreement") conditions.push(sql.raw<SqlBool>(DISAGREEMENT_CONDITION));
  return conditions;
}

/** The exact substring check; on PostgreSQL a LIKE, which the trigram index serves (LIKE with its escapes is exactly "contains"). */
function containsTerm(db: DB, term: string, column = sql.ref("calls.search_text")) {
  return isPostgres(db) ? sql<SqlBool>`${column} like ${`%${escapeLike(term)}%`}` : sql<SqlBool>`instr(${column}, ${term}) > 0`;
}

/** Calls that may match, found through an index; the exact instr check still decides which do. */
type SearchIndex = { kind: "trigrams"; phrase: string } | { kind: "candidates"; rowIds: number[] };

/** How a search is counted and paged. */
interface SearchAccess {
  count: Count;
  /** Counts (and, unless walkSortOrder, finds) the matches; null to read the calls, checking each. */
  index: SearchIndex | null;
  /** Many matches: a page is quickest found by walking the sort order, checking each call, until it is full. */
  walkSortOrder: boolean;
}

const and = (conditions: RawBuilder<SqlBool>[]) => sql.join(conditions, sql` and `);

function orderBy(params: Pick<RecordingsListParams, "sort" | "order">) {
  const column = sql.ref(`calls.${SORT_COLUMNS[params.sort]}`);
  const direction = sql.raw(params.order === "asc" ? "asc" : "desc");
  const tieBreak = sql`calls.created_at ${direction}, calls.status ${direction}, calls.rowid ${direction}`;
  if (params.sort === "createdAt") return tieBreak;
  // SQLite's own placement, written out so PostgreSQL (NULL last ascending by default) orders the same; SQLite reads it as its default.
  const nulls = NOT_NULL_SORT_KEYS.has(params.sort) ? sql`` : sql.raw(params.order === "asc" ? " nulls first" : " nulls last");
  return sql`${column} ${direction}${nulls}, ${tieBreak}`;
}

/**
 * The FROM clause. A search through an index reads the index (or the
 * candidates found in it) first and joins each hit to its call (CROSS JOIN
 * fixes that order); the exact instr check stays, so the index only ever
 * narrows, never decides.
 */
function source(db: DB, search: SearchPlan | null, index: SearchIndex | null, params?: Pick<RecordingsListParams, "sort" | "view">) {
  if (isPostgres(db)) return { from: sql`calls`, conditions: search ? [containsTerm(db, search.term)] : [] };
  if (search && index?.kind === "trigrams") {
    return {
      from: sql`calls_fts cross join calls on calls.rowid = calls_fts.rowid`,
      conditions: [sql<SqlBool>`calls_fts match ${index.phrase}`, containsTerm(db, search.term)],
    };
  }
  if (search && index?.kind === "candidates") {
    return {
      from: sql`json_each(${JSON.stringify(index.rowIds)}) as found cross join calls on calls.rowid = found.value`,
      conditions: [containsTerm(db, search.term)],
    };
  }
  // The disagreement index holds rating and sentiment after the order columns, so the planner, seeing it cannot
  // deliver the order alone, would walk every call instead of the few that disagree; sorting those few is cheaper.
  const from = params?.view === "disagreement" && params.sort === "createdAt" ? sql`calls indexed by calls_list_disagreement_idx` : sql`calls`;
  return { from, conditions: search ? [containsTerm(db, search.term)] : [] };
}

interface Count {
  total: number;
  capped: boolean;
}

/**
 * The totals most views need (all finished calls, a status, a direction, a
 * campaign) are kept per tenant in call_list_counts by triggers (migration
 * 0003), so they cost a few rows instead of an index walk over every call.
 */
function kept(params: RecordingsListParams) {
  return !params.q && !params.range && !params.escalated && !params.view && !params.agent;
}

async function keptCount(db: DB, scope: ListScope, params: RecordingsListParams): Promise<Count> {
  const conditions = [sql<SqlBool>`tenant_id = ${scope.tenantId}`, params.status ? sql<SqlBool>`status = ${params.status}` : finished];
  if (params.direction) conditions.push(sql<SqlBool>`direction = ${params.direction.toLowerCase()}`);
  if (params.campaign) conditions.push(sql<SqlBool>`campaign = ${params.campaign}`);
  const result = await sql<{ n: number | null }>`select sum(calls) as n from call_list_counts where ${and(conditions)}`.execute(db);
  return { total: Number(result.rows[0]?.n ?? 0), capped: false };
}

async function countCalls(
  db: DB,
  conditions: RawBuilder<SqlBool>[],
  search: SearchPlan | null,
  index: SearchIndex | null,
  limit: number | null,
): Promise<Count> {
  const { from, conditions: searchConditions } = source(db, search, index);
  const where = and([...searchConditions, ...conditions]);
  const query =
    limit === null
      ? sql<{ n: number }>`select count(*) as n from ${from} where ${where}`
      : sql<{ n: number }>`select count(*) as n from (select 1 from ${from} where ${where} limit ${limit + 1}) as matched`;
  const n = Number((await query.execute(db)).rows[0]?.n ?? 0);
  if (limit !== null && n > limit) return { total: limit, capped: true };
  return { total: n, capped: false };
}

async function pageRowIds(
  db: DB,
  conditions: RawBuilder<SqlBool>[],
  search: SearchPlan | null,
  index: SearchIndex | null,
  params: RecordingsListParams,
  limit: number,
  offset: number,
) {
  const { from, conditions: searchConditions } = source(db, search, index, params);
  const result = await sql<{ rid: number }>`select calls.rowid as rid from ${from} where ${and([...searchConditions, ...conditions])}
    order by ${orderBy(params)} limit ${limit} offset ${offset}`.execute(db);
  return result.rows.map((row) => row.rid);
}

interface CallListRow {
  rid: number;
  id: string;
  created_at: string;
  status: CallStatus;
  direction: string;
  campaign_name: string | null;
  from_number: string | null;
  to_number: string | null;
  agent_name: string | null;
  user_name: string | null;
  user_company: string | null;
  duration_seconds: number | null;
  feedback_rating: number | null;
  sentiment: RecordingListItem["sentiment"];
  escalated: number;
  audio_status: AudioStatus;
}

const LIST_COLUMNS = sql`calls.rowid as rid, calls.id, calls.created_at, calls.status, calls.direction, calls.campaign_name, calls.from_number,
  calls.to_number, calls.agent_name, calls.user_name, calls.user_company, calls.duration_seconds, calls.feedback_rating, calls.sentiment,
  calls.escalated, calls.audio_status`;

function toItem(row: CallListRow): RecordingListItem {
  return {
    id: row.id,
    createdAt: row.created_at,
    status: row.status,
    direction: row.direction,
    campaignName: row.campaign_name,
    from: row.from_number,
    to: row.to_number,
    agentName: row.agent_name,
    userName: row.user_name,
    userCompany: row.user_company,
    durationSeconds: row.duration_seconds,
    rating: row.feedback_rating,
    sentiment: row.sentiment,
    escalated: row.escalated === 1,
    audioStatus: row.audio_status,
  };
}

/** The rows of a page, read only after their ids are known so that skipped rows are never loaded. */
async function loadRows(db: DB, tenantId: string, rowIds: number[]) {
  if (rowIds.length === 0) return [];
  // The unary + keeps SQLite from mistaking the tenant check for a way in: the rowids are the way in, the tenant a safeguard.
  const tenant = isPostgres(db) ? sql`calls.tenant_id` : sql`+calls.tenant_id`;
  const result = await sql<CallListRow>`select ${LIST_COLUMNS} from calls
    where calls.rowid in (${sql.join(rowIds)}) and ${tenant} = ${tenantId}`.execute(db);
  const byRowId = new Map(result.rows.map((row) => [row.rid, row]));
  return rowIds.flatMap((rowId) => {
    const row = byRowId.get(rowId);
    return row ? [toItem(row)] : [];
  });
}

export interface QueryOptions {
  /** Tests lower it to exercise the path taken for searches with many matches. */
  searchCountLimit?: number;
  /** Tests set it to 0 so that a few calls take the path a rare short term takes among many (SHORT_SEARCH_PROBE_ROWS). */
  shortSearchProbeRows?: number;
  /** Tests lower it to exercise the path a short term takes when it is common elsewhere (SHORT_SEARCH_CANDIDATE_LIMIT). */
  shortSearchCandidateLimit?: number;
}

function countLimitFor(search: SearchPlan, searchCountLimit: number | undefined) {
  return searchCountLimit ?? (search.ftsPhrase ? SEARCH_COUNT_LIMIT : SHORT_SEARCH_COUNT_LIMIT);
}

async function searchAccess(db: DB, conditions: RawBuilder<SqlBool>[], search: SearchPlan, options: QueryOptions): Promise<SearchAccess> {
  const limit = countLimitFor(search, options.searchCountLimit);
  if (!search.ftsPhrase) return shortTermAccess(db, conditions, search, limit, options);
  const index: SearchIndex = { kind: "trigrams", phrase: search.ftsPhrase };
  const count = await countCalls(db, conditions, search, index, limit);
  // A few matches are quickest found through the trigram index; many are quickest found by walking the sort order until a page is full.
  return { count, index, walkSortOrder: count.capped };
}

/**
 * A term of one or two characters. Common ones ("e", "an") are counted to
 * their limit within the first few hundred calls read, and a page of them is
 * found just as quickly by walking the list's order; so the list first reads
 * up to SHORT_SEARCH_PROBE_ROWS calls. Rare ones ("zq") would have every call
 * read that way, so when the first calls do not settle it, the term is looked
 * up through the trigram index instead: every occurrence of the term in a
 * search text either begins a trigram or lies in the text's last two
 * characters (search_text always has at least seven, see derived-columns.ts),
 * which migration 0004 indexes. Those candidate calls, when few, are then
 * counted and sorted like the matches of a longer term.
 */
async function shortTermAccess(db: DB, conditions: RawBuilder<SqlBool>[], search: SearchPlan, limit: number, options: QueryOptions): Promise<SearchAccess> {
  const readCalls = async (): Promise<SearchAccess> => {
    const count = await countCalls(db, conditions, search, null, limit);
    return { count, index: null, walkSortOrder: count.capped };
  };
  // The trigram tokenizer skips NUL characters, so no trigram holds a term with one.
  if (search.term.includes("\u0000")) return readCalls();

  const probeRows = options.shortSearchProbeRows ?? SHORT_SEARCH_PROBE_ROWS;
  const candidateLimit = options.shortSearchCandidateLimit ?? SHORT_SEARCH_CANDIDATE_LIMIT;
  if (probeRows > 0) {
    const probed = await sql<{ n: number }>`select count(*) as n from (
        select 1 from (select calls.search_text from calls where ${and(conditions)} limit ${probeRows}) as probed
        where ${containsTerm(db, search.term, sql.ref("probed.search_text"))} limit ${limit + 1}
      ) as matched`.execute(db);
    const found = Number(probed.rows[0]?.n ?? 0);
    if (found > limit) return { count: { total: limit, capped: true }, index: null, walkSortOrder: true };
    const listed = await sql<{ n: number }>`select count(*) as n from (select 1 from calls where ${and(conditions)} limit ${probeRows + 1}) as listed`.execute(
      db,
    );
    // Every call of the view was read: the count is exact, and reading them again in list order is as cheap.
    if (Number(listed.rows[0]?.n ?? 0) <= probeRows) return { count: { total: found, capped: false }, index: null, walkSortOrder: false };
  }

  // How often the term occurred in the calls read says little about the rest (it may be frequent among the newest calls
  // and rare among all), so only the count of its candidates decides.
  // PostgreSQL has no trigram vocabulary to look a short term up in (pg_trgm cannot search under three characters).
  if (isPostgres(db)) return readCalls();
  const rowIds = await shortTermCandidates(db, search.term, candidateLimit);
  if (!rowIds) return readCalls();
  const index: SearchIndex = { kind: "candidates", rowIds };
  // However many of them match, sorting the candidates is cheaper than walking the sort order past the calls without the term.
  return { count: await countCalls(db, conditions, search, index, limit), index, walkSortOrder: false };
}

/** What the trigram tokenizer (SQLite's UTF-8 reader) takes for U+FFFD: U+FFFE, U+FFFF and unpaired surrogates. */
const NOT_TOKENIZED_AS_IS = /[\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Above every code point: a term followed by it twice is above every trigram that begins with the term. */
const TOP = "\u{10FFFF}\u{10FFFF}";

/**
 * The calls (of any tenant) whose search text may contain a short term, in
 * rowid order, or null when there are more than `limit` occurrences to read:
 * the trigrams that begin with the term (the tokenizer reads U+FFFE, U+FFFF
 * and unpaired surrogates as U+FFFD, so the term is looked up that way too),
 * the texts whose last two characters begin with it or whose last character
 * is it, and the texts holding a NUL (for which SQLite's substr is no guide).
 * Text order is byte order in UTF-8, which is also code point order.
 */
async function shortTermCandidates(db: DB, term: string, limit: number): Promise<number[] | null> {
  const asTokenized = term.replace(NOT_TOKENIZED_AS_IS, "\uFFFD");
  const tail = sql.raw(SEARCH_TAIL);
  const lastCharacter = [...term].length === 1 ? sql`union all select rowid from calls where ${sql.raw(SEARCH_LAST)} = ${term}` : sql``;
  const result = await sql<{ rid: number }>`select doc as rid from calls_fts_instances where term >= ${asTokenized} and term <= ${asTokenized + TOP}
    union all select rowid from calls where ${tail} >= ${term} and ${tail} <= ${term + TOP}
    ${lastCharacter}
    union all select rowid from calls where ${sql.raw(SEARCH_HAS_NUL)}
    limit ${limit + 1}`.execute(db);
  if (result.rows.length > limit) return null;
  return [...new Set(result.rows.map((row) => row.rid))].sort((a, b) => a - b);
}

/** One read transaction, so the total, the page and its rows all come from the same moment even while calls arrive. */
export function queryRecordingsPage(db: DB, scope: ListScope, requested: RecordingsListParams, options: QueryOptions = {}): Promise<RecordingsPage> {
  return db.transaction().execute((trx) => readPage(trx, scope, requested, options));
}

async function readPage(db: DB, scope: ListScope, requested: RecordingsListParams, options: QueryOptions): Promise<RecordingsPage> {
  const conditions = filterConditions(scope, requested);
  const search = searchPlan(requested.q);
  const access = search ? await searchAccess(db, conditions, search, options) : null;
  let count = access ? access.count : kept(requested) ? await keptCount(db, scope, requested) : await countCalls(db, conditions, null, null, null);
  const pageIndex = access && !access.walkSortOrder ? access.index : null;

  let page = requested.page;
  if (!count.capped) page = Math.min(page, Math.max(1, Math.ceil(count.total / RECORDINGS_PAGE_SIZE)));
  let rowIds = await pageRowIds(db, conditions, search, pageIndex, requested, RECORDINGS_PAGE_SIZE + 1, (page - 1) * RECORDINGS_PAGE_SIZE);
  if (count.capped && rowIds.length === 0 && page > 1) {
    // Past the end of a search too large to count cheaply: count it all once, then show its last page.
    count = await countCalls(db, conditions, search, access?.index ?? null, null);
    page = Math.max(1, Math.ceil(count.total / RECORDINGS_PAGE_SIZE));
    rowIds = await pageRowIds(db, conditions, search, pageIndex, requested, RECORDINGS_PAGE_SIZE + 1, (page - 1) * RECORDINGS_PAGE_SIZE);
  }
  const hasNextPage = rowIds.length > RECORDINGS_PAGE_SIZE;
  const rows = await loadRows(db, scope.tenantId, rowIds.slice(0, RECORDINGS_PAGE_SIZE));
  const knownTotal = count.capped ? Math.max(count.total, (page - 1) * RECORDINGS_PAGE_SIZE + rows.length) : count.total;
  return {
    params: { ...requested, page },
    rows,
    total: knownTotal,
    totalIsCapped: count.capped && hasNextPage,
    pageCount: count.capped && hasNextPage ? page + 1 : Math.max(1, Math.ceil(knownTotal / RECORDINGS_PAGE_SIZE)),
    hasNextPage,
  };
}

/**
 * Distinct non-empty campaign names or directions among finished calls (the
 * list's calls), read from the kept counts (migration 0003): a few rows per
 * tenant, however many calls share each value. (Before, a loose index scan
 * over calls: as cheap on SQLite, 2–3 ms a list on PostgreSQL, which has no
 * skip scan.)
 */
async function distinctValues(db: DB, tenantId: string, column: "campaign" | "direction") {
  const ref = sql.ref(`call_list_counts.${column}`);
  const result = await sql<{ value: string }>`select distinct ${ref} as value from call_list_counts
    where call_list_counts.tenant_id = ${tenantId} and ${finished} and call_list_counts.calls > 0 and ${ref} > ''`.execute(db);
  return result.rows.map((row) => row.value);
}

/** The campaign filter offers the distinct campaign names, sorted alphabetically (docs/product/behaviour.md#recordings-search-and-sort). */
export async function campaignOptions(db: DB, tenantId: string) {
  const names = await distinctValues(db, tenantId, "campaign");
  // A blank name is no campaign, as it is when sorting.
  return names.filter((name) => sortKey(name) !== null).sort(compareByLocale);
}

export const KNOWN_DIRECTIONS = ["inbound", "outbound"] as const;

/** Inbound and outbound, plus any other type a platform has sent for this tenant. */
export async function directionOptions(db: DB, tenantId: string) {
  const found = await distinctValues(db, tenantId, "direction");
  return [...new Set<string>([...KNOWN_DIRECTIONS, ...found])].sort(compareByLocale);
}

export function compareByLocale(a: string, b: string) {
  const ka = sortKey(a) ?? "";
  const kb = sortKey(b) ?? "";
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/* ---- Export: every matching row in list order, in chunks, so memory stays flat however many there are. ---- */

export interface ExportRow extends RecordingListItem {
  summary: string | null;
}

interface ExportDbRow extends CallListRow {
  summary: string | null;
  sort_value: string | number | null;
}

type Cursor = { sortValue: string | number | null; createdAt: string; status: string; rowId: number };

/**
 * Keyset paging (each chunk continues after the last row of the previous
 * one) instead of OFFSET, so the millionth row costs what the first does, and
 * each chunk is a short query that never holds the database between reads.
 * A nullable sort column is walked in two phases because NULL compares to
 * nothing: ascending NULLs come first, descending last.
 */
export async function* exportChunks(
  db: DB,
  scope: ListScope,
  params: RecordingsListParams,
  { chunkSize = 1000, ...options }: QueryOptions & { chunkSize?: number } = {},
): AsyncGenerator<ExportRow[]> {
  const conditions = filterConditions(scope, params);
  const search = searchPlan(params.q);
  if (search) {
    const access = await searchAccess(db, conditions, search, options);
    if (!access.walkSortOrder) {
      // Few matches (or few candidates): one sorted read through the search index.
      const { from, conditions: searchConditions } = source(db, search, access.index);
      const result = await sql<ExportDbRow>`select ${LIST_COLUMNS}, calls.summary from ${from}
        where ${and([...searchConditions, ...conditions])} order by ${orderBy(params)}`.execute(db);
      for (let start = 0; start < result.rows.length; start += chunkSize) yield result.rows.slice(start, start + chunkSize).map(toExportRow);
      return;
    }
  }
  const nullable = !NOT_NULL_SORT_KEYS.has(params.sort);
  const phases: Array<"values" | "nulls"> = !nullable ? ["values"] : params.order === "asc" ? ["nulls", "values"] : ["values", "nulls"];
  const column = sql.ref(`calls.${SORT_COLUMNS[params.sort]}`);
  const comparison = sql.raw(params.order === "asc" ? ">" : "<");
  const searchConditions = search ? [containsTerm(db, search.term)] : [];
  for (const phase of phases) {
    let cursor: Cursor | null = null;
    for (;;) {
      const where = [...conditions, ...searchConditions];
      if (nullable) where.push(phase === "nulls" ? sql<SqlBool>`${column} is null` : sql<SqlBool>`${column} is not null`);
      if (cursor) {
        where.push(
          phase === "values" && params.sort !== "createdAt"
            ? sql<SqlBool>`(${column}, calls.created_at, calls.status, calls.rowid) ${comparison} (${cursor.sortValue}, ${cursor.createdAt}, ${cursor.status}, ${cursor.rowId})`
            : sql<SqlBool>`(calls.created_at, calls.status, calls.rowid) ${comparison} (${cursor.createdAt}, ${cursor.status}, ${cursor.rowId})`,
        );
      }
      const result = await sql<ExportDbRow>`select ${LIST_COLUMNS}, calls.summary, ${column} as sort_value from calls
        where ${and(where)} order by ${orderBy(params)} limit ${chunkSize}`.execute(db);
      if (result.rows.length > 0) yield result.rows.map(toExportRow);
      if (result.rows.length < chunkSize) break;
      const last = result.rows[result.rows.length - 1]!;
      cursor = { sortValue: last.sort_value, createdAt: last.created_at, status: last.status, rowId: last.rid };
    }
  }
}

function toExportRow(row: ExportDbRow): ExportRow {
  return { ...toItem(row), summary: row.summary };
}

/**
 * The agent filter's choices: the tenant's agents, each with the versions it
 * published. Read from the agents' tables directly, since recordings sits
 * below agents (docs/decisions/0029-code-layout.md).
 */
export async function agentOptions(db: DB, tenantId: string) {
  const [agents, versions] = await Promise.all([
    db.selectFrom("agents").select(["id", "name"]).where("tenant_id", "=", tenantId).orderBy("name").orderBy("id").execute(),
    db.selectFrom("agent_versions").select(["agent_id", "version"]).where("tenant_id", "=", tenantId).orderBy("version").execute(),
  ]);
  return agents.map((agent) => ({ id: agent.id, name: agent.name, versions: versions.filter((row) => row.agent_id === agent.id).map((row) => row.version) }));
}
