import SQLite from "better-sqlite3";
import { getEnv } from "~/config/env.server";

/**
 * Connections of their own to the app's SQLite file, outside Kysely. The
 * import and the preview look up one phone number per row and insert
 * thousands of rows; through the shared async connection that would be a
 * promise per row, here it is a prepared statement run synchronously in a few
 * microseconds. WAL mode (set by db.server.ts on the same file) lets these
 * connections and the app's own read and write side by side.
 */
export type Connection = SQLite.Database;

export function openConnection(): Connection {
  const file = getEnv().databaseFile;
  if (!file) throw new Error("Contact imports through a second connection need SQLite");
  // A second connection to an in-memory database would open a different, empty database.
  if (file === ":memory:") throw new Error("Contact imports need a database file; DATABASE_URL=:memory: is not supported");
  const connection = new SQLite(file, { fileMustExist: true });
  // No busy wait inside a synchronous call: it would block the event loop, and with it the writer it waits for.
  connection.pragma("busy_timeout = 0");
  connection.pragma("foreign_keys = ON");
  connection.pragma("synchronous = NORMAL");
  return connection;
}

/** A check "does a contact of this tenant have this E.164 number?" as a prepared statement (index contacts_tenant_phone). */
export function phoneLookup(connection: Connection, tenantId: string) {
  const statement = connection.prepare("select 1 from contacts where tenant_id = ? and phone = ? limit 1").pluck();
  return (e164: string) => statement.get(tenantId, e164) !== undefined;
}

let reader: Connection | undefined;

/** One long-lived connection for the preview's lookups, opened on first use. */
export function previewReader(): Connection {
  reader ??= openConnection();
  return reader;
}

export function isBusyError(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_BUSY" || code === "SQLITE_LOCKED";
}
