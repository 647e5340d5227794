import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect } from "vitest";
import { TEST_ENVIRONMENT } from "./test-environment";
import { copyTemplateBucket, usesPreparedDatabase } from "../support/test-database";
import { adminQuery } from "../support/postgres-admin";

/**
 * Each test file gets its own data folder and database, created fresh here
 * before any app module reads the environment: a SQLite file, or in the
 * PostgreSQL pass (vitest.postgres.config.ts) a database of its own on the
 * run's server. A file that prepares it (`prepareTestDatabase()`,
 * tests/support/app.ts) gets a copy of the run's prepared template instead
 * (database-template.ts), before any app module opens it; the call then finds
 * it migrated and seeded (docs/decisions/0047-test-databases-from-a-template.md).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voxboard-test-"));
process.env.NODE_ENV = "test";
process.env.DATA_DIR = dataDir;
const fromTemplate = usesPreparedDatabase(expect.getState().testPath);
const postgresAdmin = process.env.VOXBOARD_TEST_POSTGRES_ADMIN_URL;
const postgresDatabase = postgresAdmin ? `test_${path.basename(dataDir).replace(/\W/g, "_").toLowerCase()}` : null;
if (postgresAdmin && postgresDatabase) {
  const template = fromTemplate ? process.env.VOXBOARD_TEST_POSTGRES_TEMPLATE : undefined;
  await adminQuery(postgresAdmin, `create database ${postgresDatabase}${template ? ` template ${template}` : ""}`);
  const url = new URL(postgresAdmin);
  url.pathname = `/${postgresDatabase}`;
  process.env.DATABASE_URL = url.toString();
} else {
  process.env.DATABASE_URL = `file:${path.join(dataDir, "test.db")}`;
  const template = process.env.VOXBOARD_TEST_SQLITE_TEMPLATE;
  // The template folder holds test.db and the stored files its demo calls point at.
  if (fromTemplate && template) fs.cpSync(template, dataDir, { recursive: true });
}
const s3Endpoint = process.env.VOXBOARD_TEST_S3_ENDPOINT;
if (s3Endpoint) {
  const bucket = postgresDatabase?.replaceAll("_", "-") ?? `test-${path.basename(dataDir).toLowerCase()}`;
  // As the app's S3 store does (s3-storage.server.ts): the SDK's notice about its future Node versions is not the tests' concern.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const { S3Client, CreateBucketCommand } = await import("@aws-sdk/client-s3");
  const { S3_TEST_KEYS } = await import("../support/s3-server");
  const client = new S3Client({ region: "us-east-1", endpoint: s3Endpoint, forcePathStyle: true, credentials: S3_TEST_KEYS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const templateBucket = process.env.VOXBOARD_TEST_S3_TEMPLATE_BUCKET;
  if (fromTemplate && templateBucket) await copyTemplateBucket(client, templateBucket, bucket);
  client.destroy();
  Object.assign(process.env, {
    S3_BUCKET: bucket,
    S3_ENDPOINT: s3Endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: S3_TEST_KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_TEST_KEYS.secretAccessKey,
    S3_FORCE_PATH_STYLE: "1",
  });
}
Object.assign(process.env, TEST_ENVIRONMENT);
delete process.env.SMTP_URL;
delete process.env.SEED_DEMO;

// Every domain-event subscriber, as the server registers them at start-up (app/server.ts; docs/decisions/0028-domain-events.md),
// here on the first event or outbox pass: loading them all costs seconds, and most test files never emit.
const { registerOnFirstUse } = await import("~/lib/events/bus.server");
registerOnFirstUse(async () => (await import("~/subscriptions.server")).registerSubscriptions());

afterAll(async () => {
  const { closeDb } = await import("~/db/db.server");
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (postgresAdmin && postgresDatabase) await adminQuery(postgresAdmin, `drop database if exists ${postgresDatabase} with (force)`);
});
