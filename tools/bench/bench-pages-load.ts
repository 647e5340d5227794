/**
 * The timed parts of `npm run bench:pages`: server CPU per request over
 * sequential requests, throughput under autocannon, and RSS through and after
 * a long load.
 */
import { createRequire } from "node:module";
import { type BenchServer, keepAliveAgent, request } from "./bench-pages-server";
import { cpuMsPerRequest } from "./bench-pages-stats";
import { summarize, type Summary } from "./bench-stats";

const elapsedMs = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface CpuFigure {
  path: string;
  requests: number;
  cpuMsPerRequest: number;
  mainThreadCpuMsPerRequest: number;
  wall: Summary;
}

/**
 * Server CPU per request: the server process's utime + stime (all its threads:
 * the event loop, garbage collection, compression in the thread pool) across
 * `requests` sequential requests on one kept-alive connection, after `warmup`
 * unmeasured ones, so the JIT and the caches are warm.
 */
export async function measureCpu(
  server: BenchServer,
  path: string,
  headers: Record<string, string>,
  { requests, warmup, clockTicks }: { requests: number; warmup: number; clockTicks: number },
): Promise<CpuFigure> {
  const url = `${server.origin}${path}`;
  const fetchOnce = async () => {
    const response = await request(url, { headers, agent: keepAliveAgent });
    if (response.status !== 200) throw new Error(`GET ${path} answered HTTP ${response.status} during the CPU measurement.`);
  };
  for (let i = 0; i < warmup; i++) await fetchOnce();
  const samples: number[] = [];
  const before = server.cpuTicks();
  const mainBefore = server.mainThreadCpuTicks();
  for (let i = 0; i < requests; i++) {
    const started = process.hrtime.bigint();
    await fetchOnce();
    samples.push(elapsedMs(started));
  }
  const ticks = server.cpuTicks() - before;
  const mainTicks = server.mainThreadCpuTicks() - mainBefore;
  return {
    path,
    requests,
    cpuMsPerRequest: cpuMsPerRequest(ticks, clockTicks, requests),
    mainThreadCpuMsPerRequest: cpuMsPerRequest(mainTicks, clockTicks, requests),
    wall: summarize(samples),
  };
}

/* ---------- autocannon ---------- */

/** The part of autocannon's result the bench reads (the package ships no types). */
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  timeout?: number;
}) => Promise<AutocannonResult>;

// createRequire: autocannon is CommonJS without type declarations.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export interface LoadFigure {
  path: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  /** Responses that were not 2xx, plus errors and timeouts: a run with any is not a fair figure. */
  failures: number;
}

export async function runLoad(
  origin: string,
  path: string,
  headers: Record<string, string>,
  { connections, seconds }: { connections: number; seconds: number },
): Promise<LoadFigure> {
  const result = await autocannon({ url: `${origin}${path}`, connections, duration: seconds, headers, timeout: 30 });
  return {
    path,
    connections,
    seconds,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/* ---------- Memory ---------- */

export interface MemoryFigure {
  /** RSS just before the load (after the bench's earlier parts). */
  before: number;
  /** Highest RSS sampled once a second during the load. */
  peakDuringLoad: number;
  afterLoad: number;
  afterRest: number;
  loadSeconds: number;
  restSeconds: number;
  load: LoadFigure;
}

export async function measureMemory(
  server: BenchServer,
  path: string,
  headers: Record<string, string>,
  { connections, loadSeconds, restSeconds, onProgress }: { connections: number; loadSeconds: number; restSeconds: number; onProgress?: (line: string) => void },
): Promise<MemoryFigure> {
  const before = server.rssBytes();
  let peakDuringLoad = before;
  const sampler = setInterval(() => {
    try {
      peakDuringLoad = Math.max(peakDuringLoad, server.rssBytes());
    } catch {
      // The process ended; the load's failures say so.
    }
  }, 1000);
  let load: LoadFigure;
  try {
    load = await runLoad(server.origin, path, headers, { connections, seconds: loadSeconds });
  } finally {
    clearInterval(sampler);
  }
  const afterLoad = server.rssBytes();
  peakDuringLoad = Math.max(peakDuringLoad, afterLoad);
  onProgress?.(`  load done: ${load.requestsPerSecond.toFixed(0)} req/s, RSS ${(afterLoad / 1e6).toFixed(0)} MB; resting ${restSeconds} s…`);
  await sleep(restSeconds * 1000);
  return { before, peakDuringLoad, afterLoad, afterRest: server.rssBytes(), loadSeconds, restSeconds, load };
}
