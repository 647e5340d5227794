import { Kysely, SqliteDialect, sql, type RawBuilder } from "kysely";
import { setTimeout as sleep } from "node:timers/promises";
import { lockTenant } from "~/db/constraints.server";
import { getDb, now, type DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import type { Database } from "~/db/schema";
import { emit, ensureSubscriptions } from "~/lib/events/bus.server";
import { isBusyError, openConnection, phoneLookup, previewReader, type Connection } from "./import-database.server";

/**
 * Where an import puts the rows it will add, and the one step that adds them
 * (import-runner.server.ts explains the two phases). SQLite stages in a TEMP
 * table of a connection of its own and commits synchronously under its single
 * write lock; PostgreSQL stages in a TEMP table of one pooled connection and
 * commits in one transaction holding the tenant's row lock, so two app
 * servers importing for one tenant add each number once. Either way a failure
 * anywhere leaves no contact behind.
 *
 * The commit announces the contacts it added ("contacts.imported",
 * docs/decisions/0028-domain-events.md) inside its own transaction, so the
 * integrations' deliveries commit with the contacts or not at all.
 */
export const STAGE_COLUMNS = ["id", "first_name", "last_name", "title", "company", "phone", "email", "time_zone"] as const;
export type StagedRow = [string, string, string, string, string, string, string, string | null];

/** Rows per multi-row insert into the staging table (8 values a row, well under either database's parameter limit). */
export const STAGE_BATCH = 200;
/** Staged rows copied into contacts per statement inside SQLite's commit. */
const COPY_CHUNK = 5_000;
/** How long SQLite's commit waits for another writer to finish before giving up. */
const LOCK_WAIT_MS = 30_000;

export interface CommitInput {
  importId: string;
  tenantId: string;
  /** The runner whose lease the import must still be under: a run that lost it commits nothing. */
  owner: string;
  listId: string;
  processed: number;
  staged: number;
}

/** `at`: the created_at of every contact the import added. */
export type CommitOutcome = { ok: true; imported: number; at: string } | { ok: false; reason: "list-missing" | "interrupted" };

export interface ImportStaging {
  /** Does a contact of the tenant have this number (E.164)? Asked once per row, so it answers without a round trip. */
  phoneExists(e164: string): boolean;
  /** Adds rows (STAGE_COLUMNS each, flattened). */
  stage(values: Array<string | null>): Promise<void>;
  /** Copies the staged rows into contacts, skipping numbers the tenant has by now, marks the import done and announces it; all or nothing. */
  commit(input: CommitInput): Promise<CommitOutcome>;
}

export async function withImportStaging<T>(tenantId: string, work: (staging: ImportStaging) => Promise<T>, db: DB = getDb()): Promise<T> {
  return isPostgres(db) ? withPostgresStaging(db, tenantId, work) : withSqliteStaging(tenantId, work);
}

/**
 * A check "does the tenant have this number?" for the preview: a prepared
 * statement on SQLite (microseconds, synchronous), the tenant's numbers read
 * once on PostgreSQL (a round trip per row would cost more than the row).
 */
export async function phoneExistsLookup(tenantId: string, db: DB = getDb()): Promise<(e164: string) => boolean> {
  if (!isPostgres(db)) {
    return phoneLookup(previewReader(), tenantId);
  }
  const numbers = await tenantPhoneNumbers(db, tenantId);
  return (e164) => numbers.has(e164);
}

async function tenantPhoneNumbers(db: DB, tenantId: string) {
  const rows = await db.selectFrom("contacts").select("phone").where("tenant_id", "=", tenantId).execute();
  return new Set(rows.map((row) => row.phone));
}

/* ---- SQLite ---- */

function stagingInsert(connection: Connection, rows: number) {
  const placeholders = `(${STAGE_COLUMNS.map(() => "?").join(",")})`;
  return connection.prepare(`insert into temp.import_rows (${STAGE_COLUMNS.join(",")}) values ${Array.from({ length: rows }, () => placeholders).join(",")}`);
}

async function withSqliteStaging<T>(tenantId: string, work: (staging: ImportStaging) => Promise<T>): Promise<T> {
  const connection = openConnection();
  try {
    connection.exec(`create temp table import_rows (${STAGE_COLUMNS.map((c) => `${c} text`).join(", ")})`);
    const fullBatch = stagingInsert(connection, STAGE_BATCH);
    return await work({
      phoneExists: phoneLookup(connection, tenantId),
      async stage(values) {
        if (values.length === STAGE_BATCH * STAGE_COLUMNS.length) fullBatch.run(values);
        else if (values.length > 0) stagingInsert(connection, values.length / STAGE_COLUMNS.length).run(values);
      },
      // The same connection seen through Kysely, for the event's subscribers (never destroyed: that would close the connection, which the finally below does).
      commit: (input) => commitSqlite(connection, new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) }), input),
    });
  } finally {
    connection.close();
  }
}

/** BEGIN IMMEDIATE without a busy wait: on a busy database, wait a moment (the event loop keeps going) and try again. */
async function beginImmediate(connection: Connection) {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      connection.exec("begin immediate");
      return;
    } catch (error) {
      if (!isBusyError(error) || Date.now() > deadline) throw error;
      await sleep(20);
    }
  }
}

/**
 * One transaction, run synchronously once the write lock is held: nothing of
 * this process can interleave and wait on it. The event's subscribers run in
 * it too, on this connection through Kysely: promises, but answered at once by
 * the synchronous driver, so no I/O, timer or other request runs before the
 * commit either.
 */
async function commitSqlite(connection: Connection, trx: DB, { importId, tenantId, owner, listId, processed, staged }: CommitInput): Promise<CommitOutcome> {
  // Subscribers loaded before the lock is taken (the test setup loads them on first use; the server has them from start-up).
  await ensureSubscriptions();
  await beginImmediate(connection);
  try {
    const list = connection.prepare("select 1 from contact_lists where id = ? and tenant_id = ?").get(listId, tenantId);
    if (!list) {
      connection.exec("rollback");
      return { ok: false, reason: "list-missing" };
    }
    const timestamp = now();
    const copy = connection.prepare(`
      insert into main.contacts (id, tenant_id, list_id, first_name, last_name, title, company, phone, email, time_zone, opted_out_at, created_at, updated_at)
      select s.id, @tenant, @list, s.first_name, s.last_name, s.title, s.company, s.phone, s.email, s.time_zone, null, @at, @at
      from temp.import_rows s
      where s.rowid > @from and s.rowid <= @to
        and not exists (select 1 from main.contacts c where c.tenant_id = @tenant and c.phone = s.phone)`);
    let imported = 0;
    for (let from = 0; from < staged; from += COPY_CHUNK) {
      imported += copy.run({ tenant: tenantId, list: listId, at: timestamp, from, to: from + COPY_CHUNK }).changes;
    }
    const done = connection
      .prepare(
        `update main.contact_imports set status = 'done', processed_rows = ?, imported_count = ?, error = null, updated_at = ?,
           lease_owner = null, lease_until = null
         where id = ? and tenant_id = ? and status = 'importing' and lease_owner = ?`,
      )
      .run(processed, imported, timestamp, importId, tenantId, owner);
    // Taken over by another runner, or marked failed meanwhile: this run no longer owns the import.
    if (done.changes !== 1) {
      connection.exec("rollback");
      return { ok: false, reason: "interrupted" };
    }
    if (imported > 0) await emit(trx, { kind: "contacts.imported", tenantId, importId, listId, createdAt: timestamp, count: imported });
    connection.exec("commit");
    return { ok: true, imported, at: timestamp };
  } catch (error) {
    if (connection.inTransaction) connection.exec("rollback");
    throw error;
  }
}

/* ---- PostgreSQL ---- */

async function withPostgresStaging<T>(db: DB, tenantId: string, work: (staging: ImportStaging) => Promise<T>): Promise<T> {
  const numbers = await tenantPhoneNumbers(db, tenantId);
  // One connection for the whole import: a TEMP table belongs to the connection that made it.
  return db.connection().execute(async (connection) => {
    const columns = sql.join(STAGE_COLUMNS.map((column) => sql.ref(column)));
    await sql`create temp table import_rows (seq bigint generated always as identity, ${sql.join(STAGE_COLUMNS.map((column) => sql`${sql.ref(column)} text`))})`.execute(
      connection,
    );
    try {
      return await work({
        phoneExists: (e164) => numbers.has(e164),
        async stage(values) {
          if (values.length === 0) return;
          const tuples: RawBuilder<unknown>[] = [];
          for (let start = 0; start < values.length; start += STAGE_COLUMNS.length)
            tuples.push(sql`(${sql.join(values.slice(start, start + STAGE_COLUMNS.length))})`);
          await sql`insert into import_rows (${columns}) values ${sql.join(tuples)}`.execute(connection);
        },
        commit: ({ importId, tenantId: tenant, owner, listId, processed }) =>
          connection
            .transaction()
            .execute(async (trx): Promise<CommitOutcome> => {
              // Imports (and number checks) of one tenant commit one at a time, so "not exists" sees every earlier one.
              await lockTenant(trx, tenant);
              const list = await trx.selectFrom("contact_lists").select("id").where("id", "=", listId).where("tenant_id", "=", tenant).executeTakeFirst();
              if (!list) return { ok: false, reason: "list-missing" };
              const timestamp = now();
              const copied =
                await sql`insert into contacts (id, tenant_id, list_id, first_name, last_name, title, company, phone, email, time_zone, opted_out_at, created_at, updated_at)
              select s.id, ${tenant}, ${listId}, s.first_name, s.last_name, s.title, s.company, s.phone, s.email, s.time_zone, null, ${timestamp}, ${timestamp}
              from import_rows s
              where not exists (select 1 from contacts c where c.tenant_id = ${tenant} and c.phone = s.phone)
              order by s.seq`.execute(trx);
              const imported = Number(copied.numAffectedRows ?? 0);
              const done = await trx
                .updateTable("contact_imports")
                .set({
                  status: "done",
                  processed_rows: processed,
                  imported_count: imported,
                  error: null,
                  updated_at: timestamp,
                  lease_owner: null,
                  lease_until: null,
                })
                .where("id", "=", importId)
                .where("tenant_id", "=", tenant)
                .where("status", "=", "importing")
                .where("lease_owner", "=", owner)
                .executeTakeFirst();
              // A rollback by throwing: the contacts just copied must not stay when this run no longer owns the import.
              if (Number(done.numUpdatedRows) !== 1) throw new InterruptedCommit();
              if (imported > 0) await emit(trx, { kind: "contacts.imported", tenantId: tenant, importId, listId, createdAt: timestamp, count: imported });
              return { ok: true, imported, at: timestamp };
            })
            .catch((error: unknown) => {
              if (error instanceof InterruptedCommit) return { ok: false as const, reason: "interrupted" as const };
              throw error;
            }),
      });
    } finally {
      await sql`drop table if exists import_rows`.execute(connection).catch(() => undefined);
    }
  });
}

class InterruptedCommit extends Error {}
