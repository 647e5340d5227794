import { startS3Server } from "../support/s3-server";
import { startThrowawayPostgres } from "../support/throwaway-postgres";

/**
 * The scaled pass of the integration suite (vitest.postgres.config.ts):
 * PostgreSQL, one throwaway server for the run or the one TEST_POSTGRES_URL
 * names (a superuser URL; each test file creates and drops a database of its
 * own), and every stored file in an S3-compatible server on loopback (a
 * bucket per test file).
 */
export default async function setup() {
  const s3 = await startS3Server();
  process.env.VOXBOARD_TEST_S3_ENDPOINT = s3.endpoint;
  if (process.env.TEST_POSTGRES_URL) {
    process.env.VOXBOARD_TEST_POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL;
    return () => s3.stop();
  }
  const server = await startThrowawayPostgres();
  process.env.VOXBOARD_TEST_POSTGRES_ADMIN_URL = server.url;
  return async () => {
    server.stop();
    await s3.stop();
  };
}
