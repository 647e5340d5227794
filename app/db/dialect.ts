import { PostgresAdapter, type DialectAdapter } from "kysely";

/** Any Kysely instance or transaction, whatever its table types. */
type AnyDatabase = { getExecutor(): { readonly adapter: DialectAdapter } };

/**
 * The one question code outside the data layer may ask about the database.
 * Asked of the adapter, not by a probing query: a failed statement would abort
 * a PostgreSQL transaction (migrations run in one).
 */
export function isPostgres(db: AnyDatabase): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export type DialectName = "sqlite" | "postgres";

export function dialectName(db: AnyDatabase): DialectName {
  return isPostgres(db) ? "postgres" : "sqlite";
}
