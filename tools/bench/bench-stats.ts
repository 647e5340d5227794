import { parseArgs } from "node:util";

/** Small, pure pieces of `npm run bench:recordings`: arguments, percentiles, targets and plain-text tables. */

export const DEFAULT_RECORDINGS = 100_000;
export const MILLION = 1_000_000;
export const DEFAULT_RUNS = 50;
export const DEFAULT_WARMUP = 5;

export interface BenchArgs {
  recordings: number;
  runs: number;
  warmup: number;
  /** A database file to reuse between runs (created and filled when missing). */
  keep: string | null;
  /** Skip measuring the rendered page (no server start, no build needed). */
  skipPage: boolean;
  /** Print the tables as Markdown (for docs/benchmarks/recordings.md). */
  markdown: boolean;
  /** Run on PostgreSQL instead of SQLite. */
  postgres: boolean;
}

export const BENCH_USAGE = `Usage: npm run bench:recordings -- [--recordings N | --million] [--runs N] [--warmup N] [--keep FILE] [--skip-page] [--markdown]
  --recordings N  synthetic recordings to load (default ${DEFAULT_RECORDINGS.toLocaleString("en-US")}); --rows N is the same
  --million       the same as --recordings 1000000
  --runs N        measured runs per query (default ${DEFAULT_RUNS})
  --warmup N      unmeasured runs per query before measuring (default ${DEFAULT_WARMUP})
  --keep FILE     reuse this database file between runs; it is created and filled when missing
  --skip-page     do not start the production server to measure the rendered page
  --markdown      print the tables as Markdown
  --postgres      run on PostgreSQL: a throwaway server (Debian's postgresql), or the database TEST_POSTGRES_URL names`;

function wholeNumber(name: string, text: string, min: number, max: number): number | string {
  // Accepts 100000, 100_000 and 100,000.
  const plain = text.trim().replace(/[_,](?=\d{3}(\D|$))/g, "");
  if (!/^\d+$/.test(plain)) return `--${name} must be a whole number, got "${text}".`;
  const value = Number(plain);
  if (value < min || value > max)
    return `--${name} must be between ${min.toLocaleString("en-US")} and ${max.toLocaleString("en-US")}, got ${value.toLocaleString("en-US")}.`;
  return value;
}

export function parseBenchArgs(argv: string[], maxRecordings = MILLION): BenchArgs | { error: string } {
  let values: {
    recordings?: string;
    rows?: string;
    million?: boolean;
    runs?: string;
    warmup?: string;
    keep?: string;
    "skip-page"?: boolean;
    markdown?: boolean;
    postgres?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        recordings: { type: "string", short: "n" },
        rows: { type: "string" },
        million: { type: "boolean" },
        runs: { type: "string" },
        warmup: { type: "string" },
        keep: { type: "string" },
        "skip-page": { type: "boolean" },
        markdown: { type: "boolean" },
        postgres: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { error: (error as Error).message };
  }
  if (values.help) return { error: "" };
  if (values.rows !== undefined && values.recordings !== undefined) return { error: "Give either --rows or --recordings, not both." };
  values.recordings ??= values.rows;
  if (values.million && values.recordings !== undefined) return { error: "Give either --million or --recordings, not both." };
  const recordings = values.million
    ? MILLION
    : values.recordings === undefined
      ? DEFAULT_RECORDINGS
      : wholeNumber("recordings", values.recordings, 1, maxRecordings);
  const runs = values.runs === undefined ? DEFAULT_RUNS : wholeNumber("runs", values.runs, 1, 100_000);
  const warmup = values.warmup === undefined ? DEFAULT_WARMUP : wholeNumber("warmup", values.warmup, 0, 100_000);
  for (const value of [recordings, runs, warmup]) if (typeof value === "string") return { error: value };
  const keep = values.keep?.trim() || null;
  if (values.postgres && keep) return { error: "--keep names a SQLite file; with --postgres, TEST_POSTGRES_URL names a database to keep." };
  return {
    recordings: recordings as number,
    runs: runs as number,
    warmup: warmup as number,
    keep,
    skipPage: values["skip-page"] ?? false,
    markdown: values.markdown ?? false,
    postgres: values.postgres ?? false,
  };
}

/** Nearest-rank percentile: the smallest sample with at least p% of the samples at or below it. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new RangeError("no samples");
  if (!(p >= 0 && p <= 100)) throw new RangeError("p must be between 0 and 100");
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export interface Summary {
  p50: number;
  p95: number;
  min: number;
  max: number;
}

export function summarize(samples: readonly number[]): Summary {
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), min: Math.min(...samples), max: Math.max(...samples) };
}

/** The list's p95 target from issue 3: 10 ms at 100,000 recordings, 50 ms at 1,000,000 (and for anything above 100,000). */
export function p95TargetMs(recordings: number) {
  return recordings <= DEFAULT_RECORDINGS ? 10 : 50;
}

/** The page target: under 40 KB compressed, read as 40,000 bytes (the stricter reading of "KB"). */
export const PAGE_TARGET_BYTES = 40_000;

export const verdict = (pass: boolean) => (pass ? "PASS" : "MISS");

/** A plain-text table: the first row is the header; columns listed in `right` are right-aligned (numbers). */
export function formatTable(rows: readonly (readonly string[])[], right: readonly number[] = []): string {
  const header = rows[0];
  if (!header) return "";
  const widths = header.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => (right.includes(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

/** The same table as Markdown, for pasting into docs/benchmarks. */
export function formatMarkdownTable(rows: readonly (readonly string[])[], right: readonly number[] = []): string {
  const header = rows[0];
  if (!header) return "";
  const escape = (cell: string) => cell.replaceAll("|", "\\|");
  const line = (row: readonly string[]) => `| ${row.map(escape).join(" | ")} |`;
  const rule = `|${header.map((_, column) => (right.includes(column) ? "---:" : ":---")).join("|")}|`;
  return [line(header), rule, ...rows.slice(1).map(line)].join("\n");
}

export const ms = (value: number) => value.toFixed(2);
export const count = (value: number) => value.toLocaleString("en-US");
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
