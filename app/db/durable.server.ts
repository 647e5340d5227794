import { sql, type Transaction } from "kysely";
import type { DB } from "./db.server";
import type { Database } from "./schema";
import { isPostgres } from "./dialect";

/**
 * A transaction whose commit is on disk when it returns: money (the billing
 * ledger) is acknowledged only once a power cut cannot take it back.
 * PostgreSQL does this by default (synchronous_commit). SQLite runs with
 * synchronous=NORMAL for speed, where a WAL commit can be lost to a power cut
 * (never to a crash of the process); these transactions switch the app's one
 * connection to FULL for their commit and back.
 */
export async function durableTransaction<T>(db: DB, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  if (isPostgres(db)) return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await sql`pragma synchronous = FULL`.execute(connection);
    try {
      return await connection.transaction().execute(work);
    } finally {
      await sql`pragma synchronous = NORMAL`.execute(connection);
    }
  });
}

/** What SQLite's connection is set to now: the durability test reads it from inside a ledger write. */
export async function sqliteSynchronousLevel(db: DB): Promise<number | null> {
  if (isPostgres(db)) return null;
  const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
  return rows[0]?.synchronous ?? null;
}
