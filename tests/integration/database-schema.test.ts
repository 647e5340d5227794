import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import { prepareTestDatabase } from "../support/app";

beforeAll(prepareTestDatabase);

describe("the schema on PostgreSQL", () => {
  it.runIf(isPostgres(getDb()))("gives every text column byte order (the C collation), as SQLite compares text, whatever the database's default", async () => {
    const columns = await sql<{ table_name: string; column_name: string; collation_name: string | null }>`select table_name, column_name, collation_name
      from information_schema.columns where table_schema = current_schema() and data_type = 'text' and table_name not like 'kysely%'`.execute(getDb());
    expect(columns.rows.length).toBeGreaterThan(100);
    expect(columns.rows.filter((column) => column.collation_name !== "C")).toEqual([]);
    // The test server's default is an ICU collation, so this proves the migrations' doing, not the server's.
    const ordered = await sql<{ word: string }>`select word from (values ('b'), ('B'), ('a'), ('Z')) as words(word) order by word`.execute(getDb());
    expect(ordered.rows.map((row) => row.word)).not.toEqual(["B", "Z", "a", "b"]);
  });

  it.runIf(isPostgres(getDb()))("stores a NUL character as U+FFFD, which PostgreSQL text cannot hold", async () => {
    const stored = await sql<{ text: string }>`select ${"a\u0000b"}::text as text`.execute(getDb());
    expect(stored.rows[0]!.text).toBe("a\uFFFDb");
  });
});

describe("the schema on either database", () => {
  it("has a rowid on calls and contacts, the lists' last tie-breaker, rising with each insert", async () => {
    const rows = await sql<{ rowid: number }>`select rowid from calls order by rowid limit 5`.execute(getDb());
    expect(rows.rows.length).toBeGreaterThan(1);
    for (const row of rows.rows) expect(typeof row.rowid).toBe("number");
  });
});
