/**
 * Adds synthetic recordings for benchmarks:
 *
 *   npm run seed:bulk -- --recordings 100000 [--tenant "Demo Company" | --tenant <tenant id>]
 *
 * Works on the database named by DATABASE_URL / DATA_DIR (the same as the
 * server), creating, migrating and seeding it first when it is new.
 */
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { getEnv } from "~/config/env.server";
import { insertSyntheticCalls, MAX_BULK_CALLS } from "~/seed/bulk-calls.server";
import { closeDb, getDb, type DB } from "~/db/db.server";
import { prepareDatabase } from "~/seed/seed.server";

export const DEFAULT_TENANT = "Demo Company";
const USAGE = `Usage: npm run seed:bulk -- --recordings N [--tenant <name or id>]
  --recordings N   how many synthetic recordings to add, 1 to ${MAX_BULK_CALLS.toLocaleString("en-US")}
  --tenant T       tenant name or id (default: ${DEFAULT_TENANT})`;

export type SeedBulkArgs = { recordings: number; tenant: string } | { error: string };

export function parseSeedBulkArgs(argv: string[]): SeedBulkArgs {
  let values: { recordings?: string; tenant?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { recordings: { type: "string", short: "n" }, tenant: { type: "string", short: "t" }, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { error: (error as Error).message };
  }
  if (values.help) return { error: "" };
  if (values.recordings === undefined) return { error: "--recordings is required." };
  // Accepts 100000, 100_000 and 100,000.
  const text = values.recordings.trim().replace(/[_,](?=\d{3}(\D|$))/g, "");
  if (!/^\d+$/.test(text)) return { error: `--recordings must be a whole number, got "${values.recordings}".` };
  const recordings = Number(text);
  if (recordings < 1 || recordings > MAX_BULK_CALLS) {
    return { error: `--recordings must be between 1 and ${MAX_BULK_CALLS.toLocaleString("en-US")}, got ${recordings.toLocaleString("en-US")}.` };
  }
  const tenant = values.tenant?.trim() || DEFAULT_TENANT;
  return { recordings, tenant };
}

/** A tenant by id, or else by name (case-insensitive); an unknown or ambiguous name is an error that lists the choices. */
export async function findTenant(db: DB, nameOrId: string) {
  const byId = await db.selectFrom("tenants").select(["id", "name"]).where("id", "=", nameOrId).executeTakeFirst();
  if (byId) return byId;
  const tenants = await db.selectFrom("tenants").select(["id", "name"]).orderBy("name").execute();
  const matches = tenants.filter((t) => t.name.toLowerCase() === nameOrId.toLowerCase());
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) throw new Error(`More than one tenant is called "${nameOrId}"; pass an id instead: ${matches.map((t) => t.id).join(", ")}`);
  const known = tenants.map((t) => `  ${t.name} (${t.id})`).join("\n") || "  (none)";
  throw new Error(`No tenant "${nameOrId}". Tenants:\n${known}`);
}

const number = (value: number) => value.toLocaleString("en-US");

/**
 * The benchmarks' database (bench-pages, bench-recordings): migrated and seeded when new, then topped up to `recordings`
 * synthetic calls of the demo tenant, so a kept file (`--keep`) is reused across runs. Returns the tenant's calls in all,
 * and closes the connection so the server or the next step opens the file afresh.
 */
export async function topUpBenchRecordings({
  keep,
  recordings,
  postgres = false,
  log,
}: {
  keep: string | null;
  recordings: number;
  postgres?: boolean;
  log: (line: string) => void;
}) {
  const db = getDb();
  // Seeding the demo issues invoices, which announce invoice.paid (app/lib/events): the subscribers first, as the server does.
  // (bench:pages and bench:recordings seed through here; without this both stopped at the demo's first invoice once affiliates subscribed.)
  (await import("~/subscriptions.server")).registerSubscriptions();
  const { seeded } = await prepareDatabase(db);
  const tenant = await findTenant(db, DEFAULT_TENANT);
  const existing = Number(
    (await sql<{ n: number }>`select count(*) as n from calls where tenant_id = ${tenant.id} and external_id like 'bulk-%'`.execute(db)).rows[0]?.n ?? 0,
  );
  if (existing > recordings) {
    throw new Error(
      `${keep ?? "The database"} already holds ${number(existing)} synthetic recordings, more than the ${number(recordings)} asked for; use another --keep file.`,
    );
  }
  const missing = recordings - existing;
  if (existing > 0) log(`Reusing ${number(existing)} synthetic recordings in ${keep ?? "the database"}.`);
  else if (seeded) log("New database: migrated and seeded with the demo data.");
  if (missing > 0) {
    log(`Loading ${number(missing)} synthetic recordings into ${tenant.name}…`);
    let reported = 0;
    // A different seed when topping up a kept file, so the added rows are not a copy of the first ones.
    const { seconds } = await insertSyntheticCalls(db, tenant.id, missing, {
      seed: 1 + existing,
      onProgress: (done, total) => {
        if (done === total || done - reported >= total / 10) {
          log(`  ${number(done)} / ${number(total)}`);
          reported = done;
        }
      },
    });
    log(`Loaded in ${seconds.toFixed(1)} s (${number(Math.round(missing / Math.max(seconds, 0.001)))} rows/s).`);
    // SQLite: the write-ahead log folded in; PostgreSQL: the planner's statistics for the new rows (autovacuum would, later).
    if (postgres) await sql`vacuum analyze calls`.execute(db);
    else await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  }
  const total = Number((await sql<{ n: number }>`select count(*) as n from calls where tenant_id = ${tenant.id}`.execute(db)).rows[0]?.n ?? 0);
  // PostgreSQL reads an index alone only where the visibility map says the table's pages are settled, which autovacuum
  // does for a table at rest; done here, so the timings are of that state and not of the minutes after a bulk load.
  if (postgres) await sql`vacuum analyze`.execute(db);
  // Closed, so the next reader starts from a connection that has not just written every page (as after a server restart).
  await closeDb();
  return total;
}

function fileSize(file: string) {
  return [file, `${file}-wal`].reduce((sum, f) => sum + (fs.existsSync(f) ? fs.statSync(f).size : 0), 0);
}

async function main() {
  const args = parseSeedBulkArgs(process.argv.slice(2));
  if ("error" in args) {
    if (args.error) console.error(`${args.error}\n`);
    console.error(USAGE);
    return args.error ? 2 : 0;
  }
  const env = getEnv();
  const db = getDb();
  // Seeding the demo issues invoices, which announce invoice.paid (app/lib/events): the subscribers first, as the server does.
  (await import("~/subscriptions.server")).registerSubscriptions();
  const { seeded } = await prepareDatabase(db);
  if (seeded) console.log("New database: migrated and seeded with the demo data.");
  const tenant = await findTenant(db, args.tenant);
  console.log(`Adding ${number(args.recordings)} recordings to ${tenant.name} in ${env.databaseFile}`);

  const interactive = process.stdout.isTTY;
  let lastReported = 0;
  const started = performance.now();
  const { inserted, seconds } = await insertSyntheticCalls(db, tenant.id, args.recordings, {
    onProgress: (done, total) => {
      const elapsed = (performance.now() - started) / 1000;
      const line = `  ${number(done)} / ${number(total)} (${Math.floor((done / total) * 100)}%)  ${number(Math.round(done / Math.max(elapsed, 0.001)))} rows/s`;
      if (interactive) process.stdout.write(`\r${line}   `);
      else if (done === total || done - lastReported >= total / 10) {
        console.log(line);
        lastReported = done;
      }
    },
  });
  if (interactive) process.stdout.write("\n");
  // Fold the write-ahead log into the database so the size below is the real one.
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  const size = !env.databaseFile || env.databaseFile === ":memory:" ? 0 : fileSize(env.databaseFile);
  console.log(
    `Inserted ${number(inserted)} recordings in ${seconds.toFixed(1)} s (${number(Math.round(inserted / Math.max(seconds, 0.001)))} rows/s). ` +
      `Database size: ${(size / 1024 / 1024).toFixed(1)} MiB.`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main()
    .then(async (code) => {
      await closeDb();
      process.exitCode = code;
    })
    .catch(async (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      await closeDb();
      process.exitCode = 1;
    });
}
