import {
  DataTypeNode,
  Kysely,
  OperationNodeTransformer,
  PostgresDialect,
  RawNode,
  type ColumnDefinitionNode,
  type KyselyConfig,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import pg from "pg";
import Cursor from "pg-cursor";

/**
 * PostgreSQL, chosen by DATABASE_URL=postgres://… (docs/decisions/0019). The
 * queries are the ones SQLite runs; what differs between the two is settled
 * here and in the migrations, so features do not branch:
 *
 * - counts and sums come back as numbers (pg returns bigint and numeric as
 *   strings, to be safe beyond 2^53; our counts never get there);
 * - PostgreSQL text cannot hold U+0000, which SQLite stores: a NUL in a value
 *   is stored as U+FFFD, the character that stands for one that cannot be
 *   shown, in values and search terms alike, so a search still finds it;
 * - text compares byte by byte, as in SQLite (ByteOrderTextPlugin).
 */
const BIGINT = 20;
const NUMERIC = 1700;

const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === BIGINT) return (value: string) => Number(value);
    if (oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

const NUL = String.fromCharCode(0);
const withoutNul = (value: unknown) => (typeof value === "string" && value.includes(NUL) ? value.replaceAll(NUL, "\uFFFD") : value);

export function createPool(url: string, max: number) {
  const pool = new pg.Pool({ connectionString: url, max, types, connectionTimeoutMillis: 10_000 });
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) =>
      query(config, Array.isArray(values) ? values.map(withoutNul) : values, callback);
  });
  // An idle client that loses its server (a restart, a failover) emits here; without a listener that would end the process.
  pool.on("error", () => {});
  return pool;
}

const pools = new WeakMap<object, pg.Pool>();

export function openPostgres<T>(url: string, max: number, log?: KyselyConfig["log"]): Kysely<T> {
  const pool = createPool(url, max);
  const db = new Kysely<T>({ dialect: new PostgresDialect({ pool, cursor: Cursor }), log });
  pools.set(db, pool);
  return db;
}

/** The pool's connections (total, idle, waiting for one), or null for a database without a pool. */
export function poolStats(db: object) {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

/**
 * SQLite orders text by its bytes; PostgreSQL by the database's collation
 * (en_US.UTF-8 puts "a" before "B", skips punctuation at first...). Every sort
 * key the app stores is built for byte order (derived-columns.ts), so every
 * text column the migrations create gets the "C" collation, which compares
 * bytes, whatever the database's default: this plugin rewrites the column
 * type in CREATE TABLE and ADD COLUMN, so a migration written later needs no
 * care (tests/integration/postgres-schema.test.ts checks every column).
 */
class ByteOrderTextTransformer extends OperationNodeTransformer {
  protected override transformColumnDefinition(node: ColumnDefinitionNode, queryId?: QueryId): ColumnDefinitionNode {
    const transformed = super.transformColumnDefinition(node, queryId);
    if (!DataTypeNode.is(transformed.dataType) || transformed.dataType.dataType !== "text") return transformed;
    return { ...transformed, dataType: RawNode.createWithSql('text collate "C"') };
  }
}

export class ByteOrderTextPlugin implements KyselyPlugin {
  readonly #transformer = new ByteOrderTextTransformer();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
