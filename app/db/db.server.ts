import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql, type LogEvent, type Transaction } from "kysely";
import { queryDuration, queryErrors, statementKind } from "~/lib/observability/metrics.server";
import { getEnv } from "~/config/env.server";
import { isPostgres } from "./dialect";
import { migrationProvider } from "./migrations";
import { ByteOrderTextPlugin, openPostgres, poolStats } from "./postgres.server";
import type { Database } from "./schema";

export type DB = Kysely<Database>;

let instance: DB | undefined;

/** SQLite at a file path (the embedded default), or PostgreSQL at a postgres:// URL. */
export function openDatabase(location: string): DB {
  return /^postgres(ql)?:\/\//.test(location) ? openPostgres<Database>(location, getEnv().DATABASE_POOL_MAX, measureQuery) : openSqlite(location);
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
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log: measureQuery });
}

/** Every query's time goes to /metrics (voxboard_db_query_duration_seconds). */
function measureQuery(event: LogEvent) {
  queryDuration.observe({ statement: statementKind(event.query.sql) }, event.queryDurationMillis / 1000);
  if (event.level === "error") queryErrors.inc();
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

/**
 * Can the database be used? Throws one line that names the setting and says
 * what went wrong (the server prints it and refuses to start), never a stack.
 */
export async function checkDatabase(db: DB = getDb()) {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    throw new Error(describeDatabaseFailure(error), { cause: error });
  }
}

export function describeDatabaseFailure(error: unknown) {
  const env = getEnv();
  const detail = (error as { code?: string; message?: string } | null) ?? {};
  const message = String(detail.message ?? error).split("\n")[0];
  if (!env.postgresUrl) return `DATABASE_URL: cannot open the SQLite database ${env.databaseFile} (${message})`;
  const url = new URL(env.postgresUrl);
  const where = `${url.hostname}:${url.port || 5432}${url.pathname}`;
  switch (detail.code) {
    case "ECONNREFUSED":
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
      return `DATABASE_URL: no PostgreSQL answers at ${where} (${detail.code})`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `DATABASE_URL: the host ${url.hostname} is not known (${detail.code})`;
    case "28P01":
    case "28000":
      return `DATABASE_URL: PostgreSQL at ${where} refuses user "${decodeURIComponent(url.username)}" (${message})`;
    case "3D000":
      return `DATABASE_URL: the database ${url.pathname.slice(1)} does not exist at ${url.hostname}:${url.port || 5432}`;
    default:
      return `DATABASE_URL: cannot use PostgreSQL at ${where} (${message})`;
  }
}

/** Connections this process holds, for /metrics. */
export function databaseConnections(): { total: number; idle: number; waiting: number } {
  if (!instance) return { total: 0, idle: 0, waiting: 0 };
  return poolStats(instance) ?? { total: 1, idle: 0, waiting: 0 };
}

export async function isDatabaseHealthy(db: DB = getDb()) {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** Runs `work` in a transaction: the caller's when `db` already is one (so a change and what it announces can join a larger one), else a new one. */
export function inTransaction<T>(db: DB, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

export const now = () => new Date().toISOString();
export const newId = () => crypto.randomUUID();
