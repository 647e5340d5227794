/**
 * Lighthouse for `npm run bench:pages -- --lighthouse`. Lighthouse 12 needs
 * Node 22, so it runs through npx with the `node@22` package (a Node 22 binary
 * from the npm registry) and Debian's Chromium; its default mobile preset
 * simulates slow 4G (150 ms RTT, 1.6 Mbps down) and a 4× slower CPU.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { median } from "./bench-pages-stats";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface LighthouseFigure {
  path: string;
  /** The median run's score, 0–100 (NaN when every run failed). */
  score: number;
  scores: number[];
  /** Of the median run. */
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
  error?: string;
}

interface LighthouseReport {
  finalDisplayedUrl?: string;
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
}

function runOnce(url: string, outputFile: string, headersFile: string | null): Promise<LighthouseReport> {
  const args = [
    "-y",
    "-p",
    "node@22",
    "-p",
    "lighthouse@12",
    "--",
    "lighthouse",
    url,
    `--chrome-path=${CHROMIUM}`,
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    "--only-categories=performance",
    "--output=json",
    `--output-path=${outputFile}`,
    "--quiet",
    ...(headersFile ? [`--extra-headers=${headersFile}`] : []),
  ];
  return new Promise((resolve, reject) => {
    // A neutral working directory, so npx never resolves a package from this project instead of the registry's.
    execFile("npx", args, { cwd: os.tmpdir(), timeout: 180_000, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) return reject(new Error(`lighthouse failed: ${stderr.trim().split("\n").slice(-3).join(" ") || error.message}`));
      try {
        resolve(JSON.parse(fs.readFileSync(outputFile, "utf8")) as LighthouseReport);
      } catch (parseError) {
        reject(parseError as Error);
      }
    });
  });
}

export async function runLighthouse(
  origin: string,
  pages: readonly string[],
  { cookie, runs, workDir, onProgress }: { cookie: string; runs: number; workDir: string; onProgress?: (line: string) => void },
): Promise<LighthouseFigure[]> {
  const headersFile = path.join(workDir, "lighthouse-headers.json");
  fs.writeFileSync(headersFile, JSON.stringify({ Cookie: cookie }));
  const figures: LighthouseFigure[] = [];
  for (const page of pages) {
    const signedIn = page !== "/login";
    const reports: LighthouseReport[] = [];
    let error: string | undefined;
    for (let run = 0; run < runs; run++) {
      const outputFile = path.join(workDir, `lighthouse-${page.replace(/\W/g, "_")}-${run}.json`);
      try {
        const report = await runOnce(`${origin}${page}`, outputFile, signedIn ? headersFile : null);
        const landed = report.finalDisplayedUrl ? new URL(report.finalDisplayedUrl).pathname : page;
        if (landed !== page) throw new Error(`ended on ${landed} instead of ${page}`);
        reports.push(report);
        onProgress?.(`  ${page} run ${run + 1}/${runs}: ${Math.round((report.categories.performance.score ?? 0) * 100)}`);
      } catch (runError) {
        error = (runError as Error).message;
        onProgress?.(`  ${page} run ${run + 1}/${runs}: ${error}`);
      }
    }
    const scores = reports.map((r) => Math.round((r.categories.performance.score ?? 0) * 100));
    const score = median(scores);
    const chosen = reports[scores.indexOf(score)];
    const audit = (id: string) => chosen?.audits[id]?.numericValue ?? Number.NaN;
    figures.push({
      path: page,
      score,
      scores,
      lcpMs: audit("largest-contentful-paint"),
      fcpMs: audit("first-contentful-paint"),
      tbtMs: audit("total-blocking-time"),
      cls: audit("cumulative-layout-shift"),
      transferBytes: audit("total-byte-weight"),
      ...(reports.length === 0 ? { error } : {}),
    });
  }
  return figures;
}
