import { parseArgs } from "node:util";

/**
 * Small, pure pieces of `npm run bench:pages` (issues 9 and 27): arguments, HTML and /proc parsing, chunk labels,
 * the targets and the baseline | build | change rows.
 */

export const DEFAULT_RECORDINGS = 100_000;
export const MAX_RECORDINGS = 1_000_000;

/** Every page the bench weighs; /login is read signed out, the rest as the demo owner. */
export const PAGES = [
  { path: "/login", signedIn: false },
  { path: "/overview", signedIn: true },
  { path: "/recordings", signedIn: true },
  { path: "/contacts", signedIn: true },
  { path: "/campaigns", signedIn: true },
  { path: "/knowledge-base", signedIn: true },
  { path: "/numbers-managment", signedIn: true },
  { path: "/call-management", signedIn: true },
  { path: "/profile", signedIn: true },
  { path: "/api-access", signedIn: true },
  // Form pages: the richest forms (the knowledge base's keeps conform in the browser) count against the same budget.
  { path: "/contacts/new", signedIn: true },
  { path: "/campaigns/new", signedIn: true },
  { path: "/knowledge-base/new", signedIn: true },
] as const;

export const LIGHTHOUSE_PAGES = ["/login", "/overview", "/recordings"] as const;

/** The pages issue 27 times in a throttled browser ("scripts finished"). */
export const BROWSER_PAGES = [
  { path: "/login", signedIn: false },
  { path: "/overview", signedIn: true },
  { path: "/recordings", signedIn: true },
] as const;

/** Issue 27's network for the browser timing: 400 kbit/s both ways and 400 ms latency (Chromium's own throttling, through CDP). */
export const THROTTLE = { kbitPerSecond: 400, latencyMs: 400 } as const;

/**
 * The targets of issue 27 ("Lean pages"). They replace issue 9's where both name the same figure; issue 9's
 * other rows (TARGETS) stay. "KiB" is 1,024 bytes; "MB" of memory 1,000,000 bytes.
 */
export const TARGETS_27 = {
  recordingsCpuMs: 6,
  loginCpuMs: 3,
  /** /recordings req/s at 10 connections, as a multiple of the baseline build's in the same run. */
  recordingsThroughputFactor: 2,
  loginHtmlGzip: 6 * 1024,
  recordingsHtmlGzip: 15 * 1024,
  /** On every page the bench weighs, /login included. */
  jsGzip: 100 * 1024,
  rssAfterLoad: 300_000_000,
  scriptsFinishedMs: 3000,
} as const;

/** The targets of issue 9. "KiB" is 1,024 bytes; "MB" of memory is read as 1,000,000 bytes, the stricter reading. */
export const TARGETS = {
  loginHtmlGzip: 8 * 1024,
  recordingsHtmlGzip: 20 * 1024,
  dashboardJsGzip: 120 * 1024,
  loginJsGzip: 100 * 1024,
  recordingsCpuMs: 7,
  recordingsThroughputShare: 0.05,
  recordingsP99Ms: 150,
  loginThroughputShare: 0.15,
  rssAfterLoad: 300_000_000,
  rssAfterRest: 250_000_000,
  lighthouseScore: 98,
} as const;

export interface Durations {
  /** Sequential requests per page for the CPU measurement, after `cpuWarmup` unmeasured ones. */
  cpuRequests: number;
  cpuWarmup: number;
  /** Seconds of load per URL at 10 connections. */
  throughputSeconds: number;
  /** Seconds of load at 50 connections before reading RSS, and seconds of rest after it. */
  memoryLoadSeconds: number;
  memoryRestSeconds: number;
  lighthouseRuns: number;
  /** Cold loads per page in the throttled browser (the median is judged). */
  browserRuns: number;
}

export const FULL_DURATIONS: Durations = {
  cpuRequests: 300,
  cpuWarmup: 100,
  throughputSeconds: 10,
  memoryLoadSeconds: 60,
  memoryRestSeconds: 60,
  lighthouseRuns: 3,
  browserRuns: 3,
};
export const QUICK_DURATIONS: Durations = {
  cpuRequests: 100,
  cpuWarmup: 20,
  throughputSeconds: 5,
  memoryLoadSeconds: 10,
  memoryRestSeconds: 10,
  lighthouseRuns: 1,
  browserRuns: 1,
};

export interface BenchPagesArgs {
  /** The folder holding build/index.js and public/build. */
  buildRoot: string;
  /** A second build (today's) measured in the same run against the same data, or null. */
  baselineRoot: string | null;
  recordings: number;
  /** A database file to reuse between runs (created and filled when missing). */
  keep: string | null;
  quick: boolean;
  durations: Durations;
  /** Every script of every page, not only the totals and the largest chunks. */
  scripts: boolean;
  /** Bytes and CPU only: no throughput or memory load. */
  skipLoad: boolean;
  lighthouse: boolean;
  /** No throttled-browser timing ("scripts finished"). */
  skipBrowser: boolean;
  markdown: boolean;
}

export const BENCH_PAGES_USAGE = `Usage: npm run bench:pages -- [--build-root DIR] [--baseline-root DIR] [--recordings N] [--keep FILE] [--quick] [--scripts] [--skip-load] [--skip-browser] [--lighthouse] [--markdown]
  --build-root DIR  folder with build/index.js and public/build (default: $VOXBOARD_BUILD_ROOT or .)
  --baseline-root DIR
                    a second build (today's) measured in the same run on a copy of the same database, one server at a time;
                    the tables show baseline | build | change and the throughput target is judged against it
  --recordings N    synthetic recordings to load into the demo tenant (default ${DEFAULT_RECORDINGS.toLocaleString("en-US")}; 0 for the demo data only)
  --keep FILE       reuse this database file between runs; it is created and filled when missing
  --requests N      sequential requests per page for the CPU figure (default ${FULL_DURATIONS.cpuRequests})
  --quick           shorter runs for development: ${QUICK_DURATIONS.cpuRequests} CPU requests, ${QUICK_DURATIONS.throughputSeconds} s per throughput run, ${QUICK_DURATIONS.memoryLoadSeconds} s memory load and ${QUICK_DURATIONS.memoryRestSeconds} s rest
  --scripts         list every script of every page (default: totals and the largest chunks)
  --skip-load       bytes and CPU only: no throughput or memory load
  --skip-browser    no throttled Chromium timing (${THROTTLE.kbitPerSecond} kbit/s, ${THROTTLE.latencyMs} ms, cold cache) of ${BROWSER_PAGES.map((p) => p.path).join(", ")}
  --lighthouse      also run Lighthouse (mobile, Node 22 through npx) on ${LIGHTHOUSE_PAGES.join(", ")}
  --markdown        print the tables as Markdown`;

function wholeNumber(name: string, text: string, min: number, max: number): number | string {
  // Accepts 100000, 100_000 and 100,000.
  const plain = text.trim().replace(/[_,](?=\d{3}(\D|$))/g, "");
  if (!/^\d+$/.test(plain)) return `--${name} must be a whole number, got "${text}".`;
  const value = Number(plain);
  if (value < min || value > max)
    return `--${name} must be between ${min.toLocaleString("en-US")} and ${max.toLocaleString("en-US")}, got ${value.toLocaleString("en-US")}.`;
  return value;
}

export function parseBenchPagesArgs(argv: string[], env: Record<string, string | undefined> = {}): BenchPagesArgs | { error: string } {
  let values: {
    "build-root"?: string;
    "baseline-root"?: string;
    recordings?: string;
    keep?: string;
    requests?: string;
    quick?: boolean;
    scripts?: boolean;
    "skip-load"?: boolean;
    lighthouse?: boolean;
    "skip-browser"?: boolean;
    markdown?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        "build-root": { type: "string" },
        "baseline-root": { type: "string" },
        recordings: { type: "string", short: "n" },
        keep: { type: "string" },
        requests: { type: "string" },
        quick: { type: "boolean" },
        scripts: { type: "boolean" },
        "skip-load": { type: "boolean" },
        lighthouse: { type: "boolean" },
        "skip-browser": { type: "boolean" },
        markdown: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { error: (error as Error).message };
  }
  if (values.help) return { error: "" };
  const recordings = values.recordings === undefined ? DEFAULT_RECORDINGS : wholeNumber("recordings", values.recordings, 0, MAX_RECORDINGS);
  if (typeof recordings === "string") return { error: recordings };
  const quick = values.quick ?? false;
  const durations = { ...(quick ? QUICK_DURATIONS : FULL_DURATIONS) };
  if (values.requests !== undefined) {
    const requests = wholeNumber("requests", values.requests, 10, 100_000);
    if (typeof requests === "string") return { error: requests };
    durations.cpuRequests = requests;
  }
  const buildRoot = values["build-root"]?.trim() || env.VOXBOARD_BUILD_ROOT?.trim() || ".";
  const baselineRoot = values["baseline-root"]?.trim() || null;
  if (values["baseline-root"] !== undefined && !baselineRoot) return { error: "--baseline-root needs a folder." };
  return {
    buildRoot,
    baselineRoot,
    recordings,
    keep: values.keep?.trim() || null,
    quick,
    durations,
    scripts: values.scripts ?? false,
    skipLoad: values["skip-load"] ?? false,
    lighthouse: values.lighthouse ?? false,
    skipBrowser: values["skip-browser"] ?? false,
    markdown: values.markdown ?? false,
  };
}

/* ---------- /proc ---------- */

/**
 * utime + stime (fields 14 and 15 of /proc/<pid>/stat), in clock ticks: the CPU
 * the process used in user and kernel mode, all threads together. The command
 * name (field 2) sits in parentheses and may hold spaces, so fields are counted
 * from the last ")".
 */
export function parseProcStatCpuTicks(stat: string): number {
  const close = stat.lastIndexOf(")");
  if (close < 0) throw new Error("not a /proc/<pid>/stat line");
  // After ")": field 3 (state) is index 0, so utime (14) is index 11 and stime (15) index 12.
  const fields = stat
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error("no utime/stime in /proc/<pid>/stat");
  return utime + stime;
}

/** A "Name:   1234 kB" line of /proc/<pid>/status (VmRSS, VmHWM), in bytes. */
export function parseProcStatusBytes(status: string, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(status);
  if (!match) throw new Error(`no ${field} in /proc/<pid>/status`);
  return Number(match[1]) * 1024;
}

/* ---------- The page and its scripts ---------- */

export interface PageAssets {
  /** Every script the page loads on arrival, in document order, each once. */
  scripts: string[];
  stylesheets: string[];
  /** <link rel="preload"> targets that are neither scripts nor stylesheets (fonts, translation files). */
  otherPreloads: string[];
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);

function decodeEntities(value: string) {
  return value.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&#39;", "'");
}

/**
 * The specifiers a module imports on load: static `import … from "x"`,
 * bare `import "x"` and `export … from "x"`. Dynamic `import("x")` is left out;
 * it loads only when the code runs it (see dynamicImports).
 */
export function staticImports(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/(?:^|[;\n}]|\*\/)\s*(?:import|export)\s*(?:[\w*${},\s]+?\s*from\s*)?(["'])([^"'\n]+)\1/g)) found.push(match[2]!);
  return found;
}

/** `import("x")` with a literal specifier. */
export function dynamicImports(code: string): string[] {
  return [...code.matchAll(/\bimport\(\s*(["'])([^"'\n]+)\1\s*\)/g)].map((m) => m[2]!);
}

/**
 * The scripts and stylesheets an HTML page names: <link rel="modulepreload">,
 * <script src>, and the imports of inline module scripts (Remix's inline
 * manifest imports the route modules statically and entry.client with import()).
 * URLs are resolved against `pageUrl`.
 */
export function findPageAssets(html: string, pageUrl: string): PageAssets {
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  const otherPreloads: string[] = [];
  const add = (list: string[], href: string | undefined) => {
    if (!href) return;
    const url = new URL(decodeEntities(href), pageUrl).href;
    if (!list.includes(url)) list.push(url);
  };
  // One pass in document order, so the list reads like the browser's waterfall.
  for (const match of html.matchAll(/<link\b[^>]*>|<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = match[0];
    if (tag.toLowerCase().startsWith("<link")) {
      const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
      const href = attribute(tag, "href");
      if (rel.includes("modulepreload")) add(scripts, href);
      else if (rel.includes("stylesheet")) add(stylesheets, href);
      else if (rel.includes("preload")) {
        const as = (attribute(tag, "as") ?? "").toLowerCase();
        add(as === "script" ? scripts : as === "style" ? stylesheets : otherPreloads, href);
      }
      continue;
    }
    const attributes = match[1] ?? "";
    const src = attribute(`<script ${attributes}>`, "src");
    if (src) {
      add(scripts, src);
      continue;
    }
    if ((attribute(`<script ${attributes}>`, "type") ?? "").toLowerCase() !== "module") continue;
    const body = match[2] ?? "";
    for (const specifier of [...staticImports(body), ...dynamicImports(body)]) add(scripts, specifier);
  }
  return { scripts, stylesheets, otherPreloads };
}

/** The embedded translations: the whole <script id="i18n-resources"> element, in bytes (0 when the page has none). */
export function i18nResourceBytes(html: string): number {
  const match = /<script\b[^>]*\bid=["']?i18n-resources["']?[^>]*>[\s\S]*?<\/script>/i.exec(html);
  return match ? Buffer.byteLength(match[0]) : 0;
}

export interface NulReport {
  count: number;
  /** Byte offset of the first NUL, or -1. */
  firstOffset: number;
}

export function countNulBytes(bytes: Uint8Array): NulReport {
  let count = 0;
  let firstOffset = -1;
  for (let index = bytes.indexOf(0); index !== -1; index = bytes.indexOf(0, index + 1)) {
    if (firstOffset < 0) firstOffset = index;
    count++;
  }
  return { count, firstOffset };
}

/**
 * Byte offset of the first byte that breaks UTF-8 (a cut or overlong sequence,
 * a stray continuation byte, a surrogate), or -1. React's stray-byte bug can
 * leave a sequence cut in two as well as a NUL.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    const second = bytes[i + 1]!;
    // The second byte's range is narrower after E0, ED, F0 and F4 (no overlong forms, surrogates or code points above U+10FFFF).
    const [low, high] =
      lead === 0xe0 ? [0xa0, 0xbf] : lead === 0xed ? [0x80, 0x9f] : lead === 0xf0 ? [0x90, 0xbf] : lead === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    if (second < low || second > high) return i;
    for (let k = 2; k < length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += length;
  }
  return -1;
}

/** A short, readable view of the text around a byte offset (NULs shown as \0). */
export function contextAround(bytes: Buffer, offset: number, radius = 30): string {
  const start = Math.max(0, offset - radius);
  return bytes
    .subarray(start, offset + radius)
    .toString("utf8")
    .replaceAll("\0", "\\0")
    .replace(/\s+/g, " ");
}

/* ---------- Chunk labels from the esbuild metafile ---------- */

/** Who a source file belongs to: the npm package, the route module, or the app folder. */
export function sourceGroup(input: string): string {
  const modules = input.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const [first, second] = input.slice(modules + "node_modules/".length).split("/");
    return first?.startsWith("@") && second ? `${first}/${second}` : (first ?? input);
  }
  if (input.startsWith("browser-route-module:")) return "route module";
  if (input.startsWith("empty-module:")) return "(server-only stub)";
  const parts = input.replace(/^(\.\.\/)+/, "").split("/");
  if (parts[0] === "app")
    return parts
      .slice(0, parts[1] === "features" || parts[1] === "lib" || parts[1] === "components" ? 3 : 2)
      .join("/")
      .replace(/\.[jt]sx?$/, "");
  return parts.slice(0, 2).join("/");
}

/** What a chunk mostly holds, e.g. "libphonenumber-js 96%, app/features/phone 4%": the top groups by bytes in the output. */
export function describeChunk(inputs: Record<string, { bytesInOutput: number }>, top = 3): string {
  const groups = new Map<string, number>();
  let total = 0;
  for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
    groups.set(sourceGroup(input), (groups.get(sourceGroup(input)) ?? 0) + bytesInOutput);
    total += bytesInOutput;
  }
  if (total === 0) return "";
  const ranked = [...groups].filter(([, bytes]) => bytes > 0).sort((a, b) => b[1] - a[1]);
  const shown = ranked.slice(0, top).map(([group, bytes]) => `${group} ${Math.round((bytes / total) * 100)}%`);
  return ranked.length > top ? `${shown.join(", ")}, +${ranked.length - top} more` : shown.join(", ");
}

/* ---------- Verdicts ---------- */

export const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
export const percent = (fraction: number, digits = 1) => `${(fraction * 100).toFixed(digits)} %`;
export const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(0)} MB`;

/** CPU milliseconds per request from a tick delta. */
export function cpuMsPerRequest(ticks: number, clockTicksPerSecond: number, requests: number): number {
  return (ticks / clockTicksPerSecond / requests) * 1000;
}

export interface PageWeight {
  path: string;
  htmlGzip: number;
  jsGzip: number;
  nulCount: number;
  /** The first byte that breaks UTF-8, or -1. */
  invalidUtf8Offset: number;
}

export interface ThroughputFigure {
  path: string;
  requestsPerSecond: number;
  p99Ms: number;
}

/** One page's cold load in the throttled browser, milliseconds from navigation start (NaN when not reached). */
export interface BrowserTiming {
  path: string;
  scriptsFinishedMs: number;
  firstPaintMs: number;
  firstContentfulPaintMs: number;
  error?: string;
}

export interface TargetInputs {
  pages: PageWeight[];
  /** /recordings and /login server CPU per render, ms. */
  recordingsCpuMs?: number;
  loginCpuMs?: number;
  throughput?: ThroughputFigure[];
  rss?: { afterLoad: number; afterRest: number; loadSeconds: number; restSeconds: number };
  lighthouse?: Array<{ path: string; score: number }>;
  browser?: BrowserTiming[];
}

/** [target, the baseline's figure ("" without a baseline), the build's figure, PASS / MISS / NOT MEASURED / needs --baseline-root]. */
export type TargetRow = [target: string, baseline: string, measured: string, result: string];

const kibText = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const secondsText = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`;
const NOT_MEASURED = "NOT MEASURED";
export const NEEDS_BASELINE = "needs --baseline-root";

/** The rows of one build, judged alone; the throughput factor needs the baseline's figure. */
function judgedRows(inputs: TargetInputs, baseline: TargetInputs | undefined): Array<[string, string, string]> {
  const rows: Array<[string, string, string]> = [];
  const verdict = (pass: boolean) => (pass ? "PASS" : "MISS");
  const page = (path: string) => inputs.pages.find((p) => p.path === path);

  // Issue 27: CPU per render.
  for (const [path, cpu, limit] of [
    ["/recordings", inputs.recordingsCpuMs, TARGETS_27.recordingsCpuMs],
    ["/login", inputs.loginCpuMs, TARGETS_27.loginCpuMs],
  ] as const) {
    rows.push([
      `${path} server CPU ≤ ${limit} ms per render`,
      cpu === undefined ? "—" : `${cpu.toFixed(1)} ms`,
      cpu === undefined ? NOT_MEASURED : verdict(cpu <= limit),
    ]);
  }

  // Issue 27: /recordings throughput against the baseline's.
  const figure = (list: ThroughputFigure[] | undefined, path: string) => list?.find((t) => t.path === path);
  const recordings = figure(inputs.throughput, "/recordings");
  const baseRecordings = figure(baseline?.throughput, "/recordings");
  const factor =
    recordings && baseRecordings && baseRecordings.requestsPerSecond > 0 ? recordings.requestsPerSecond / baseRecordings.requestsPerSecond : undefined;
  rows.push([
    `/recordings req/s at 10 connections ≥ ${TARGETS_27.recordingsThroughputFactor}× the baseline's`,
    recordings ? `${recordings.requestsPerSecond.toFixed(0)} req/s${factor === undefined ? "" : ` (${factor.toFixed(2)}×)`}` : "—",
    !baseline ? NEEDS_BASELINE : factor === undefined ? NOT_MEASURED : verdict(factor >= TARGETS_27.recordingsThroughputFactor),
  ]);

  // Issue 27: HTML and JS.
  for (const [path, limit] of [
    ["/login", TARGETS_27.loginHtmlGzip],
    ["/recordings", TARGETS_27.recordingsHtmlGzip],
  ] as const) {
    const weight = page(path);
    rows.push([`${path} HTML ≤ ${kibText(limit)} gzip`, weight ? kibText(weight.htmlGzip) : "—", weight ? verdict(weight.htmlGzip <= limit) : NOT_MEASURED]);
  }
  if (inputs.pages.length) {
    const heaviest = inputs.pages.reduce((a, b) => (b.jsGzip > a.jsGzip ? b : a));
    const over = inputs.pages.filter((p) => p.jsGzip > TARGETS_27.jsGzip);
    rows.push([
      `JS ≤ ${kibText(TARGETS_27.jsGzip)} gzip on every page (${inputs.pages.length})`,
      `largest ${kibText(heaviest.jsGzip)} (${heaviest.path}); ${over.length} over`,
      verdict(over.length === 0),
    ]);
  } else rows.push([`JS ≤ ${kibText(TARGETS_27.jsGzip)} gzip on every page`, "—", NOT_MEASURED]);

  // Issue 27: memory.
  const rss = inputs.rss;
  rows.push([
    `RSS ≤ ${megabytes(TARGETS_27.rssAfterLoad)} after ${rss?.loadSeconds ?? 60} s at 50 connections`,
    rss ? megabytes(rss.afterLoad) : "—",
    rss ? verdict(rss.afterLoad <= TARGETS_27.rssAfterLoad) : NOT_MEASURED,
  ]);

  // Issue 27: scripts finished in the throttled browser, one row per page.
  for (const { path } of BROWSER_PAGES) {
    const timing = inputs.browser?.find((t) => t.path === path);
    const reached = timing !== undefined && Number.isFinite(timing.scriptsFinishedMs);
    rows.push([
      `${path} scripts finished ≤ ${secondsText(TARGETS_27.scriptsFinishedMs)} (${THROTTLE.kbitPerSecond} kbit/s, ${THROTTLE.latencyMs} ms, cold)`,
      reached
        ? `${secondsText(timing.scriptsFinishedMs)} (first paint ${Number.isFinite(timing.firstPaintMs) ? secondsText(timing.firstPaintMs) : "—"})`
        : timing?.error
          ? `failed: ${timing.error}`
          : "—",
      reached ? verdict(timing.scriptsFinishedMs <= TARGETS_27.scriptsFinishedMs) : NOT_MEASURED,
    ]);
  }

  // Issue 9's rows that issue 27 has no counterpart for.
  const corrupt = inputs.pages.filter((p) => p.nulCount > 0 || p.invalidUtf8Offset >= 0);
  const corruption = (p: PageWeight) =>
    [p.nulCount > 0 ? `${p.nulCount} NUL` : "", p.invalidUtf8Offset >= 0 ? `invalid UTF-8 at byte ${p.invalidUtf8Offset}` : ""].filter(Boolean).join(", ");
  rows.push([
    "no NUL byte or invalid UTF-8 in any page (issue 9)",
    inputs.pages.length ? (corrupt.length ? corrupt.map((p) => `${p.path}: ${corruption(p)}`).join("; ") : `none in ${inputs.pages.length} pages`) : "—",
    inputs.pages.length ? verdict(corrupt.length === 0) : NOT_MEASURED,
  ]);
  const healthz = figure(inputs.throughput, "/healthz");
  const loginRate = figure(inputs.throughput, "/login");
  rows.push([
    `/recordings p99 ≤ ${TARGETS.recordingsP99Ms} ms at 10 connections (issue 9)`,
    recordings ? `${recordings.p99Ms.toFixed(0)} ms` : "—",
    recordings ? verdict(recordings.p99Ms <= TARGETS.recordingsP99Ms) : NOT_MEASURED,
  ]);
  rows.push([
    `/login ≥ ${percent(TARGETS.loginThroughputShare, 0)} of /healthz req/s at 10 connections (issue 9)`,
    loginRate && healthz
      ? `${percent(share(loginRate.requestsPerSecond, healthz.requestsPerSecond))} (${loginRate.requestsPerSecond.toFixed(0)} of ${healthz.requestsPerSecond.toFixed(0)} req/s)`
      : "—",
    loginRate && healthz ? verdict(share(loginRate.requestsPerSecond, healthz.requestsPerSecond) >= TARGETS.loginThroughputShare) : NOT_MEASURED,
  ]);
  rows.push([
    `RSS < ${megabytes(TARGETS.rssAfterRest)} ${rss?.restSeconds ?? 60} s after the load (issue 9)`,
    rss ? megabytes(rss.afterRest) : "—",
    rss ? verdict(rss.afterRest < TARGETS.rssAfterRest) : NOT_MEASURED,
  ]);

  if (inputs.lighthouse) {
    for (const { path, score } of inputs.lighthouse) {
      rows.push([
        `Lighthouse mobile ≥ ${TARGETS.lighthouseScore} on ${path} (issue 9)`,
        Number.isFinite(score) ? String(score) : "failed",
        Number.isFinite(score) ? verdict(score >= TARGETS.lighthouseScore) : NOT_MEASURED,
      ]);
    }
  }
  return rows;
}

/**
 * Issue 27's targets (and issue 9's where issue 27 names none) as rows of
 * [target, baseline, build, result]. With a baseline, its figures sit beside the build's; only the build is judged.
 */
export function targetRows(inputs: TargetInputs, baseline?: TargetInputs): TargetRow[] {
  const baseFigures = new Map(baseline ? judgedRows(baseline, undefined).map(([target, measured]) => [target, measured]) : []);
  return judgedRows(inputs, baseline).map(([target, measured, result]) => [target, baseline ? (baseFigures.get(target) ?? "—") : "", measured, result]);
}

/* ---------- Baseline | build | change ---------- */

export type Unit = "ms" | "KiB" | "MB" | "req/s" | "s" | "score";

/** One figure of both builds; `lowerIsBetter` says which way is an improvement. */
export interface Comparison {
  label: string;
  baseline: number | undefined;
  build: number | undefined;
  unit: Unit;
  lowerIsBetter: boolean;
}

export function formatFigure(value: number | undefined, unit: Unit): string {
  if (value === undefined || !Number.isFinite(value)) return "—";
  switch (unit) {
    case "KiB":
      return `${(value / 1024).toFixed(1)} KiB`;
    case "MB":
      return megabytes(value);
    case "s":
      return secondsText(value);
    case "req/s":
      return `${value.toFixed(0)} req/s`;
    case "score":
      return value.toFixed(0);
    default:
      return `${value.toFixed(value < 10 ? 2 : 1)} ms`;
  }
}

/** "−52.0 % (0.48×), better", "+3.1 % (1.03×), worse", "±0 %" or "—". */
export function changeText(baseline: number | undefined, build: number | undefined, lowerIsBetter: boolean): string {
  if (baseline === undefined || build === undefined || !Number.isFinite(baseline) || !Number.isFinite(build)) return "—";
  if (baseline === build) return "±0 %";
  if (baseline === 0) return "new";
  const ratio = build / baseline;
  const change = (ratio - 1) * 100;
  const better = lowerIsBetter ? build < baseline : build > baseline;
  return `${change > 0 ? "+" : "−"}${Math.abs(change).toFixed(1)} % (${ratio.toFixed(2)}×), ${better ? "better" : "worse"}`;
}

/** Rows of [figure, baseline, build, change]. */
export function comparisonRows(comparisons: readonly Comparison[]): string[][] {
  return comparisons.map((c) => [c.label, formatFigure(c.baseline, c.unit), formatFigure(c.build, c.unit), changeText(c.baseline, c.build, c.lowerIsBetter)]);
}

/* ---------- The shared database ---------- */

/**
 * The migrations a build does not know among those the database records: the database is seeded once with the
 * checked-out sources, and Kysely's migrator refuses to start ("corrupted migrations") when the database records a
 * migration the build lacks. The baseline's copy forgets these records; the columns and tables they added stay and
 * the older code does not read them.
 */
export function migrationsUnknownTo(recorded: readonly string[], known: readonly string[]): string[] {
  const knownNames = new Set(known);
  return recorded.filter((name) => !knownNames.has(name));
}

/** The migration names app/db/migrations/index.ts registers (its `"0036-plan-recommended": planRecommended` keys): what Kysely records. */
export function migrationNamesFromIndex(source: string): string[] {
  return [...source.matchAll(/^\s*["'](\d{4}-[^"']+)["']\s*:/gm)].map((match) => match[1]!);
}

/** Migration names from the files of app/db/migrations ("0036-plan-recommended.ts" → "0036-plan-recommended"), for a build without index.ts. */
export function migrationNamesFromFiles(files: readonly string[]): string[] {
  return files
    .filter((file) => /^\d{4}-.+\.[cm]?[jt]s$/.test(file) && !/\.test\.[jt]s$/.test(file))
    .map((file) => file.replace(/\.[cm]?[jt]s$/, ""))
    .sort();
}

/** The median of a few runs (Lighthouse scores), lower middle for an even count. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
