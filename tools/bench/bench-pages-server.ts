/**
 * The production server as `npm run bench:pages` runs it: a child process of
 * <build root>/build/index.js on a free 127.0.0.1 port, its CPU time and memory
 * read from /proc, and plain HTTP requests that keep the bytes as they crossed
 * the wire.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import { parseProcStatCpuTicks, parseProcStatusBytes } from "./bench-pages-stats";

export const OWNER_EMAIL = "owner@demo.test";

/** What a browser sends; the server's compression and content negotiation follow it. */
export const BROWSER_HEADERS = {
  Accept: "text/html,application/xhtml+xml,*/*;q=0.8",
  "Accept-Encoding": "gzip, deflate, br",
  "Accept-Language": "en-US,en;q=0.9",
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they crossed the wire: still compressed when the server compressed them. */
  body: Buffer;
}

/** One connection reused for sequential requests, as a browser tab would; a new connection per request would measure the handshake too. */
export const keepAliveAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** node:http rather than fetch, which would decompress the body and hide the transfer size. */
export function request(
  url: string,
  { method = "GET", headers = {}, body, agent }: { method?: string; headers?: Record<string, string>; body?: string; agent?: http.Agent } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers: { ...headers, ...(body ? { "Content-Length": String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on("error", reject);
    req.end(body);
  });
}

export function clockTicksPerSecond(): number {
  try {
    const ticks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
    if (Number.isInteger(ticks) && ticks > 0) return ticks;
  } catch {
    // getconf missing: Linux has used 100 on every common architecture for decades.
  }
  return 100;
}

export interface BenchServer {
  origin: string;
  pid: number;
  /** utime + stime of the server process so far, all threads, in clock ticks. */
  cpuTicks(): number;
  /** The same for the main thread alone: the event loop, where rendering runs and which bounds throughput. */
  mainThreadCpuTicks(): number;
  rssBytes(): number;
  /** The highest RSS the process has reached (VmHWM). */
  peakRssBytes(): number;
  /** Everything the server printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts a production build as `npm start` runs it; `seedDemo: false` for a database the benchmark has filled itself. */
export async function startServer({
  buildRoot,
  buildFile,
  dataDir,
  databaseUrl,
  seedDemo = true,
}: {
  buildRoot: string;
  buildFile: string;
  dataDir: string;
  databaseUrl: string;
  seedDemo?: boolean;
}): Promise<BenchServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    SECRETS_KEY: randomBytes(32).toString("hex"),
    SEED_DEMO: seedDemo ? "1" : "0",
    // Sign-in is the only rate-limited step the bench takes, and it takes it once; the limits are raised so a rerun against a kept database is never refused.
    RATE_LIMIT_PER_IP: "1000000",
    RATE_LIMIT_PER_ACCOUNT: "1000000",
    SMTP_URL: "",
    // The campaign runner's ticks would add CPU time that no request caused.
    JOB_RUNNER: "0",
    // As `npm start` and the Docker image run the server: two malloc arenas instead of eight per core keep RSS down under load.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
  };
  // The server resolves public/ from its working directory, so it runs in the build root.
  const server: ChildProcess = spawn(process.execPath, [buildFile], { cwd: buildRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));
  const pid = server.pid;
  if (pid === undefined) throw new Error(`Could not start ${buildFile}.`);

  const stop = async () => {
    if (!running) return;
    server.kill("SIGTERM");
    let timer: NodeJS.Timeout | undefined;
    const stopped = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 10_000)))]);
    // A pending timer would keep the benchmark alive for ten more seconds after a clean stop.
    clearTimeout(timer);
    if (!stopped) server.kill("SIGKILL");
  };
  process.once("exit", () => {
    if (running) server.kill("SIGKILL");
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!running) throw new Error(`The server stopped before it was ready:\n${output.join("")}`);
    const ready = await request(`${origin}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer /healthz within 60 s:\n${output.join("")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    origin,
    pid,
    cpuTicks: () => parseProcStatCpuTicks(fs.readFileSync(`/proc/${pid}/stat`, "utf8")),
    mainThreadCpuTicks: () => parseProcStatCpuTicks(fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8")),
    rssBytes: () => parseProcStatusBytes(fs.readFileSync(`/proc/${pid}/status`, "utf8"), "VmRSS"),
    peakRssBytes: () => parseProcStatusBytes(fs.readFileSync(`/proc/${pid}/status`, "utf8"), "VmHWM"),
    output: () => output.join(""),
    stop,
  };
}

/** Signs in through the form, as a browser without JavaScript does, and returns the session cookie ("__session=…"). */
export async function signIn(origin: string, password: string): Promise<string> {
  const response = await request(`${origin}/login`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: OWNER_EMAIL, password, redirectTo: "/overview" }).toString(),
  });
  const cookie = (response.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!).find((c) => c.startsWith("__session="));
  if (response.status !== 302 || !cookie)
    throw new Error(`Signing in as ${OWNER_EMAIL} failed: HTTP ${response.status} ${response.body.toString("utf8").slice(0, 200)}`);
  return cookie;
}
