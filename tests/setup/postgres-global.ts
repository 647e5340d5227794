import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { S3_TEST_KEYS, startS3Server } from "../support/s3-server";
import { startThrowawayPostgres } from "../support/throwaway-postgres";
import { adminQuery } from "../support/postgres-admin";
import { prepareTemplate } from "./database-template";

/**
 * The scaled pass of the integration suite (vitest.postgres.config.ts):
 * PostgreSQL, one throwaway server for the run or the one TEST_POSTGRES_URL
 * names (a superuser URL; each test file creates and drops a database of its
 * own), and every stored file in an S3-compatible server on loopback (a
 * bucket per test file). `prepareTestDatabase()` copies one prepared
 * template database and its bucket into each file's own (database-template.ts).
 */
export default async function setup() {
  const s3 = await startS3Server();
  process.env.VOXBOARD_TEST_S3_ENDPOINT = s3.endpoint;
  if (process.env.TEST_POSTGRES_URL) {
    process.env.VOXBOARD_TEST_POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL;
    const dropTemplate = await createTemplate(process.env.TEST_POSTGRES_URL, s3.endpoint);
    return async () => {
      await dropTemplate();
      await s3.stop();
    };
  }
  const server = await startThrowawayPostgres();
  process.env.VOXBOARD_TEST_POSTGRES_ADMIN_URL = server.url;
  await createTemplate(server.url, s3.endpoint);
  return async () => {
    server.stop();
    await s3.stop();
  };
}

/** The template database and bucket the test files' own are copied from; returns the database's removal. */
async function createTemplate(adminUrl: string, s3Endpoint: string) {
  const name = `template_${process.pid}_${Date.now()}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const bucket = name.replaceAll("_", "-");
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voxboard-template-"));
  await prepareTemplate({
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    S3_BUCKET: bucket,
    S3_ENDPOINT: s3Endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: S3_TEST_KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_TEST_KEYS.secretAccessKey,
    S3_FORCE_PATH_STYLE: "1",
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  Object.assign(process.env, { VOXBOARD_TEST_POSTGRES_TEMPLATE: name, VOXBOARD_TEST_S3_TEMPLATE_BUCKET: bucket });
  return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}
