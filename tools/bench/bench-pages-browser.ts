/**
 * Issue 27's browser timing for `npm run bench:pages`: a cold load of /login, /overview and /recordings in
 * Playwright's Chromium (Debian's /usr/bin/chromium, as playwright.config.ts launches it) on a throttled network.
 *
 * "Scripts finished" is the time from navigation start (performance.timeOrigin) until the page is hydrated:
 * React has attached to the page's <main id="main"> (a `__reactFiber$…` / `__reactProps$…` key on the element),
 * which happens once every script the route needs has loaded and hydrateRoot has rendered down to it. The check
 * runs on every animation frame, so the figure is late by at most a frame. First paint and first contentful
 * paint come from the Performance API (`performance.getEntriesByType("paint")`).
 */
import { type BrowserContext, chromium } from "@playwright/test";
import { type BrowserTiming, median, THROTTLE } from "./bench-pages-stats";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// The flags playwright.config.ts gives Chromium, so the bench's browser matches the end-to-end tests'.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-gpu",
  "--no-first-run",
  "--disable-quic",
];
/** A throttled cold load of a page that needs more than this has failed. */
const PAGE_TIMEOUT_MS = 60_000;

export interface BrowserFigure extends BrowserTiming {
  runs: number[];
  /** Bytes over the network for the median run (the navigation and every resource, transferSize). */
  transferBytes: number;
}

interface OneLoad {
  scriptsFinishedMs: number;
  firstPaintMs: number;
  firstContentfulPaintMs: number;
  transferBytes: number;
}

async function loadOnce(context: BrowserContext, url: string): Promise<OneLoad> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    // A fresh context has an empty cache already; disabling it as well keeps a repeated run cold.
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const bytesPerSecond = (THROTTLE.kbitPerSecond * 1000) / 8;
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: THROTTLE.latencyMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    const response = await page.goto(url, { waitUntil: "commit", timeout: PAGE_TIMEOUT_MS });
    if (!response || response.status() !== 200) throw new Error(`HTTP ${response?.status() ?? "no response"}`);
    const landed = new URL(page.url()).pathname;
    if (landed !== new URL(url).pathname) throw new Error(`ended on ${landed}`);
    const handle = await page.waitForFunction(
      () => {
        const main = document.getElementById("main");
        return main && Object.keys(main).some((key) => key.startsWith("__react")) ? performance.now() : false;
      },
      undefined,
      { polling: "raf", timeout: PAGE_TIMEOUT_MS },
    );
    const scriptsFinishedMs = (await handle.jsonValue()) as number;
    const entries = await page.evaluate(() => {
      const paint = Object.fromEntries(performance.getEntriesByType("paint").map((entry) => [entry.name, entry.startTime]));
      const transfers = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")].map(
        (entry) => (entry as PerformanceResourceTiming).transferSize ?? 0,
      );
      return { paint, transferBytes: transfers.reduce((a, b) => a + b, 0) };
    });
    return {
      scriptsFinishedMs,
      firstPaintMs: entries.paint["first-paint"] ?? Number.NaN,
      firstContentfulPaintMs: entries.paint["first-contentful-paint"] ?? Number.NaN,
      transferBytes: entries.transferBytes,
    };
  } finally {
    await page.close();
  }
}

/** Cold loads of each page, `runs` times in a fresh context each; the median run (by scripts finished) is reported. */
export async function runBrowserTimings(
  origin: string,
  pages: ReadonlyArray<{ path: string; signedIn: boolean }>,
  { cookie, runs, onProgress }: { cookie: string; runs: number; onProgress?: (line: string) => void },
): Promise<BrowserFigure[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
  const figures: BrowserFigure[] = [];
  try {
    for (const { path, signedIn } of pages) {
      const loads: OneLoad[] = [];
      let error: string | undefined;
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ locale: "en-US" });
        try {
          if (signedIn) await context.addCookies([{ name, value, url: origin }]);
          const load = await loadOnce(context, `${origin}${path}`);
          loads.push(load);
          onProgress?.(`  ${path} run ${run + 1}/${runs}: scripts finished ${(load.scriptsFinishedMs / 1000).toFixed(2)} s`);
        } catch (runError) {
          error = (runError as Error).message.split("\n")[0];
          onProgress?.(`  ${path} run ${run + 1}/${runs}: ${error}`);
        } finally {
          await context.close();
        }
      }
      const middle = median(loads.map((l) => l.scriptsFinishedMs));
      const chosen = loads.find((l) => l.scriptsFinishedMs === middle);
      figures.push({
        path,
        runs: loads.map((l) => l.scriptsFinishedMs),
        scriptsFinishedMs: chosen?.scriptsFinishedMs ?? Number.NaN,
        firstPaintMs: chosen?.firstPaintMs ?? Number.NaN,
        firstContentfulPaintMs: chosen?.firstContentfulPaintMs ?? Number.NaN,
        transferBytes: chosen?.transferBytes ?? 0,
        ...(loads.length === 0 ? { error } : {}),
      });
    }
  } finally {
    await browser.close();
  }
  return figures;
}
