import { sql, type Kysely, type SqlBool } from "kysely";
import { isPostgres } from "./portable";

/**
 * What a search term of one or two characters needs to be found through an
 * index instead of by reading every call (for a term no call contains:
 * ~0.4 s at 100,000 calls, ~4 s at 1,000,000; ~3 ms with these).
 *
 * The trigram index (0002) holds every run of three characters of a call's
 * search text (the tokenizer skips NUL characters and takes the separator
 * like any other character). An occurrence of a short term with at least one
 * or two characters after it begins such a trigram, so the trigrams that
 * begin with the term lead to every call that contains it, except where the
 * term lies in the text's last two characters:
 *
 * - `calls_fts_instances` (fts5vocab, 'instance') lists every occurrence of
 *   every trigram with its call, in trigram order; the trigrams beginning with
 *   a term are a range of it, read without visiting the others. (The 'row'
 *   kind counts each trigram's calls before it returns the trigram, which for
 *   a common one means reading its whole list; and reading every trigram, to
 *   find those that merely contain the term, reads the whole index: ~1 s at
 *   100,000 calls and ~10 s at 1,000,000, slower than reading the calls.)
 * - `calls_search_tail_idx` and `calls_search_last_idx` hold the last two
 *   characters and the last character of the search text.
 * - SQLite counts characters of a text only up to its first NUL, so for text
 *   holding a NUL those two keys are not the last characters; such calls (in
 *   practice none) are kept in `calls_search_nul_idx`, and a short search
 *   always looks at them.
 *
 * The expressions are shared with list-query.server.ts, which must repeat
 * them word for word for SQLite to use the indexes. SQLite only: on
 * PostgreSQL a short term is found by reading calls in list order (see
 * list-query.server.ts).
 */
export const SEARCH_TAIL = "substr(search_text, -2)";
export const SEARCH_LAST = "substr(search_text, -1)";
export const SEARCH_HAS_NUL = "instr(search_text, char(0)) > 0";

export async function up(db: Kysely<unknown>) {
  if (isPostgres(db)) return;
  await sql`create virtual table calls_fts_instances using fts5vocab(calls_fts, 'instance')`.execute(db);
  await db.schema.createIndex("calls_search_tail_idx").on("calls").expression(sql.raw(SEARCH_TAIL)).execute();
  await db.schema.createIndex("calls_search_last_idx").on("calls").expression(sql.raw(SEARCH_LAST)).execute();
  await db.schema.createIndex("calls_search_nul_idx").on("calls").column("tenant_id").where(sql.raw<SqlBool>(SEARCH_HAS_NUL)).execute();
}

export async function down(db: Kysely<unknown>) {
  if (isPostgres(db)) return;
  for (const name of ["calls_search_tail_idx", "calls_search_last_idx", "calls_search_nul_idx"]) await db.schema.dropIndex(name).ifExists().execute();
  await sql`drop table if exists calls_fts_instances`.execute(db);
}
