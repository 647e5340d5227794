import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import { getEnv } from "~/config/env.server";
import { isPostgres } from "./dialect";
import { migrationProvider } from "./migrations";
import { ByteOrderTextPlugin, openPostgres } from "./postgres.server";
import type { Database } from "./schema";

export type DB = Kysely<Database>;

let instance: DB | undefined;

/** SQLite at a file path (the embedded default), or PostgreSQL at a postgres:// URL. */
export function openDatabase(location: string): DB {
  return /^postgres(ql)?:\/\//.test(location) ? openPostgres<Database>(location, getEnv().DATABASE_POOL_MAX) : openSqlite(location);
}

function openSqlite(file: string): DB {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets page reads run while a write is in progress; the busy timeout
  // makes a second writer wait instead of failing at once.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs; preparing costs more than running most
 * of ours, and a page runs a dozen. Prepared statements are kept by their SQL
 * (a bounded set: our queries are built from code, values are parameters). A
 * statement still being iterated (a streamed export) is busy, so a second use
 * meanwhile gets a statement of its own.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      const cached = statements.get(source);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(source);
      if (!cached) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(source, statement);
      }
      return statement;
    },
  };
}

export function getDb(): DB {
  const env = getEnv();
  instance ??= openDatabase(env.postgresUrl ?? env.databaseFile!);
  return instance;
}

export async function closeDb() {
  const db = instance;
  instance = undefined;
  await db?.destroy();
}

export async function migrateToLatest(db: DB = getDb()) {
  const migrator = new Migrator({ db: isPostgres(db) ? db.withPlugin(new ByteOrderTextPlugin()) : db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === "Error") console.error(`migration ${result.migrationName} failed`);
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results?.filter((r) => r.status === "Success").map((r) => r.migrationName) ?? [];
}

export async function isDatabaseHealthy(db: DB = getDb()) {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

export const now = () => new Date().toISOString();
export const newId = () => crypto.randomUUID();
