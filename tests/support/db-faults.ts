import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";

/**
 * Makes the database itself refuse inserts into a table where a condition on
 * the new row holds (a trigger), on either dialect: a write that fails half
 * way, for tests that prove nothing of it is left behind. Returns the undo.
 */
export async function refuseInserts(table: string, condition: string) {
  const db = getDb();
  const name = `refuse_${table}_for_test`;
  if (isPostgres(db)) {
    await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`).execute(db);
    await sql.raw(`create trigger ${name} before insert on ${table} for each row when (${condition}) execute function ${name}()`).execute(db);
    return async () => {
      await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
      await sql.raw(`drop function ${name}()`).execute(db);
    };
  }
  await sql.raw(`create trigger ${name} before insert on ${table} when ${condition} begin select raise(abort, 'refused for the test'); end`).execute(db);
  return async () => {
    await sql.raw(`drop trigger ${name}`).execute(db);
  };
}

/**
 * Makes the database refuse one kind of write to a table where a condition
 * holds (NEW.column for insert and update, OLD.column for delete): an
 * operation that fails unexpectedly, on either dialect. Returns the undo.
 */
export async function refuseWrites(table: string, operation: "insert" | "update" | "delete", condition = "1 = 1") {
  const db = getDb();
  const name = `refuse_${operation}_${table}_for_test`;
  if (isPostgres(db)) {
    await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`).execute(db);
    await sql.raw(`create trigger ${name} before ${operation} on ${table} for each row when (${condition}) execute function ${name}()`).execute(db);
    return async () => {
      await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
      await sql.raw(`drop function ${name}()`).execute(db);
    };
  }
  await sql.raw(`create trigger ${name} before ${operation} on ${table} when ${condition} begin select raise(abort, 'refused for the test'); end`).execute(db);
  return async () => {
    await sql.raw(`drop trigger ${name}`).execute(db);
  };
}

/** Makes every read of a table fail (it is renamed away) until the undo renames it back. */
export async function hideTable(table: string) {
  const db = getDb();
  const hidden = `${table}_hidden_for_test`;
  await sql.raw(`alter table ${table} rename to ${hidden}`).execute(db);
  return async () => {
    await sql.raw(`alter table ${hidden} rename to ${table}`).execute(db);
  };
}
