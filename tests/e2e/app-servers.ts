import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Production servers of the build under test, started by a spec with the
 * environment it needs (a second database, S3, two replicas...), beside the
 * one playwright.config.ts starts. Their stdout and stderr are kept, so a spec
 * can read the log lines.
 */
const BUILD_ROOT = process.env.VOXBOARD_BUILD_ROOT ?? ".";

export interface AppServer {
  url: string;
  port: number;
  output(): string;
  /** Lines of stdout that are JSON log records. */
  logRecords(): Array<Record<string, unknown>>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export const BASE_ENV = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  SESSION_SECRET: "e2e-session-secret-that-is-at-least-32-characters-long",
  SECRETS_KEY: "e2e0".repeat(16),
  RATE_LIMIT_PER_IP: "1000",
  RATE_LIMIT_PER_ACCOUNT: "1000",
  SMTP_URL: "",
  JOB_RUNNER_INTERVAL_MS: "1000",
  LOG_FORMAT: "json",
};

export function tempDir(prefix: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `voxboard-${prefix}-`));
}

function collect(child: ChildProcess) {
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  return () => text;
}

/** Runs the server until it exits (for settings it must refuse); resolves with its exit code and output. */
export function runUntilExit(env: Record<string, string>, timeoutMs = 30_000): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [path.join(BUILD_ROOT, "build", "index.js")], {
    env: { PATH: process.env.PATH, ...BASE_ENV, ...env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collect(child);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output: output() });
    });
  });
}

export async function startAppServer(port: number, env: Record<string, string>): Promise<AppServer> {
  const child = spawn(process.execPath, [path.join(BUILD_ROOT, "build", "index.js")], {
    env: { PATH: process.env.PATH, ...BASE_ENV, PORT: String(port), APP_URL: `http://localhost:${port}`, ...env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collect(child);
  const url = `http://localhost:${port}`;
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited: ${output()}`);
    const ready = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`the server on port ${port} did not start: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    output,
    logRecords: () =>
      output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    async kill(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}
