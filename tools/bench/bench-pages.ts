/**
 * The page benchmark of issues 9 and 27:
 *
 *   npm run bench:pages -- [--build-root DIR] [--baseline-root DIR] [--recordings N] [--keep FILE] [--quick] [--scripts] [--skip-load] [--skip-browser] [--lighthouse] [--markdown]
 *
 * Seeds a temporary database once with the demo data and 100,000 synthetic
 * recordings (insertSyntheticCalls, the loader behind `npm run seed:bulk`),
 * then, for the baseline build (--baseline-root, optional) and the build in
 * turn, starts it (<root>/build/index.js, NODE_ENV=production) on a free
 * 127.0.0.1 port against its own copy of that database, signs in as the demo
 * owner and prints: bytes per page (HTML, embedded translations, every script
 * the page loads), a throttled cold load in Chromium ("scripts finished",
 * first paint), server CPU per render, throughput at 10 connections, RSS
 * through and after a load at 50 connections; then baseline | build | change
 * and issue 27's targets as PASS / MISS. The exit code is 0 unless something
 * broke. Method and results: docs/benchmarks/pages.md.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { type CpuFigure, type LoadFigure, measureCpu, measureMemory, type MemoryFigure, runLoad } from "./bench-pages-load";
import { type BrowserFigure, runBrowserTimings } from "./bench-pages-browser";
import { type LighthouseFigure, runLighthouse } from "./bench-pages-lighthouse";
import { BROWSER_HEADERS, type BenchServer, clockTicksPerSecond, OWNER_EMAIL, request, signIn, startServer } from "./bench-pages-server";
import {
  BENCH_PAGES_USAGE,
  BROWSER_PAGES,
  type Comparison,
  comparisonRows,
  contextAround,
  countNulBytes,
  firstInvalidUtf8,
  describeChunk,
  findPageAssets,
  i18nResourceBytes,
  LIGHTHOUSE_PAGES,
  megabytes,
  migrationNamesFromFiles,
  migrationNamesFromIndex,
  migrationsUnknownTo,
  PAGES,
  parseBenchPagesArgs,
  percent,
  share,
  staticImports,
  targetRows,
  THROTTLE,
  type BenchPagesArgs,
  type TargetInputs,
  type Unit,
} from "./bench-pages-stats";
import { count, formatMarkdownTable, formatTable, kib, ms } from "./bench-stats";
import { cleanUp, cleanups } from "./cleanups";

/** Chunks listed per page unless --scripts asks for all of them. */
const TOP_CHUNKS = 5;

/* ---------- Output ---------- */

let markdown = false;
const log = (line = "") => console.log(line);
const table = (rows: string[][], right: number[] = []) => log((markdown ? formatMarkdownTable : formatTable)(rows, right));
const heading = (title: string) => log(markdown ? `### ${title}` : `== ${title} ==`);
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/* ---------- The build ---------- */

function gitDescription(root: string) {
  try {
    const commit = execFileSync("git", ["-C", root, "rev-parse", "--short", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    const dirty = execFileSync("git", ["-C", root, "status", "--porcelain", "--", "app", "locales"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
      .split("\n")
      .filter(Boolean);
    return dirty.length ? `${commit} + ${dirty.length} uncommitted change(s) in app/ or locales/` : commit;
  } catch {
    return "unknown (no git)";
  }
}

/** Sources changed since the build, leaving out tests (not part of the build). */
function sourcesNewerThan(root: string, dir: string, time: number): string[] {
  if (!fs.existsSync(dir)) return [];
  const newer: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      newer.push(...sourcesNewerThan(root, full, time));
    } else if (!/\.test\.tsx?$/.test(entry.name) && fs.statSync(full).mtimeMs > time) newer.push(path.relative(root, full));
  }
  return newer;
}

/** esbuild's metafile maps each client chunk to the sources in it; a chunk's label names its largest packages. */
function loadChunkLabels(buildRoot: string): Map<string, string> {
  const labels = new Map<string, string>();
  const file = path.join(buildRoot, "build/metafile.js.json");
  if (!fs.existsSync(file)) return labels;
  const metafile = JSON.parse(fs.readFileSync(file, "utf8")) as { outputs?: Record<string, { inputs?: Record<string, { bytesInOutput: number }> }> };
  for (const [output, { inputs }] of Object.entries(metafile.outputs ?? {})) {
    const at = output.lastIndexOf("public/build/");
    if (at < 0 || !inputs) continue;
    labels.set(`/build/${output.slice(at + "public/build/".length)}`, describeChunk(inputs));
  }
  return labels;
}

/* ---------- The database ---------- */

async function prepareBenchDatabase(args: BenchPagesArgs) {
  // A dynamic import: the environment must be in place before any app module reads it.
  const { topUpBenchRecordings } = await import("./seed-bulk");
  return topUpBenchRecordings({ keep: args.keep, recordings: args.recordings, log });
}

/* ---------- Bytes per page ---------- */

interface AssetSize {
  url: string;
  /** The path under the origin, e.g. /build/_shared/chunk-X.js. */
  name: string;
  raw: number;
  gzip: number;
  served: number;
  servedEncoding: string;
  /** Found by following a chunk's imports, not named in the HTML: one more round trip before it starts loading. */
  discoveredLate: boolean;
  label: string;
}

interface PageReport {
  path: string;
  error?: string;
  htmlRaw: number;
  htmlGzip: number;
  htmlServed: number;
  htmlServedEncoding: string;
  i18nBytes: number;
  nulCount: number;
  /** The first byte that breaks UTF-8 in either response, or -1. */
  invalidUtf8Offset: number;
  /** The text around the first NUL or broken sequence, for the report. */
  corruptionContext: string;
  scripts: AssetSize[];
  stylesheets: AssetSize[];
  otherPreloads: AssetSize[];
}

const gzipSize = (bytes: Buffer) => zlib.gzipSync(bytes, { level: 6 }).length;

function decode(body: Buffer, encoding: string): Buffer {
  if (encoding === "gzip") return zlib.gunzipSync(body);
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  if (encoding === "deflate") return zlib.inflateSync(body);
  return body;
}

class AssetCache {
  private readonly sizes = new Map<string, Promise<{ size: Omit<AssetSize, "discoveredLate">; text: string }>>();
  constructor(
    private readonly origin: string,
    private readonly labels: Map<string, string>,
  ) {}

  get(url: string) {
    let entry = this.sizes.get(url);
    if (!entry) {
      entry = this.fetch(url);
      this.sizes.set(url, entry);
    }
    return entry;
  }

  private async fetch(url: string) {
    const name = url.startsWith(this.origin) ? url.slice(this.origin.length) : url;
    const plain = await request(url, { headers: { "Accept-Encoding": "identity" } });
    if (plain.status !== 200) throw new Error(`GET ${name} answered HTTP ${plain.status}.`);
    const served = await request(url, { headers: { "Accept-Encoding": BROWSER_HEADERS["Accept-Encoding"] } });
    const servedEncoding = String(served.headers["content-encoding"] ?? "none");
    return {
      size: {
        url,
        name,
        raw: plain.body.length,
        gzip: gzipSize(plain.body),
        served: served.body.length,
        servedEncoding,
        label: this.labels.get(name.split("?")[0]!) ?? "",
      },
      text: plain.body.toString("utf8"),
    };
  }
}

/** The scripts named in the HTML and, transitively, every module they import statically: what the browser loads before the page runs. */
async function collectScripts(named: string[], cache: AssetCache, origin: string): Promise<AssetSize[]> {
  const queue = named.filter((url) => url.startsWith(origin)).map((url) => ({ url, discoveredLate: false }));
  const seen = new Set(queue.map((entry) => entry.url));
  const scripts: AssetSize[] = [];
  for (let index = 0; index < queue.length; index++) {
    const { url, discoveredLate } = queue[index]!;
    const { size, text } = await cache.get(url);
    scripts.push({ ...size, discoveredLate });
    for (const specifier of staticImports(text)) {
      const imported = new URL(specifier, url).href;
      if (!seen.has(imported) && imported.startsWith(origin)) {
        seen.add(imported);
        queue.push({ url: imported, discoveredLate: true });
      }
    }
  }
  return scripts;
}

async function weighPage(origin: string, pagePath: string, cookie: string | null, cache: AssetCache): Promise<PageReport> {
  const url = `${origin}${pagePath}`;
  const headers = { ...BROWSER_HEADERS, ...(cookie ? { Cookie: cookie } : {}) };
  const empty = {
    htmlRaw: 0,
    htmlGzip: 0,
    htmlServed: 0,
    htmlServedEncoding: "",
    i18nBytes: 0,
    nulCount: 0,
    invalidUtf8Offset: -1,
    corruptionContext: "",
    scripts: [],
    stylesheets: [],
    otherPreloads: [],
  };
  const plain = await request(url, { headers: { ...headers, "Accept-Encoding": "identity" } });
  if (plain.status !== 200 || !String(plain.headers["content-type"]).startsWith("text/html")) {
    const where = plain.headers.location ? ` → ${plain.headers.location}` : "";
    return { path: pagePath, error: `HTTP ${plain.status}${where}, ${plain.headers["content-type"] ?? "no content type"}`, ...empty };
  }
  const served = await request(url, { headers });
  const servedEncoding = String(served.headers["content-encoding"] ?? "none");
  const html = plain.body.toString("utf8");
  // A stray byte can land in either response; both are checked, and the plain one is what the table shows.
  const nulPlain = countNulBytes(plain.body);
  const servedDecoded = decode(served.body, servedEncoding);
  const nulServed = countNulBytes(servedDecoded);
  const worst = nulPlain.count >= nulServed.count ? { report: nulPlain, bytes: plain.body } : { report: nulServed, bytes: servedDecoded };
  const invalidPlain = firstInvalidUtf8(plain.body);
  const invalid = invalidPlain >= 0 ? { offset: invalidPlain, bytes: plain.body } : { offset: firstInvalidUtf8(servedDecoded), bytes: servedDecoded };

  const assets = findPageAssets(html, url);
  const sizesOf = async (urls: string[]) =>
    Promise.all(urls.filter((u) => u.startsWith(origin)).map(async (u) => ({ ...(await cache.get(u)).size, discoveredLate: false })));
  return {
    path: pagePath,
    htmlRaw: plain.body.length,
    htmlGzip: gzipSize(plain.body),
    htmlServed: served.body.length,
    htmlServedEncoding: servedEncoding,
    i18nBytes: i18nResourceBytes(html),
    nulCount: worst.report.count,
    invalidUtf8Offset: invalid.offset,
    corruptionContext: [
      worst.report.count ? `first NUL at byte ${count(worst.report.firstOffset)}: "${contextAround(worst.bytes, worst.report.firstOffset)}"` : "",
      invalid.offset >= 0 ? `invalid UTF-8 at byte ${count(invalid.offset)}: "${contextAround(invalid.bytes, invalid.offset)}"` : "",
    ]
      .filter(Boolean)
      .join("; "),
    scripts: await collectScripts(assets.scripts, cache, origin),
    stylesheets: await sizesOf(assets.stylesheets),
    otherPreloads: await sizesOf(assets.otherPreloads),
  };
}

const sum = (assets: AssetSize[], key: "raw" | "gzip" | "served") => assets.reduce((total, asset) => total + asset[key], 0);
const shortName = (name: string) => name.replace(/^\/build\//, "");

function printPages(reports: PageReport[], args: BenchPagesArgs, prefix: string) {
  heading(`${prefix}Bytes per page (English, the demo owner; /login signed out)`);
  table(
    [
      ["page", "HTML", "HTML gzip", "served", "i18n", "i18n share", "scripts", "JS", "JS gzip", "JS served", "CSS gzip", "NUL"],
      ...reports.map((r) =>
        r.error
          ? [r.path, `failed: ${r.error}`, "", "", "", "", "", "", "", "", "", ""]
          : [
              r.path,
              kib(r.htmlRaw),
              kib(r.htmlGzip),
              `${kib(r.htmlServed)} ${r.htmlServedEncoding}`,
              kib(r.i18nBytes),
              percent(share(r.i18nBytes, r.htmlRaw), 0),
              String(r.scripts.length),
              kib(sum(r.scripts, "raw")),
              kib(sum(r.scripts, "gzip")),
              kib(sum(r.scripts, "served")),
              kib(sum(r.stylesheets, "gzip")),
              r.invalidUtf8Offset >= 0 ? `${r.nulCount} + bad UTF-8` : String(r.nulCount),
            ],
      ),
    ],
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
  );
  log(`("gzip" is zlib level 6 over the uncompressed bytes; "served" is what the server sends for Accept-Encoding: ${BROWSER_HEADERS["Accept-Encoding"]}.`);
  log(
    ` "i18n" is the <script id="i18n-resources"> element (since decision 0062 the names of the translation files, which follow as "Other preloads"); "scripts" counts every module the page loads on arrival, imports included;`,
  );
  log(` "NUL" counts 0x00 bytes in the raw or the served page, "bad UTF-8" marks a byte sequence that is not valid UTF-8.)`);
  for (const r of reports.filter((report) => report.corruptionContext)) log(`Corrupt bytes in ${r.path}: ${r.corruptionContext}`);
  const late = reports.flatMap((r) => r.scripts.filter((s) => s.discoveredLate).map((s) => `${r.path}: ${shortName(s.name)}`));
  if (late.length) log(`Imported but not named in the HTML (loaded one round trip later): ${late.join(", ")}`);
  const extras = reports.filter((r) => r.otherPreloads.length);
  for (const r of extras) log(`Other preloads on ${r.path}: ${r.otherPreloads.map((a) => `${shortName(a.name)} ${kib(a.gzip)} gzip`).join(", ")}`);
  log();

  heading(`${prefix}${args.scripts ? "Scripts per page" : `The ${TOP_CHUNKS} largest scripts per page (--scripts lists all)`}`);
  const rows: string[][] = [["page", "script", "holds", "raw", "gzip", "served"]];
  for (const r of reports.filter((report) => !report.error)) {
    const sorted = [...r.scripts].sort((a, b) => b.gzip - a.gzip);
    const shown = args.scripts ? r.scripts : sorted.slice(0, TOP_CHUNKS);
    shown.forEach((s, i) => rows.push([i === 0 ? r.path : "", shortName(s.name), s.label, kib(s.raw), kib(s.gzip), `${kib(s.served)} ${s.servedEncoding}`]));
    const rest = r.scripts.length - shown.length;
    if (rest > 0) {
      const restScripts = sorted.slice(TOP_CHUNKS);
      rows.push(["", `… ${rest} more`, "", kib(sum(restScripts, "raw")), kib(sum(restScripts, "gzip")), kib(sum(restScripts, "served"))]);
    }
    rows.push(["", "total", "", kib(sum(r.scripts, "raw")), kib(sum(r.scripts, "gzip")), kib(sum(r.scripts, "served"))]);
  }
  table(rows, [3, 4, 5]);
  log();

  // Which chunks the dashboard pays for everywhere, and which only some pages load.
  const pagesPerScript = new Map<string, { asset: AssetSize; pages: string[] }>();
  for (const r of reports) {
    for (const s of r.scripts) {
      const entry = pagesPerScript.get(s.name) ?? { asset: s, pages: [] };
      entry.pages.push(r.path);
      pagesPerScript.set(s.name, entry);
    }
  }
  const measured = reports.filter((r) => !r.error).length;
  const largest = [...pagesPerScript.values()].sort((a, b) => b.asset.gzip - a.asset.gzip).slice(0, 12);
  heading(`${prefix}The largest scripts across all pages`);
  table(
    [
      ["script", "holds", "gzip", "loaded on"],
      ...largest.map(({ asset, pages }) => [
        shortName(asset.name),
        asset.label,
        kib(asset.gzip),
        pages.length === measured ? `all ${measured} pages` : pages.join(" "),
      ]),
    ],
    [2],
  );
  log();
}

/* ---------- One build ---------- */

interface BuildFigures {
  label: string;
  reports: PageReport[];
  cpuFigures: CpuFigure[];
  throughput?: LoadFigure[];
  memory?: MemoryFigure;
  lighthouse?: LighthouseFigure[];
  browser?: BrowserFigure[];
  rssFresh: number;
  peakRss: number;
}

/** Starts one build on its own port against its own copy of the database, measures everything, prints the tables and stops it. */
async function measureBuild(
  { label, buildRoot, buildFile, dataDir, databaseFile }: { label: string; buildRoot: string; buildFile: string; dataDir: string; databaseFile: string },
  args: BenchPagesArgs,
  password: string,
  prefix: string,
): Promise<BuildFigures> {
  const durations = args.durations;
  log(`Starting the ${label} (${buildFile})…`);
  const server: BenchServer = await startServer({ buildRoot, buildFile, dataDir, databaseUrl: `file:${databaseFile}` });
  cleanups.push(() => void server.stop());
  try {
    const rssFresh = server.rssBytes();
    const cookie = await signIn(server.origin, password);
    log(`Listening on ${server.origin} (pid ${server.pid}); signed in as ${OWNER_EMAIL}. RSS ${megabytes(rssFresh)} after start.`);
    log();

    const cache = new AssetCache(server.origin, loadChunkLabels(buildRoot));
    const reports: PageReport[] = [];
    for (const page of PAGES) reports.push(await weighPage(server.origin, page.path, page.signedIn ? cookie : null, cache));
    printPages(reports, args, prefix);

    // The browser and Lighthouse first, on a fresh and quiet server: the load parts below leave the server collecting garbage and the machine busy.
    let browser: BrowserFigure[] | undefined;
    if (!args.skipBrowser) {
      heading(
        `${prefix}Cold load in Chromium (${THROTTLE.kbitPerSecond} kbit/s, ${THROTTLE.latencyMs} ms latency, no cache; median of ${durations.browserRuns} run(s))`,
      );
      browser = await runBrowserTimings(server.origin, BROWSER_PAGES, { cookie, runs: durations.browserRuns, onProgress: log });
      const seconds = (value: number) => (Number.isFinite(value) ? (value / 1000).toFixed(2) : "—");
      table(
        [
          ["page", "scripts finished s", "runs s", "first paint s", "first contentful paint s", "transferred"],
          ...browser.map((f) =>
            f.error && !f.runs.length
              ? [f.path, "failed", f.error, "", "", ""]
              : [
                  f.path,
                  seconds(f.scriptsFinishedMs),
                  f.runs.map(seconds).join(" "),
                  seconds(f.firstPaintMs),
                  seconds(f.firstContentfulPaintMs),
                  kib(f.transferBytes),
                ],
          ),
        ],
        [1, 3, 4, 5],
      );
      log(`("scripts finished": from navigation start until React has hydrated <main id="main">; paints from the Performance API.)`);
      log();
    }

    let lighthouse: LighthouseFigure[] | undefined;
    if (args.lighthouse) {
      heading(`${prefix}Lighthouse mobile (simulated slow 4G, 4× CPU slowdown; median of ${durations.lighthouseRuns} run(s))`);
      log(`Load average before: ${os.loadavg()[0]!.toFixed(2)}.`);
      lighthouse = await runLighthouse(server.origin, LIGHTHOUSE_PAGES, { cookie, runs: durations.lighthouseRuns, workDir: dataDir, onProgress: log });
      table(
        [
          ["page", "score", "runs", "LCP ms", "FCP ms", "TBT ms", "CLS", "transferred"],
          ...lighthouse.map((f) =>
            f.error && !f.scores.length
              ? [f.path, "failed", f.error, "", "", "", "", ""]
              : [
                  f.path,
                  String(f.score),
                  f.scores.join(" "),
                  f.lcpMs.toFixed(0),
                  f.fcpMs.toFixed(0),
                  f.tbtMs.toFixed(0),
                  f.cls.toFixed(3),
                  kib(f.transferBytes),
                ],
          ),
        ],
        [1, 3, 4, 5, 6, 7],
      );
      log();
    }

    const signedIn = { ...BROWSER_HEADERS, Cookie: cookie };
    const signedOut = { ...BROWSER_HEADERS };
    const clockTicks = clockTicksPerSecond();
    heading(`${prefix}Server CPU per request (${durations.cpuRequests} sequential requests after ${durations.cpuWarmup} warm-up, one kept-alive connection)`);
    const cpuFigures: CpuFigure[] = [];
    for (const [pagePath, headers] of [
      ["/healthz", signedOut],
      ["/login", signedOut],
      ["/recordings", signedIn],
    ] as const) {
      cpuFigures.push(await measureCpu(server, pagePath, headers, { requests: durations.cpuRequests, warmup: durations.cpuWarmup, clockTicks }));
    }
    table(
      [
        ["URL", "CPU ms / request", "main thread ms", "wall p50 ms", "wall p95 ms", "wall max ms"],
        ...cpuFigures.map((f) => [f.path, ms(f.cpuMsPerRequest), ms(f.mainThreadCpuMsPerRequest), ms(f.wall.p50), ms(f.wall.p95), ms(f.wall.max)]),
      ],
      [1, 2, 3, 4, 5],
    );
    log(
      `(CPU is utime + stime of the server process from /proc/${server.pid}/stat: all threads, garbage collection and compression included, ${clockTicks} ticks per second.`,
    );
    log(` "main thread" is the event loop alone (/proc/${server.pid}/task/${server.pid}/stat), which bounds throughput. Headers as a browser sends them.)`);
    log();

    let throughput: LoadFigure[] | undefined;
    let memory: MemoryFigure | undefined;
    if (!args.skipLoad) {
      heading(`${prefix}Throughput at 10 connections (autocannon, ${durations.throughputSeconds} s per URL)`);
      throughput = [];
      const loadAverages: string[] = [];
      for (const [pagePath, headers] of [
        ["/healthz", signedOut],
        ["/login", signedOut],
        ["/recordings", signedIn],
      ] as const) {
        // A short unrecorded run first, so each URL starts from warm connections and a warm JIT.
        await runLoad(server.origin, pagePath, headers, { connections: 10, seconds: 1 });
        loadAverages.push(os.loadavg()[0]!.toFixed(2));
        throughput.push(await runLoad(server.origin, pagePath, headers, { connections: 10, seconds: durations.throughputSeconds }));
      }
      const healthz = throughput[0]!;
      table(
        [
          ["URL", "req/s", "share of /healthz", "p50 ms", "p99 ms", "requests", "failed", "load avg before"],
          ...throughput.map((f, i) => [
            f.path,
            f.requestsPerSecond.toFixed(1),
            f === healthz ? "—" : percent(share(f.requestsPerSecond, healthz.requestsPerSecond)),
            String(f.p50Ms),
            String(f.p99Ms),
            count(f.total),
            String(f.failures),
            loadAverages[i]!,
          ]),
        ],
        [1, 2, 3, 4, 5, 6, 7],
      );
      const failing = throughput.filter((f) => f.failures > 0);
      if (failing.length) log(`Warning: failed responses during ${failing.map((f) => f.path).join(", ")}; those figures are not fair.`);
      log();

      heading(`${prefix}Memory (RSS of the server process) around ${durations.memoryLoadSeconds} s at 50 connections on /recordings`);
      log(`Loading for ${durations.memoryLoadSeconds} s…`);
      memory = await measureMemory(server, "/recordings", signedIn, {
        connections: 50,
        loadSeconds: durations.memoryLoadSeconds,
        restSeconds: durations.memoryRestSeconds,
        onProgress: log,
      });
      table(
        [
          ["moment", "RSS"],
          ["after start", megabytes(rssFresh)],
          ["before the load (after the parts above)", megabytes(memory.before)],
          [`peak during the load (sampled each second)`, megabytes(memory.peakDuringLoad)],
          ["right after the load", megabytes(memory.afterLoad)],
          [`${memory.restSeconds} s after the load`, megabytes(memory.afterRest)],
          ["highest ever (VmHWM)", megabytes(server.peakRssBytes())],
        ],
        [1],
      );
      log(
        `The load itself: ${memory.load.requestsPerSecond.toFixed(1)} req/s, p50 ${memory.load.p50Ms} ms, p99 ${memory.load.p99Ms} ms, ${count(memory.load.total)} requests, ${memory.load.failures} failed (50 connections).`,
      );
      log();
    }
    const failedPages = reports.filter((r) => r.error);
    if (failedPages.length) log(`Not measured on the ${label}: ${failedPages.map((r) => `${r.path} (${r.error})`).join(", ")}.`);
    return { label, reports, cpuFigures, throughput, memory, lighthouse, browser, rssFresh, peakRss: server.peakRssBytes() };
  } finally {
    await server.stop();
  }
}

function targetInputs(figures: BuildFigures): TargetInputs {
  const cpu = (pagePath: string) => figures.cpuFigures.find((f) => f.path === pagePath)?.cpuMsPerRequest;
  const memory = figures.memory;
  return {
    pages: figures.reports
      .filter((r) => !r.error)
      .map((r) => ({ path: r.path, htmlGzip: r.htmlGzip, jsGzip: sum(r.scripts, "gzip"), nulCount: r.nulCount, invalidUtf8Offset: r.invalidUtf8Offset })),
    recordingsCpuMs: cpu("/recordings"),
    loginCpuMs: cpu("/login"),
    throughput: figures.throughput,
    rss: memory && { afterLoad: memory.afterLoad, afterRest: memory.afterRest, loadSeconds: memory.loadSeconds, restSeconds: memory.restSeconds },
    lighthouse: figures.lighthouse?.map((f) => ({ path: f.path, score: f.score })),
    browser: figures.browser,
  };
}

/** Every figure of both builds, side by side. */
function comparisons(baseline: BuildFigures, build: BuildFigures): Comparison[] {
  const rows: Comparison[] = [];
  const add = (label: string, unit: Unit, lowerIsBetter: boolean, read: (f: BuildFigures) => number | undefined) =>
    rows.push({ label, unit, lowerIsBetter, baseline: read(baseline), build: read(build) });
  for (const cpuPath of ["/healthz", "/login", "/recordings"]) {
    add(`${cpuPath} server CPU per request`, "ms", true, (f) => f.cpuFigures.find((c) => c.path === cpuPath)?.cpuMsPerRequest);
    add(`${cpuPath} main thread CPU per request`, "ms", true, (f) => f.cpuFigures.find((c) => c.path === cpuPath)?.mainThreadCpuMsPerRequest);
  }
  for (const loadPath of ["/healthz", "/login", "/recordings"]) {
    add(`${loadPath} req/s at 10 connections`, "req/s", false, (f) => f.throughput?.find((t) => t.path === loadPath)?.requestsPerSecond);
    add(`${loadPath} p99 at 10 connections`, "ms", true, (f) => f.throughput?.find((t) => t.path === loadPath)?.p99Ms);
  }
  add("RSS after the load at 50 connections", "MB", true, (f) => f.memory?.afterLoad);
  add("RSS peak during the load", "MB", true, (f) => f.memory?.peakDuringLoad);
  add("RSS after the rest", "MB", true, (f) => f.memory?.afterRest);
  for (const page of BROWSER_PAGES) {
    const timing = (f: BuildFigures) => f.browser?.find((b) => b.path === page.path);
    add(`${page.path} scripts finished (throttled, cold)`, "s", true, (f) => timing(f)?.scriptsFinishedMs);
    add(`${page.path} first paint (throttled, cold)`, "s", true, (f) => timing(f)?.firstPaintMs);
    add(`${page.path} first contentful paint (throttled, cold)`, "s", true, (f) => timing(f)?.firstContentfulPaintMs);
  }
  for (const { path: pagePath } of PAGES) {
    const report = (f: BuildFigures) => f.reports.find((r) => r.path === pagePath && !r.error);
    add(`${pagePath} HTML gzip`, "KiB", true, (f) => report(f)?.htmlGzip);
    add(`${pagePath} JS gzip`, "KiB", true, (f) => {
      const r = report(f);
      return r && sum(r.scripts, "gzip");
    });
  }
  for (const page of LIGHTHOUSE_PAGES) {
    if (!baseline.lighthouse) break;
    rows.push({
      label: `${page} Lighthouse mobile score`,
      unit: "score",
      lowerIsBetter: false,
      baseline: baseline.lighthouse.find((l) => l.path === page)?.score,
      build: build.lighthouse?.find((l) => l.path === page)?.score,
    });
  }
  return rows;
}

/**
 * Copies the seeded database for one build. The copy forgets the migration records its build does not know (see
 * migrationsUnknownTo): the baseline is older than the sources that seeded it, and a build copied out of a shared
 * tree can be older too.
 */
async function copyDatabase(source: string, target: string, buildRoot: string, label: string) {
  for (const suffix of ["", "-wal", "-shm"]) if (fs.existsSync(source + suffix)) fs.copyFileSync(source + suffix, target + suffix);
  const migrationsDir = path.join(buildRoot, "app/db/migrations");
  if (!fs.existsSync(migrationsDir)) {
    log(`Note: ${migrationsDir} is missing: the ${label}'s copy keeps every migration record, which its server refuses if it lacks one.`);
    return;
  }
  const { default: SQLite } = await import("better-sqlite3");
  const database = new SQLite(target);
  try {
    const recorded = (database.prepare("select name from kysely_migration").all() as Array<{ name: string }>).map((row) => row.name);
    const index = path.join(migrationsDir, "index.ts");
    const fromIndex = fs.existsSync(index) ? migrationNamesFromIndex(fs.readFileSync(index, "utf8")) : [];
    const known = fromIndex.length ? fromIndex : migrationNamesFromFiles(fs.readdirSync(migrationsDir));
    const unknown = migrationsUnknownTo(recorded, known);
    const forget = database.prepare("delete from kysely_migration where name = ?");
    for (const name of unknown) forget.run(name);
    if (unknown.length) log(`Note: the ${label}'s copy of the database forgets the migration record(s) ${unknown.join(", ")} (its build lacks them).`);
  } finally {
    database.close();
  }
}

function describeBuild(buildRoot: string) {
  const buildFile = path.join(buildRoot, "build/index.js");
  if (!fs.existsSync(buildFile)) return { buildFile, error: `${buildFile} is missing` };
  const buildTime = fs.statSync(buildFile).mtimeMs;
  const stale = sourcesNewerThan(buildRoot, path.join(buildRoot, "app"), buildTime);
  const line = `${buildFile}, built ${new Date(buildTime).toISOString()}, commit ${gitDescription(buildRoot)}`;
  const note = stale.length ? `changed since the build: ${stale.slice(0, 5).join(", ")}${stale.length > 5 ? ` and ${stale.length - 5} more` : ""}` : "";
  return { buildFile, line, note };
}

/* ---------- Main ---------- */

async function main() {
  const args = parseBenchPagesArgs(process.argv.slice(2), process.env);
  if ("error" in args) {
    if (args.error) console.error(`${args.error}\n`);
    console.error(BENCH_PAGES_USAGE);
    return args.error ? 2 : 0;
  }
  markdown = args.markdown;
  const buildRoot = path.resolve(args.buildRoot);
  const baselineRoot = args.baselineRoot ? path.resolve(args.baselineRoot) : null;
  const build = describeBuild(buildRoot);
  const baseline = baselineRoot ? describeBuild(baselineRoot) : null;
  for (const described of [build, baseline]) {
    if (described?.error) {
      console.error(
        `${described.error}: run \`npm run build\` first (or \`VOXBOARD_BUILD_ROOT=<dir> npx remix build\`), or point --build-root / --baseline-root at a folder with build/index.js.`,
      );
      return 1;
    }
  }
  if (!fs.existsSync(`/proc/${process.pid}/stat`)) {
    console.error("This benchmark reads the server's CPU time and memory from /proc, which this system does not have (it needs Linux).");
    return 1;
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voxboard-bench-pages-"));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const databaseFile = args.keep ? path.resolve(args.keep) : path.join(dataDir, "voxboard.db");
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = `file:${databaseFile}`;
  process.env.SEED_DEMO = "1";

  const cpus = os.cpus();
  const durations = args.durations;
  log(`Page benchmark (issue 27's targets${baseline ? ", against a baseline build in the same run" : ""})`);
  log(`  date      ${new Date().toISOString()}`);
  log(
    `  machine   ${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, ${os.platform()} ${os.release()}`,
  );
  log(`  node      ${process.version}`);
  log(`  build     ${build.line}`);
  if (build.note) log(`  note      ${build.note}`);
  if (baseline) {
    log(`  baseline  ${baseline.line}`);
    if (baseline.note) log(`  note      baseline ${baseline.note}`);
  }
  log(`  load avg  ${loadAverage()} (1/5/15 min) at start`);
  log(`  database  ${databaseFile}${args.keep ? " (kept)" : " (temporary)"}, seeded once; each build runs on its own copy`);
  log(
    `  runs      ${durations.cpuWarmup} + ${durations.cpuRequests} sequential requests per CPU figure; ${durations.throughputSeconds} s per throughput run; ` +
      (args.skipLoad ? "no load runs (--skip-load)" : `${durations.memoryLoadSeconds} s memory load, ${durations.memoryRestSeconds} s rest`) +
      (args.skipBrowser ? "; no browser timing (--skip-browser)" : `; ${durations.browserRuns} throttled cold load(s) per page`) +
      (args.quick ? " (--quick)" : ""),
  );
  log();

  const tenantCalls = await prepareBenchDatabase(args);
  log(`The demo tenant holds ${count(tenantCalls)} calls.`);
  const { DEMO_PASSWORD } = await import("~/seed/seed.server");
  // Closed before copying: SQLite folds its write-ahead log into the file when the last connection closes.
  await (await import("~/db/db.server")).closeDb();

  // One server at a time, baseline first, each on a fresh port and its own copy of the same data.
  const runs: Array<{ label: string; root: string; buildFile: string }> = [
    ...(baseline && baselineRoot ? [{ label: "baseline", root: baselineRoot, buildFile: baseline.buildFile }] : []),
    { label: "build", root: buildRoot, buildFile: build.buildFile },
  ];
  const results: BuildFigures[] = [];
  for (const run of runs) {
    const runDir = path.join(dataDir, run.label);
    fs.mkdirSync(runDir, { recursive: true });
    const copy = path.join(runDir, "voxboard.db");
    if (baseline) log(markdown ? `## The ${run.label}: ${run.root}` : `######## The ${run.label}: ${run.root} ########`);
    await copyDatabase(databaseFile, copy, run.root, run.label);
    results.push(
      await measureBuild(
        { label: run.label, buildRoot: run.root, buildFile: run.buildFile, dataDir: runDir, databaseFile: copy },
        args,
        DEMO_PASSWORD,
        baseline ? `${run.label}: ` : "",
      ),
    );
  }
  const measured = results[results.length - 1]!;
  const measuredBaseline = baseline ? results[0] : undefined;

  if (measuredBaseline) {
    heading("Baseline | build | change");
    table([["figure", "baseline", "build", "change"], ...comparisonRows(comparisons(measuredBaseline, measured))], [1, 2]);
    log();
  }

  heading("Targets (issue 27; issue 9's where issue 27 names none)");
  const rows = targetRows(targetInputs(measured), measuredBaseline && targetInputs(measuredBaseline));
  table(
    measuredBaseline
      ? [["target", "baseline", "build", "result"], ...rows]
      : [["target", "measured", "result"], ...rows.map(([target, , figure, result]) => [target, figure, result])],
  );
  log();
  log(
    `Load average at end: ${loadAverage()} (1/5/15 min). The machine's other work shows in wall times, throughput, p99 and browser timings first; CPU per request and bytes are steadier.`,
  );
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
    .finally(() => {
      cleanUp();
    });
}
