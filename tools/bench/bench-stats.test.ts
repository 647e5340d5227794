import { describe, expect, it } from "vitest";
import { formatMarkdownTable, formatTable, parseBenchArgs, percentile, p95TargetMs, summarize } from "./bench-stats";

describe("percentile (nearest rank)", () => {
  it("takes the smallest sample with at least p% at or below it", () => {
    const samples = [15, 20, 35, 40, 50];
    expect(percentile(samples, 5)).toBe(15);
    expect(percentile(samples, 30)).toBe(20);
    expect(percentile(samples, 40)).toBe(20);
    expect(percentile(samples, 50)).toBe(35);
    expect(percentile(samples, 100)).toBe(50);
  });

  it("sorts numerically and leaves its input alone", () => {
    const samples = [9, 100, 10, 1];
    expect(percentile(samples, 50)).toBe(9);
    expect(samples).toEqual([9, 100, 10, 1]);
  });

  it("at 50 runs, p95 is the 48th fastest: the two slowest runs do not count", () => {
    const samples = Array.from({ length: 50 }, (_, i) => i + 1).reverse();
    expect(percentile(samples, 95)).toBe(48);
    expect(percentile(samples, 50)).toBe(25);
    expect(summarize(samples)).toEqual({ p50: 25, p95: 48, min: 1, max: 50 });
  });

  it("refuses no samples and a p outside 0–100", () => {
    expect(() => percentile([], 50)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
    expect(percentile([7], 0)).toBe(7);
  });
});

describe("parseBenchArgs", () => {
  it("defaults to 100,000 recordings, 50 runs, 5 warm-up runs", () => {
    expect(parseBenchArgs([])).toEqual({ recordings: 100_000, runs: 50, warmup: 5, keep: null, skipPage: false, markdown: false, postgres: false });
  });

  it("reads --million, --recordings with separators, --runs, --keep, --skip-page and --markdown", () => {
    expect(parseBenchArgs(["--million"])).toMatchObject({ recordings: 1_000_000 });
    expect(parseBenchArgs(["--recordings", "250,000", "--runs", "20", "--warmup", "0", "--keep", "/tmp/x.db", "--skip-page", "--markdown"])).toEqual({
      recordings: 250_000,
      runs: 20,
      warmup: 0,
      keep: "/tmp/x.db",
      skipPage: true,
      markdown: true,
      postgres: false,
    });
  });

  it("takes --rows as another name for --recordings", () => {
    expect(parseBenchArgs(["--postgres", "--rows", "1000000"])).toMatchObject({ recordings: 1_000_000, postgres: true });
    expect(parseBenchArgs(["--rows", "10", "--recordings", "20"])).toEqual({ error: "Give either --rows or --recordings, not both." });
  });

  it("reads --postgres, which names no SQLite file to keep", () => {
    expect(parseBenchArgs(["--postgres", "--million"])).toMatchObject({ recordings: 1_000_000, postgres: true, keep: null });
    expect(parseBenchArgs(["--postgres", "--keep", "/tmp/x.db"])).toEqual({ error: expect.stringMatching(/--keep names a SQLite file/) });
  });

  it("rejects bad values with a message", () => {
    expect(parseBenchArgs(["--recordings", "0"])).toHaveProperty("error", expect.stringContaining("between 1"));
    expect(parseBenchArgs(["--recordings", "2000000"])).toHaveProperty("error", expect.stringContaining("between 1"));
    expect(parseBenchArgs(["--runs", "ten"])).toHaveProperty("error", expect.stringContaining("whole number"));
    expect(parseBenchArgs(["--million", "--recordings", "5"])).toHaveProperty("error", expect.stringContaining("not both"));
    expect(parseBenchArgs(["--fast"])).toHaveProperty("error");
    expect(parseBenchArgs(["--help"])).toEqual({ error: "" });
  });
});

describe("targets and tables", () => {
  it("holds 100,000 recordings to 10 ms and more than that to 50 ms", () => {
    expect(p95TargetMs(100_000)).toBe(10);
    expect(p95TargetMs(100_001)).toBe(50);
    expect(p95TargetMs(1_000_000)).toBe(50);
  });

  it("aligns columns, numbers to the right", () => {
    expect(
      formatTable(
        [
          ["query", "p95"],
          ["no filter", "1.20"],
          ["q=an", "12.50"],
        ],
        [1],
      ),
    ).toBe(["query        p95", "---------  -----", "no filter   1.20", "q=an       12.50"].join("\n"));
  });

  it("writes Markdown with escaped pipes and right-aligned number columns", () => {
    expect(
      formatMarkdownTable(
        [
          ["query", "p95"],
          ["a|b", "1.00"],
        ],
        [1],
      ),
    ).toBe(["| query | p95 |", "|:---|---:|", "| a\\|b | 1.00 |"].join("\n"));
  });
});
