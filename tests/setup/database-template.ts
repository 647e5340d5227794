import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TEST_ENVIRONMENT } from "./test-environment";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * One prepared database per test run (migrated, built-in rows, the demo
 * tenant with its stored call audio), which `prepareTestDatabase()` copies
 * into each test file's own database (tests/support/test-database.ts):
 * preparing it costs about a second on SQLite and several on PostgreSQL, and
 * more than seventy files did it each
 * (docs/decisions/0047-test-databases-from-a-template.md).
 *
 * Made before any worker starts, by prepare-template.ts in a child process
 * with the test files' environment plus the template's own database, data
 * folder and bucket.
 */
export async function prepareTemplate(environment: Record<string, string>) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...TEST_ENVIRONMENT, ...environment };
  delete env.SMTP_URL;
  delete env.SEED_DEMO;
  // Not spawnSync: the PostgreSQL pass's S3 test server runs in this process and must answer the child's uploads.
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), [path.join(ROOT, "tests/setup/prepare-template.ts")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  if (code !== 0) throw new Error(`preparing the template database failed (${signal ? `killed by ${signal}` : `exit ${code}`}):\n${output}`);
}

/** The SQLite pass (vitest.config.ts): a data folder holding the template's database file and its stored files. */
export default async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxboard-template-"));
  await prepareTemplate({ DATA_DIR: dir, DATABASE_URL: `file:${path.join(dir, "test.db")}` });
  process.env.VOXBOARD_TEST_SQLITE_TEMPLATE = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
