/**
 * The recordings list benchmark of issue 3:
 *
 *   npm run bench:recordings -- [--recordings N | --million] [--runs 50] [--warmup 5] [--keep FILE] [--skip-page] [--markdown]
 *
 * Fills a temporary database with synthetic recordings (insertSyntheticCalls,
 * the loader behind `npm run seed:bulk`), times the list loader exactly as the
 * /recordings route calls it for a fixed matrix of views, then starts the
 * production server (build/index.js) on a free 127.0.0.1 port against the same
 * database and measures the recordings page as a browser receives it. A missed
 * target is printed as MISS; the exit code is 0 unless something broke.
 * Results and method: docs/benchmarks/recordings.md.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";
// Types only: erased at run time, so no app module is loaded before the environment is set.
import type { GateContext } from "~/features/access/gate.server";
import {
  BENCH_USAGE,
  count,
  formatMarkdownTable,
  formatTable,
  kib,
  ms,
  p95TargetMs,
  PAGE_TARGET_BYTES,
  parseBenchArgs,
  summarize,
  verdict,
  type BenchArgs,
  type Summary,
} from "./bench-stats";
import { OWNER_EMAIL, request, signIn, startServer } from "./bench-pages-server";
import { cleanUp, cleanups } from "./cleanups";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** A campaign name the bulk loader draws from (bulk-calls.server.ts, CAMPAIGN_BASES × year). */
const BULK_CAMPAIGN = "Spring Renewal 2025";
/** The most frequent word of the bulk loader's word pool. */
const COMMON_TERM = "the";
/** Two characters: below the trigram index, so the list reads rows in order to find them. */
const SHORT_TERM = "an";

interface BenchQuery {
  label: string;
  search: string;
}

function queryMatrix(rareTerm: string, sortKeys: readonly string[]): BenchQuery[] {
  const queries: BenchQuery[] = [
    { label: "no filter", search: "" },
    { label: "direction inbound", search: "direction=inbound" },
    { label: "direction outbound", search: "direction=outbound" },
    { label: "campaign", search: new URLSearchParams({ campaign: BULK_CAMPAIGN }).toString() },
    { label: "rare term", search: `q=${rareTerm}` },
    { label: "common term", search: `q=${COMMON_TERM}` },
    { label: "two-character term", search: `q=${SHORT_TERM}` },
  ];
  for (const sort of sortKeys) {
    for (const order of ["asc", "desc"]) queries.push({ label: `sort ${sort} ${order}`, search: `sort=${sort}&order=${order}` });
  }
  queries.push({ label: "page 5,000", search: "page=5000" });
  return queries;
}

/* ---------- Helpers ---------- */

const log = (line = "") => console.log(line);

function gitDescription() {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO_ROOT, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "app"], { cwd: REPO_ROOT, encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map((line) => line.slice(3));
    return dirty.length ? `${commit} + uncommitted changes in app/: ${dirty.join(", ")}` : commit;
  } catch {
    return "unknown (no git)";
  }
}

/** Source files changed since the build, leaving out tests and this folder (neither is part of the build). */
function sourcesNewerThan(dir: string, time: number): string[] {
  const newer: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      newer.push(...sourcesNewerThan(full, time));
    } else if (!/\.test\.tsx?$/.test(entry.name) && fs.statSync(full).mtimeMs > time) newer.push(path.relative(REPO_ROOT, full));
  }
  return newer;
}

const elapsedMs = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;

/* ---------- The database ---------- */

async function prepareBenchDatabase(args: BenchArgs) {
  // A dynamic import: the environment above must be in place before any app module reads it.
  const { topUpBenchRecordings } = await import("./seed-bulk");
  return { tenantCalls: await topUpBenchRecordings({ keep: args.keep, recordings: args.recordings, postgres: args.postgres, log }) };
}

/* ---------- The list loader ---------- */

interface QueryResult extends BenchQuery {
  summary: Summary;
  /** CPU time of this process over the same runs: what the query costs, without the time spent waiting for a busy machine. */
  cpu: Summary;
  total: number;
  totalIsCapped: boolean;
  rows: number;
}

async function timeListLoader(args: BenchArgs, origin: string): Promise<{ results: QueryResult[]; breakdown: PartResult[] }> {
  const { getDb } = await import("~/db/db.server");
  const { createSession } = await import("~/features/auth/session.server");
  const { getGateContext } = await import("~/features/access/gate.server");
  const { can } = await import("~/features/roles/permissions");
  const { loadRecordingsList } = await import("~/features/recordings/list/list-page.server");
  const { SORT_KEYS } = await import("~/features/recordings/list/list-params");
  const { RARE_TERM } = await import("~/seed/bulk-calls.server");

  const owner = await getDb().selectFrom("users").select(["id", "tenant_id"]).where("email", "=", OWNER_EMAIL).executeTakeFirstOrThrow();
  const { setCookie } = await createSession({ userId: owner.id, tenantId: owner.tenant_id });
  const cookie = setCookie.split(";")[0]!;
  const gate = await getGateContext(new Request(`${origin}/recordings`, { headers: { Cookie: cookie } }));
  if (!gate) throw new Error(`The session made for ${OWNER_EMAIL} was not accepted by the gate.`);
  if (!gate.subscription || !can(gate.user.permissions, "recordings", "read"))
    throw new Error(`${OWNER_EMAIL} cannot read /recordings: no subscription or permission.`);

  const results: QueryResult[] = [];
  for (const query of queryMatrix(RARE_TERM, SORT_KEYS)) {
    const url = `${origin}/recordings${query.search ? `?${query.search}` : ""}`;
    // A fresh Request each run, as each page view brings one.
    const run = () => loadRecordingsList(new Request(url, { headers: { Cookie: cookie } }), gate, { basePath: "/recordings" });
    for (let i = 0; i < args.warmup; i++) await run();
    const samples: number[] = [];
    const cpuSamples: number[] = [];
    let last: Awaited<ReturnType<typeof run>> | undefined;
    for (let i = 0; i < args.runs; i++) {
      const cpuStarted = process.cpuUsage();
      const started = process.hrtime.bigint();
      last = await run();
      samples.push(elapsedMs(started));
      const cpu = process.cpuUsage(cpuStarted);
      cpuSamples.push((cpu.user + cpu.system) / 1000);
    }
    const result = {
      ...query,
      summary: summarize(samples),
      cpu: summarize(cpuSamples),
      total: last!.total,
      totalIsCapped: last!.totalIsCapped,
      rows: last!.rows.length,
    };
    results.push(result);
    log(
      `  ${query.label.padEnd(22)} p50 ${ms(result.summary.p50).padStart(8)} ms   p95 ${ms(result.summary.p95).padStart(8)} ms   cpu p95 ${ms(result.cpu.p95).padStart(8)} ms`,
    );
  }
  return { results, breakdown: await timeLoaderParts(args, gate, `${origin}/recordings`, cookie) };
}

interface PartResult {
  label: string;
  summary: Summary;
}

/**
 * Where the no-filter view's time goes: the page query and the two option
 * lists the loader reads beside it, and for context the route's gate, which
 * runs before the loader and is not part of the timings above.
 */
async function timeLoaderParts(args: BenchArgs, gate: GateContext, url: string, cookie: string) {
  const { getDb } = await import("~/db/db.server");
  const { requireReadAccess } = await import("~/features/access/gate.server");
  const { queryRecordingsPage, campaignOptions, directionOptions } = await import("~/features/recordings/list/list-query.server");
  const { DEFAULT_LIST_PARAMS } = await import("~/features/recordings/list/list-params");
  const db = getDb();
  const scope = { tenantId: gate.tenant.id, timeZone: gate.tenant.timeZone };
  const parts: Array<[string, () => Promise<unknown>]> = [
    ["queryRecordingsPage (count + page ids + rows)", () => queryRecordingsPage(db, scope, DEFAULT_LIST_PARAMS)],
    ["campaignOptions", () => campaignOptions(db, scope.tenantId)],
    ["directionOptions", () => directionOptions(db, scope.tenantId)],
    ["requireReadAccess (the route's gate, not in the list timings)", () => requireReadAccess(new Request(url, { headers: { Cookie: cookie } }), "recordings")],
  ];
  const results: PartResult[] = [];
  for (const [label, run] of parts) {
    for (let i = 0; i < args.warmup; i++) await run();
    const samples: number[] = [];
    for (let i = 0; i < args.runs; i++) {
      const started = process.hrtime.bigint();
      await run();
      samples.push(elapsedMs(started));
    }
    results.push({ label, summary: summarize(samples) });
  }
  return results;
}

/* ---------- The rendered page ---------- */

interface PageResult {
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** Inline <script> content: mostly the loader data Remix streams into the document for hydration. */
  inlineScriptBytes: number;
  requestSummary: Summary;
  requestRuns: number;
}

async function measurePage(dataDir: string, databaseUrl: string): Promise<PageResult | string> {
  const buildFile = path.join(REPO_ROOT, "build/index.js");
  if (!fs.existsSync(buildFile)) return "build/index.js is missing: run `npm run build` first (or pass --skip-page).";
  const stale = sourcesNewerThan(path.join(REPO_ROOT, "app"), fs.statSync(buildFile).mtimeMs);
  if (stale.length) {
    const shown = stale.slice(0, 5).join(", ") + (stale.length > 5 ? ` and ${stale.length - 5} more` : "");
    log(`Note: changed since the last build: ${shown}. Run \`npm run build\` for a page that matches the sources.`);
  }

  const server = await startServer({ buildRoot: REPO_ROOT, buildFile, dataDir, databaseUrl, seedDemo: false });
  cleanups.push(() => void server.stop());
  try {
    const { DEMO_PASSWORD } = await import("~/seed/seed.server");
    const sessionCookie = await signIn(server.origin, DEMO_PASSWORD);
    const origin = server.origin;

    const page = (encoding: string) =>
      request(`${origin}/recordings`, { headers: { Cookie: sessionCookie, "Accept-Encoding": encoding, Accept: "text/html" } });
    const plain = await page("identity");
    const html = plain.body.toString("utf8");
    if (plain.status !== 200 || !String(plain.headers["content-type"]).startsWith("text/html") || !html.includes("<table")) {
      throw new Error(`GET /recordings did not return the list page: HTTP ${plain.status}, ${plain.headers["content-type"]}, ${plain.body.length} bytes`);
    }
    const gzip = await page("gzip");
    const brotli = await page("br");
    for (const [response, name] of [
      [gzip, "gzip"],
      [brotli, "br"],
    ] as const) {
      if (response.headers["content-encoding"] !== name) throw new Error(`The server did not answer Accept-Encoding: ${name} with ${name}.`);
    }
    // The nonce differs per response, so the decompressed pages match in size, not byte for byte.
    if (Math.abs(zlib.gunzipSync(gzip.body).length - plain.body.length) > 64) throw new Error("The gzip page does not decompress to the plain page's size.");
    const inlineScriptBytes = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].reduce((sum, m) => sum + Buffer.byteLength(m[1]!), 0);

    // For context: the whole request through Express, the gate, the loader, rendering and compression.
    const requestRuns = 20;
    for (let i = 0; i < 3; i++) await page("gzip");
    const samples: number[] = [];
    for (let i = 0; i < requestRuns; i++) {
      const started = process.hrtime.bigint();
      await page("gzip");
      samples.push(elapsedMs(started));
    }
    return {
      rawBytes: plain.body.length,
      gzipBytes: gzip.body.length,
      brotliBytes: brotli.body.length,
      inlineScriptBytes,
      requestSummary: summarize(samples),
      requestRuns,
    };
  } finally {
    await server.stop();
  }
}

/**
 * The database for --postgres: TEST_POSTGRES_URL's (kept, filled once), or a
 * throwaway server from Debian's postgresql package, removed at the end.
 */
async function benchPostgres() {
  const { default: pg } = await import("pg");
  let adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) {
    const { startThrowawayPostgres } = await import("../../tests/support/throwaway-postgres");
    const server = await startThrowawayPostgres();
    cleanups.push(() => server.stop());
    adminUrl = server.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = 'voxboard_bench'");
  if (exists.rowCount === 0) await admin.query("create database voxboard_bench");
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = "/voxboard_bench";
  return url.toString();
}

/* ---------- Main ---------- */

async function main() {
  const args = parseBenchArgs(process.argv.slice(2));
  if ("error" in args) {
    if (args.error) console.error(`${args.error}\n`);
    console.error(BENCH_USAGE);
    return args.error ? 2 : 0;
  }
  const table = args.markdown ? formatMarkdownTable : formatTable;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voxboard-bench-"));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const databaseFile = args.keep ? path.resolve(args.keep) : path.join(dataDir, "voxboard.db");
  const databaseUrl = args.postgres ? await benchPostgres() : `file:${databaseFile}`;
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = databaseUrl;
  process.env.SEED_DEMO = "1";

  const startedAt = new Date();
  const cpus = os.cpus();
  log("Recordings list benchmark (issue 3)");
  log(`  date      ${startedAt.toISOString()}`);
  log(
    `  machine   ${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, ${os.platform()} ${os.release()}`,
  );
  log(`  node      ${process.version}`);
  log(`  commit    ${gitDescription()}`);
  log(
    `  load avg  ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")} (1/5/15 min) at start`,
  );
  log(
    `  database  ${args.postgres ? `PostgreSQL ${databaseUrl.replace(/\/\/[^@]*@/, "//")}` : databaseFile}${args.keep || process.env.TEST_POSTGRES_URL ? " (kept)" : " (temporary)"}`,
  );
  log(`  runs      ${args.warmup} warm-up + ${args.runs} measured per query`);
  log();

  const { tenantCalls } = await prepareBenchDatabase(args);
  log(`The demo tenant holds ${count(tenantCalls)} calls (${count(args.recordings)} synthetic + the demo calls).`);
  log();

  log("Timing loadRecordingsList (the /recordings loader's data) per query…");
  const { results, breakdown } = await timeListLoader(args, "http://localhost:3000");
  const { closeDb } = await import("~/db/db.server");
  await closeDb();
  log();

  let page: PageResult | string = "not measured (--skip-page)";
  if (!args.skipPage) {
    log("Measuring the rendered /recordings page through the production server…");
    page = await measurePage(dataDir, databaseUrl);
    if (typeof page === "string") log(page);
    log();
  }
  const loadAtEnd = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

  const target = p95TargetMs(args.recordings);
  log(`List loader at ${count(args.recordings)} recordings (ms; ${args.runs} runs after ${args.warmup} warm-up; nearest-rank percentiles)`);
  log(
    table(
      [
        ["query", "URL query", "matched", "rows", "p50 ms", "p95 ms", "max ms", `p95 ≤ ${target} ms`, "cpu p50", "cpu p95"],
        ...results.map((r) => [
          r.label,
          r.search || "(none)",
          r.totalIsCapped ? `${count(r.total)}+` : count(r.total),
          String(r.rows),
          ms(r.summary.p50),
          ms(r.summary.p95),
          ms(r.summary.max),
          verdict(r.summary.p95 <= target),
          ms(r.cpu.p50),
          ms(r.cpu.p95),
        ]),
      ],
      [2, 3, 4, 5, 6, 8, 9],
    ),
  );
  log(`("matched" is the list's total; a trailing + means the list counted that far and stopped, as it does for searches with many matches.`);
  log(` "cpu" is this process's CPU time over the same runs: the query's own cost, without waiting for a busy machine's other work.)`);
  log();
  log("Where the no-filter view's time goes (the loader's parts, timed alone)");
  log(table([["part", "p50 ms", "p95 ms"], ...breakdown.map((part) => [part.label, ms(part.summary.p50), ms(part.summary.p95)])], [1, 2]));
  log();

  if (typeof page !== "string") {
    log("Rendered /recordings page (no filter, signed in as the demo owner, English)");
    log(
      table(
        [
          ["encoding", "bytes", "size"],
          ["none", count(page.rawBytes), kib(page.rawBytes)],
          ["gzip (as served)", count(page.gzipBytes), kib(page.gzipBytes)],
          ["br (as served)", count(page.brotliBytes), kib(page.brotliBytes)],
        ],
        [1, 2],
      ),
    );
    log(`Inline scripts (hydration data) make up ${count(page.inlineScriptBytes)} of the ${count(page.rawBytes)} uncompressed bytes.`);
    log(
      `Whole request (gzip, over HTTP, ${page.requestRuns} runs): p50 ${ms(page.requestSummary.p50)} ms, p95 ${ms(page.requestSummary.p95)} ms (context only, no target).`,
    );
    log();
  }

  const slowest = results.reduce((a, b) => (b.summary.p95 > a.summary.p95 ? b : a));
  const misses = results.filter((r) => r.summary.p95 > target);
  const cpuSlowest = results.reduce((a, b) => (b.cpu.p95 > a.cpu.p95 ? b : a));
  const cpuMisses = results.filter((r) => r.cpu.p95 > target);
  const pageCell =
    typeof page === "string"
      ? ["not measured", "NOT MEASURED"]
      : [`gzip ${count(page.gzipBytes)} B, br ${count(page.brotliBytes)} B`, verdict(page.gzipBytes < PAGE_TARGET_BYTES)];
  log("Verdict");
  log(
    table([
      ["target", "measured", "result"],
      [
        `list p95 ≤ ${target} ms at ${count(args.recordings)} recordings, every query (${results.length})`,
        `slowest p95 ${ms(slowest.summary.p95)} ms (${slowest.label}); ${misses.length} over`,
        verdict(misses.length === 0),
      ],
      [
        `the same, on CPU time (context for a busy machine)`,
        `slowest cpu p95 ${ms(cpuSlowest.cpu.p95)} ms (${cpuSlowest.label}); ${cpuMisses.length} over`,
        verdict(cpuMisses.length === 0),
      ],
      [`page < ${count(PAGE_TARGET_BYTES)} bytes compressed (gzip)`, pageCell[0]!, pageCell[1]!],
    ]),
  );
  if (misses.length) log(`Over ${target} ms at p95: ${misses.map((m) => `${m.label} (${ms(m.summary.p95)})`).join(", ")}.`);
  if (cpuMisses.length) log(`Over ${target} ms at cpu p95: ${cpuMisses.map((m) => `${m.label} (${ms(m.cpu.p95)})`).join(", ")}.`);
  log();
  log(`Load average at end: ${loadAtEnd} (1/5/15 min). Other work on the machine shows up in the p95 column first.`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main()
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 1;
    })
    .finally(async () => {
      const { closeDb } = await import("~/db/db.server");
      await closeDb();
      cleanUp();
    });
}
