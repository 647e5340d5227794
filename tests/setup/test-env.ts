import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/**
 * Each test file gets its own data folder and database, created fresh here
 * before any app module reads the environment: a SQLite file, or in the
 * PostgreSQL pass (vitest.postgres.config.ts) a database of its own on the
 * run's server. Integration tests then call `prepareTestDatabase()`
 * (tests/support/app.ts) to migrate and seed it.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voxboard-test-"));
process.env.NODE_ENV = "test";
process.env.DATA_DIR = dataDir;
const postgresAdmin = process.env.VOXBOARD_TEST_POSTGRES_ADMIN_URL;
const postgresDatabase = postgresAdmin ? `test_${path.basename(dataDir).replace(/\W/g, "_").toLowerCase()}` : null;
if (postgresAdmin && postgresDatabase) {
  await adminQuery(postgresAdmin, `create database ${postgresDatabase}`);
  const url = new URL(postgresAdmin);
  url.pathname = `/${postgresDatabase}`;
  process.env.DATABASE_URL = url.toString();
} else {
  process.env.DATABASE_URL = `file:${path.join(dataDir, "test.db")}`;
}
process.env.SESSION_SECRET = "test-secret-that-is-long-enough-for-production-rules";
process.env.APP_URL = "http://localhost:3000";
delete process.env.SMTP_URL;
// Stub servers in tests listen on 127.0.0.1; the refusal of private addresses has its own tests.
process.env.AUDIO_FETCH_ALLOW_PRIVATE = "1";
delete process.env.SEED_DEMO;

afterAll(async () => {
  const { closeDb } = await import("~/db/db.server");
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (postgresAdmin && postgresDatabase) await adminQuery(postgresAdmin, `drop database if exists ${postgresDatabase} with (force)`);
});

async function adminQuery(url: string, statement: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
